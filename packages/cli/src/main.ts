import { readFile } from "node:fs/promises";
import { type Io, defaultIo } from "./io.js";

export { type Io, defaultIo } from "./io.js";

/** A subcommand: its arguments after the command name, the process's streams, and an exit code back. */
export interface Command {
  readonly usage: string;
  /** The whole help of `schwimmen CMD --help`, when it says more than the usage lines. */
  readonly help?: string;
  run(args: readonly string[], io: Io): Promise<number>;
}

/**
 * Every subcommand; each lives in its own module, loaded only when it runs: `replay` then starts without the bots,
 * the terminal table or the arena's workers (start-up is most of the time for a small `replay --jsonl`).
 */
const COMMANDS: Record<string, () => Promise<Command>> = {
  replay: async () => {
    const { REPLAY_USAGE, runReplay } = await import("./replay.js");
    return { usage: REPLAY_USAGE, run: runReplay };
  },
  verify: async () => (await import("./verify.js")).verifyCommand,
  arena: async () => (await import("./arena/command.js")).arenaCommand,
  play: async () => (await import("./play/command.js")).playCommand,
  analyse: async () => (await import("./analyse/command.js")).analyseCommand,
};

/** The names `schwimmen help` and `schwimmen --help` list, in their order. */
export const COMMAND_NAMES: readonly string[] = Object.keys(COMMANDS);

const help = async (): Promise<string> =>
  `schwimmen: the Schwimmen (31) card game from the command line

Usage:
${(await Promise.all(Object.values(COMMANDS).map(async (load) => (await load()).usage))).join("\n")}
  schwimmen help [COMMAND]     this text, or one command's help (as
                               schwimmen COMMAND --help)
  schwimmen --version          the program's version
`;

const commandHelp = (command: Command): string => command.help ?? `Usage:\n${command.usage}\n`;

/** The version in the CLI package's package.json (one folder up from src/ and from dist/ alike). */
async function version(): Promise<string> {
  const text = await readFile(new URL("../package.json", import.meta.url), "utf8");
  return (JSON.parse(text) as { version: string }).version;
}

const isHelp = (arg: string | undefined): boolean => arg === "--help" || arg === "-h";

export async function main(args: readonly string[], io: Io = defaultIo): Promise<number> {
  const [name, ...rest] = args;
  if (name === "--version" || name === "-V" || name === "version") {
    io.stdout.write(`schwimmen ${await version()}\n`);
    return 0;
  }
  const asked = name === "help" ? rest[0] : undefined;
  if (asked !== undefined && Object.hasOwn(COMMANDS, asked)) {
    io.stdout.write(commandHelp(await COMMANDS[asked]!()));
    return 0;
  }
  if (name === undefined || isHelp(name) || name === "help") {
    const unknown = asked !== undefined ? `unknown command "${asked}"\n\n` : "";
    (unknown ? io.stderr : io.stdout).write(unknown + (await help()));
    return unknown ? 2 : 0;
  }
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!load) {
    io.stderr.write(`unknown command "${name}"\n\n${await help()}`);
    return 2;
  }
  const command = await load();
  // --help or -h anywhere after the command shows its help: never taken as a file name or an option's value.
  if (rest.some(isHelp)) {
    io.stdout.write(commandHelp(command));
    return 0;
  }
  return command.run(rest, io);
}

import { type Io, defaultIo } from "./io.js";

export { type Io, defaultIo } from "./io.js";

/** A subcommand: its arguments after the command name, the process's streams, and an exit code back. */
export interface Command {
  readonly usage: string;
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

const help = async (): Promise<string> =>
  `schwimmen: the Schwimmen (31) card game from the command line

Usage:
${(await Promise.all(Object.values(COMMANDS).map(async (load) => (await load()).usage))).join("\n")}
  schwimmen --help             this text
`;

export async function main(args: readonly string[], io: Io = defaultIo): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    io.stdout.write(await help());
    return 0;
  }
  const load = Object.prototype.hasOwnProperty.call(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!load) {
    io.stderr.write(`unknown command "${name}"\n\n${await help()}`);
    return 2;
  }
  return (await load()).run(rest, io);
}

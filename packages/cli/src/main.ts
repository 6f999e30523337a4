import { readFile } from "node:fs/promises";
import { type Io, REPLAY_USAGE, runReplay } from "./replay.js";
import { verifyCommand } from "./verify.js";
import { arenaCommand } from "./arena/command.js";
import { playCommand } from "./play/command.js";
import { analyseCommand } from "./analyse/command.js";

export type { Io } from "./replay.js";

/** A subcommand: its arguments after the command name, the process's streams, and an exit code back. */
export interface Command {
  readonly usage: string;
  run(args: readonly string[], io: Io): Promise<number>;
}

const replay: Command = { usage: REPLAY_USAGE, run: runReplay };

/** Every subcommand; each lives in its own module. */
const COMMANDS: Record<string, Command> = {
  replay,
  verify: verifyCommand,
  arena: arenaCommand,
  play: playCommand,
  analyse: analyseCommand,
};

const help = (): string =>
  `schwimmen: the Schwimmen (31) card game from the command line

Usage:
${Object.values(COMMANDS)
  .map((c) => c.usage)
  .join("\n")}
  schwimmen --help             this text
`;

export const defaultIo: Io = {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  readFile: (path) => readFile(path, "utf8"),
};

export async function main(args: readonly string[], io: Io = defaultIo): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    io.stdout.write(help());
    return 0;
  }
  const command = Object.prototype.hasOwnProperty.call(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    io.stderr.write(`unknown command "${name}"\n\n${help()}`);
    return 2;
  }
  return command.run(rest, io);
}

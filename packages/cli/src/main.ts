import { readFile } from "node:fs/promises";
import { type Io, replayFile, replayJsonl } from "./replay.js";

const HELP = `schwimmen: the Schwimmen (31) card game from the command line

Usage:
  schwimmen replay FILE        replay a game record (FILE may be - for standard input);
                               prints the outcome as JSON, or {"error": ...} on stderr with exit code 2
  schwimmen replay --jsonl     replay one record per line of standard input, one result line each
  schwimmen --help             this text
`;

export const defaultIo: Io = {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  readFile: (path) => readFile(path, "utf8"),
};

export async function main(args: readonly string[], io: Io = defaultIo): Promise<number> {
  const [command, ...rest] = args;
  if (command === undefined || command === "--help" || command === "-h" || command === "help") {
    io.stdout.write(HELP);
    return 0;
  }
  if (command === "replay") {
    if (rest.length === 1 && rest[0] === "--jsonl") return replayJsonl(io);
    if (rest.length === 1 && rest[0] !== undefined) return replayFile(rest[0], io);
    io.stderr.write("usage: schwimmen replay FILE|-  or  schwimmen replay --jsonl\n");
    return 2;
  }
  io.stderr.write(`unknown command "${command}"\n\n${HELP}`);
  return 2;
}

import type { Io } from "./io.js";
import { errorLine, replayLine } from "./replay-line.js";

export type { Io } from "./io.js";
export { errorLine, replayBatch, replayLine } from "./replay-line.js";

export const REPLAY_USAGE = `  schwimmen replay FILE        replay a game record (FILE may be - for standard
                               input); prints the outcome as JSON, or
                               {"error": ...} on stderr with exit code 2
  schwimmen replay --jsonl     replay one record per line of standard input,
                               one result line each`;

/** `schwimmen replay ...`: the command's arguments to an exit code. */
export async function runReplay(args: readonly string[], io: Io): Promise<number> {
  // --help wins wherever it stands (`replay --jsonl --help` too).
  if (args.includes("--help") || args.includes("-h")) {
    io.stdout.write(`Usage:\n${REPLAY_USAGE}\n`);
    return 0;
  }
  // An option it does not know is said to be one, not looked for as a file (a file named so: ./-x).
  const unknown = args.find((arg) => arg.startsWith("-") && arg !== "-" && arg !== "--jsonl");
  if (unknown !== undefined) return usageError(`unknown option "${unknown}"`, io);
  if (args.length === 1 && args[0] === "--jsonl") {
    return (await import("./replay-jsonl.js")).replayJsonl(quietOnClose(io));
  }
  if (args.length === 1 && args[0] !== undefined) return replayFile(args[0], quietOnClose(io));
  const wrong = args.length === 0 ? "no record given" : `one record at a time, not ${args.length} arguments`;
  return usageError(`${wrong}: schwimmen replay FILE (- for standard input) or schwimmen replay --jsonl`, io);
}

/**
 * Wrong arguments: one line on standard error and exit code 2, as the other commands say it. (The contract's
 * `{"error": ...}` lines are for records; arguments are no record.)
 */
function usageError(message: string, io: Io): number {
  io.stderr.write(`schwimmen replay: ${message} (see schwimmen replay --help)\n`);
  return 2;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}

/** A record's text from a file or, for "-", standard input; null after writing replay's error line when unreadable. */
export async function readRecordText(path: string, io: Io): Promise<string | null> {
  try {
    return path === "-" ? await readAll(io.stdin) : await io.readFile(path);
  } catch (cause) {
    const reason = (cause as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : "cannot be read";
    io.stderr.write(errorLine({ code: "INVALID_RECORD", message: `${path}: ${reason}` }) + "\n");
    return null;
  }
}

/** `schwimmen replay FILE|-`: exit 0 with the outcome on stdout, or exit 2 with the error on stderr. */
export async function replayFile(path: string, io: Io): Promise<number> {
  const text = await readRecordText(path, io);
  if (text === null) return 2;
  const { ok, line } = replayLine(text);
  (ok ? io.stdout : io.stderr).write(line + "\n");
  return ok ? 0 : 2;
}

/** What `replay --jsonl` needs to know of standard output besides `Io`. */
export type JsonlIo = Io & { stdoutClosed?: () => boolean; stdoutBytes?: boolean };

/**
 * A reader that stops early (`replay --jsonl | head`) closes the pipe; writing on would raise EPIPE with a stack
 * trace. Instead the output is dropped from then on and `stdoutClosed` says so, so that reading can stop.
 */
function quietOnClose(io: Io): JsonlIo {
  const stream = io.stdout as { on?: (event: string, listener: (error: NodeJS.ErrnoException) => void) => unknown };
  if (typeof stream.on !== "function") return io;
  let closed = false;
  stream.on("error", (error) => {
    if (error.code !== "EPIPE") throw error;
    closed = true;
  });
  return {
    // Not a spread: that would make the process's stdin, which `--jsonl` may read by its descriptor instead.
    get stdin() {
      return io.stdin;
    },
    stderr: io.stderr,
    readFile: io.readFile,
    ...(io.stdinFd === undefined ? {} : { stdinFd: io.stdinFd }),
    stdout: { write: (text: string) => (closed ? false : io.stdout.write(text)) },
    stdoutClosed: () => closed,
    // A real stream takes bytes as they are.
    stdoutBytes: true,
  };
}

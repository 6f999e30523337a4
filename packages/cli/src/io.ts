import { readFile } from "node:fs/promises";

/** The process's streams as a command sees them (tests pass their own). */
export interface Io {
  readonly stdin: NodeJS.ReadableStream;
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
  readonly readFile: (path: string) => Promise<string>;
  /** Standard input's file descriptor, when `stdin` is the process's own: read directly, without the stream. */
  readonly stdinFd?: number;
}

/**
 * The real process. `stdin` is made only when asked for: making it turns a pipe non-blocking, and `replay --jsonl`
 * reads the descriptor itself.
 */
export const defaultIo: Io = {
  get stdin() {
    return process.stdin;
  },
  stdout: process.stdout,
  stderr: process.stderr,
  readFile: (path) => readFile(path, "utf8"),
  stdinFd: 0,
};

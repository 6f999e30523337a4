import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { type RecordError, outcomeOf, replayRecordText } from "@schwimmen/rules";

export interface Io {
  readonly stdin: NodeJS.ReadableStream;
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
  readonly readFile: (path: string) => Promise<string>;
}

export const REPLAY_USAGE = `  schwimmen replay FILE        replay a game record (FILE may be - for standard input);
                               prints the outcome as JSON, or {"error": ...} on stderr with exit code 2
  schwimmen replay --jsonl     replay one record per line of standard input, one result line each`;

/** One record's text to one output line: the outcome, or {"error": {...}}. */
export function replayLine(text: string): { ok: boolean; line: string } {
  let replayed: ReturnType<typeof replayRecordText>;
  try {
    replayed = replayRecordText(text);
  } catch (cause) {
    // The engine answers every input with a result; should it ever throw, this record fails, not the whole run.
    return { ok: false, line: errorLine({ code: "INVALID_RECORD", message: `internal error: ${String(cause)}` }) };
  }
  if (!replayed.ok) return { ok: false, line: errorLine(replayed.error) };
  return { ok: true, line: JSON.stringify(outcomeOf(replayed.value.state)) };
}

export const errorLine = (error: RecordError): string => JSON.stringify({ error });

/** Many lines (joined by "\n") to their output lines, each ending in "\n". */
export function replayBatch(text: string): string {
  let out = "";
  let start = 0;
  for (;;) {
    const nl = text.indexOf("\n", start);
    out += replayLine(nl < 0 ? text.slice(start) : text.slice(start, nl)).line + "\n";
    if (nl < 0) return out;
    start = nl + 1;
  }
}

/** `schwimmen replay ...`: the command's arguments to an exit code. */
export async function runReplay(args: readonly string[], io: Io): Promise<number> {
  if (args.length === 1 && (args[0] === "--help" || args[0] === "-h")) {
    io.stdout.write(`Usage:\n${REPLAY_USAGE}\n`);
    return 0;
  }
  if (args.length === 1 && args[0] === "--jsonl") return replayJsonl(quietOnClose(io));
  if (args.length === 1 && args[0] !== undefined) return replayFile(args[0], quietOnClose(io));
  io.stderr.write("usage: schwimmen replay FILE|-  or  schwimmen replay --jsonl\n");
  return 2;
}

/**
 * A reader that stops early (`replay --jsonl | head`) closes the pipe; writing on would raise EPIPE with a stack
 * trace. Instead the output is dropped from then on and `stdoutClosed` says so, so that reading can stop.
 */
function quietOnClose(io: Io): Io & { stdoutClosed?: () => boolean; stdoutBytes?: boolean } {
  const stream = io.stdout as { on?: (event: string, listener: (error: NodeJS.ErrnoException) => void) => unknown };
  if (typeof stream.on !== "function") return io;
  let closed = false;
  stream.on("error", (error) => {
    if (error.code !== "EPIPE") throw error;
    closed = true;
  });
  return {
    ...io,
    stdout: { write: (text: string) => (closed ? false : io.stdout.write(text)) },
    stdoutClosed: () => closed,
    // A real stream takes bytes as they are.
    stdoutBytes: true,
  };
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

/** Lines per message to a worker: large enough that messaging costs little, small enough to spread the work. */
const BATCH_LINES = 250;

/**
 * How many worker threads `--jsonl` uses: SCHWIMMEN_REPLAY_THREADS if set (0 replays on the main thread), else one
 * per core up to 4. Workers need the built files, so running from the TypeScript sources uses none.
 */
function threadCount(): number {
  if (!import.meta.url.endsWith(".js")) return 0;
  const set = process.env.SCHWIMMEN_REPLAY_THREADS;
  if (set !== undefined && /^\d+$/.test(set)) return Math.min(Number(set), 16);
  return Math.min(availableParallelism(), 4);
}

/** Batches handed out round-robin to worker threads; results come back tagged and are written in input order. */
class ReplayPool {
  private readonly workers: Worker[] = [];
  private readonly done = new Map<number, Uint8Array>();
  private sent = 0;
  private written = 0;
  private failure: Error | null = null;
  private wake: (() => void) | null = null;

  constructor(
    threads: number,
    private readonly write: (bytes: Uint8Array) => void,
  ) {
    for (let i = 0; i < threads; i++) {
      // A larger young generation: replaying allocates many short-lived objects, so fewer scavenges pay off.
      const worker = new Worker(new URL("./replay-worker.js", import.meta.url), {
        resourceLimits: { maxYoungGenerationSizeMb: 48 },
      });
      worker.on("message", ({ id, out }: { id: number; out: Uint8Array }) => this.finished(id, out));
      worker.on("error", (error) => {
        this.failure = error;
        this.wake?.();
      });
      this.workers.push(worker);
    }
  }

  get inFlight(): number {
    return this.sent - this.written;
  }

  /** Hands a batch of lines (UTF-8, its own buffer) to the next worker; the buffer moves, it is not copied. */
  send(bytes: Uint8Array): void {
    const worker = this.workers[this.sent % this.workers.length]!;
    // A worker_threads Worker, not a window: there is no target origin.
    // oxlint-disable-next-line unicorn/require-post-message-target-origin
    worker.postMessage({ id: this.sent, bytes }, [bytes.buffer as ArrayBuffer]);
    this.sent++;
  }

  private finished(id: number, out: Uint8Array): void {
    this.done.set(id, out);
    for (let next = this.done.get(this.written); next !== undefined; next = this.done.get(this.written)) {
      this.done.delete(this.written);
      this.write(next);
      this.written++;
    }
    this.wake?.();
  }

  /** Waits until at most `limit` batches are out (0: all written). */
  async drain(limit: number): Promise<void> {
    while (this.inFlight > limit) {
      if (this.failure) throw this.failure;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
    if (this.failure) throw this.failure;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}

/** The pieces as one Uint8Array with a buffer of its own (so that it can be moved to a worker). */
function joined(parts: readonly Uint8Array[]): Uint8Array {
  let size = 0;
  for (const part of parts) size += part.length;
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const NEWLINE = 10;

/**
 * `schwimmen replay --jsonl`: one output line per input line, in order; exit 0 once all input is read.
 * Input is cut into batches of lines as raw bytes (a newline byte never occurs inside a UTF-8 character), so the
 * main thread neither decodes nor copies text: workers decode, replay, encode, and the bytes go to stdout.
 */
export async function replayJsonl(io: Io & { stdoutClosed?: () => boolean; stdoutBytes?: boolean }): Promise<number> {
  const threads = threadCount();
  const decoder = new TextDecoder();
  const writeText = (text: string) => io.stdout.write(text);
  const writeBytes = (bytes: Uint8Array) =>
    io.stdoutBytes ? io.stdout.write(bytes as unknown as string) : io.stdout.write(decoder.decode(bytes));
  let pool: ReplayPool | null = null;
  // Small inputs are replayed right here; a worker pool starts once a full batch shows the input is large.
  const dispatch = async (bytes: Uint8Array) => {
    if (threads === 0) return writeText(replayBatch(decoder.decode(bytes)));
    pool ??= new ReplayPool(threads, writeBytes);
    pool.send(bytes);
    await pool.drain(threads * 8);
  };
  // The current batch so far, as views into the chunks read.
  let parts: Uint8Array[] = [];
  let lines = 0;
  try {
    for await (const chunk of io.stdin) {
      if (io.stdoutClosed?.()) break;
      const bytes: Uint8Array = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
      let from = 0;
      for (let nl = bytes.indexOf(NEWLINE); nl >= 0; nl = bytes.indexOf(NEWLINE, nl + 1)) {
        if (++lines < BATCH_LINES) continue;
        parts.push(bytes.subarray(from, nl));
        const batch = joined(parts);
        parts = [];
        lines = 0;
        from = nl + 1;
        await dispatch(batch);
      }
      if (from < bytes.length) parts.push(bytes.subarray(from));
    }
    // The complete lines left, and a last line without a newline unless it is blank.
    const pending = joined(parts);
    const lastNl = pending.lastIndexOf(NEWLINE);
    const tailBlank = decoder.decode(pending.subarray(lastNl + 1)).trim() === "";
    const rest = tailBlank ? (lastNl < 0 ? null : pending.slice(0, lastNl)) : pending;
    if (rest !== null) {
      if (pool === null) writeText(replayBatch(decoder.decode(rest)));
      else await dispatch(rest);
    }
    if (pool !== null) await (pool as ReplayPool).drain(0);
  } finally {
    if (pool !== null) await (pool as ReplayPool).close();
  }
  return 0;
}

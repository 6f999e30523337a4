import { availableParallelism, cpus } from "node:os";
import type { Worker } from "node:worker_threads";
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

/** Lines per batch: large enough that messaging costs little, small enough to spread the work evenly. */
const BATCH_LINES = 100;
/** Batches a worker may have queued: enough that it never waits while this thread replays one itself. */
const PER_WORKER = 2;
/** Batches per thread that may be out (replayed or not, not yet written): room for this thread to run ahead. */
const IN_FLIGHT = 16;

/** The machine's CPU times summed over its cores (ms): total and idle. */
function cpuTimes(): { total: number; idle: number } {
  let total = 0;
  let idle = 0;
  for (const { times } of cpus()) {
    total += times.user + times.nice + times.sys + times.irq + times.idle;
    idle += times.idle;
  }
  return { total, idle };
}

/** The CPU times when this module loaded: the start of the window in which `threadCount` looks for idle cores. */
const loadedAt = { at: performance.now(), ...cpuTimes() };

/** How long (ms) the window must be before its idle share counts (the kernel counts CPU time in 10 ms ticks). */
const SAMPLE_MS = 40;

/**
 * How many worker threads `--jsonl` may add to this one: SCHWIMMEN_REPLAY_THREADS if set (0: this thread only),
 * else one per further core that has been idle since start-up (a fresh sample, not the load average, which lags a
 * minute behind), up to 3; before SAMPLE_MS have passed, null (ask again later). A worker has to start and warm up:
 * its first records run several times slower, until the JIT has compiled the engine (in all a few tenths of a CPU
 * second: 4,000 records take about twice the time of the same records once warm); on a busy core it only competes
 * with this thread. Workers need the built files, so running from the
 * TypeScript sources uses none.
 */
function threadCount(): number | null {
  if (!import.meta.url.endsWith(".js")) return 0;
  const set = process.env.SCHWIMMEN_REPLAY_THREADS;
  if (set !== undefined && /^\d+$/.test(set)) return Math.min(Number(set), 16);
  if (performance.now() - loadedAt.at < SAMPLE_MS) return null;
  const cores = availableParallelism();
  const { total, idle } = cpuTimes();
  // Idle cores in the window; this thread was busy all along, so an otherwise quiet machine shows cores - 1.
  const idleCores = total > loadedAt.total ? ((idle - loadedAt.idle) / (total - loadedAt.total)) * cpus().length : 0;
  // A worker warms up for a good part of a second's work: it pays off only on a core that is mostly free.
  return Math.max(0, Math.min(cores - 1, 3, Math.floor(idleCores + 0.3)));
}

type Out = string | Uint8Array;

/** A worker thread: ready once it has loaded the engine; how many batches it holds. */
interface WorkerEntry {
  readonly worker: Worker;
  ready: boolean;
  queued: number;
}

/**
 * Batches replayed in input order by this thread and, for a large input, worker threads. A batch goes to a worker
 * that is ready and has room in its queue, else this thread replays it at once; so a small input never waits for a
 * worker to start, and this thread keeps working while the workers start. Results are written in input order as
 * they complete. A worker that falls behind (a busy machine gives it little time) never holds the output up for
 * long: when the next batch to write is a worker's and this thread has waited about as long as it takes to replay
 * a batch, it replays that batch itself, and whichever copy is done first is written.
 */
class ReplayPool {
  private workers: WorkerEntry[] | null = null;
  /** Worker threads decided on (null: not yet). */
  private threads: number | null = null;
  private readonly done = new Map<number, Out>();
  private sent = 0;
  private written = 0;
  private failure: Error | null = null;
  private wake: (() => void) | null = null;
  private readonly decoder = new TextDecoder();
  /** The batches at workers, by id, still to be written: kept so that this thread can replay one itself. */
  private readonly atWorkers = new Map<number, Uint8Array>();
  /** How long (ms) this thread took for its last batch: how long it waits for a worker's before taking it over. */
  private batchMs = 50;

  constructor(
    private readonly decide: () => number | null,
    private readonly write: (out: Out) => void,
  ) {}

  /** Threads replaying now: this one and its workers. */
  get width(): number {
    return 1 + (this.workers?.length ?? 0);
  }

  get inFlight(): number {
    return this.sent - this.written;
  }

  /**
   * Takes the next batch (UTF-8, with a buffer of its own: it may move to a worker); `large`: more will follow.
   * Once workers run, it lets their answers in before returning (they are events, and this thread was busy).
   */
  async submit(bytes: Uint8Array, large: boolean): Promise<void> {
    const id = this.sent++;
    // Workers only pay off when more input follows; they start once and share the rest, while this thread, already
    // running, replays the batch that made them start.
    if (large && this.threads === null) {
      this.threads = this.decide();
      // Loaded only now: a run without workers (most small inputs) starts faster without the module.
      if (this.threads) this.workers = this.startWorkers(this.threads, (await import("node:worker_threads")).Worker);
    }
    const free = id === 0 ? undefined : this.workers?.find((w) => w.ready && w.queued < PER_WORKER);
    if (free) {
      free.queued++;
      // A copy goes to the worker; this thread keeps the bytes in case it has to replay them itself.
      this.atWorkers.set(id, bytes);
      // A worker_threads Worker, not a window: there is no target origin.
      // oxlint-disable-next-line unicorn/require-post-message-target-origin
      free.worker.postMessage({ id, bytes });
    } else {
      this.replayHere(id, bytes);
      if (this.workers) await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  private replayHere(id: number, bytes: Uint8Array): void {
    const started = performance.now();
    const out = replayBatch(this.decoder.decode(bytes));
    this.batchMs = performance.now() - started;
    this.finished(id, out);
  }

  private startWorkers(threads: number, WorkerClass: typeof Worker): WorkerEntry[] {
    return Array.from({ length: threads }, () => {
      // A larger young generation: replaying allocates many short-lived objects, so fewer scavenges pay off.
      const worker = new WorkerClass(new URL("./replay-worker.js", import.meta.url), {
        resourceLimits: { maxYoungGenerationSizeMb: 48 },
      });
      const entry: WorkerEntry = { worker, ready: false, queued: 0 };
      worker.on("message", (message: { ready: true } | { id: number; out: Uint8Array }) => {
        if ("ready" in message) entry.ready = true;
        else {
          entry.queued--;
          this.finished(message.id, message.out);
        }
        this.wake?.();
      });
      worker.on("error", (error) => {
        this.failure = error;
        this.wake?.();
      });
      return entry;
    });
  }

  private finished(id: number, out: Out): void {
    // The second copy of a batch that this thread took over from a worker: already written, or about to be.
    if (id < this.written || this.done.has(id)) return;
    this.atWorkers.delete(id);
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
      const waiting = this.atWorkers.get(this.written);
      // Woken by any answer, or, when the next batch to write is at a worker, after about one batch's time.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const woken = await new Promise<boolean>((resolve) => {
        this.wake = () => resolve(true);
        if (waiting) timer = setTimeout(() => resolve(false), Math.max(5, this.batchMs));
      });
      clearTimeout(timer);
      this.wake = null;
      if (!woken && waiting && this.atWorkers.get(this.written) === waiting) this.replayHere(this.written, waiting);
    }
    if (this.failure) throw this.failure;
  }

  async close(): Promise<void> {
    if (this.workers) await Promise.all(this.workers.map(({ worker }) => worker.terminate()));
  }
}

/** The pieces as one Uint8Array with a buffer of its own (the chunks read can go; a worker gets a copy). */
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
 * Input is cut into batches of lines as raw bytes (a newline byte never occurs inside a UTF-8 character); the
 * first batch is replayed here at once, later ones here or by workers (see `ReplayPool`).
 */
export async function replayJsonl(io: Io & { stdoutClosed?: () => boolean; stdoutBytes?: boolean }): Promise<number> {
  const decoder = new TextDecoder();
  const write = (out: Out) =>
    typeof out === "string" || io.stdoutBytes ? io.stdout.write(out as string) : io.stdout.write(decoder.decode(out));
  const pool = new ReplayPool(() => threadCount(), write);
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
        // A full batch shows a large input: from then on workers may help.
        await pool.submit(batch, true);
        // Bounded memory: this thread runs ahead of the workers by at most this many batches.
        await pool.drain(IN_FLIGHT * pool.width);
      }
      if (from < bytes.length) parts.push(bytes.subarray(from));
    }
    // The complete lines left, and a last line without a newline unless it is blank.
    const pending = joined(parts);
    const lastNl = pending.lastIndexOf(NEWLINE);
    const tailBlank = decoder.decode(pending.subarray(lastNl + 1)).trim() === "";
    const rest = tailBlank ? (lastNl < 0 ? null : pending.slice(0, lastNl)) : pending;
    if (rest !== null) await pool.submit(rest, false);
    await pool.drain(0);
  } finally {
    await pool.close();
  }
  return 0;
}

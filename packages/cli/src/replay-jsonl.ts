import { readSync } from "node:fs";
import { Worker } from "node:worker_threads";
import type { JsonlIo } from "./replay.js";
import { replayBatch } from "./replay-line.js";
import { CoreSampler, envNumber, threadPlan } from "./replay-threads.js";

/**
 * Input bytes per batch (cut at the next line end): enough that handing a batch to a worker costs little, small
 * enough that the last batches end close together. SCHWIMMEN_REPLAY_BATCH_BYTES sets it (tests use tiny batches).
 */
const BATCH_BYTES = 96 * 1024;
/** Batches a worker may have queued: enough that it never waits while this thread replays one itself. */
const PER_WORKER = 2;
/** Batches per thread that may be out (replayed or not, not yet written): room for this thread to run ahead. */
const IN_FLIGHT = 16;
/** Bytes read from standard input at a time. */
const READ_BYTES = 1 << 20;
const NEWLINE = 10;

/**
 * The bundle (scripts/bundle.mjs) sets this to its worker file, a CommonJS script: a worker thread starts a few ms
 * sooner without the ES module loader. Elsewhere (dist/) the worker is replay-worker.js next to this module.
 */
declare const SCHWIMMEN_REPLAY_WORKER: string | undefined;
const WORKER_FILE = typeof SCHWIMMEN_REPLAY_WORKER === "string" ? SCHWIMMEN_REPLAY_WORKER : "./replay-worker.js";

type Out = string | Uint8Array;

/** A copy with a buffer of its own (a Buffer's own `slice` would only be a view). */
const copyOf = (bytes: Uint8Array): Uint8Array => Uint8Array.prototype.slice.call(bytes);

/** A worker thread: ready once it has loaded the engine; how many batches it holds; failed: no longer used (it
 * failed, or the machine is too busy for it). */
interface WorkerEntry {
  readonly worker: Worker;
  ready: boolean;
  queued: number;
  failed: boolean;
}

/**
 * Batches replayed in input order by this thread and worker threads. A batch goes to a worker that is ready and has
 * room in its queue, else this thread replays it at once; so a small input never waits for a worker to start, and
 * this thread keeps working while the workers start. Results are written in input order as they complete. A worker
 * that falls behind (a busy machine gives it little time) never holds the output up for long: when the next batch
 * to write is a worker's and this thread has waited about as long as it takes to replay a batch, it replays that
 * batch itself, and whichever copy is done first is written.
 */
export class ReplayPool {
  private readonly workers: WorkerEntry[];
  private readonly done = new Map<number, Out>();
  private sent = 0;
  private written = 0;
  private wake: (() => void) | null = null;
  private readonly decoder = new TextDecoder();
  /** The batches at workers, by id, still to be written: kept so that this thread can replay one itself. */
  private readonly atWorkers = new Map<number, { bytes: Uint8Array; entry: WorkerEntry }>();
  /** How long (ms) this thread took for its last batch: how long it waits for a worker's before taking it over. */
  private batchMs = 20;

  /** Until the workers are final: how busy the machine is apart from this process. */
  private sampler: CoreSampler | null;

  constructor(
    plan: { start: number; final: boolean },
    private readonly write: (out: Out) => void,
  ) {
    this.workers = Array.from({ length: plan.start }, () => this.startWorker());
    this.sampler = plan.final || plan.start === 0 ? null : new CoreSampler();
  }

  /** Once the machine has been watched long enough: drops the workers that would find no free core. */
  private settleWorkers(): void {
    const keep = this.sampler?.workers();
    if (keep === null || keep === undefined) return;
    this.sampler = null;
    for (const entry of this.workers.slice(keep)) {
      entry.failed = true;
      // One that holds batches finishes them; one that holds none can go now.
      if (entry.queued === 0) void entry.worker.terminate();
    }
  }

  /** Threads replaying: this one and its workers. */
  get width(): number {
    return 1 + this.workers.length;
  }

  get inFlight(): number {
    return this.sent - this.written;
  }

  /**
   * Takes the next batch (UTF-8 lines, without the last newline); `own`: its buffer is the batch's own (else it is
   * copied before it goes to a worker). Lets the workers' answers in before returning (they are events, and this
   * thread was busy).
   */
  async submit(bytes: Uint8Array, own: boolean): Promise<void> {
    const id = this.sent++;
    this.settleWorkers();
    const free = this.workers.find((w) => w.ready && !w.failed && w.queued < PER_WORKER);
    if (free) {
      free.queued++;
      const copy = own ? bytes : copyOf(bytes);
      // This thread keeps the bytes in case it has to replay them itself; the worker gets a copy.
      this.atWorkers.set(id, { bytes: copy, entry: free });
      // A worker_threads Worker, not a window: there is no target origin.
      // oxlint-disable-next-line unicorn/require-post-message-target-origin
      free.worker.postMessage({ id, bytes: copy });
    } else this.replayHere(id, bytes);
    // Also when there are no workers: a closed standard output is reported by an event.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }

  private replayHere(id: number, bytes: Uint8Array): void {
    const started = performance.now();
    const out = replayBatch(this.decoder.decode(bytes));
    this.batchMs = performance.now() - started;
    this.finished(id, out);
  }

  private startWorker(): WorkerEntry {
    // A larger young generation: replaying allocates many short-lived objects, so fewer scavenges pay off.
    const worker = new Worker(new URL(WORKER_FILE, import.meta.url), {
      resourceLimits: { maxYoungGenerationSizeMb: 48 },
    });
    const entry: WorkerEntry = { worker, ready: false, queued: 0, failed: false };
    worker.on("message", (message: { ready: true } | { id: number; out: Uint8Array }) => {
      if ("ready" in message) entry.ready = true;
      else {
        entry.queued--;
        this.finished(message.id, message.out);
      }
      this.wake?.();
    });
    // A worker that fails (it could not start, say) is dropped, and this thread replays what it held.
    worker.on("error", () => {
      entry.failed = true;
      for (const [id, held] of this.atWorkers) if (held.entry === entry) this.replayHere(id, held.bytes);
      this.wake?.();
    });
    return entry;
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
      const waiting = this.atWorkers.get(this.written);
      // Woken by any answer, or, when the next batch to write is at a worker, after about one batch's time.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const woken = await new Promise<boolean>((resolve) => {
        this.wake = () => resolve(true);
        if (waiting) timer = setTimeout(() => resolve(false), Math.max(2, this.batchMs));
      });
      clearTimeout(timer);
      this.wake = null;
      if (!woken && waiting && this.atWorkers.get(this.written) === waiting) {
        this.replayHere(this.written, waiting.bytes);
      }
    }
  }

  /** Ends the workers; a worker still starting is not waited for. */
  close(): void {
    for (const { worker } of this.workers) {
      worker.unref();
      void worker.terminate();
    }
  }
}

/**
 * Standard input in chunks: read from its descriptor while that blocks (a file, or a pipe as the shell hands it
 * over), else (a non-blocking descriptor, or streams that tests pass) from the stream. A chunk is valid until the
 * next is asked for (the descriptor is read into one buffer again and again).
 */
async function* chunks(io: JsonlIo): AsyncGenerator<Uint8Array> {
  if (io.stdinFd !== undefined) {
    const buffer = Buffer.allocUnsafe(READ_BYTES);
    for (;;) {
      let n: number;
      try {
        n = readSync(io.stdinFd, buffer, 0, READ_BYTES, null);
      } catch (cause) {
        if ((cause as NodeJS.ErrnoException).code === "EAGAIN") break;
        if ((cause as NodeJS.ErrnoException).code === "EOF") return;
        throw cause;
      }
      if (n === 0) return;
      yield buffer.subarray(0, n);
    }
  }
  for await (const chunk of io.stdin) yield typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
}

/** The pieces as one Uint8Array with a buffer of its own (the chunks read can go; a worker gets it as it is). */
function joined(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return copyOf(parts[0]!);
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

/**
 * `schwimmen replay --jsonl`: one output line per input line, in order; exit 0 once all input is read.
 * Input is cut into batches of lines as raw bytes (a newline byte never occurs inside a UTF-8 character), replayed
 * here or by workers (see `ReplayPool`).
 */
export async function replayJsonl(io: JsonlIo): Promise<number> {
  const decoder = new TextDecoder();
  const write = (out: Out) =>
    typeof out === "string" || io.stdoutBytes ? io.stdout.write(out as string) : io.stdout.write(decoder.decode(out));
  const pool = new ReplayPool(threadPlan(io.stdinFd), write);
  const batchBytes = envNumber("SCHWIMMEN_REPLAY_BATCH_BYTES") || BATCH_BYTES;
  // The start of the current batch: pieces of earlier chunks, then `from` in this one.
  let parts: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const bytes of chunks(io)) {
      if (io.stdoutClosed?.()) break;
      let from = 0;
      for (;;) {
        // The batch ends at the first line end at or past its size.
        const nl = bytes.indexOf(NEWLINE, Math.max(from, from + batchBytes - size - 1));
        if (nl < 0) break;
        if (parts.length === 0) await pool.submit(bytes.subarray(from, nl), false);
        else await pool.submit(joined([...parts, bytes.subarray(from, nl)]), true);
        parts = [];
        size = 0;
        from = nl + 1;
        // Bounded memory: this thread runs ahead of the workers by at most this many batches.
        await pool.drain(IN_FLIGHT * pool.width);
        if (io.stdoutClosed?.()) break;
      }
      if (from < bytes.length) {
        // A copy: the chunk's buffer is read into again. (A batch cut from it is replayed at once or copied.)
        parts.push(copyOf(bytes.subarray(from)));
        size += bytes.length - from;
      }
    }
    // The complete lines left, and a last line without a newline unless it is blank.
    const pending = joined(parts);
    const lastNl = pending.lastIndexOf(NEWLINE);
    const tailBlank = decoder.decode(pending.subarray(lastNl + 1)).trim() === "";
    const rest = tailBlank ? (lastNl < 0 ? null : pending.subarray(0, lastNl)) : pending;
    if (rest !== null && !io.stdoutClosed?.()) await pool.submit(rest, false);
    await pool.drain(0);
  } finally {
    pool.close();
  }
  return 0;
}

/**
 * How long this process stood still: event-loop stalls (a 10 ms timer that fired late) and garbage-collection pauses,
 * as counters since the start, in `/healthz`, so that a benchmark or an operator can take the difference between two
 * readings. A stall holds every socket of the node, so it shows up directly in the latency's tail.
 */
import { closeSync, openSync, readSync } from "node:fs";
import { PerformanceObserver, performance } from "node:perf_hooks";

/** A timer this late (or a GC pause this long) counts as a stall. */
export const STALL_MS = 50;
const TICK_MS = 10;

export interface PauseFigures {
  /** Times the event loop was held for STALL_MS or more, their total and the longest (ms). */
  readonly loopStalls: number;
  readonly loopStallMs: number;
  readonly loopMaxMs: number;
  /**
   * Of the stalls' time, how long this thread ran and how long it was ready but waited for a core (Linux's
   * `/proc/self/schedstat` of the main thread; 0 where there is none). Waiting means the machine was short of cores,
   * running that this process was busy (its own work or a GC pause).
   */
  readonly loopStallRunMs: number;
  readonly loopStallWaitMs: number;
  /** Garbage collections, their total pause, those of STALL_MS or more, and the longest (ms). */
  readonly gcPauses: number;
  readonly gcPauseMs: number;
  readonly gcLongPauses: number;
  readonly gcMaxMs: number;
}

export class PauseMeter {
  private loopStalls = 0;
  private loopStallMs = 0;
  private loopMaxMs = 0;
  private loopStallRunMs = 0;
  private loopStallWaitMs = 0;
  private readonly sched = new SchedClock();
  private gcPauses = 0;
  private gcPauseMs = 0;
  private gcLongPauses = 0;
  private gcMaxMs = 0;
  private readonly timer: NodeJS.Timeout;
  private readonly gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      this.gcPauses++;
      this.gcPauseMs += entry.duration;
      if (entry.duration >= STALL_MS) this.gcLongPauses++;
      this.gcMaxMs = Math.max(this.gcMaxMs, entry.duration);
    }
  });

  constructor() {
    let last = performance.now();
    let lastSched = this.sched.read();
    this.timer = setInterval(() => {
      const now = performance.now();
      const late = now - last - TICK_MS;
      const sched = this.sched.read();
      last = now;
      this.loopMaxMs = Math.max(this.loopMaxMs, late);
      const before = lastSched;
      lastSched = sched;
      if (late < STALL_MS) return;
      this.loopStalls++;
      this.loopStallMs += late;
      if (before && sched) {
        this.loopStallRunMs += sched.runMs - before.runMs;
        this.loopStallWaitMs += sched.waitMs - before.waitMs;
      }
    }, TICK_MS);
    this.timer.unref();
    this.gc.observe({ entryTypes: ["gc"] });
  }

  figures(): PauseFigures {
    const ms = (n: number) => Math.round(n * 10) / 10;
    return {
      loopStalls: this.loopStalls,
      loopStallMs: ms(this.loopStallMs),
      loopMaxMs: ms(this.loopMaxMs),
      loopStallRunMs: ms(this.loopStallRunMs),
      loopStallWaitMs: ms(this.loopStallWaitMs),
      gcPauses: this.gcPauses,
      gcPauseMs: ms(this.gcPauseMs),
      gcLongPauses: this.gcLongPauses,
      gcMaxMs: ms(this.gcMaxMs),
    };
  }

  stop(): void {
    clearInterval(this.timer);
    this.gc.disconnect();
    this.sched.close();
  }
}

/**
 * The main thread's time on a core and waiting in the run queue so far (ms), from `/proc/self/schedstat` ("run wait
 * slices", in ns), read through a descriptor kept open (a read costs about a microsecond); null where there is none.
 */
export class SchedClock {
  private fd: number | null;
  private readonly buffer = Buffer.alloc(80);

  constructor(path = "/proc/self/schedstat") {
    try {
      this.fd = openSync(path, "r");
    } catch {
      this.fd = null;
    }
  }

  read(): { runMs: number; waitMs: number } | null {
    if (this.fd === null) return null;
    try {
      const n = readSync(this.fd, this.buffer, 0, this.buffer.length, 0);
      const [run, wait] = this.buffer.toString("latin1", 0, n).split(" ");
      const runMs = Number(run) / 1e6;
      const waitMs = Number(wait) / 1e6;
      return Number.isFinite(runMs) && Number.isFinite(waitMs) ? { runMs, waitMs } : null;
    } catch {
      return null;
    }
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}

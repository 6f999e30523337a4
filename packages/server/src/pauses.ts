/**
 * How long this process stood still: event-loop stalls (a 10 ms timer that fired late) and garbage-collection pauses,
 * as counters since the start, in `/healthz`, so that a benchmark or an operator can take the difference between two
 * readings. A stall holds every socket of the node, so it shows up directly in the latency's tail.
 */
import { PerformanceObserver, performance } from "node:perf_hooks";

/** A timer this late (or a GC pause this long) counts as a stall. */
export const STALL_MS = 50;
const TICK_MS = 10;

export interface PauseFigures {
  /** Times the event loop was held for STALL_MS or more, their total and the longest (ms). */
  readonly loopStalls: number;
  readonly loopStallMs: number;
  readonly loopMaxMs: number;
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
    this.timer = setInterval(() => {
      const now = performance.now();
      const late = now - last - TICK_MS;
      last = now;
      this.loopMaxMs = Math.max(this.loopMaxMs, late);
      if (late < STALL_MS) return;
      this.loopStalls++;
      this.loopStallMs += late;
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
      gcPauses: this.gcPauses,
      gcPauseMs: ms(this.gcPauseMs),
      gcLongPauses: this.gcLongPauses,
      gcMaxMs: ms(this.gcMaxMs),
    };
  }

  stop(): void {
    clearInterval(this.timer);
    this.gc.disconnect();
  }
}

/** pauses.ts: a stall's time split into running and waiting for a core, from the main thread's schedstat. */
import { afterEach, describe, expect, it } from "vitest";
import { PauseMeter, SchedClock } from "../src/pauses.js";

const onLinux = process.platform === "linux";
/**
 * Holds the event loop until this thread has run `ms` on a core (not wall time: on a busy machine it may wait for a
 * core meanwhile), at most 10 s; true when it got there.
 */
const busy = (ms: number): boolean => {
  const clock = new SchedClock();
  try {
    const start = clock.read()!.runMs;
    const until = performance.now() + 10_000;
    while (performance.now() < until) if (clock.read()!.runMs - start >= ms) return true;
    return false;
  } finally {
    clock.close();
  }
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("SchedClock", () => {
  const clocks: SchedClock[] = [];
  afterEach(() => {
    for (const clock of clocks.splice(0)) clock.close();
  });

  it.runIf(onLinux)("counts the main thread's time on a core as it runs", () => {
    const clock = new SchedClock();
    clocks.push(clock);
    const before = clock.read();
    expect(before).not.toBeNull();
    expect(busy(30)).toBe(true);
    const after = clock.read();
    expect(after!.runMs - before!.runMs).toBeGreaterThanOrEqual(30);
    expect(after!.waitMs).toBeGreaterThanOrEqual(before!.waitMs);
  });

  it("is silent where there is no such file, and after closing", () => {
    const missing = new SchedClock("/nonexistent/schedstat");
    expect(missing.read()).toBeNull();
    const clock = new SchedClock();
    clock.close();
    expect(clock.read()).toBeNull();
    clock.close();
  });
});

describe("PauseMeter", () => {
  it.runIf(onLinux)("counts a held event loop as a stall, and its time as running", async () => {
    const meter = new PauseMeter();
    try {
      await sleep(30);
      expect(busy(120)).toBe(true);
      await sleep(30);
      const f = meter.figures();
      expect(f.loopStalls).toBeGreaterThanOrEqual(1);
      expect(f.loopStallMs).toBeGreaterThanOrEqual(100);
      // Held by its own work: most of the stall was spent running (the rest, if any, waiting for a core).
      expect(f.loopStallRunMs).toBeGreaterThanOrEqual(100);
      // The two parts cover no more than the stalls plus the ticks' own 10 ms around each.
      expect(f.loopStallRunMs + f.loopStallWaitMs).toBeLessThanOrEqual(f.loopStallMs + 25 * f.loopStalls);
    } finally {
      meter.stop();
    }
  });
});

import { cpus } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { CoreSampler, threadPlan } from "../src/replay-threads.js";

describe("replay --jsonl: how many worker threads", () => {
  it("from the TypeScript sources: none, whatever the input (workers need the built files)", () => {
    expect(threadPlan(undefined)).toEqual({ start: 0, final: true });
    expect(threadPlan(0)).toEqual({ start: 0, final: true });
  });

  it("the sampler answers only after its window, then a whole number of free cores besides this thread's", async () => {
    const sampler = new CoreSampler();
    expect(sampler.workers()).toBeNull();
    await sleep(80);
    const free = sampler.workers();
    expect(Number.isInteger(free)).toBe(true);
    expect(free).toBeGreaterThanOrEqual(0);
    expect(free).toBeLessThanOrEqual(cpus().length - 1);
  });
});

/** The ping round spread over the interval (heartbeat.ts): everyone once per interval, in small slices. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { Heartbeat } from "../src/heartbeat.js";

afterEach(() => {
  vi.useRealTimers();
});

describe("heartbeat", () => {
  it("beats every connection once per interval, a slice at a time, and forgets closed ones", () => {
    vi.useFakeTimers();
    const beats = new Map<number, number[]>();
    const items = Array.from({ length: 600 }, (_, id) => ({
      id,
      heartbeat: () => beats.set(id, [...(beats.get(id) ?? []), Date.now()]),
    }));
    const heartbeat = new Heartbeat<(typeof items)[number]>(15_000);
    for (const item of items) heartbeat.add(item);
    const start = Date.now();
    // Per tick (15 s / 60 slices), at most a sixtieth of the connections.
    let most = 0;
    for (let t = 0; t < 60; t++) {
      const before = [...beats.values()].reduce((n, b) => n + b.length, 0);
      vi.advanceTimersByTime(250);
      most = Math.max(most, [...beats.values()].reduce((n, b) => n + b.length, 0) - before);
    }
    expect(most).toBe(10);
    expect(items.every((item) => beats.get(item.id)?.length === 1)).toBe(true);
    for (const item of items.slice(0, 300)) heartbeat.delete(item);
    vi.advanceTimersByTime(15_000);
    // The closed ones were not beaten again; the others once more, one interval after their first beat.
    expect(items.slice(0, 300).every((item) => beats.get(item.id)!.length === 1)).toBe(true);
    for (const item of items.slice(300)) {
      const [first, second] = beats.get(item.id)!;
      expect(second! - first!).toBe(15_000);
      expect(first! - start).toBeLessThanOrEqual(15_000);
    }
    heartbeat.stop();
  });

  it("beats everyone at once when the interval is short", () => {
    vi.useFakeTimers();
    let count = 0;
    const heartbeat = new Heartbeat<{ heartbeat(): void }>(200);
    for (let i = 0; i < 50; i++) heartbeat.add({ heartbeat: () => count++ });
    vi.advanceTimersByTime(200);
    expect(count).toBe(50);
    heartbeat.stop();
  });
});

/**
 * The ping round over all WebSockets, spread over the ping interval: the connections are dealt into slices, and each
 * tick (interval / slices) pings one slice. Every connection is still pinged once per interval and cut off when it
 * did not answer the ping before, but the work comes in small pieces. Pinging every socket in one go held the event
 * loop for about 140 ms of CPU per 8,000 sockets (a write to each), every interval, and every action in flight waited
 * for it (and for the pongs right after): that was the tail of the latency under load.
 */

export interface Beating {
  /** Pings, or cuts off a peer that did not answer the previous ping. */
  heartbeat(): void;
}

/** A tick every quarter second or so (at most 60 slices); short intervals (tests) ping everyone at once. */
const TICK_MS = 250;
const MAX_SLICES = 60;

export class Heartbeat<T extends Beating> {
  private readonly slices: Set<T>[];
  private readonly sliceOf = new Map<T, Set<T>>();
  private tick = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(intervalMs: number) {
    const count = Math.min(MAX_SLICES, Math.max(1, Math.round(intervalMs / TICK_MS)));
    this.slices = Array.from({ length: count }, () => new Set<T>());
    this.timer = setInterval(() => this.beat(), Math.max(1, Math.floor(intervalMs / count)));
    this.timer.unref();
  }

  add(item: T): void {
    if (this.sliceOf.has(item)) return;
    // The smallest slice, so that they stay even as connections come and go.
    const slice = this.slices.reduce((a, b) => (b.size < a.size ? b : a));
    slice.add(item);
    this.sliceOf.set(item, slice);
  }

  delete(item: T): void {
    this.sliceOf.get(item)?.delete(item);
    this.sliceOf.delete(item);
  }

  private beat(): void {
    const slice = this.slices[this.tick]!;
    this.tick = (this.tick + 1) % this.slices.length;
    for (const item of slice) item.heartbeat();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

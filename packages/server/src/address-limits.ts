/**
 * Limits per network address. A client can open new connections at will, so a limit kept per connection only is no
 * limit: these counters are kept per address, and their memory is bounded however many addresses come.
 */

/**
 * The key an address is counted under. IPv4 (also when mapped into IPv6) counts per address; IPv6 counts per /64,
 * since one home or one cloud machine gets a whole /64 and could otherwise take a fresh address for each request.
 */
export function addressKey(remote: string | undefined): string {
  if (remote === undefined || remote === "") return "?";
  const mapped = remote.match(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i);
  if (mapped) return mapped[1]!;
  if (!remote.includes(":")) return remote;
  const [head = "", tail = ""] = remote.toLowerCase().split("::");
  const left = head === "" ? [] : head.split(":");
  const right = tail === "" ? [] : tail.split(":");
  const groups = remote.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

export interface WindowLimiterOptions {
  /** How many hits a key may make within one window. */
  readonly limit: number;
  readonly windowMs: number;
  /** How many keys are remembered at most; past that the oldest window is forgotten. */
  readonly maxKeys: number;
  readonly now: () => number;
}

/**
 * Counts hits per key in fixed windows. Memory is at most `maxKeys` entries: a key whose window has passed is dropped
 * when it is next touched or when room is needed, and the oldest key goes first when the table is full.
 */
export class WindowLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly options: WindowLimiterOptions) {}

  /** Counts `cost` hits for `key`; false (and nothing counted) when that would pass the limit. */
  take(key: string, cost = 1): boolean {
    const { limit, windowMs, now } = this.options;
    const time = now();
    let window = this.windows.get(key);
    if (window === undefined || time - window.start >= windowMs) {
      this.windows.delete(key);
      window = { start: time, count: 0 };
      this.makeRoom(time);
      this.windows.set(key, window);
    }
    if (window.count + cost > limit) return false;
    window.count += cost;
    return true;
  }

  /** Gives back `cost` hits taken in `key`'s current window (a hit that turned out not to count). */
  refund(key: string, cost = 1): void {
    const window = this.windows.get(key);
    if (window === undefined || this.options.now() - window.start >= this.options.windowMs) return;
    window.count = Math.max(0, window.count - cost);
  }

  /** Hits counted for `key` in its current window. */
  used(key: string): number {
    const window = this.windows.get(key);
    if (window === undefined || this.options.now() - window.start >= this.options.windowMs) return 0;
    return window.count;
  }

  /** Milliseconds until `key`'s window ends (0 when it has none). */
  retryAfterMs(key: string): number {
    const window = this.windows.get(key);
    if (window === undefined) return 0;
    return Math.max(0, window.start + this.options.windowMs - this.options.now());
  }

  get size(): number {
    return this.windows.size;
  }

  private makeRoom(time: number): void {
    if (this.windows.size < this.options.maxKeys) return;
    // Keys are kept in the order their windows began, so expired ones sit at the front.
    for (const [key, window] of this.windows) {
      if (this.windows.size < this.options.maxKeys && time - window.start < this.options.windowMs) break;
      this.windows.delete(key);
    }
  }
}

/** Counts things that are open at once per key (sockets, say), with a cap per key and bounded memory. */
export class ConcurrencyLimiter {
  private readonly open = new Map<string, number>();

  constructor(private readonly perKey: number) {}

  /** Takes one place for `key`; false when the key already holds `perKey`. */
  acquire(key: string): boolean {
    const count = this.open.get(key) ?? 0;
    if (count >= this.perKey) return false;
    this.open.set(key, count + 1);
    return true;
  }

  release(key: string): void {
    const count = this.open.get(key) ?? 0;
    if (count <= 1) this.open.delete(key);
    else this.open.set(key, count - 1);
  }

  count(key: string): number {
    return this.open.get(key) ?? 0;
  }

  /** Keys holding at least one place: memory grows only with what is really open. */
  get size(): number {
    return this.open.size;
  }
}

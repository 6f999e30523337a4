/**
 * Keeps one node's table leases alive: renews them all every ttl/3 and reports those it lost, so the server can drop
 * those tables and send their sockets away to reconnect (to the new owner). Its epochs feed the node's write fence.
 */
import { realClock, type Clock, type TimerHandle } from "../clock.js";
import type { HeldLease, LeaseTable } from "./lease.js";

/** Why a lease was lost: another node took it (or it ran out), or renewing failed for longer than the ttl. */
export type LeaseLossReason = "taken" | "unreachable";

export interface LeaseKeeperOptions {
  readonly leases: Pick<LeaseTable, "acquire" | "renewMany" | "release">;
  readonly node: string;
  readonly ttlMs: number;
  /** Told of every table lost, once, after it was forgotten here (its writes are refused from then on). */
  readonly onLost: (code: string, reason: LeaseLossReason) => void;
  /** Told of a renewal that failed (the database unreachable); the leases count as lost only after the ttl. */
  readonly onError?: (cause: unknown) => void;
  readonly clock?: Clock;
  /** Leases renewed in one statement at most (RENEW_CHUNK). */
  readonly renewChunk?: number;
}

/** Leases renewed per statement: short enough that writes waiting behind a renewal wait only a moment. */
export const RENEW_CHUNK = 200;

interface Held {
  readonly epoch: number;
  /** When the last renewal that succeeded was sent (this node's clock): the lease lasts at least ttl past it. */
  renewedAt: number;
}

export class LeaseKeeper {
  private readonly held = new Map<string, Held>();
  private readonly clock: Clock;
  private timer: TimerHandle | null = null;
  private round: Promise<void> | null = null;

  constructor(private readonly options: LeaseKeeperOptions) {
    this.clock = options.clock ?? realClock;
  }

  /** The epoch this node holds the table's lease at; undefined when it does not (the fence refuses its writes). */
  epochOf(code: string): number | undefined {
    return this.held.get(code)?.epoch;
  }

  /** The tables this node holds. */
  codes(): string[] {
    return [...this.held.keys()];
  }

  get size(): number {
    return this.held.size;
  }

  /** Takes the table's lease for this node (see LeaseTable.acquire) and keeps it; its epoch, or null when taken. */
  async claim(code: string): Promise<number | null> {
    const sentAt = this.clock.now();
    const lease = await this.options.leases.acquire(code, this.options.node, this.options.ttlMs);
    if (!lease) return null;
    this.held.set(code, { epoch: lease.epoch, renewedAt: sentAt });
    return lease.epoch;
  }

  /** Gives the table up (it closed or moved): forgotten here first, so no write slips through after. */
  async release(code: string): Promise<void> {
    const held = this.held.get(code);
    if (!held) return;
    this.held.delete(code);
    await this.options.leases.release(code, this.options.node, held.epoch);
  }

  /** Renews every ttl/3 until stopped. */
  start(): void {
    if (this.timer) return;
    const tick = (): void => {
      this.timer = this.clock.setTimeout(
        () => {
          void this.renewNow().finally(() => {
            if (this.timer) tick();
          });
        },
        Math.max(1, Math.floor(this.options.ttlMs / 3)),
      );
    };
    tick();
  }

  /** Stops renewing (the leases then run out unless released). */
  stop(): void {
    if (this.timer) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  /** One round: forgets the leases that surely ran out, renews the others, forgets those not renewed. */
  renewNow(): Promise<void> {
    this.round ??= this.renew().finally(() => {
      this.round = null;
    });
    return this.round;
  }

  private async renew(): Promise<void> {
    const { leases, node, ttlMs } = this.options;
    // A node that was paused (or could not reach the database) past its ttl knows it lost, without asking.
    this.forgetOutOfTime("unreachable");
    const asked: HeldLease[] = [...this.held].map(([code, { epoch }]) => ({ code, epoch }));
    asked.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
    // In slices, each its own statement: a renewal locks its rows until it commits, and every write to those tables
    // waits for it (the fence shares the same rows), so a node with thousands of tables renews a few hundred at a time.
    const chunk = this.options.renewChunk ?? RENEW_CHUNK;
    for (let from = 0; from < asked.length; from += chunk) {
      const slice = asked.slice(from, from + chunk);
      const sentAt = this.clock.now();
      let renewed: Set<string>;
      try {
        renewed = await leases.renewMany(node, slice, ttlMs);
      } catch (cause) {
        this.options.onError?.(cause);
        this.forgetOutOfTime("unreachable");
        return;
      }
      for (const { code, epoch } of slice) {
        const held = this.held.get(code);
        // Claimed again or released meanwhile: that newer state stands.
        if (!held || held.epoch !== epoch) continue;
        if (renewed.has(code)) held.renewedAt = sentAt;
        else this.lose(code, "taken");
      }
    }
  }

  private forgetOutOfTime(reason: LeaseLossReason): void {
    const now = this.clock.now();
    for (const [code, held] of this.held) if (now - held.renewedAt >= this.options.ttlMs) this.lose(code, reason);
  }

  private lose(code: string, reason: LeaseLossReason): void {
    this.held.delete(code);
    this.options.onLost(code, reason);
  }
}

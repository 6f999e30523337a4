/**
 * One cluster node's store: the PostgreSQL store with its writes fenced by the node's leases, the lease operations on
 * the same pool, and the keeper that renews the leases and holds the epochs the fence checks.
 */
import type { Clock } from "../clock.js";
import { PgStore, type PgStoreOptions } from "../pg-store.js";
import { LeaseTable, leaseFence } from "./lease.js";
import { LeaseKeeper, type LeaseLossReason } from "./lease-keeper.js";

export interface FencedStoreOptions extends Omit<PgStoreOptions, "fence"> {
  readonly ttlMs: number;
  readonly onLost: (code: string, reason: LeaseLossReason) => void;
  readonly onError?: (cause: unknown) => void;
  readonly clock?: Clock;
}

export interface FencedStore {
  /** Writes only the tables `keeper` holds; others fail with LEASE_LOST and write nothing. */
  readonly store: PgStore;
  readonly leases: LeaseTable;
  readonly keeper: LeaseKeeper;
}

/** Connects and migrates (as PgStore.open); the keeper is not started (keeper.start()). */
export async function openFencedStore(url: string, node: string, options: FencedStoreOptions): Promise<FencedStore> {
  const { ttlMs, onLost, onError, clock, ...storeOptions } = options;
  let keeper: LeaseKeeper | undefined;
  const store = await PgStore.open(url, { ...storeOptions, fence: leaseFence(node, (code) => keeper?.epochOf(code)) });
  // Renewals on connections of their own: behind a queue of writes they could come too late and lose every table.
  const leases = new LeaseTable(store.sidePool(2));
  keeper = new LeaseKeeper({
    leases,
    node,
    ttlMs,
    onLost,
    ...(onError ? { onError } : {}),
    ...(clock ? { clock } : {}),
  });
  return { store, leases, keeper };
}

/**
 * Table ownership leases and fenced writes on a throwaway PostgreSQL (pg-harness): taking, renewing, releasing and
 * taking over leases with their epochs; a node that lost a table can write nothing to it; concurrent takers get one
 * lease; the keeper renews and notices a lease lost (also after a pause). Waits are on states, bounded.
 */
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../src/clock.js";
import { LeaseKeeper, type LeaseLossReason } from "../src/cluster/lease-keeper.js";
import { LeaseTable, leaseFence, type HeldLease } from "../src/cluster/lease.js";
import { openFencedStore, type FencedStore } from "../src/cluster/fenced-store.js";
import { PgStore } from "../src/pg-store.js";
import { usePostgres } from "./pg-harness.js";

const running = usePostgres();

/** The ttl of leases that run out in a test; LONG for those that must not. */
const TTL = 300;
const LONG = 30_000;
const CODE = "AAAAAAAAAA";
const OTHER = "BBBBBBBBBB";
const entry = (version: number) => ({ version, entry: `{"kind":"act","n":${version}}` });
const row = (code: string) => ({ code, name: "Tisch", config: "{}", createdAt: 1000 });

/** Polls until `probe` gives a truthy value (every 20 ms, at most `ms`). */
async function waitFor<T>(probe: () => Promise<T> | T, ms = 5_000): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error("waitFor: timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

async function plainStore(url: string, poolSize = 3): Promise<{ store: PgStore; leases: LeaseTable }> {
  const store = await PgStore.open(url, { poolSize });
  closing.push(() => store.close());
  return { store, leases: new LeaseTable(store.database) };
}

async function startNode(url: string, name: string, ttlMs = TTL, clock?: ManualClock) {
  const lost: [string, LeaseLossReason][] = [];
  const fenced: FencedStore = await openFencedStore(url, name, {
    ttlMs,
    poolSize: 3,
    onLost: (code, reason) => lost.push([code, reason]),
    ...(clock ? { clock } : {}),
  });
  closing.push(async () => {
    fenced.keeper.stop();
    await fenced.store.close();
  });
  return { ...fenced, lost };
}

/**
 * A store of node A whose first batch is held up between its fence's check and its write, its transaction open until
 * `open()`; later batches pass. (Without `claims` the store asks the fence in a transaction of several statements, as
 * the fallback does; the one-statement write is tested below.)
 */
async function gatedStore(url: string) {
  let checked!: () => void;
  const passed = new Promise<void>((resolve) => (checked = resolve));
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const fence = leaseFence("A", () => 1);
  let calls = 0;
  const store = await PgStore.open(url, {
    poolSize: 3,
    fence: {
      lost: fence.lost,
      held: async (client, codes) => {
        const held = await fence.held(client, codes);
        if (++calls === 1) {
          checked();
          await gate;
        }
        return held;
      },
    },
  });
  closing.push(() => {
    open(); // also when the test failed with the gate shut
    return store.close();
  });
  return { store, passed, open };
}

/** Waits until some session of the database waits for a lock (a row lock another transaction holds). */
async function untilSomeoneWaitsForALock(db: PgStore["database"]): Promise<void> {
  await waitFor(async () => {
    const waiting = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    return waiting.rows[0]!.n > 0;
  });
}

/** Lets the lease run out soon (renewed a last time with a short ttl, as by a node that then paused). */
async function runOut(leases: LeaseTable, code: string, node: string, epoch: number): Promise<void> {
  expect(await leases.renew(code, node, epoch, 50)).toBe(true);
  await waitFor(async () => (await leases.ownerOf(code))?.expired);
}

describe("table leases", () => {
  it("takes a free lease, keeps its epoch for the owner, and bumps it for a takeover once it ran out", async () => {
    const { store, leases } = await plainStore(await running().createDatabase());
    expect(await leases.acquire(CODE, "A", LONG)).toEqual({ epoch: 1 });
    expect(await leases.acquire(CODE, "B", LONG)).toBeNull();
    expect(await leases.acquire(CODE, "A", LONG)).toEqual({ epoch: 1 });
    expect(await leases.renew(CODE, "A", 1, LONG)).toBe(true);
    expect(await leases.renew(CODE, "A", 2, LONG)).toBe(false);
    expect(await leases.renew(CODE, "B", 1, LONG)).toBe(false);
    expect(await leases.ownerOf(CODE)).toMatchObject({ code: CODE, node: "A", epoch: 1, expired: false });
    expect([await leases.leasesOf("A"), await leases.leasesOf("B")]).toEqual([1, 0]);
    expect(await leases.ownerOf(OTHER)).toBeNull();

    // Run out: the owner can no longer renew, another node takes it at the next epoch, and the takeover scan sees
    // it meanwhile (only for a table still playing).
    await store.createTable(row(CODE));
    await store.createTable(row(OTHER));
    await store.append(CODE, [entry(1)], "playing", 2000);
    await leases.acquire(OTHER, "A", LONG);
    await runOut(leases, CODE, "A", 1);
    await runOut(leases, OTHER, "A", 1);
    expect(await leases.renew(CODE, "A", 1, LONG)).toBe(false);
    expect(await leases.leasesOf("A")).toBe(0);
    expect(await leases.expiredLeases(10)).toEqual([expect.objectContaining({ code: CODE, node: "A", epoch: 1 })]);
    expect(await leases.acquire(CODE, "B", LONG)).toEqual({ epoch: 2 });
    expect(await leases.expiredLeases(10)).toEqual([]);
    expect(await leases.ownerOf(CODE)).toMatchObject({ node: "B", epoch: 2, expired: false });

    // An owner whose own lease ran out gets it back at a new epoch; a release frees it at once.
    expect(await leases.acquire(OTHER, "A", LONG)).toEqual({ epoch: 2 });
    expect(await leases.release(CODE, "A", 1)).toBe(false);
    expect(await leases.release(CODE, "B", 2)).toBe(true);
    expect(await leases.ownerOf(CODE)).toMatchObject({ node: "B", epoch: 2, expired: true });
    expect(await leases.acquire(CODE, "A", LONG)).toEqual({ epoch: 3 });
    await expect(leases.acquire(CODE, "A", 0)).rejects.toThrow(RangeError);
  });

  it("gives exactly one of 50 concurrent takers the lease, free or run out", async () => {
    const url = await running().createDatabase();
    const pools = [await plainStore(url, 8), await plainStore(url, 8)];
    const race = () =>
      Promise.all(Array.from({ length: 50 }, (_, i) => pools[i % 2]!.leases.acquire(CODE, `node-${i}`, LONG)));
    const first = await race();
    const winner = first.findIndex((lease) => lease !== null);
    expect(first.filter((lease) => lease !== null)).toEqual([{ epoch: 1 }]);
    const { leases } = pools[0]!;
    expect(await leases.ownerOf(CODE)).toMatchObject({ node: `node-${winner}`, epoch: 1 });

    await runOut(leases, CODE, `node-${winner}`, 1);
    const second = await race();
    expect(second.filter((lease) => lease !== null)).toEqual([{ epoch: 2 }]);
    const owner = await leases.ownerOf(CODE);
    expect(owner).toMatchObject({ node: `node-${second.findIndex((lease) => lease !== null)}`, epoch: 2 });
  });
});

describe("fenced writes", () => {
  it("refuse a stale owner's append, snapshot and record (LEASE_LOST) and write nothing", async () => {
    const url = await running().createDatabase();
    const a = await startNode(url, "A", LONG);
    const b = await startNode(url, "B", LONG);
    await a.store.createTable(row(CODE));
    await a.store.createTable(row(OTHER));
    expect(await a.keeper.claim(CODE)).toBe(1);
    expect(await a.keeper.claim(OTHER)).toBe(1);
    await a.store.append(CODE, [entry(1)], "playing", 2000);
    await a.store.saveSnapshot(CODE, 1, "state-1", 2000);

    // A pauses: its lease runs out and B takes the table over, while A still believes it owns it.
    await runOut(a.leases, CODE, "A", 1);
    expect(await b.keeper.claim(CODE)).toBe(2);
    expect(a.keeper.epochOf(CODE)).toBe(1);
    const lost = { code: "LEASE_LOST", table: CODE };
    // Version 2 would be next: only the fence stops it. A write of a table A holds, in the same batch, is kept.
    const batch = await Promise.allSettled([
      a.store.append(CODE, [entry(2)], "over", 3000),
      a.store.append(OTHER, [entry(1)], null, 3000),
    ]);
    expect(batch.map((r) => r.status)).toEqual(["rejected", "fulfilled"]);
    expect((batch[0] as PromiseRejectedResult).reason).toMatchObject(lost);
    await expect(a.store.saveSnapshot(CODE, 2, "state-2", 3000)).rejects.toMatchObject(lost);
    await expect(a.store.saveMatchRecord(CODE, 1, '{"players":[]}', 3000)).rejects.toMatchObject(lost);
    // A table A never claimed is refused the same way.
    await expect(a.store.append("CCCCCCCCCC", [entry(1)], null, 3000)).rejects.toMatchObject({ code: "LEASE_LOST" });

    const stored = await b.store.loadTable(CODE);
    // The snapshot is at version 1, so the log after it is empty: no version 2 was written.
    expect(stored).toMatchObject({ snapshot: { version: 1, state: "state-1" }, entries: [] });
    expect(await b.store.loadMatchRecord(CODE, 1)).toBeNull();
    expect(await b.store.playingTableCodes()).toEqual([CODE]);
    expect((await b.store.loadTable(OTHER))!.entries).toEqual([entry(1)]);

    // The new owner writes the version A could not.
    await b.store.append(CODE, [entry(2)], "over", 4000);
    await b.store.saveMatchRecord(CODE, 1, '{"players":[]}', 4000);
    expect((await b.store.loadTable(CODE))!.entries).toEqual([entry(2)]);
  });
});

describe("takeover during writes", () => {
  it("loses no acknowledged write: each lands before the takeover or is refused", async () => {
    const url = await running().createDatabase();
    const a = await startNode(url, "A", LONG);
    const b = await startNode(url, "B", LONG);
    for (const code of ["CCCCCCCCC1", "CCCCCCCCC2", "CCCCCCCCC3"]) {
      await a.store.createTable(row(code));
      expect(await a.keeper.claim(code)).toBe(1);
      expect(await a.leases.renew(code, "A", 1, 100)).toBe(true); // runs out in 100 ms while A writes on
      const acked: number[] = [];
      const writing = (async () => {
        for (let version = 1; ; version++) {
          try {
            await a.store.append(code, [entry(version)], null, 2000);
            acked.push(version);
          } catch (cause) {
            return cause;
          }
        }
      })();
      expect(await waitFor(() => b.keeper.claim(code))).toBe(2);
      const taken = await b.store.loadTable(code);
      expect(await writing).toMatchObject({ code: "LEASE_LOST" });
      expect(acked.length).toBeGreaterThan(0);
      expect(taken!.entries.map((e) => e.version)).toEqual(acked);
    }
  });

  it("makes a takeover wait for a write that passed the fence, and then see it", async () => {
    const url = await running().createDatabase();
    const { store: a, passed, open } = await gatedStore(url);
    const { store: b, leases } = await plainStore(url);
    await a.createTable(row(CODE));
    expect(await leases.acquire(CODE, "A", LONG)).toEqual({ epoch: 1 });
    expect(await leases.renew(CODE, "A", 1, TTL)).toBe(true);

    const appended = a.append(CODE, [entry(1)], null, 2000);
    await passed;
    // A's transaction stays open while its lease runs out and B tries to take the table: B has to wait for it.
    await waitFor(async () => (await leases.ownerOf(CODE))!.expired);
    const taking = leases.acquire(CODE, "B", LONG);
    await untilSomeoneWaitsForALock(b.database);
    open();
    await appended;
    expect(await taking).toEqual({ epoch: 2 });
    expect((await b.loadTable(CODE))!.entries).toEqual([entry(1)]);
  });
});

describe("lease keeper", () => {
  it("renews the lease of a table while a write that passed its fence is under way, without waiting for it", async () => {
    const url = await running().createDatabase();
    const { store: a, passed, open } = await gatedStore(url);
    const { leases } = await plainStore(url);
    await a.createTable(row(CODE));
    expect(await leases.acquire(CODE, "A", LONG)).toEqual({ epoch: 1 });
    const appended = a.append(CODE, [entry(1)], null, 2000);
    await passed;
    // The write's transaction holds its fence lock; the owner's renewal goes through at once all the same.
    const renewed = await Promise.race([
      leases.renewMany("A", [{ code: CODE, epoch: 1 }], LONG),
      new Promise<"waited">((resolve) => setTimeout(() => resolve("waited"), 3_000)),
    ]);
    expect(renewed).toEqual(new Set([CODE]));
    open();
    await appended;
  });

  it("commits a second batch while the first is still under way (two writers), and keeps both", async () => {
    const url = await running().createDatabase();
    const { store: a, passed, open } = await gatedStore(url);
    const { store: b, leases } = await plainStore(url);
    for (const code of [CODE, OTHER]) {
      await a.createTable(row(code));
      expect(await leases.acquire(code, "A", LONG)).toEqual({ epoch: 1 });
    }
    const first = a.append(CODE, [entry(1)], null, 2000);
    await passed;
    await a.append(OTHER, [entry(1)], null, 2000);
    expect((await b.loadTable(OTHER))!.entries).toEqual([entry(1)]);
    expect((await b.loadTable(CODE))!.entries).toEqual([]);
    open();
    await first;
    expect((await b.loadTable(CODE))!.entries).toEqual([entry(1)]);
  });

  it("makes a one-statement batch wait for a takeover under way, and then refuses it (LEASE_LOST)", async () => {
    const url = await running().createDatabase();
    const a = await PgStore.open(url, { poolSize: 2, fence: leaseFence("A", () => 1) });
    closing.push(() => a.close());
    const { store: b, leases } = await plainStore(url);
    await a.createTable(row(CODE));
    await a.createTable(row(OTHER));
    expect(await leases.acquire(CODE, "A", LONG)).toEqual({ epoch: 1 });
    expect(await leases.acquire(OTHER, "A", LONG)).toEqual({ epoch: 1 });
    await a.append(CODE, [entry(1)], "playing", 2000);

    // B takes CODE over in a transaction that stays open with the lease row locked.
    const taker = await b.database.connect();
    closing.push(async () => taker.release());
    await taker.query("BEGIN");
    await taker.query("SELECT * FROM table_leases WHERE code = $1 FOR UPDATE", [CODE]);
    const appended = Promise.allSettled([
      a.append(CODE, [entry(2)], null, 3000),
      a.append(OTHER, [entry(1)], "playing", 3000),
    ]);
    await untilSomeoneWaitsForALock(b.database);
    await taker.query("UPDATE table_leases SET node = 'B', epoch = 2 WHERE code = $1", [CODE]);
    await taker.query("COMMIT");

    const [lost, kept] = await appended;
    expect(lost).toMatchObject({ status: "rejected", reason: { code: "LEASE_LOST", table: CODE } });
    expect(kept.status).toBe("fulfilled");
    expect((await b.loadTable(CODE))!.entries).toEqual([entry(1)]);
    expect((await b.loadTable(OTHER))!.entries).toEqual([entry(1)]);
    const rows = await b.database.query<{ code: string; version: number; status: string }>(
      "SELECT code, version, status FROM tables ORDER BY code",
    );
    expect(rows.rows).toEqual([
      { code: CODE, version: 1, status: "playing" },
      { code: OTHER, version: 1, status: "playing" },
    ]);
  });

  it("keeps a lease past its ttl and notices when another node took it", async () => {
    const url = await running().createDatabase();
    const a = await startNode(url, "A");
    await a.store.createTable(row(CODE));
    expect(await a.keeper.claim(CODE)).toBe(1);
    const first = (await a.leases.ownerOf(CODE))!.expiresAt;
    a.keeper.start();
    // Renewed every ttl/3: the lease lasts on well past its first end.
    await waitFor(async () => (await a.leases.ownerOf(CODE))!.expiresAt >= first + TTL);
    expect(a.lost).toEqual([]);
    await a.store.append(CODE, [entry(1)], null, 2000);

    // Taken away behind its back (as after a split the node did not notice): the next renewal finds out.
    await a.store.database.query("UPDATE table_leases SET node = 'B', epoch = epoch + 1 WHERE code = $1", [CODE]);
    await waitFor(() => a.lost.length > 0);
    expect(a.lost).toEqual([[CODE, "taken"]]);
    expect(a.keeper.epochOf(CODE)).toBeUndefined();
    await expect(a.store.append(CODE, [entry(2)], null, 3000)).rejects.toMatchObject({ code: "LEASE_LOST" });
  });

  it("finds after a pause past its ttl that its tables were taken over", async () => {
    const url = await running().createDatabase();
    const clock = new ManualClock();
    const a = await startNode(url, "A", TTL, clock);
    const b = await startNode(url, "B", LONG);
    await a.store.createTable(row(CODE));
    expect(await a.keeper.claim(CODE)).toBe(1);
    a.keeper.start();
    // Paused: A's clock stands still, so it renews nothing while the database's time goes on.
    await waitFor(async () => (await b.leases.ownerOf(CODE))!.expired);
    expect(await b.keeper.claim(CODE)).toBe(2);
    // Resumed: its next round learns the lease is gone.
    clock.advance(TTL / 3);
    await a.keeper.renewNow();
    expect(a.lost).toEqual([[CODE, "taken"]]);
    await expect(a.store.saveSnapshot(CODE, 1, "x", 3000)).rejects.toMatchObject({ code: "LEASE_LOST" });
    expect(b.keeper.epochOf(CODE)).toBe(2);
  });

  it("counts leases lost only once renewals failed for longer than the ttl", async () => {
    const clock = new ManualClock(0);
    const lost: [string, LeaseLossReason][] = [];
    const errors: unknown[] = [];
    let failing = false;
    const leases = {
      acquire: () => Promise.resolve({ epoch: 7 }),
      release: () => Promise.resolve(true),
      renewMany: (_node: string, held: readonly HeldLease[]) =>
        failing ? Promise.reject(new Error("down")) : Promise.resolve(new Set(held.map((h) => h.code))),
    };
    const keeper = new LeaseKeeper({
      leases,
      node: "A",
      ttlMs: TTL,
      clock,
      onLost: (code, reason) => lost.push([code, reason]),
      onError: (cause) => errors.push(cause),
    });
    expect(await keeper.claim(CODE)).toBe(7);
    keeper.start();
    clock.advance(TTL / 3);
    await keeper.renewNow(); // renewed at 100: the lease lasts until 400 at least
    failing = true;
    for (const at of [200, 300]) {
      clock.advance(TTL / 3);
      await keeper.renewNow();
      expect([clock.now(), lost]).toEqual([at, []]);
    }
    clock.advance(TTL / 3);
    await keeper.renewNow();
    expect(errors).toHaveLength(2);
    expect(lost).toEqual([[CODE, "unreachable"]]);
    expect(keeper.epochOf(CODE)).toBeUndefined();
    keeper.stop();
    expect(clock.pending).toBe(0);
  });
  it("renews many leases in slices of renewChunk, in code order, and loses only those a slice did not renew", async () => {
    const clock = new ManualClock(0);
    const lost: string[] = [];
    const slices: string[][] = [];
    const leases = {
      acquire: () => Promise.resolve({ epoch: 1 }),
      release: () => Promise.resolve(true),
      renewMany: (_node: string, held: readonly HeldLease[]) => {
        slices.push(held.map((h) => h.code));
        // Another node took T0201 meanwhile: the rest are renewed.
        return Promise.resolve(new Set(held.map((h) => h.code).filter((c) => c !== "T0201")));
      },
    };
    const keeper = new LeaseKeeper({
      leases,
      node: "A",
      ttlMs: TTL,
      clock,
      renewChunk: 100,
      onLost: (c) => lost.push(c),
    });
    const codes = Array.from({ length: 250 }, (_, i) => `T${String(i).padStart(4, "0")}`);
    for (const code of codes.toReversed()) await keeper.claim(code);
    await keeper.renewNow();
    expect(slices.map((s) => s.length)).toEqual([100, 100, 50]);
    expect(slices.flat()).toEqual(codes);
    expect(lost).toEqual(["T0201"]);
    expect(keeper.size).toBe(249);
  });
});

/**
 * The PostgreSQL store passes the shared store suite, on a throwaway PostgreSQL started here (a fresh database per
 * test). When PostgreSQL cannot be started the suite fails: it never skips.
 */
import { describe, expect, it } from "vitest";
import pg from "pg";
import { PgChatStore } from "../src/pg-chat.js";
import { PgPlayerStore } from "../src/pg-players.js";
import { PgRatingStore } from "../src/pg-ratings.js";
import { PG_MIGRATIONS, PgStore, migratePg } from "../src/pg-store.js";
import { usePostgres } from "./pg-harness.js";
import { playerStoreContract } from "./player-store-contract.js";
import { ratingStoreContract } from "./rating-store-contract.js";
import { storeContract } from "./store-contract.js";

const running = usePostgres();

storeContract("PostgreSQL", async (now) => PgStore.open(await running().createDatabase(), { now, poolSize: 3 }));
ratingStoreContract("PostgreSQL", async () => {
  const store = await PgStore.open(await running().createDatabase(), { poolSize: 3 });
  return { store: new PgRatingStore(store.database), close: () => store.close() };
});
playerStoreContract("PostgreSQL", async () => {
  const store = await PgStore.open(await running().createDatabase(), { poolSize: 3 });
  return { store, players: new PgPlayerStore(store.database), chat: new PgChatStore(store.database) };
});

const entry = (version: number) => ({ version, entry: `{"kind":"act","n":${version}}` });

describe("PostgreSQL log", () => {
  it("rejects only the append that reuses a version; the others committed with it are kept", async () => {
    const store = await PgStore.open(await running().createDatabase(), { poolSize: 2 });
    try {
      for (const code of ["AAAAAAAAAA", "BBBBBBBBBB"]) {
        await store.createTable({ code, name: "T", config: "{}", createdAt: 1000 });
      }
      await store.append("AAAAAAAAAA", [entry(1)], null, 2000);
      const results = await Promise.allSettled([
        store.append("AAAAAAAAAA", [entry(2)], null, 3000),
        store.append("BBBBBBBBBB", [entry(1)], null, 3000),
        store.append("AAAAAAAAAA", [entry(2)], "playing", 3000),
        store.append("AAAAAAAAAA", [entry(3)], null, 3000),
      ]);
      expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
      expect((await store.loadTable("AAAAAAAAAA"))!.entries).toEqual([entry(1), entry(2), entry(3)]);
      expect((await store.loadTable("BBBBBBBBBB"))!.entries).toEqual([entry(1)]);
      expect(await store.playingTableCodes()).toEqual([]);
    } finally {
      await store.close();
    }
  });
});

describe("PostgreSQL group commit", () => {
  it("with gatherMs, appends that come one by one within the window share one commit", async () => {
    const store = await PgStore.open(await running().createDatabase(), { poolSize: 2, gatherMs: 300 });
    try {
      for (const code of ["AAAAAAAAAA", "BBBBBBBBBB"]) {
        await store.createTable({ code, name: "T", config: "{}", createdAt: 1000 });
      }
      const started = performance.now();
      let secondDone = false;
      const first = store.append("AAAAAAAAAA", [entry(1)], null, 2000);
      await new Promise((resolve) => setTimeout(resolve, 10));
      const second = store.append("BBBBBBBBBB", [entry(1)], null, 2010).then(() => (secondDone = true));
      await first;
      // Not written before the window ended (a timer may fire a millisecond early), and the second append came
      // within it: the same batch resolves both in one go, before the event loop's next turn.
      expect(performance.now() - started).toBeGreaterThanOrEqual(295);
      await new Promise((resolve) => setImmediate(resolve));
      expect(secondDone).toBe(true);
      await second;
      expect((await store.loadTable("BBBBBBBBBB"))!.entries).toEqual([entry(1)]);
    } finally {
      await store.close();
    }
  });

  it("refuses a gathering time that is no time", async () => {
    const url = await running().createDatabase();
    await expect(PgStore.open(url, { gatherMs: -1 })).rejects.toThrow(/gathering time/);
    await expect(PgStore.open(url, { gatherMs: Number.NaN })).rejects.toThrow(/gathering time/);
  });
});

describe("PostgreSQL snapshots", () => {
  it("writes a few at once and declines the rest at once (STORE_BUSY), each table's later one still written", async () => {
    const store = await PgStore.open(await running().createDatabase(), { poolSize: 2 });
    try {
      const codes = Array.from({ length: 8 }, (_, i) => `SNAP${i}AAAAA`);
      for (const code of codes) await store.createTable({ code, name: "T", config: "{}", createdAt: 1000 });
      const results = await Promise.allSettled(codes.map((code) => store.saveSnapshot(code, 1, '{"v":1}', 2000)));
      const written = results.filter((r) => r.status === "fulfilled").length;
      expect(written).toBeGreaterThanOrEqual(1);
      expect(written).toBeLessThan(codes.length);
      for (const r of results) {
        if (r.status === "rejected") expect((r.reason as { code?: string }).code).toBe("STORE_BUSY");
      }
      // Declined ones come later, one at a time, and are written; a declined one wrote nothing.
      for (const [i, code] of codes.entries()) {
        const table = await store.loadTable(code);
        expect(table!.snapshot?.version ?? null).toBe(results[i]!.status === "fulfilled" ? 1 : null);
        await store.saveSnapshot(code, 2, '{"v":2}', 3000);
        expect((await store.loadTable(code))!.snapshot?.version).toBe(2);
      }
    } finally {
      await store.close();
    }
  });
});

describe("PostgreSQL schema", () => {
  it("migrates once, also when several servers start together, and refuses a newer schema", async () => {
    const url = await running().createDatabase();
    const stores = await Promise.all([1, 2, 3].map(() => PgStore.open(url, { poolSize: 2 })));
    await Promise.all(stores.map((s) => s.close()));
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      const found = await pool.query<{ version: number }>("SELECT version FROM schema_version");
      expect(found.rows).toEqual([{ version: PG_MIGRATIONS.length }]);
      expect(await migratePg(pool)).toBe(PG_MIGRATIONS.length);
      await pool.query("UPDATE schema_version SET version = $1", [PG_MIGRATIONS.length + 1]);
      await expect(PgStore.open(url)).rejects.toThrow(/newer/);
    } finally {
      await pool.end();
    }
  });

  it("fails to open with a clear error when the database cannot be reached", async () => {
    await expect(PgStore.open("postgresql://postgres@127.0.0.1:1/none")).rejects.toThrow(/ECONNREFUSED/);
  });
});

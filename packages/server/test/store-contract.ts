/**
 * The behaviour every `Store` shares, as one suite: run for SQLite (sqlite-store.test.ts) and for PostgreSQL
 * (pg-store.test.ts). A store passes it or it is not a store.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Store, StoredEntry } from "../src/store.js";

/** Makes a fresh, empty store whose token clock is `now`. */
export type MakeStore = (now: () => number) => Promise<Store>;

const HOUR = 3_600_000;
const entry = (version: number, kind = "act"): StoredEntry => ({ version, entry: `{"kind":"${kind}","n":${version}}` });
const join = (version: number, token: string): StoredEntry => ({
  version,
  entry: JSON.stringify({ kind: "join", seat: 0, token }),
});
const row = (code: string, createdAt = 1000) => ({ code, name: `Tisch ${code}`, config: '{"seats":2}', createdAt });
const record = (players: string[], winner?: number | null) =>
  JSON.stringify({ players, table: { players: [], ...(winner === undefined ? {} : { winner }) } });

export function storeContract(name: string, makeStore: MakeStore): void {
  describe(`Store contract: ${name}`, () => {
    const open: Store[] = [];
    let clock = 0;
    const fresh = async (): Promise<Store> => {
      clock = 1000;
      const store = await makeStore(() => clock);
      open.push(store);
      return store;
    };
    afterEach(async () => {
      await Promise.all(open.splice(0).map((s) => s.close()));
    });

    it("creates a table once per code and loads it with its log", async () => {
      const store = await fresh();
      expect(await store.createTable(row("AAAAAAAAAA"))).toBe(true);
      expect(await store.createTable({ ...row("AAAAAAAAAA"), name: "anders" })).toBe(false);
      expect(await store.loadTable("BBBBBBBBBB")).toBeNull();
      await store.append("AAAAAAAAAA", [entry(1), entry(2)], null, 2000);
      await store.append("AAAAAAAAAA", [entry(3)], "playing", 3000);
      expect(await store.loadTable("AAAAAAAAAA")).toEqual({
        row: row("AAAAAAAAAA"),
        snapshot: null,
        entries: [entry(1), entry(2), entry(3)],
      });
      expect(await store.playingTableCodes()).toEqual(["AAAAAAAAAA"]);
    });

    it("keeps each version once: a second append of a version fails and changes nothing", async () => {
      const store = await fresh();
      await store.createTable(row("AAAAAAAAAA"));
      await store.createTable(row("BBBBBBBBBB"));
      await store.append("AAAAAAAAAA", [entry(1), entry(2)], null, 2000);
      await expect(
        store.append("AAAAAAAAAA", [{ version: 2, entry: '{"kind":"other"}' }], null, 2500),
      ).rejects.toThrow();
      await expect(store.append("AAAAAAAAAA", [entry(3), entry(1)], "playing", 2500)).rejects.toThrow();
      expect((await store.loadTable("AAAAAAAAAA"))!.entries).toEqual([entry(1), entry(2)]);
      expect(await store.playingTableCodes()).toEqual([]);
      // Appends in flight together (one group commit) are all kept, each table's in order.
      await Promise.all([
        store.append("AAAAAAAAAA", [entry(3)], null, 3000),
        store.append("BBBBBBBBBB", [entry(1)], null, 3000),
        store.append("AAAAAAAAAA", [entry(4)], null, 3000),
        store.append("BBBBBBBBBB", [entry(2)], "playing", 3000),
      ]);
      expect((await store.loadTable("AAAAAAAAAA"))!.entries).toEqual([entry(1), entry(2), entry(3), entry(4)]);
      expect((await store.loadTable("BBBBBBBBBB"))!.entries).toEqual([entry(1), entry(2)]);
      expect(await store.playingTableCodes()).toEqual(["BBBBBBBBBB"]);
    });

    it("loads the latest snapshot and only the log after it", async () => {
      const store = await fresh();
      await store.createTable(row("AAAAAAAAAA"));
      await store.append("AAAAAAAAAA", [entry(1), entry(2), entry(3)], null, 2000);
      await store.saveSnapshot("AAAAAAAAAA", 2, '{"state":2}', 2000);
      expect(await store.loadTable("AAAAAAAAAA")).toMatchObject({
        snapshot: { version: 2, state: '{"state":2}' },
        entries: [entry(3)],
      });
      await store.append("AAAAAAAAAA", [entry(4)], null, 2100);
      await store.saveSnapshot("AAAAAAAAAA", 4, '{"state":4}', 2100);
      expect(await store.loadTable("AAAAAAAAAA")).toMatchObject({
        snapshot: { version: 4, state: '{"state":4}' },
        entries: [],
      });
    });

    it("expires idle lobby tables entirely and archives finished ones, keeping their records and code", async () => {
      const store = await fresh();
      for (const code of ["LOBBYAAAAA", "LOBBYBBBBB", "OVERAAAAAA", "OVERBBBBBB"]) await store.createTable(row(code));
      await store.append("OVERAAAAAA", [entry(1)], "over", 5000);
      await store.append("OVERBBBBBB", [entry(1)], "over", 5000);
      await store.saveSnapshot("OVERAAAAAA", 1, "{}", 5000);
      await store.saveMatchRecord("OVERAAAAAA", 1, record(["Lena", "Bot 2"], 0), 5000);
      await store.append("LOBBYBBBBB", [entry(1)], null, 100_000);

      expect(await store.staleTables("lobby", 50_000, 10)).toEqual(["LOBBYAAAAA"]);
      expect(await store.staleTables("lobby", 200_000, 1)).toEqual(["LOBBYAAAAA"]);
      expect((await store.staleTables("over", 6000, 10)).sort()).toEqual(["OVERAAAAAA", "OVERBBBBBB"]);
      // A table that changed since it was found stale stays.
      expect(await store.expireTables(["LOBBYAAAAA", "LOBBYBBBBB"], "lobby", 50_000)).toBe(1);
      expect(await store.loadTable("LOBBYAAAAA")).toBeNull();
      expect(await store.loadTable("LOBBYBBBBB")).not.toBeNull();
      expect(await store.createTable(row("LOBBYAAAAA"))).toBe(true);
      // Only tables of the status asked for go.
      expect(await store.expireTables(["LOBBYBBBBB"], "over", 200_000)).toBe(0);

      expect(await store.expireTables(["OVERAAAAAA"], "over", 6000)).toBe(1);
      expect(await store.loadTable("OVERAAAAAA")).toBeNull();
      expect(await store.createTable(row("OVERAAAAAA"))).toBe(false);
      expect(await store.loadMatchRecord("OVERAAAAAA", 1)).toBe(record(["Lena", "Bot 2"], 0));
      expect(await store.staleTables("over", 6000, 10)).toEqual(["OVERBBBBBB"]);
      expect(await store.expireTables(["OVERAAAAAA"], "over", 6000)).toBe(0);
    });

    it("moves a table's last change with its appends, to the minute", async () => {
      const store = await fresh();
      await store.createTable(row("AAAAAAAAAA", 0));
      await store.append("AAAAAAAAAA", [entry(1)], null, 30_000);
      // Within a minute of its creation the row is not rewritten.
      expect(await store.staleTables("lobby", 1, 10)).toEqual(["AAAAAAAAAA"]);
      await store.append("AAAAAAAAAA", [entry(2)], null, 90_000);
      expect(await store.staleTables("lobby", 80_000, 10)).toEqual([]);
      expect(await store.staleTables("lobby", 90_001, 10)).toEqual(["AAAAAAAAAA"]);
    });

    it("saves match records, keeps the first time of a record saved again, and lists them oldest first", async () => {
      const store = await fresh();
      await store.createTable(row("AAAAAAAAAA"));
      expect(await store.loadMatchRecord("AAAAAAAAAA", 1)).toBeNull();
      await store.saveMatchRecord("AAAAAAAAAA", 2, record(["Ida", "Uwe"], null), 7000);
      await store.saveMatchRecord("AAAAAAAAAA", 1, record(["Ida", "Uwe"], 1), 6000);
      await store.saveMatchRecord("AAAAAAAAAA", 3, record(["Ida", "Uwe"]), 8000);
      await store.saveMatchRecord("AAAAAAAAAA", 1, record(["Ida", "Uwe"], 1), 9000);
      expect(await store.listMatches("AAAAAAAAAA", 10)).toEqual([
        { match: 1, finishedAt: 6000, seats: ["Ida", "Uwe"], winner: 1 },
        { match: 2, finishedAt: 7000, seats: ["Ida", "Uwe"], winner: null },
        { match: 3, finishedAt: 8000, seats: ["Ida", "Uwe"] },
      ]);
      // A changed record takes the new time.
      await store.saveMatchRecord("AAAAAAAAAA", 1, record(["Ida", "Ute"], 0), 9000);
      expect(await store.listMatches("AAAAAAAAAA", 1)).toEqual([
        { match: 1, finishedAt: 9000, seats: ["Ida", "Ute"], winner: 0 },
      ]);
      expect(await store.loadMatchRecord("AAAAAAAAAA", 1)).toBe(record(["Ida", "Ute"], 0));
      expect(await store.listMatches("BBBBBBBBBB", 10)).toEqual([]);
    });

    it("knows issued tokens, stamps their use, and forgets unseated then unused ones in bounded batches", async () => {
      const store = await fresh();
      for (const token of ["t-browse-1", "t-browse-2", "t-seated"]) await store.addToken(token, 1000);
      await store.addToken("t-seated", 5000);
      expect(await store.hasToken("t-unknown")).toBe(false);
      await store.createTable(row("AAAAAAAAAA"));
      await store.append("AAAAAAAAAA", [join(1, "t-seated")], null, 2000);

      expect(await store.expireTokens(1500, 0, 1)).toBe(1);
      expect(await store.expireTokens(1500, 0, 10)).toBe(1);
      expect(await store.hasToken("t-browse-1")).toBe(false);
      expect(await store.hasToken("t-browse-2")).toBe(false);
      // A seated token goes only by the long rule, counted from its last use.
      expect(await store.expireTokens(10 * HOUR, 1500, 10)).toBe(0);
      clock = 50 * HOUR;
      expect(await store.hasToken("t-seated")).toBe(true);
      expect(await store.expireTokens(100 * HOUR, 40 * HOUR, 10)).toBe(0);
      expect(await store.expireTokens(100 * HOUR, 60 * HOUR, 0)).toBe(0);
      expect(await store.expireTokens(100 * HOUR, 60 * HOUR, 10)).toBe(1);
      expect(await store.hasToken("t-seated")).toBe(false);
    });

    it("closes once, keeping what was appended", async () => {
      const store = await fresh();
      await store.createTable(row("AAAAAAAAAA"));
      const pending = store.append("AAAAAAAAAA", [entry(1)], "playing", 2000);
      await store.close();
      await pending;
      await store.close();
    });
  });
}

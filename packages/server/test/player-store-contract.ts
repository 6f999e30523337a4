/**
 * The behaviour every player store and chat store share, with the game store whose database they use (saved match
 * records feed a player's list; expired tables take their chat along): run for SQLite (sqlite-store.test.ts) and
 * PostgreSQL (pg-store.test.ts).
 */
import { afterEach, describe, expect, it } from "vitest";
import { LOBBY_ROOM, type ChatStore } from "../src/chat-store.js";
import type { PlayerStore } from "../src/player-store.js";
import { Players } from "../src/players.js";
import type { Store } from "../src/store.js";

export interface PlayerStores {
  readonly store: Store;
  readonly players: PlayerStore;
  readonly chat: ChatStore;
}

/** Makes fresh, empty stores on one database. */
export type MakePlayerStores = () => Promise<PlayerStores>;

const guest = (id: string, createdAt = 1000) => ({
  id,
  name: id.toUpperCase(),
  kind: "guest" as const,
  createdAt,
  deletedAt: null,
});
const table = (code: string) => ({ code, name: "T", config: "{}", createdAt: 1000 });
const record = (names: string[], ids: (string | null)[]) => JSON.stringify({ players: names, table: { players: ids } });
const line = (room: string, text: string, at = 1000, player: string | null = null, match = 0) => ({
  room,
  at,
  match,
  seat: 0,
  player,
  name: "Eva",
  text,
  phrase: null,
});

export function playerStoreContract(name: string, make: MakePlayerStores): void {
  describe(`PlayerStore and ChatStore contract: ${name}`, () => {
    const open: Store[] = [];
    const fresh = async (): Promise<PlayerStores> => {
      const stores = await make();
      open.push(stores.store);
      return stores;
    };
    afterEach(async () => {
      await Promise.all(open.splice(0).map((s) => s.close()));
    });

    it("keeps players; an account name (by key) belongs to one account, guests may share it", async () => {
      const { players } = await fresh();
      for (const id of ["p-ida", "p-uwe", "p-eva"]) await players.createPlayer(guest(id));
      expect((await players.players(["p-uwe", "p-ida", "p-ida", "p-none"])).map((p) => p.id).sort()).toEqual([
        "p-ida",
        "p-uwe",
      ]);
      expect(await players.players([])).toEqual([]);
      expect(await players.updatePlayer("p-ida", "Ida", "account", "ida")).toBe(true);
      expect(await players.updatePlayer("p-uwe", "IDA", "account", "ida")).toBe(false);
      expect(await players.updatePlayer("p-uwe", "IDA", "guest", "ida")).toBe(true);
      expect(await players.accountByKey("ida")).toEqual({
        id: "p-ida",
        name: "Ida",
        kind: "account",
        createdAt: 1000,
        deletedAt: null,
      });
      expect(await players.accountByKey("uwe")).toBeNull();
      expect(await players.updatePlayer("p-none", "X", "guest", null)).toBe(false);
    });

    it("through Players: a guest is neither made nor renamed under an account's name; earlier guests keep it", async () => {
      const { players: store } = await fresh();
      const players = new Players(store);
      const newGuest = async (named: string) => {
        const made = await players.createGuest(named);
        if (!made.ok) throw new Error(made.error.message);
        return made.value.player;
      };
      const early = await newGuest("jonas");
      const jonas = await players.makeAccount(await newGuest("Jonas"));
      if (!jonas.ok) throw new Error("Jonas");
      const taken = { ok: false, error: { code: "NAME_TAKEN" } };
      // Created under it (any case, full-width too): refused, nobody made.
      for (const named of ["Jonas", "JONAS", "Ｊｏｎａｓ"])
        expect(await players.createGuest(named)).toMatchObject(taken);
      const lena = await newGuest("Lena");
      expect(await players.rename(lena, " jonas ")).toMatchObject(taken);
      expect(await players.one(lena.id)).toMatchObject({ name: "Lena", kind: "guest" });
      // The guest from before keeps its name (and may change its case), but once renamed cannot take it back.
      expect(await players.rename(early, "JoNaS")).toMatchObject({ ok: true, value: { name: "JoNaS" } });
      const renamed = await players.rename(early, "Jo");
      if (!renamed.ok) throw new Error("Jo");
      expect(await players.rename(renamed.value, "jonas")).toMatchObject(taken);
      expect(await players.one(early.id)).toMatchObject({ name: "Jo", kind: "guest" });
      // Guests still share names among themselves; the account itself may change its case.
      expect((await newGuest("Lena")).name).toBe("Lena");
      expect(await players.rename(jonas.value, "JONAS")).toMatchObject({ ok: true });
      // Once the account is deleted, the name is free again.
      await players.delete(jonas.value);
      expect((await newGuest("Jonas")).name).toBe("Jonas");
    });

    it("keeps sessions with their challenge, stamps their use to the minute, and expires them in batches", async () => {
      const { players } = await fresh();
      const challenge = { kind: "login" as const, value: "abc", expiresAt: 9000 };
      await players.createPlayer(guest("p-ida"));
      await players.createSession({ id: "s-anon", playerId: null, createdAt: 1000, usedAt: 1000, challenge });
      await players.createSession({ id: "s-ida", playerId: null, createdAt: 1000, usedAt: 1000, challenge: null });
      expect(await players.session("s-anon", 2000)).toEqual({
        id: "s-anon",
        playerId: null,
        createdAt: 1000,
        usedAt: 1000,
        challenge,
      });
      expect(await players.session("s-none", 2000)).toBeNull();
      await players.setSessionPlayer("s-ida", "p-ida");
      expect(await players.session("s-ida", 100_000)).toMatchObject({ playerId: "p-ida", usedAt: 1000 });
      expect(await players.session("s-ida", 120_000)).toMatchObject({ usedAt: 100_000 });
      await players.setChallenge("s-ida", challenge);
      expect((await players.session("s-ida", 120_000))!.challenge).toEqual(challenge);
      await players.setChallenge("s-ida", null);
      expect((await players.session("s-ida", 120_000))!.challenge).toBeNull();
      // Without a player a session goes early; with one only by the long rule.
      expect(await players.expireSessions(50_000, 50_000, 10)).toBe(1);
      expect(await players.expireSessions(50_000, 200_000, 10)).toBe(0);
      expect(await players.expireSessions(200_000, 0, 0)).toBe(0);
      expect(await players.expireSessions(200_000, 0, 10)).toBe(1);
      await players.createSession({ id: "s-x", playerId: null, createdAt: 1000, usedAt: 1000, challenge: null });
      await players.deleteSession("s-x");
      expect(await players.session("s-x", 2000)).toBeNull();
    });

    it("keeps passkeys once per credential id, with their counter", async () => {
      const { players } = await fresh();
      const key = { playerId: "p-ida", publicKey: new Uint8Array([1, 2, 0, 255]), counter: 0, transports: ["usb"] };
      expect(await players.addCredential({ id: "c-2", ...key, createdAt: 2000 })).toBe(true);
      expect(await players.addCredential({ id: "c-1", ...key, transports: [], createdAt: 1000 })).toBe(true);
      expect(await players.addCredential({ id: "c-1", ...key, playerId: "p-uwe", createdAt: 3000 })).toBe(false);
      expect(await players.credential("c-2")).toEqual({ id: "c-2", ...key, createdAt: 2000 });
      expect(await players.credential("c-3")).toBeNull();
      await players.setCounter("c-2", 7, 4000);
      expect((await players.credentialsOf("p-ida")).map((c) => [c.id, c.counter])).toEqual([
        ["c-1", 0],
        ["c-2", 7],
      ]);
      expect(await players.credentialsOf("p-uwe")).toEqual([]);
    });

    it("lists a player's saved matches; deleting the account leaves a neutral name everywhere", async () => {
      const { store, players, chat } = await fresh();
      await players.createPlayer(guest("p-ida"));
      await players.updatePlayer("p-ida", "Ida", "account", "ida");
      await players.createSession({ id: "s-ida", playerId: "p-ida", createdAt: 1, usedAt: 1, challenge: null });
      await players.addCredential({
        id: "c-1",
        playerId: "p-ida",
        publicKey: new Uint8Array([1]),
        counter: 0,
        transports: [],
        createdAt: 1,
      });
      await store.createTable(table("AAAAAAAAAA"));
      await store.saveMatchRecord("AAAAAAAAAA", 1, record(["Uwe", "Ida"], [null, "p-ida"]), 5000);
      await store.saveMatchRecord("AAAAAAAAAA", 2, record(["Ida", "Bot 2"], ["p-ida", null]), 6000);
      await store.saveMatchRecord("AAAAAAAAAA", 3, record(["Uwe", "Bot 2"], ["p-uwe", null]), 7000);
      expect((await players.recordsOf("p-ida", 10)).map((r) => [r.match, r.seat, r.at])).toEqual([
        [2, 0, 6000],
        [1, 1, 5000],
      ]);
      expect(await players.recordsOf("p-ida", 1)).toEqual([
        {
          code: "AAAAAAAAAA",
          match: 2,
          seat: 0,
          at: 6000,
          record: record(["Ida", "Bot 2"], ["p-ida", null]),
          tableVisibility: null,
        },
      ]);
      // The visibility the table was made with comes along (profiles hide a private table's code from others).
      await store.createTable({ ...table("BBBBBBBBBB"), config: JSON.stringify({ seats: 2, visibility: "public" }) });
      await store.saveMatchRecord("BBBBBBBBBB", 1, record(["Ida", "Bot 2"], ["p-ida", null]), 6500);
      expect((await players.recordsOf("p-ida", 3)).map((r) => [r.code, r.tableVisibility])).toEqual([
        ["BBBBBBBBBB", "public"],
        ["AAAAAAAAAA", null],
        ["AAAAAAAAAA", null],
      ]);
      await chat.add(line(LOBBY_ROOM, "Servus", 1000, "p-ida"));

      await players.deletePlayer("p-ida", "Gelöschter Spieler", 8000);
      expect(await players.players(["p-ida"])).toEqual([
        { id: "p-ida", name: "Gelöschter Spieler", kind: "account", createdAt: 1000, deletedAt: 8000 },
      ]);
      expect(await players.accountByKey("ida")).toBeNull();
      expect(await players.session("s-ida", 9000)).toBeNull();
      expect(await players.credential("c-1")).toBeNull();
      expect(await players.recordsOf("p-ida", 10)).toEqual([]);
      expect(await store.loadMatchRecord("AAAAAAAAAA", 1)).toBe(record(["Uwe", "Gelöschter Spieler"], [null, null]));
      expect((await players.recordsOf("p-uwe", 10)).map((r) => r.match)).toEqual([3]);
      expect((await chat.recent(LOBBY_ROOM, 10)).map((l) => [l.name, l.text])).toEqual([
        ["Gelöschter Spieler", "Servus"],
      ]);
      // The name is free again.
      await players.createPlayer(guest("p-neu"));
      expect(await players.updatePlayer("p-neu", "Ida", "account", "ida")).toBe(true);
    });

    it("keeps chat lines by room and match; an expired lobby table takes its lines along", async () => {
      const { store, chat } = await fresh();
      await store.createTable(table("AAAAAAAAAA"));
      const ids: number[] = [];
      for (let i = 1; i <= 4; i++)
        ids.push(await chat.add(line("AAAAAAAAAA", `Zeile ${i}`, 1000 + i, null, i > 2 ? 1 : 0)));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(new Set(ids).size).toBe(4);
      expect((await chat.recent("AAAAAAAAAA", 3)).map((l) => l.text)).toEqual(["Zeile 2", "Zeile 3", "Zeile 4"]);
      expect((await chat.ofMatch("AAAAAAAAAA", 1, 10)).map((l) => l.text)).toEqual(["Zeile 3", "Zeile 4"]);
      expect((await chat.ofMatch("AAAAAAAAAA", 0, 1)).map((l) => l.text)).toEqual(["Zeile 1"]);
      expect((await chat.recent("AAAAAAAAAA", 1))[0]).toEqual({
        id: ids[3],
        at: 1004,
        match: 1,
        seat: 0,
        player: null,
        name: "Eva",
        text: "Zeile 4",
        phrase: null,
      });
      await chat.add(line(LOBBY_ROOM, "alt", 500, "p-eva"));
      await chat.add(line(LOBBY_ROOM, "neu", 3000, "p-eva"));
      expect(await chat.renamePlayer("p-eva", "Eve")).toBe(2);
      expect(await chat.pruneLobby(2000)).toBe(1);
      expect((await chat.recent(LOBBY_ROOM, 10)).map((l) => [l.name, l.text])).toEqual([["Eve", "neu"]]);
      expect(await store.expireTables(["AAAAAAAAAA"], "lobby", 2000)).toBe(1);
      expect(await chat.recent("AAAAAAAAAA", 50)).toEqual([]);
    });
  });
}

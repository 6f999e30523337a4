/** Table talk (chat.ts): lines at a table and in the lobby, their checks and limits, storage, sync, and kicking. */
import { rmSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import type { ChatLine } from "../src/protocol.js";
import { LOBBY_ROOM, SqliteChatStore } from "../src/chat-store.js";
import { SqliteStore } from "../src/sqlite-store.js";
import { TestClient, tempDir, testServer, type Msg } from "./helpers.js";

type Server = Awaited<ReturnType<typeof testServer>>;

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.cleanup();
});

/** A server whose chat window is long enough that no test runs past it. */
async function serve(chat: Record<string, number> = {}, dbPath?: string): Promise<Server> {
  const s = await testServer({ chat: { windowMs: 600_000, ...chat }, ...(dbPath ? { dbPath } : {}) });
  servers.push(s);
  return s;
}

/** A waiting 4-seat table: the host in seat 0, a guest in seat 1. */
async function waitingTable(s: Server) {
  const host = await TestClient.open(s.url);
  const created = await host.request({ type: "create", name: "Stammtisch", playerName: "Host", seats: 4 });
  const code = (created.table as { code: string }).code;
  const guest = await TestClient.open(s.url);
  await guest.request({ type: "join", code, name: "Eva" });
  return { host, guest, code };
}

/** Every stored line of a room, read straight from the SQLite file. */
function storedLines(s: Server, room: string): Record<string, unknown>[] {
  const db = new Database(join(s.dir, "test.db"), { readonly: true });
  try {
    return db.prepare("SELECT * FROM chat_messages WHERE room = ? ORDER BY id").all(room) as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

const line = (m: Msg) => m.message as unknown as ChatLine;
const isChat = (m: Msg) => m.type === "chatMessage";

describe("table chat", () => {
  it("reaches everyone at the table, spectators read only, and each line is stored with its match and seat", async () => {
    const s = await serve();
    const { host, guest, code } = await waitingTable(s);
    const watcher = await TestClient.open(s.url);
    await watcher.request({ type: "watch", code });

    const said = await guest.request({ type: "chat", text: "  Servus   zusammen!  " });
    expect(said).toMatchObject({ type: "chatMessage", room: "table" });
    expect(line(said)).toMatchObject({ seat: 1, name: "Eva", text: "Servus zusammen!", phrase: null, match: 0 });
    const heard = await host.waitFor(isChat);
    expect(line(heard)).toEqual(line(said));
    await watcher.waitFor(isChat);

    const phrase = await host.request({ type: "chat", phrase: "goodLuck" });
    expect(line(phrase)).toMatchObject({ seat: 0, name: "Host", text: null, phrase: "goodLuck" });

    const spoken = await watcher.request({ type: "chat", text: "Hallo" });
    expect(spoken).toMatchObject({ type: "error", code: "NOT_A_PLAYER" });

    await host.request({ type: "start" });
    const during = await host.request({ type: "chat", phrase: "wellPlayed" });
    expect(line(during).match).toBe(1);

    const rows = storedLines(s, code);
    expect(rows.map((r) => [r.match, r.seat, r.name, r.text, r.phrase])).toEqual([
      [0, 1, "Eva", "Servus zusammen!", null],
      [0, 0, "Host", null, "goodLuck"],
      [1, 0, "Host", null, "wellPlayed"],
    ]);
    expect(rows.every((r) => typeof r.at === "number" && (r.at as number) > 0)).toBe(true);
  });

  it("refuses bad lines with INVALID_TEXT (or BAD_MESSAGE) and stores nothing", async () => {
    const s = await serve();
    const { guest, code } = await waitingTable(s);
    // 200 code points pass even where each is two UTF-16 units; one more does not.
    const longest = "🂡".repeat(200);
    expect(line(await guest.request({ type: "chat", text: longest })).text).toBe(longest);
    const bad: [Record<string, unknown>, string, string][] = [
      [{ text: "x".repeat(201) }, "INVALID_TEXT", "tooLong"],
      [{ text: "🂡".repeat(201) }, "INVALID_TEXT", "tooLong"],
      [{ text: "   " }, "INVALID_TEXT", "empty"],
      [{ text: "a\u200Bb" }, "INVALID_TEXT", "invisible"],
      [{ text: "abc\u202Edef" }, "INVALID_TEXT", "invisible"],
      [{ text: "bell\u0007" }, "INVALID_TEXT", "invisible"],
      [{ text: "a\u0301\u0301\u0301\u0301" }, "INVALID_TEXT", "marks"],
      [{ text: "\u0301 hi" }, "INVALID_TEXT", "marks"],
      [{ text: "hi", phrase: "thanks" }, "INVALID_TEXT", "either"],
      [{}, "INVALID_TEXT", "either"],
      [{ phrase: "insult" }, "BAD_MESSAGE", "phrase"],
      [{ text: 42 }, "BAD_MESSAGE", "text"],
      [{ text: "x".repeat(1001) }, "BAD_MESSAGE", "text"],
    ];
    for (const [fields, expected, word] of bad) {
      const answer = await guest.request({ type: "chat", ...fields } as never);
      expect(answer, JSON.stringify(fields)).toMatchObject({ type: "error", code: expected });
      expect(answer.message as string).toContain(word);
    }
    expect(storedLines(s, code)).toHaveLength(1);
  });

  it("limits lines per device and per address, saying when the next one is taken", async () => {
    const s = await serve({ perToken: 5, perAddress: 7 });
    const { host, guest, code } = await waitingTable(s);
    for (let i = 0; i < 5; i++)
      expect((await guest.request({ type: "chat", text: `Zeile ${i}` })).type).toBe("chatMessage");
    const sixth = await guest.request({ type: "chat", text: "eine zu viel" });
    expect(sixth).toMatchObject({ type: "error", code: "RATE_LIMITED" });
    expect(sixth.retryAfterMs).toBeGreaterThan(0);
    expect(sixth.retryAfterMs).toBeLessThanOrEqual(600_000);
    // Another device on the same address has its own five, but the address only two more.
    expect((await host.request({ type: "chat", text: "eins" })).type).toBe("chatMessage");
    expect((await host.request({ type: "chat", text: "zwei" })).type).toBe("chatMessage");
    const third = await host.request({ type: "chat", text: "drei" });
    expect(third).toMatchObject({ type: "error", code: "RATE_LIMITED" });
    expect(third.message as string).toContain("address");
    expect(storedLines(s, code)).toHaveLength(7);
  });

  it("sends the newest 50 lines with a sync, also after a restart", async () => {
    const first = await serve({ perToken: 1000, perAddress: 1000 });
    const { host, guest, code } = await waitingTable(first);
    for (let i = 1; i <= 55; i++) await (i % 2 ? host : guest).request({ type: "chat", text: `Nr. ${i}` });
    const again = await TestClient.open(first.url, guest.token);
    const sync = await again.request({ type: "join", code });
    const chat = sync.chat as unknown as ChatLine[];
    expect(chat.map((l) => l.text)).toEqual(Array.from({ length: 50 }, (_, i) => `Nr. ${i + 6}`));
    expect(chat.map((l) => l.seat)).toEqual(Array.from({ length: 50 }, (_, i) => ((i + 6) % 2 ? 0 : 1)));

    await first.close();
    const second = await serve({}, join(first.dir, "test.db"));
    try {
      const back = await TestClient.open(second.url, guest.token);
      const resumed = await back.request({ type: "join", code });
      expect((resumed.chat as unknown as ChatLine[]).map((l) => l.text)).toEqual(chat.map((l) => l.text));
    } finally {
      servers.splice(servers.indexOf(first), 1);
      rmSync(first.dir, { recursive: true, force: true });
    }
  });
});

describe("speakers with a session", () => {
  it("a line carries the player's id; in the lobby the player's own name is used", async () => {
    const s = await serve();
    const made = await fetch(`${s.url}/api/session`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Lena" }),
    });
    expect(made.status).toBe(201);
    const me = (await made.json()) as { player: { id: string } };
    const cookie = made.headers.get("set-cookie")!.split(";")[0]!;
    const client = await TestClient.connect(s.url, { cookie });
    await client.request({ type: "hello" });
    const created = await client.request({ type: "create", name: "T", playerName: "Lena", seats: 2 });
    const code = (created.table as { code: string }).code;
    const atTable = line(await client.request({ type: "chat", text: "Hallo" }));
    expect(atTable).toMatchObject({ player: me.player.id, name: "Lena", seat: 0 });
    const inLobby = line(await client.request({ type: "chat", room: "lobby", name: "Someone Else", text: "Hi" }));
    expect(inLobby).toMatchObject({ player: me.player.id, name: "Lena" });
    expect(storedLines(s, code).map((r) => r.player_id)).toEqual([me.player.id]);

    // Lena deletes her account: the lines kept in memory (lobby and table) show the neutral name at once.
    const deleted = await fetch(`${s.url}/api/me`, { method: "DELETE", headers: { cookie } });
    expect(deleted.status).toBe(200);
    const reader = await TestClient.open(s.url);
    const history = await reader.request({ type: "chatJoin", room: "lobby" });
    const names = (history.messages as ChatLine[]).map((l) => [l.name, l.text]);
    expect(names).toEqual([["Gelöschter Spieler", "Hi"]]);
    const watched = await reader.request({ type: "watch", code });
    expect((watched.chat as ChatLine[]).map((l) => [l.name, l.text])).toEqual([["Gelöschter Spieler", "Hallo"]]);
    // Her socket, still open, no longer speaks as her.
    expect(await client.request({ type: "chat", room: "lobby", text: "Noch da?" })).toMatchObject({
      code: "NAME_REQUIRED",
    });
  });
});

describe("lobby chat", () => {
  it("reaches the lobby's followers; a speaker without a player needs a name", async () => {
    const s = await serve();
    const reader = await TestClient.open(s.url);
    const history = await reader.request({ type: "chatJoin", room: "lobby" });
    expect(history).toMatchObject({ type: "chatHistory", room: "lobby", messages: [] });
    const speaker = await TestClient.open(s.url);
    expect(await speaker.request({ type: "chat", room: "lobby", text: "Wer spielt mit?" })).toMatchObject({
      type: "error",
      code: "NAME_REQUIRED",
    });
    expect(await speaker.request({ type: "chat", room: "lobby", name: "<b>Eva</b>", text: "x" })).toMatchObject({
      code: "INVALID_NAME",
    });
    const said = await speaker.request({ type: "chat", room: "lobby", name: "Eva", text: "Wer spielt mit?" });
    expect(line(said)).toMatchObject({ name: "Eva", seat: null, match: 0, text: "Wer spielt mit?" });
    expect(line(await reader.waitFor(isChat))).toEqual(line(said));
    expect(storedLines(s, "lobby")).toHaveLength(1);

    const later = await TestClient.open(s.url);
    const seen = await later.request({ type: "chatJoin", room: "lobby" });
    expect((seen.messages as unknown as ChatLine[]).map((l) => l.text)).toEqual(["Wer spielt mit?"]);
    expect(await reader.request({ type: "chatLeave", room: "lobby" })).toMatchObject({ type: "chatLeft" });
    await speaker.request({ type: "chat", room: "lobby", name: "Eva", phrase: "hello" });
    await later.waitFor((m) => isChat(m) && line(m).phrase === "hello");
    expect(reader.messages.filter(isChat)).toHaveLength(1);
  });
});

describe("kick", () => {
  it("only the host, only while the table waits, only another person; the removed person is told", async () => {
    const s = await serve();
    const { host, guest, code } = await waitingTable(s);
    expect(await guest.request({ type: "kick", seat: 0 })).toMatchObject({ type: "error", code: "NOT_HOST" });
    expect(await host.request({ type: "kick", seat: 0 })).toMatchObject({ type: "error", code: "NOT_A_PLAYER" });
    expect(await host.request({ type: "kick", seat: 2 })).toMatchObject({ type: "error", code: "NOT_A_PLAYER" });
    expect(await host.request({ type: "kick", seat: 99 })).toMatchObject({ type: "error", code: "BAD_MESSAGE" });

    const kicked = guest.next((m) => m.type === "kicked");
    const answer = await host.request({ type: "kick", seat: 1 });
    expect(answer.type).toBe("update");
    expect(answer.events).toEqual([expect.objectContaining({ event: { type: "seatFreed", seat: 1 } })]);
    expect(await kicked).toMatchObject({ type: "kicked", code });
    // The removed connection follows the table no more.
    expect(await guest.request({ type: "chat", text: "Hallo?" })).toMatchObject({ code: "NOT_AT_TABLE" });
    const db = new Database(join(s.dir, "test.db"), { readonly: true });
    const entries = db.prepare("SELECT entry FROM actions WHERE code = ? ORDER BY version").all(code) as {
      entry: string;
    }[];
    db.close();
    expect(JSON.parse(entries.at(-1)!.entry)).toEqual({ kind: "free", seat: 1 });

    // The removed person cannot sit down again (a new connection of the same device neither); others can.
    expect(await guest.request({ type: "join", code, name: "Eva" })).toMatchObject({ code: "REMOVED_BY_HOST" });
    const again = await TestClient.open(s.url, guest.token);
    expect(await again.request({ type: "join", code, name: "Eva" })).toMatchObject({ code: "REMOVED_BY_HOST" });
    expect(await again.request({ type: "watch", code })).toMatchObject({ type: "sync", seat: null });
    const other = await TestClient.open(s.url);
    expect(await other.request({ type: "join", code, name: "Tom" })).toMatchObject({ type: "sync", seat: 1 });
    // Once the match runs, nobody can be removed any more.
    await host.request({ type: "start" });
    expect(await host.request({ type: "kick", seat: 1 })).toMatchObject({ type: "error", code: "ALREADY_STARTED" });
  });

  it("a quick-match table has no host: nobody is sent away, and everyone can ask for a quick match again", async () => {
    const s = await serve();
    const first = await TestClient.open(s.url);
    const second = await TestClient.open(s.url);
    const seated = await first.request({ type: "quickMatch", name: "Kara", seats: 4 });
    const code = (seated.table as { code: string }).code;
    expect(await second.request({ type: "quickMatch", name: "Lutz", seats: 4 })).toMatchObject({
      type: "sync",
      seat: 1,
    });
    expect(await first.request({ type: "kick", seat: 1 })).toMatchObject({ type: "error", code: "NOT_HOST" });
    const again = await second.request({ type: "quickMatch", name: "Lutz", seats: 4 });
    expect(again).toMatchObject({ type: "sync", seat: 1, table: { code } });
  });
});

describe("chat store", () => {
  it("a waiting table's lines go when it expires; a deleted player's lines keep their words under a neutral name", async () => {
    const { dir, remove } = tempDir();
    const store = new SqliteStore(join(dir, "chat.db"));
    try {
      const chat = new SqliteChatStore(store.database);
      const said = (room: string, player: string | null, text: string) =>
        chat.add({ room, at: 1000, match: 0, seat: 0, player, name: "Eva", text, phrase: null });
      await store.createTable({ code: "AAAAAAAAAA", name: "T", config: "{}", createdAt: 1000 });
      await said("AAAAAAAAAA", null, "bis gleich");
      await said(LOBBY_ROOM, "p-eva", "Servus");
      expect(await store.expireTables(["AAAAAAAAAA"], "lobby", 2000)).toBe(1);
      expect(await chat.recent("AAAAAAAAAA", 50)).toEqual([]);

      store.database
        .prepare("INSERT INTO players (id, name, kind, created_at) VALUES (?, ?, 'account', ?)")
        .run("p-eva", "Eva", 1000);
      store.database
        .prepare("UPDATE players SET name = ?, deleted_at = ? WHERE id = ?")
        .run("Gelöschter Spieler", 3000, "p-eva");
      expect((await chat.recent(LOBBY_ROOM, 50)).map((l) => [l.name, l.text])).toEqual([
        ["Gelöschter Spieler", "Servus"],
      ]);
      expect(await chat.pruneLobby(2000)).toBe(1);
    } finally {
      await store.close();
      remove();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RULES, makeRules } from "@schwimmen/rules";
import { Hub } from "../src/hub.js";
import type { LobbyTable, TableInfo } from "../src/protocol.js";
import { type Msg, TestClient, getJson, testServer } from "./helpers.js";

type Server = Awaited<ReturnType<typeof testServer>>;

/** The bots' wait: short for a test, long enough that two quick requests in a row meet on a busy machine. */
const WAIT_MS = 3000;
const info = (m: Msg): TableInfo => m.table as unknown as TableInfo;
const lobbyList = async (server: Server): Promise<LobbyTable[]> => {
  const got = await getJson(`${server.url}/api/lobby`);
  expect(got.status).toBe(200);
  return (got.body as { tables: LobbyTable[] }).tables;
};
const playing = (m: Msg) => (m.type === "update" || m.type === "table") && info(m).status === "playing";

describe("rule differences in the lobby list", () => {
  it("are empty for the default rules and name each key that differs", () => {
    expect(makeRules(DEFAULT_RULES)).toEqual({});
    const rules = Hub.rulesFor("quick", undefined);
    expect(rules.ok && makeRules(rules.value)).toEqual({ lives: 2, swimming: "off" });
  });
});

describe("lobby and quick match", () => {
  let server: Server;
  const clients: TestClient[] = [];
  const open = async (token?: string) => {
    const client = await TestClient.open(server.url, token);
    clients.push(client);
    return client;
  };
  beforeAll(async () => {
    server = await testServer({ quickMatch: { waitMs: WAIT_MS }, lobby: { pushEveryMs: 20 } });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await server?.cleanup();
  });

  it("brings two people to one public table; after the wait bots fill the rest and the match starts", async () => {
    const lena = await open();
    const tom = await open();
    const first = await lena.request({ type: "quickMatch", name: "Lena", seats: 3 });
    expect(first).toMatchObject({ type: "sync", seat: 0 });
    expect(info(first)).toMatchObject({ visibility: "public", status: "lobby", seatCount: 3 });
    expect(info(first).fillAt).toBeGreaterThan(Date.now());
    const second = await tom.request({ type: "quickMatch", name: "Tom", seats: 3 });
    expect(second).toMatchObject({ type: "sync", seat: 1 });
    expect(info(second).code).toBe(info(first).code);
    // Waiting, with a free seat and people connected: listed in the lobby.
    const listed = (await lobbyList(server)).find((t) => t.code === info(first).code);
    expect(listed).toMatchObject({ quick: true, seatsFree: 1, seatCount: 3, preset: "standard", differences: {} });
    expect(listed!.seats.map((s) => [s.kind, s.name])).toEqual([
      ["human", "Lena"],
      ["human", "Tom"],
      ["free", null],
    ]);
    const started = await tom.waitFor(playing, WAIT_MS + 10_000);
    expect(info(started).seats.map((s) => s.kind)).toEqual(["human", "human", "bot"]);
    expect(info(started).fillAt).toBeNull();
    expect((await lobbyList(server)).some((t) => t.code === info(first).code)).toBe(false);
  });

  it("starts at once when the table is full, and takes the preset asked for", async () => {
    const a = await open();
    const b = await open();
    const one = await a.request({ type: "quickMatch", name: "Anna", seats: 2, preset: "quick" });
    const two = await b.request({ type: "quickMatch", name: "Ben", seats: 2, preset: "quick" });
    expect(info(two).code).toBe(info(one).code);
    expect(info(one)).toMatchObject({ preset: "quick" });
    const started = await a.waitFor(playing, 2_000);
    expect(info(started).seats.map((s) => s.kind)).toEqual(["human", "human"]);
    // Other rules or seat counts never share a table.
    const c = await open();
    const other = await c.request({ type: "quickMatch", name: "Carl", seats: 2 });
    expect(info(other).code).not.toBe(info(one).code);
  });

  it("never seats one person twice, however many quick matches they ask for at once", async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => open()));
    // Every person asks twice at once on each of two sockets (the same device token).
    const twins = await Promise.all(people.map((p) => open(p.token)));
    const asks = [...people, ...twins].flatMap((c, i) => [
      c.request({ type: "quickMatch", name: `P${i % 6}`, seats: 5 }),
      c.request({ type: "quickMatch", name: `P${i % 6}`, seats: 5 }),
    ]);
    const answers = await Promise.all(asks);
    expect(answers.every((m) => m.type === "sync")).toBe(true);
    const codes = new Set(answers.map((m) => info(m).code));
    const seats = new Map<string, number>();
    for (const code of codes) {
      const table = (await server.hub.get(code))!;
      for (const s of table.model.seats) if (s.token) seats.set(s.token, (seats.get(s.token) ?? 0) + 1);
    }
    for (const p of people) expect(seats.get(p.token)).toBe(1);
    expect(seats.size).toBe(6);
  });

  it("gives a player on two devices one seat, and names them from the session", async () => {
    const made = await fetch(`${server.url}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Dora" }),
    });
    expect(made.status).toBeLessThan(300);
    const cookie = (made.headers.get("set-cookie") ?? "").split(";")[0]!;
    const phone = await TestClient.connect(server.url, { cookie });
    const laptop = await TestClient.connect(server.url, { cookie });
    clients.push(phone, laptop);
    await Promise.all([phone.request({ type: "hello" }), laptop.request({ type: "hello" })]);
    const answers = await Promise.all([
      phone.request({ type: "quickMatch", seats: 6 }),
      laptop.request({ type: "quickMatch", seats: 6 }),
    ]);
    const seated = answers.filter((m) => m.type === "sync");
    expect(seated).toHaveLength(1);
    expect(info(seated[0]!).seats[0]).toMatchObject({ name: "Dora", kind: "human" });
    expect(answers.find((m) => m.type === "error")).toMatchObject({ code: "ALREADY_AT_TABLE" });
  });

  it("lists public tables only, and only the host changes visibility, only while the table waits", async () => {
    const host = await open();
    const made = await host.request({ type: "create", name: "Stammtisch", playerName: "Uwe", seats: 3 });
    const code = info(made).code;
    expect(info(made).visibility).toBe("private");
    expect((await lobbyList(server)).some((t) => t.code === code)).toBe(false);

    const guest = await open();
    await guest.request({ type: "join", code, name: "Gabi" });
    expect(await guest.request({ type: "setVisibility", visibility: "public" })).toMatchObject({
      type: "error",
      code: "NOT_HOST",
    });
    expect((await lobbyList(server)).some((t) => t.code === code)).toBe(false);

    const watcher = await open();
    const first = await watcher.request({ type: "watchLobby" });
    expect(first.type).toBe("lobby");
    const pushed = watcher.next((m) => m.type === "lobby" && (m.tables as LobbyTable[]).some((t) => t.code === code));
    const turned = await host.request({ type: "setVisibility", visibility: "public" });
    expect(turned.type).toBe("update");
    expect(info(turned).visibility).toBe("public");
    const listed = (await pushed).tables as LobbyTable[];
    expect(listed.find((t) => t.code === code)).toMatchObject({ name: "Stammtisch", seatsFree: 1, quick: false });

    // A spectator may watch a public table and is counted on it; it sees no hand.
    const spectator = await open();
    const watched = await spectator.request({ type: "watch", code });
    expect(watched).toMatchObject({ type: "sync", seat: null });
    const counted = await host.waitFor((m) => m.type === "table" && info(m).spectators === 1, 5_000);
    expect(info(counted).spectators).toBe(1);

    await host.request({ type: "setVisibility", visibility: "private" });
    expect((await lobbyList(server)).some((t) => t.code === code)).toBe(false);
    await host.request({ type: "setVisibility", visibility: "public" });
    await host.request({ type: "start" });
    expect(await host.request({ type: "setVisibility", visibility: "private" })).toMatchObject({
      type: "error",
      code: "ALREADY_STARTED",
    });
    const table = (await server.hub.get(code))!;
    expect(table.model.config.visibility).toBe("public");
    expect((await lobbyList(server)).some((t) => t.code === code)).toBe(false);
    expect(await watcher.request({ type: "unwatchLobby" })).toMatchObject({ type: "lobbyUnwatched" });
  });

  it("answers bad lobby messages with a typed error and changes nothing", async () => {
    const c = await open();
    const waitingBefore = server.quick.waitingCount;
    const bad: Record<string, unknown>[] = [
      { type: "quickMatch", name: "Eva", preset: "nonsense" },
      { type: "quickMatch", name: "Eva", seats: 1 },
      { type: "quickMatch", name: "Eva", seats: 2.5 },
      { type: "quickMatch", name: "<b>\u200b</b>" },
      { type: "setVisibility", visibility: "secret" },
      { type: "watchLobby", extra: 1, tables: "x" },
    ];
    for (const message of bad) {
      const answer = await c.request(message as never);
      if (message.type === "watchLobby") expect(answer.type).toBe("lobby");
      else expect(answer).toMatchObject({ type: "error" });
      if (message.type === "quickMatch") expect(["BAD_MESSAGE", "INVALID_NAME"]).toContain(answer.code);
    }
    expect(await c.request({ type: "quickMatch" })).toMatchObject({ type: "error", code: "NAME_REQUIRED" });
    expect(await c.request({ type: "setVisibility", visibility: "public" })).toMatchObject({ code: "NOT_AT_TABLE" });
    expect(server.quick.waitingCount).toBe(waitingBefore);
    const listed = await lobbyList(server);
    expect(listed.some((t) => t.seats.some((seat) => seat.name === "Eva"))).toBe(false);
  });
});

/** Tables load when asked for (running matches at start), and what nobody uses expires on a schedule. */
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseRules } from "@schwimmen/rules";
import { ManualClock } from "../src/clock.js";
import { SqliteStore } from "../src/sqlite-store.js";
import { TestClient, autoplay, getJson, isState, matchOver, tempDir, testServer, type Msg } from "./helpers.js";

type Server = Awaited<ReturnType<typeof testServer>>;
const servers: Server[] = [];
const dirs: { remove: () => void }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.cleanup()));
  for (const d of dirs.splice(0)) d.remove();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const tick = () => new Promise((resolve) => setTimeout(resolve, 2));

/** A lobby table written straight into the store, as an older server (or a flood of `create`) left it. */
async function lobbyRow(store: SqliteStore, code: string, at: number): Promise<void> {
  const rules = parseRules(undefined);
  if (!rules.ok) throw new Error(rules.error.message);
  const config = { seats: 2, rules: rules.value, preset: "standard", botLevel: "random", turnSeconds: 60 };
  await store.createTable({ code, name: "Leer", config: JSON.stringify(config), createdAt: at });
}

const codeOf = (m: Msg) => (m.table as { code: string }).code;

describe("lazy loading", () => {
  it("loads only running matches at start (their bots go on); a lobby table loads when asked for", async () => {
    const dir = tempDir();
    dirs.push(dir);
    const dbPath = join(dir.dir, "lazy.db");
    // A match left to the bots by its only human, on a server whose bots wait long: still running at shutdown.
    const first = await testServer({ dbPath, settings: { botDelayMs: 600_000 } });
    const host = await TestClient.open(first.url);
    const made = await host.request({ type: "create", name: "Läuft", playerName: "Lena", seats: 3, turnSeconds: 0 });
    const playing = codeOf(made);
    await host.request({ type: "start" });
    await host.request({ type: "leave" });
    await host.close();
    await first.cleanup();
    const store = new SqliteStore(dbPath);
    for (const code of ["KAZYAAAAAA", "KAZYBBBBBB", "K7M2QX"]) await lobbyRow(store, code, Date.now());
    await store.close();

    const second = await testServer({ dbPath });
    servers.push(second);
    expect(second.hub.size).toBe(1);
    const table = await second.hub.get(playing);
    const from = table!.model.version;
    // Its bots play on after the restart.
    for (let i = 0; i < 500 && table!.model.version <= from + 3; i++) await new Promise((r) => setTimeout(r, 10));
    expect(table!.model.version).toBeGreaterThan(from + 3);
    expect(second.hub.size).toBe(1);
    const info = await getJson(`${second.url}/api/tables/kazyb-bbbbb`);
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ code: "KAZYBBBBBB", status: "lobby" });
    expect(second.hub.size).toBe(2);
  });
});

describe("expiry", () => {
  async function manualServer(expiry: Record<string, number> = {}) {
    const dir = tempDir();
    dirs.push(dir);
    const clock = new ManualClock();
    const store = new SqliteStore(join(dir.dir, "expiry.db"), () => clock.now());
    const server = await testServer({
      clock,
      store,
      settings: { botDelayMs: 0, roundPauseMs: 0 },
      hub: { lookupLimit: 10_000, expiry: { everyMs: 0, ...expiry } },
    });
    servers.push(server);
    return { clock, store, server };
  }

  it("deletes idle lobby tables after a day, archives finished ones after a month keeping their records", async () => {
    const { clock, store, server } = await manualServer();
    const url = (path: string) => `${server.url}/api/tables/${path}`;
    // A lobby table whose host went away, and one whose host is still there.
    const quitter = await TestClient.open(server.url);
    const lobby = codeOf(await quitter.request({ type: "create", name: "Leer", playerName: "Ida", seats: 2 }));
    await quitter.close();
    const waiter = await TestClient.open(server.url);
    const waiting = codeOf(await waiter.request({ type: "create", name: "Warte", playerName: "Uwe", seats: 2 }));
    // A match played to its end (the manual clock drives the bots).
    const player = await TestClient.open(server.url);
    const made = await player.request({ type: "create", name: "Aus", playerName: "Lena", seats: 2, preset: "quick" });
    const over = codeOf(made);
    await player.request({ type: "start" });
    autoplay(player);
    for (let i = 0; i < 5000 && !matchOver(1)(player.latest!); i++) {
      clock.advance(1);
      await tick();
    }
    expect(matchOver(1)(player.latest!)).toBe(true);
    const record = await getJson(url(`${over}/record`));
    expect(server.hub.botsHeld(over)).toBeGreaterThan(0);
    await player.close();
    await tick();
    server.hub.sweep();
    // A table let go of takes its bots' memories with it: a long-running server keeps nothing for it.
    expect(server.hub.botsHeld(over)).toBe(0);

    clock.advance(23 * HOUR);
    expect(await server.hub.expire()).toMatchObject({ lobby: 0, over: 0 });
    clock.advance(2 * HOUR);
    server.hub.sweep();
    expect(await server.hub.expire()).toMatchObject({ lobby: 1, over: 0 });
    expect((await getJson(url(lobby))).status).toBe(404);
    expect(await store.loadTable(lobby)).toBeNull();
    // A table someone still sits at is not pulled away from under them.
    expect((await getJson(url(waiting))).status).toBe(200);
    expect((await getJson(url(over))).status).toBe(200);

    clock.advance(30 * DAY);
    server.hub.sweep();
    expect(await server.hub.expire()).toMatchObject({ lobby: 0, over: 1 });
    expect((await getJson(url(over))).status).toBe(404);
    const list = await getJson(url(`${over}/matches`));
    expect(list.status).toBe(200);
    expect((list.body as { matches: { match: number; seats: string[] }[] }).matches).toMatchObject([
      { match: 1, seats: ["Lena", "Bot 2"] },
    ]);
    expect((await getJson(url(`${over}/record`))).body).toEqual(record.body);
    expect((await getJson(url(`${over}/record?match=1`))).body).toEqual(record.body);
    expect((await getJson(url(`${over}/record?match=2`))).status).toBe(404);
    // The code stays taken: the archived row is still there, only its log is gone.
    expect(await store.createTable({ code: over, name: "x", config: "{}", createdAt: clock.now() })).toBe(false);
    expect(isState(waiter.latest!)).toBe(true);
    await waiter.close();
  });

  it("forgets tokens that never sat down after hours, and any token unused for long", async () => {
    const { clock, server } = await manualServer();
    const browser = await TestClient.open(server.url);
    const seated = await TestClient.open(server.url);
    await seated.request({ type: "create", name: "T", playerName: "Lena", seats: 2 });
    await Promise.all([browser.close(), seated.close()]);
    clock.advance(11 * HOUR);
    expect((await server.hub.expire()).tokens).toBe(0);
    clock.advance(2 * HOUR);
    expect((await server.hub.expire()).tokens).toBe(1);
    const back = await TestClient.open(server.url, browser.token);
    expect(back.token).not.toBe(browser.token);
    const again = await TestClient.open(server.url, seated.token);
    expect(again.token).toBe(seated.token);
    // Saying hello counts as use: the seated token lives 180 days from its last use.
    clock.advance(179 * DAY);
    await server.hub.expire();
    const still = await TestClient.open(server.url, seated.token);
    expect(still.token).toBe(seated.token);
    clock.advance(181 * DAY);
    await server.hub.expire();
    const gone = await TestClient.open(server.url, seated.token);
    expect(gone.token).not.toBe(seated.token);
    await Promise.all([back.close(), again.close(), still.close(), gone.close()]);
  });

  it("does a bounded batch per sweep, on its own schedule", async () => {
    const { clock, store } = await manualServer({ everyMs: 60_000, batch: 2 });
    for (const code of ["XYZAAAAAAA", "XYZBBBBBBB", "XYZCCCCCCC"]) await lobbyRow(store, code, clock.now() - 2 * DAY);
    clock.advance(60_000);
    // The timer fired: one sweep, at most two tables.
    for (let i = 0; i < 50; i++) await tick();
    const left = async () =>
      (await Promise.all(["XYZAAAAAAA", "XYZBBBBBBB", "XYZCCCCCCC"].map((c) => store.loadTable(c)))).filter(Boolean);
    expect(await left()).toHaveLength(1);
    clock.advance(60_000);
    for (let i = 0; i < 50; i++) await tick();
    expect(await left()).toHaveLength(0);
  });
});

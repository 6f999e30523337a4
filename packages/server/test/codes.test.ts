/** Invite codes that cannot be guessed: long codes, lookups limited per address, legacy codes that open less. */
import { request } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseRules } from "@schwimmen/rules";
import { CODE_ALPHABET, parseCode } from "../src/codes.js";
import { SqliteStore } from "../src/sqlite-store.js";
import { TestClient, autoplay, getJson, matchOver, tempDir, testServer } from "./helpers.js";

type Server = Awaited<ReturnType<typeof testServer>>;

/** A GET from a chosen local address (127.0.0.x are all this machine), to be a second client. */
function getFrom(
  url: string,
  localAddress: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { localAddress, headers }, (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on("end", () => {
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      });
    });
    req.on("error", reject);
    req.setTimeout(5000, () => req.destroy(new Error("timed out")));
    req.end();
  });
}

const guess = (i: number) => `Z${String(i).padStart(5, "2").replace(/[01]/g, "3")}`;

describe("invite codes", () => {
  it("are 10 characters of the look-alike-free alphabet, read in any case with a dash or space", () => {
    expect(parseCode("abcde-fghjk")).toBe("ABCDEFGHJK");
    expect(parseCode(" ABCDE FGHJK ")).toBe("ABCDEFGHJK");
    expect(parseCode("ABCDEFGHJK")).toBe("ABCDEFGHJK");
    expect(parseCode("k7m2qx")).toBe("K7M2QX");
    expect(parseCode("K7M-2QX")).toBe("K7M2QX");
    for (const bad of [
      "ABCDE--FGHJK",
      "ABCDE-FGH-JK",
      "ABCDEFGHJ",
      "ABCDEFGHJKM",
      "ABCDEFGHJ0",
      "ABCDE_FGHJK",
      "",
      "-",
    ]) {
      expect(parseCode(bad)).toBeNull();
    }
    expect(CODE_ALPHABET).not.toMatch(/[01ILO]/);
  });
});

describe("guessing codes", () => {
  let server: Server;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(async () => {
    await server?.cleanup();
  });

  it("answers 429 with Retry-After to an address that keeps looking up codes; others are not held up", async () => {
    const base = `${server.url}/api/tables/`;
    const statuses: number[] = [];
    for (let i = 0; i < 70; i++) statuses.push((await getFrom(base + guess(i), "127.0.0.1")).status);
    expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(60).every((s) => s === 429)).toBe(true);
    const limited = await getFrom(base + "ABCDEFGHJK/record", "127.0.0.1");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect(limited.body).toMatchObject({ error: { code: "RATE_LIMITED" } });
    // The WebSocket's join and watch count with the same address's lookups.
    const ws = await TestClient.open(server.url);
    expect(await ws.request({ type: "watch", code: "ABCDEFGHJK" })).toMatchObject({ code: "RATE_LIMITED" });
    // Another address is not affected.
    const other = await getFrom(base + guess(1), "127.0.0.2");
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ error: { code: "TABLE_NOT_FOUND" } });
    await ws.close();
  });
});

describe("what a code opens", () => {
  let server: Server;
  let store: SqliteStore;
  const dir = tempDir();
  beforeAll(async () => {
    store = new SqliteStore(join(dir.dir, "codes.db"));
    server = await testServer({ store, hub: { lookupLimit: 1000 } });
  });
  afterAll(async () => {
    await server?.cleanup();
    dir.remove();
  });

  /** A table made by an older server: a 6-character code, straight into the store. */
  async function legacyTable(code: string): Promise<void> {
    const rules = parseRules({ lives: 1 });
    if (!rules.ok) throw new Error(rules.error.message);
    const config = { seats: 2, rules: rules.value, preset: null, botLevel: "random", turnSeconds: 0 };
    expect(await store.createTable({ code, name: "Alt", config: JSON.stringify(config), createdAt: Date.now() })).toBe(
      true,
    );
  }

  it("a legacy 6-character code seats its players but gives no spectator seat and no record to others", async () => {
    await legacyTable("K7M2QX");
    const host = await TestClient.open(server.url);
    expect(await host.request({ type: "join", code: "k7m2qx", name: "Lena" })).toMatchObject({ type: "sync", seat: 0 });
    await host.request({ type: "start" });
    autoplay(host);
    await host.waitFor(matchOver(1), 60_000);

    const stranger = await TestClient.open(server.url);
    expect(await stranger.request({ type: "watch", code: "K7M2QX" })).toMatchObject({
      type: "error",
      code: "SPECTATORS_NOT_ALLOWED",
    });
    expect(await stranger.request({ type: "join", code: "K7M2QX", name: "Eve" })).toMatchObject({
      code: "ALREADY_STARTED",
    });
    // Its players may follow it, and fetch its records with their token.
    const again = await TestClient.open(server.url, host.token);
    expect(await again.request({ type: "watch", code: "K7M2QX" })).toMatchObject({ type: "sync" });
    const url = `${server.url}/api/tables/K7M2QX/record`;
    const refused = await getJson(url);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: "SPECTATORS_NOT_ALLOWED" } });
    const wrong = await getFrom(url, "127.0.0.1", { Authorization: `Bearer ${stranger.token}` });
    expect(wrong.status).toBe(403);
    const own = await getFrom(url, "127.0.0.1", { Authorization: `Bearer ${host.token}` });
    expect(own.status).toBe(200);
    expect((own.body as { rounds: unknown[] }).rounds.length).toBeGreaterThan(0);
    // The public info tells who plays, never a hand (not even of a finished round).
    const info = await getJson(`${server.url}/api/tables/K7M2QX`);
    expect(info.status).toBe(200);
    expect(JSON.stringify(info.body)).not.toMatch(/"[2-9TJQKA][cshd]"/);
    expect(JSON.stringify(info.body)).toContain("Lena");
    await Promise.all([host.close(), stranger.close(), again.close()]);
  });

  it("a full-length code lets spectators in and its records out", async () => {
    const host = await TestClient.open(server.url);
    const made = await host.request({ type: "create", name: "Neu", playerName: "Tom", seats: 2, preset: "quick" });
    const code = (made.table as { code: string }).code;
    expect(code).toHaveLength(10);
    const shown = `${code.slice(0, 5)}-${code.slice(5)}`.toLowerCase();
    const watcher = await TestClient.open(server.url);
    expect(await watcher.request({ type: "watch", code: shown })).toMatchObject({ type: "sync", seat: null });
    expect((await getJson(`${server.url}/api/tables/${shown}`)).status).toBe(200);
    await host.request({ type: "start" });
    autoplay(host);
    await host.waitFor(matchOver(1), 60_000);
    expect((await getJson(`${server.url}/api/tables/${code}/record`)).status).toBe(200);
    await Promise.all([host.close(), watcher.close()]);
  });
});

describe("a player's own table", () => {
  let server: Server;
  beforeAll(async () => {
    server = await testServer({ hub: { lookupLimit: 3 } });
  });
  afterAll(async () => {
    await server?.cleanup();
  });

  it("does not count a seated player's rejoins against the address, but counts strangers", async () => {
    const host = await TestClient.open(server.url);
    const made = await host.request({ type: "create", name: "Heim", playerName: "Tom", seats: 2, preset: "quick" });
    const code = (made.table as { code: string }).code;
    // A phone on a flaky line comes back far more often than the limit allows strangers to look codes up.
    for (let i = 0; i < 10; i++) {
      const again = await TestClient.open(server.url, host.token);
      expect(await again.request({ type: "join", code })).toMatchObject({ type: "sync", seat: 0 });
      await again.close();
    }
    const stranger = await TestClient.open(server.url);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await stranger.request({ type: "watch", code })).type);
    expect(answers).toEqual(["sync", "sync", "sync", "error"]);
    await Promise.all([host.close(), stranger.close()]);
  });
});

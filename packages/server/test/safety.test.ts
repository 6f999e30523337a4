/** HTTP and connection safety: headers, static files, Origin check, rate limit, names, seats, records in play. */
import { mkdirSync, writeFileSync } from "node:fs";
import { get, request } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { TestClient, getJson, isState, tempDir, testServer, type Msg } from "./helpers.js";
import { startServer, type GameServer } from "../src/server.js";

type Server = Awaited<ReturnType<typeof testServer>>;

function rawGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, method: "GET" }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

function wsStatus(url: string, origin: string): Promise<"open" | number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url.replace(/^http/, "ws") + "/ws", { headers: { Origin: origin } });
    ws.on("open", () => {
      ws.close();
      resolve("open");
    });
    ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
    ws.on("error", () => undefined);
  });
}

describe("HTTP", () => {
  let server: GameServer;
  const tmp = tempDir();
  beforeAll(async () => {
    const web = join(tmp.dir, "web");
    mkdirSync(join(web, "assets"), { recursive: true });
    writeFileSync(join(web, "index.html"), "<!doctype html><title>page</title>");
    writeFileSync(join(web, "assets", "app.js"), "console.log(1)");
    writeFileSync(
      join(web, "assets", "big.js"),
      "export const words = " + JSON.stringify("schwimmen ".repeat(500)) + ";",
    );
    writeFileSync(join(tmp.dir, "secret.txt"), "secret");
    server = await startServer({
      port: 0,
      host: "127.0.0.1",
      dbPath: join(tmp.dir, "db.sqlite"),
      staticDir: web,
      allowedOrigins: ["http://localhost:5173"],
    });
  });
  afterAll(async () => {
    await server?.close();
    tmp.remove();
  });

  it("serves the client, invite links and health with security headers", async () => {
    const page = await getJson(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("<title>page</title>");
    expect(page.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect((await getJson(`${server.url}/t/ABCDEF`)).body).toContain("<title>page</title>");
    const js = await getJson(`${server.url}/assets/app.js`);
    expect(js.headers.get("content-type")).toContain("javascript");
    const health = await getJson(`${server.url}/healthz`);
    expect(health.body).toMatchObject({ ok: true });
    expect(health.headers.get("content-security-policy")).toBeTruthy();
    expect((await getJson(`${server.url}/api/tables/ZZZZZZ`)).status).toBe(404);
  });

  it("sends larger text files gzipped to clients that accept it, and plain to others", async () => {
    const url = `${server.url}/assets/big.js`;
    const packed = await fetch(url, { headers: { "Accept-Encoding": "gzip" } });
    expect(packed.headers.get("content-encoding")).toBe("gzip");
    expect(Number(packed.headers.get("content-length"))).toBeLessThan(1000);
    expect(await packed.text()).toContain("schwimmen schwimmen");
    const plain = await new Promise<{ encoding: string | undefined; length: number }>((resolve, reject) => {
      get(url, { headers: { "Accept-Encoding": "identity" } }, (res) => {
        let length = 0;
        res.on("data", (chunk: Buffer) => (length += chunk.length));
        res.on("end", () => resolve({ encoding: res.headers["content-encoding"], length }));
      }).on("error", reject);
    });
    expect(plain.encoding).toBeUndefined();
    expect(plain.length).toBeGreaterThan(5000);
  });

  it("never serves files outside the client's folder", async () => {
    for (const path of ["/../secret.txt", "/..%2fsecret.txt", "/%2e%2e/secret.txt", "/assets/..%2f..%2fsecret.txt"]) {
      const res = await rawGet(server.port, path);
      expect(res.body).not.toContain("secret");
    }
  });

  it("refuses WebSockets from foreign origins", async () => {
    expect(await wsStatus(server.url, "http://evil.example")).toBe(403);
    expect(await wsStatus(server.url, `http://127.0.0.1:${server.port}`)).toBe("open");
    expect(await wsStatus(server.url, "http://localhost:5173")).toBe("open");
  });
});

describe("connections", () => {
  let server: Server;
  beforeAll(async () => {
    server = await testServer({ rateMessages: 100 });
  });
  afterAll(async () => {
    await server?.cleanup();
  });

  it("limits a connection to 100 messages in 20 seconds and closes a flood", async () => {
    const client = await TestClient.open(server.url);
    for (let i = 0; i < 150; i++) client.sendRaw(JSON.stringify({ type: "ping", id: i }));
    await client.waitFor((m) => m.re === 149 || (m.type === "pong" && client.messages.length >= 151));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const pongs = client.messages.filter((m) => m.type === "pong").length;
    const limited = client.messages.filter((m) => m.type === "error" && m.code === "RATE_LIMITED").length;
    // hello counts too: 99 pings pass, the other 51 are refused.
    expect(pongs).toBe(99);
    expect(limited).toBe(51);
    // Twice the limit in one window closes the connection.
    for (let i = 0; i < 60; i++) client.sendRaw(JSON.stringify({ type: "ping" }));
    await new Promise<void>((resolve) => (client.closed ? resolve() : client.ws.once("close", () => resolve())));
    expect(client.closed).toBe(true);
  });

  it("cleans names, keeps them as plain text and refuses bad ones", async () => {
    const client = await TestClient.open(server.url);
    const made = await client.request({
      type: "create",
      name: " <b>Doppel</b>\n kopf ",
      playerName: "  Lena  ",
      seats: 2,
    });
    const table = made.table as unknown as { name: string; seats: { name: string }[] };
    expect(table.name).toBe("<b>Doppel</b> kopf");
    expect(table.seats[0]!.name).toBe("Lena");
    // Display names are letters, digits and a little punctuation (names.test.ts has the whole list).
    for (const playerName of ["", "   ", "x".repeat(25), "a\u0000b", "\u202eevil", "<b>Lena</b>"]) {
      const res = await client.request({ type: "create", name: "T", playerName, seats: 2 });
      expect(res).toMatchObject({ type: "error", code: "INVALID_NAME" });
    }
    const typeWrong = await client.request({ type: "create", name: "T", playerName: 7 as unknown as string, seats: 2 });
    expect(typeWrong).toMatchObject({ type: "error", code: "BAD_MESSAGE" });
    await client.close();
  });

  it("lets a connection act only for its own seat; tokens are issued by the server", async () => {
    const host = await TestClient.open(server.url);
    const made = await host.request({
      type: "create",
      name: "Seats",
      playerName: "A",
      seats: 3,
      botLevel: "random",
      turnSeconds: 0,
    });
    const code = (made.table as unknown as { code: string }).code;
    const guest = await TestClient.open(server.url);
    await guest.request({ type: "join", code, name: "B" });
    const watcher = await TestClient.open(server.url);
    await watcher.request({ type: "watch", code });
    await host.request({ type: "start" });
    const state = await guest.waitFor((m) => isState(m) && (m.view as { phase: string }).phase === "playing");
    const toAct = (state.view as { toAct: number }).toAct;
    const other = toAct === 1 ? 0 : 1;
    // Naming another seat, or acting as a spectator, is refused.
    const asOther = await (other === 0 ? host : guest).request({ type: "act", action: { type: "pass", seat: toAct } });
    expect(asOther).toMatchObject({ type: "error", code: "NOT_YOUR_SEAT" });
    expect(await watcher.request({ type: "act", action: { type: "pass" } })).toMatchObject({ code: "NOT_A_PLAYER" });
    // A made-up token is not taken: the server issues a fresh one, which holds no seat.
    const impostor = await TestClient.open(server.url, "A".repeat(43));
    expect(impostor.token).not.toBe("A".repeat(43));
    expect(await impostor.request({ type: "join", code })).toMatchObject({ type: "error", code: "ALREADY_STARTED" });
    // Only the guest's token gets the guest's seat back, from a new connection.
    const again = await TestClient.open(server.url, guest.token);
    expect(await again.request({ type: "join", code })).toMatchObject({ type: "sync", seat: 1 });
    await Promise.all([host, guest, watcher, impostor, again].map((c) => c.close()));
  });

  it("offers the record of a running match without the round in play or its seed", async () => {
    const host = await TestClient.open(server.url);
    const made = await host.request({
      type: "create",
      name: "Rec",
      playerName: "A",
      seats: 2,
      botLevel: "random",
      turnSeconds: 0,
    });
    const code = (made.table as unknown as { code: string }).code;
    await host.request({ type: "start" });
    const inPlay = (m: Msg) => isState(m) && (m.view as { phase: string }).phase === "playing";
    // Play until a round has ended and the next one is in play, passing the host's turns.
    let acted = -1;
    host.onMessage = (m: Msg) => {
      const v = m.view as { legal: { type: string }[]; round: number } | undefined;
      if (!isState(m) || !v || v.round >= 1 || v.legal.length === 0 || acted === m.version) return;
      acted = m.version as number;
      const move = v.legal.find((a) => a.type === "knock") ?? v.legal.find((a) => a.type === "pass") ?? v.legal[0]!;
      const { seat: _seat, ...rest } = move as { seat: number; type: string };
      host.sendRaw(JSON.stringify({ type: "act", action: rest }));
    };
    host.onMessage(host.latest!);
    await host.waitFor((m) => inPlay(m) && (m.view as { round: number }).round >= 1, 20_000);
    host.onMessage = null;
    const table = (await server.hub.get(code))!;
    const round = table.model.game.round!;
    const res = await getJson(`${server.url}/api/tables/${code}/record`);
    expect(res.headers.get("content-disposition")).toContain("attachment");
    const record = res.body as { rounds: { seed: string }[]; table: { complete: boolean } };
    expect(record.rounds.length).toBe(round.index);
    expect(record.table.complete).toBe(false);
    const text = JSON.stringify(record);
    expect(text).not.toContain(table.model.seeds[round.index]!);
    await host.close();
  });
});

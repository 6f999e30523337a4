/**
 * Limits per address that a new connection does not reset (messages, tables, device tokens), the Origin check that
 * does not trust the Host header, and `re` on frames refused before they are read.
 */
import { networkInterfaces } from "node:os";
import { describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { originCheck } from "../src/socket-guard.js";
import { perTest } from "./dos-helpers.js";

type Frame = Record<string, unknown>;

const each = perTest();

/** A raw protocol client that keeps every frame, from `localAddress`. */
async function client(url: string, localAddress = "127.0.0.1") {
  const ws = each.track(new WebSocket(url.replace(/^http/, "ws") + "/ws", { localAddress }));
  const frames: Frame[] = [];
  const waiters: (() => void)[] = [];
  ws.on("message", (data) => {
    frames.push(JSON.parse(data.toString()) as Frame);
    for (const wake of waiters.splice(0)) wake();
  });
  await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
  /** The answer to the frame with this id. */
  const answer = async (re: unknown): Promise<Frame> => {
    for (;;) {
      const found = frames.find((m) => m.re === re);
      if (found) return found;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  let next = 1;
  return {
    ws,
    frames,
    answer,
    async ask(message: Frame): Promise<Frame> {
      const id = `q${next++}`;
      ws.send(JSON.stringify({ ...message, id }));
      return answer(id);
    },
    close: () => ws.close(),
  };
}

const create = { type: "create", name: "T", playerName: "P", seats: 2 };

describe("limits per address", () => {
  it("counts messages per address across reconnects; another address has its own", async () => {
    const server = await each.start({ rateMessages: 1000, limits: { messagesPerAddress: 10 } });
    const a = await client(server.url);
    expect((await a.ask({ type: "hello" })).type).toBe("welcome");
    for (let i = 0; i < 5; i++) expect((await a.ask({ type: "ping" })).type).toBe("pong");
    a.close();
    // A new connection from the same address: 4 more pass, then the address is over its limit.
    const b = await client(server.url);
    expect((await b.ask({ type: "hello" })).type).toBe("welcome");
    for (let i = 0; i < 3; i++) expect((await b.ask({ type: "ping" })).type).toBe("pong");
    const refused = await b.ask({ type: "ping" });
    expect(refused).toMatchObject({ type: "error", code: "RATE_LIMITED", re: "q5" });
    const c = await client(server.url, "127.0.0.2");
    expect((await c.ask({ type: "hello" })).type).toBe("welcome");
  });

  it("counts tables per address across reconnects", async () => {
    const server = await each.start({ limits: { tablesPerAddress: 3 } });
    const a = await client(server.url);
    await a.ask({ type: "hello" });
    for (let i = 0; i < 2; i++) expect((await a.ask(create)).type).toBe("sync");
    a.close();
    const b = await client(server.url);
    await b.ask({ type: "hello" });
    expect((await b.ask(create)).type).toBe("sync");
    expect(await b.ask(create)).toMatchObject({ type: "error", code: "TOO_MANY_TABLES", re: "q3" });
    const c = await client(server.url, "127.0.0.2");
    await c.ask({ type: "hello" });
    expect((await c.ask(create)).type).toBe("sync");
  });

  it("caps new device tokens per address; known tokens still work", async () => {
    const server = await each.start({ limits: { tokensPerAddress: 3 } });
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) {
      const a = await client(server.url);
      const welcome = await a.ask({ type: "hello" });
      expect(welcome.type).toBe("welcome");
      tokens.push(welcome.token as string);
      a.close();
    }
    const d = await client(server.url);
    expect(await d.ask({ type: "hello" })).toMatchObject({ type: "error", code: "RATE_LIMITED", re: "q1" });
    // Refused, the connection may still say hello with a token it has.
    expect(await d.ask({ type: "hello", token: tokens[0] })).toMatchObject({ type: "welcome", token: tokens[0] });
    const e = await client(server.url, "127.0.0.2");
    expect((await e.ask({ type: "hello" })).type).toBe("welcome");
  });
});

describe("Origin", () => {
  function status(url: string, headers: Record<string, string>): Promise<"open" | number> {
    return new Promise((resolve) => {
      const ws = each.track(new WebSocket(url.replace(/^http/, "ws") + "/ws", { headers }));
      ws.on("open", () => resolve("open"));
      ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      ws.on("error", () => undefined);
    });
  }

  it("refuses a foreign page even when the Host header names it (DNS rebinding)", async () => {
    const server = await each.start({
      publicUrl: "https://play.example.org/",
      allowedOrigins: ["http://localhost:5173"],
    });
    const port = server.port;
    const evil = `evil.example:${port}`;
    expect(await status(server.url, { Origin: `http://${evil}`, Host: evil })).toBe(403);
    expect(await status(server.url, { Origin: `http://${evil}` })).toBe(403);
    expect(await status(server.url, { Origin: "null" })).toBe(403);
    for (const origin of [
      `http://127.0.0.1:${port}`,
      `http://localhost:${port}`,
      "https://play.example.org",
      "http://localhost:5173",
    ]) {
      expect(await status(server.url, { Origin: origin })).toBe("open");
    }
    // Command-line clients send no Origin.
    expect(await status(server.url, {})).toBe("open");
  });

  it("on a wildcard HOST takes this machine's own IP addresses at its port, and no names", () => {
    const allowed = originCheck({ allowed: [], host: "0.0.0.0", port: 8031 });
    const own = Object.values(networkInterfaces())
      .flatMap((list) => list ?? [])
      .find((net) => net.family === "IPv4");
    if (own) expect(allowed(`http://${own.address}:8031`)).toBe(true);
    if (own) expect(allowed(`http://${own.address}:8032`)).toBe(false);
    expect(allowed("http://localhost:8031")).toBe(true);
    expect(allowed("http://203.0.113.9:8031")).toBe(false);
    expect(allowed("http://evil.example:8031")).toBe(false);
    const fixed = originCheck({
      allowed: [],
      host: "schwimmen.lan",
      port: 80,
      publicUrl: "https://play.example.org/x",
    });
    expect(fixed("http://schwimmen.lan")).toBe(true);
    expect(fixed("https://play.example.org")).toBe(true);
    expect(fixed("http://play.example.org")).toBe(false);
  });
});

describe("re on frames refused before they are read", () => {
  it("keeps the id on RATE_LIMITED", async () => {
    const server = await each.start({ rateMessages: 5 });
    const a = await client(server.url);
    await a.ask({ type: "hello" });
    for (let i = 0; i < 4; i++) await a.ask({ type: "ping" });
    expect(await a.ask({ type: "ping" })).toMatchObject({ code: "RATE_LIMITED", re: "q6" });
    a.ws.send(JSON.stringify({ type: "ping", id: 41 }));
    expect(await a.answer(41)).toMatchObject({ code: "RATE_LIMITED" });
  });

  it("keeps the id on MESSAGE_TOO_LARGE when it is the frame's first or last key, and on binary frames", async () => {
    const server = await each.start();
    const a = await client(server.url);
    await a.ask({ type: "hello" });
    const pad = "x".repeat(5000);
    a.ws.send(`{"type":"ping","pad":"${pad}","id":77}`);
    expect(await a.answer(77)).toMatchObject({ type: "error", code: "MESSAGE_TOO_LARGE" });
    a.ws.send(`{"type":"ping","id":"first","pad":"${pad}"}`);
    expect(await a.answer("first")).toMatchObject({ type: "error", code: "MESSAGE_TOO_LARGE" });
    // An id in the middle of a large frame is not looked for: the answer has no re.
    a.ws.send(`{"type":"ping","pad":"${pad}","id":"middle","more":1}`);
    a.ws.send(Buffer.from(JSON.stringify({ type: "ping", id: 78 })), { binary: true });
    expect(await a.answer(78)).toMatchObject({ type: "error", code: "BAD_MESSAGE" });
    const tooLarge = a.frames.filter((m) => m.code === "MESSAGE_TOO_LARGE");
    expect(tooLarge).toHaveLength(3);
    expect(tooLarge[2]!.re).toBeUndefined();
  });
});

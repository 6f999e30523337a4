/**
 * Idle, silent and half-open sockets: the hello deadline, the idle timeout at no table, pings that find dead peers,
 * caps per address on WebSockets and TCP connections, and HTTP header deadlines against slowloris.
 */
import { type Socket, connect } from "node:net";
import { describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { perTest, sleep } from "./dos-helpers.js";
import { TestClient } from "./helpers.js";

const each = perTest();

/** A WebSocket from `localAddress`; resolves once open, or with the HTTP status that refused it. */
function socketFrom(
  url: string,
  localAddress = "127.0.0.1",
  options: { autoPong?: boolean } = {},
): Promise<{ ws: WebSocket; status: "open" | number; closed: Promise<number> }> {
  const ws = each.track(new WebSocket(url.replace(/^http/, "ws") + "/ws", { localAddress, ...options }));
  const closed = new Promise<number>((resolve) => ws.once("close", (code) => resolve(code)));
  return new Promise((resolve) => {
    ws.once("open", () => resolve({ ws, status: "open", closed }));
    ws.once("unexpected-response", (_req, res) => resolve({ ws, status: res.statusCode ?? 0, closed }));
    ws.on("error", () => resolve({ ws, status: -1, closed }));
  });
}

/** Sends a frame and waits for the answer with its id. */
function ask(ws: WebSocket, message: Record<string, unknown>): Promise<Record<string, unknown>> {
  const id = Math.floor(Math.random() * 1e9);
  return new Promise((resolve) => {
    const onMessage = (data: Buffer) => {
      const m = JSON.parse(data.toString()) as Record<string, unknown>;
      if (m.re !== id) return;
      ws.off("message", onMessage);
      resolve(m);
    };
    ws.on("message", onMessage);
    ws.send(JSON.stringify({ ...message, id }));
  });
}

/** Resolves with the code, or "open" when the socket is still open after `ms`. */
const closedWithin = (closed: Promise<number>, ms: number) =>
  Promise.race([closed, sleep(ms).then(() => "open" as const)]);

async function healthz(url: string, localAddress: string): Promise<number> {
  const { request } = await import("node:http");
  const { port } = new URL(url);
  return new Promise((resolve) => {
    const req = request({ host: "127.0.0.1", port, path: "/healthz", localAddress, timeout: 3000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", () => resolve(-1));
    req.on("timeout", () => req.destroy());
    req.end();
  });
}

describe("deadlines", () => {
  it("closes a socket that says no hello in time (4001); a socket that does stays", async () => {
    const server = await each.start({ limits: { helloTimeoutMs: 300 } });
    const silent = await socketFrom(server.url);
    const polite = await socketFrom(server.url);
    expect((await ask(polite.ws, { type: "hello" })).type).toBe("welcome");
    expect(await closedWithin(silent.closed, 3000)).toBe(4001);
    expect(await closedWithin(polite.closed, 200)).toBe("open");
  });

  it("closes an identified socket at no table after the idle time (4000), not one following a table", async () => {
    const server = await each.start({ limits: { idleTimeoutMs: 500 } });
    const idle = await socketFrom(server.url);
    await ask(idle.ws, { type: "hello" });
    const host = await TestClient.open(server.url);
    await host.request({ type: "create", name: "Idle", playerName: "Host", seats: 2 });
    // Frames keep a socket at no table alive; silence ends it.
    const talker = await socketFrom(server.url);
    await ask(talker.ws, { type: "hello" });
    for (let i = 0; i < 4; i++) {
      await sleep(200);
      await ask(talker.ws, { type: "ping" });
    }
    expect(await closedWithin(talker.closed, 0)).toBe("open");
    expect(await closedWithin(idle.closed, 3000)).toBe(4000);
    expect(host.closed).toBe(false);
    await host.close();
  });

  it("cuts off a peer that answers no pings: its seat shows as not connected", async () => {
    const server = await each.start({ limits: { pingIntervalMs: 200 } });
    const host = await TestClient.open(server.url);
    const made = await host.request({ type: "create", name: "Ping", playerName: "Host", seats: 2, turnSeconds: 0 });
    const code = (made.table as unknown as { code: string }).code;
    // A guest whose link has died: its socket stays open on the server, but nothing answers.
    const guest = await socketFrom(server.url, "127.0.0.1", { autoPong: false });
    await ask(guest.ws, { type: "hello" });
    await ask(guest.ws, { type: "join", code, name: "Guest" });
    const seatsSeen = () =>
      host.messages
        .map((m) => (m.table as unknown as { seats: { connected: boolean }[] } | undefined)?.seats[1])
        .filter((s) => s !== undefined);
    await host.waitFor((m) => m.type === "update" && seatsSeen().at(-1)?.connected === true, 3000);
    const dropped = await host.waitFor(
      (m) => m.type === "table" && !(m.table as unknown as { seats: { connected: boolean }[] }).seats[1]!.connected,
      3000,
    );
    expect(dropped.type).toBe("table");
    // The host answers pings (its client does it by itself) and stays.
    await sleep(500);
    expect(host.closed).toBe(false);
    await host.close();
  });
});

describe("caps per address", () => {
  it("refuses the WebSocket past the cap from one address, lets another address in, and /healthz stays up", async () => {
    const server = await each.start({ limits: { socketsPerAddress: 5, connectionsPerAddress: 10 } });
    const url = server.url;
    const tries = await Promise.all(Array.from({ length: 12 }, () => socketFrom(url)));
    expect(tries.filter((t) => t.status === "open")).toHaveLength(5);
    expect(tries.filter((t) => t.status === 429)).toHaveLength(7);
    const other = await socketFrom(url, "127.0.0.2");
    expect(other.status).toBe("open");
    expect((await ask(other.ws, { type: "hello" })).type).toBe("welcome");
    expect(await healthz(url, "127.0.0.1")).toBe(200);
    expect(await healthz(url, "127.0.0.2")).toBe(200);
    // A closed socket gives its place back.
    const first = tries.find((t) => t.status === "open")!;
    first.ws.close();
    await first.closed;
    await sleep(50);
    expect((await socketFrom(url)).status).toBe("open");
  });

  it("closes slowloris connections (headers that never end), caps them per address, and keeps /healthz up", async () => {
    const server = await each.start({ limits: { connectionsPerAddress: 20, headersTimeoutMs: 500 } });
    const { port } = new URL(server.url);
    const t0 = Date.now();
    const sockets: { socket: Socket; closedAt: number | null }[] = [];
    for (let i = 0; i < 60; i++) {
      const socket = each.track(connect(Number(port), "127.0.0.1"));
      const entry = { socket, closedAt: null as number | null };
      socket.on("close", () => (entry.closedAt = Date.now() - t0));
      socket.on("error", () => undefined);
      socket.resume();
      socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n");
      sockets.push(entry);
    }
    // One more header line now and then, never the blank line that ends them.
    const drip = setInterval(() => {
      for (const { socket } of sockets) if (!socket.destroyed) socket.write("X-Slow: 1\r\n");
    }, 100);
    try {
      await sleep(200);
      // Past the cap, connections from that address are closed at once.
      expect(sockets.filter((s) => s.closedAt !== null).length).toBeGreaterThanOrEqual(40);
      // Another address is not affected.
      expect(await healthz(server.url, "127.0.0.2")).toBe(200);
      const deadline = Date.now() + 5000;
      while (sockets.some((s) => s.closedAt === null) && Date.now() < deadline) await sleep(50);
      // The ones let in are closed at the header deadline, and the address gets in again.
      expect(sockets.filter((s) => s.closedAt === null)).toHaveLength(0);
      expect(await healthz(server.url, "127.0.0.1")).toBe(200);
      expect((await socketFrom(server.url)).status).toBe("open");
    } finally {
      clearInterval(drip);
    }
  });
});

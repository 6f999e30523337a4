/**
 * Behind a trusted proxy (HAProxy in front of the cluster) the limits per address count the players' own addresses
 * from `X-Forwarded-For`, not the proxy's; from any other peer that header is ignored.
 */
import type { IncomingMessage } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { clientAddress, trustsPeer } from "../src/client-address.js";
import { type GameServer } from "../src/server.js";
import { testServer } from "./helpers.js";

const request = (peer: string, forwarded?: string | string[]) =>
  ({
    socket: { remoteAddress: peer },
    headers: forwarded === undefined ? {} : { "x-forwarded-for": forwarded },
  }) as unknown as IncomingMessage;

describe("clientAddress", () => {
  it.each([
    ["no trust: the peer", undefined, "127.0.0.1", "203.0.113.9", "127.0.0.1"],
    ["trusted peer: the last entry", ["127.0.0.1"], "127.0.0.1", "198.51.100.1, 203.0.113.9", "203.0.113.9"],
    ["trusted as ::ffff: form", ["127.0.0.1"], "::ffff:127.0.0.1", "203.0.113.9", "203.0.113.9"],
    ["untrusted peer: header ignored", ["127.0.0.1"], "127.0.0.2", "203.0.113.9", "127.0.0.2"],
    ["true trusts any peer", true, "10.1.2.3", "2001:db8::1", "2001:db8::1"],
    ["bracketed IPv6", true, "10.1.2.3", "[2001:db8::7]", "2001:db8::7"],
    ["not an address: the peer", true, "10.1.2.3", "<script>", "10.1.2.3"],
    ["empty header: the peer", true, "10.1.2.3", "", "10.1.2.3"],
  ] as const)("%s", (_, trust, peer, header, expected) => {
    expect(clientAddress(request(peer, header), trust)).toBe(expected);
  });

  it("takes the last of repeated headers and refuses an overlong one", () => {
    expect(clientAddress(request("127.0.0.1", ["198.51.100.1", "203.0.113.9"]), true)).toBe("203.0.113.9");
    expect(clientAddress(request("127.0.0.1", `${"1.1.1.1,".repeat(400)}203.0.113.9`), true)).toBe("127.0.0.1");
    expect(trustsPeer(["127.0.0.1"], undefined)).toBe(false);
    expect(trustsPeer(false, "127.0.0.1")).toBe(false);
  });
});

describe("sockets per address behind a trusted proxy", () => {
  let server: (GameServer & { cleanup(): Promise<void> }) | undefined;
  const sockets: WebSocket[] = [];
  afterEach(async () => {
    for (const ws of sockets.splice(0)) ws.terminate();
    await server?.cleanup();
    server = undefined;
  });

  const open = (url: string, forwarded: string) =>
    new Promise<"open" | number>((resolve) => {
      const ws = new WebSocket(url.replace(/^http/, "ws") + "/ws", { headers: { "X-Forwarded-For": forwarded } });
      sockets.push(ws);
      ws.once("open", () => resolve("open"));
      ws.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      ws.on("error", () => resolve(-1));
    });

  it("counts each forwarded address on its own, and past the cap refuses only that address", async () => {
    server = await testServer({
      trustProxy: ["127.0.0.1"],
      limits: { socketsPerAddress: 3, connectionsPerAddress: 4 },
    });
    const url = server.url;
    // Eight players behind the proxy: more than either cap of the proxy's own address.
    const players = await Promise.all(Array.from({ length: 8 }, (_, i) => open(url, `198.51.100.${i + 1}`)));
    expect(players).toEqual(Array(8).fill("open"));
    // One of them opens three more: the cap of three applies to that player alone.
    const more = await Promise.all(Array.from({ length: 3 }, () => open(url, "198.51.100.1")));
    expect(more.filter((s) => s === "open")).toHaveLength(2);
    expect(more.filter((s) => s === 429)).toHaveLength(1);
    expect(await open(url, "198.51.100.9")).toBe("open");
  });

  it("without trust the header changes nothing: the proxy's own address hits the cap", async () => {
    server = await testServer({ limits: { socketsPerAddress: 3, connectionsPerAddress: 10 } });
    const tries = await Promise.all(Array.from({ length: 5 }, (_, i) => open(server!.url, `198.51.100.${i + 1}`)));
    expect(tries.filter((s) => s === "open")).toHaveLength(3);
  });
});

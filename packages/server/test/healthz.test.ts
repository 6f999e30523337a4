/** `GET /healthz`: the node, its store and the tables it holds; 503 when the node cannot tell. */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Health, httpHandler } from "../src/http.js";
import { TestClient, getJson, testServer } from "./helpers.js";

describe("GET /healthz", () => {
  let server: Awaited<ReturnType<typeof testServer>>;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(() => server.cleanup());

  it("names the single process, the SQLite store and the tables it holds", async () => {
    const before = await getJson(`${server.url}/healthz`);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ ok: true, node: "single", store: "sqlite", tables: 0 });
    // How long the process stood still (pauses.ts): counters since the start.
    expect(before.body).toMatchObject({
      loopStalls: expect.any(Number),
      loopStallWaitMs: expect.any(Number),
      gcPauses: expect.any(Number),
    });
    const host = await TestClient.open(server.url);
    await host.request({ type: "create", name: "Health", playerName: "Ann", seats: 2 });
    expect((await getJson(`${server.url}/healthz`)).body).toMatchObject({ tables: 1 });
    await host.close();
  });

  it("answers what the server's health says, and 503 when it cannot tell", async () => {
    let health: () => Promise<Health> = () => Promise.resolve({ node: "node-7", store: "postgres", tables: 42 });
    const http = createServer(
      httpHandler({
        hub: server.hub,
        store: {} as never,
        staticDir: "/nonexistent",
        stats: () => ({ connections: 3 }),
        health: () => health(),
      }),
    );
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/healthz`;
    try {
      const good = await getJson(url);
      expect(good.status).toBe(200);
      expect(good.body).toEqual({ ok: true, node: "node-7", store: "postgres", tables: 42, connections: 3 });
      health = () => Promise.reject(new Error("database unreachable"));
      const bad = await getJson(url);
      expect(bad.status).toBe(503);
      expect(bad.body).toMatchObject({ ok: false, error: { code: "UNHEALTHY" } });
    } finally {
      await new Promise((resolve) => http.close(resolve));
    }
  });
});

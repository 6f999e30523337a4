/** Smaller holes: prototype keys in rules, presence over HTTP, HSTS over HTTPS. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../src/config.js";
import { Hub } from "../src/hub.js";
import { TestClient, getJson, testServer } from "./helpers.js";

type Server = Awaited<ReturnType<typeof testServer>>;

describe("rules and presence", () => {
  let server: Server;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(async () => {
    await server?.cleanup();
  });

  it("refuses prototype keys in rules with INVALID_RULES instead of default rules", async () => {
    const client = await TestClient.open(server.url);
    const answer = (rules: string, id: number) => {
      const reply = client.next((m) => m.re === id);
      client.sendRaw(`{"type":"create","id":${id},"name":"T","playerName":"Lena","seats":2,"rules":${rules}}`);
      return reply;
    };
    let id = 9000;
    for (const rules of [
      `{"__proto__":{"lives":9}}`,
      `{"__proto__":{}}`,
      `{"lives":2,"__proto__":{"lives":5}}`,
      `{"constructor":{"prototype":{"lives":1}}}`,
      `{"prototype":{}}`,
      `{"toString":1}`,
      `{"noSuchRule":true}`,
      `"lives"`,
      `[1]`,
    ]) {
      expect(await answer(rules, ++id), rules).toMatchObject({ type: "error", code: "INVALID_RULES" });
    }
    expect(await answer(`{"lives":2}`, ++id)).toMatchObject({ type: "sync" });
    // The same check for callers of the hub itself.
    const proto = JSON.parse(`{"__proto__":{"lives":9}}`) as Record<string, unknown>;
    expect(Hub.rulesFor("standard", proto).ok).toBe(false);
    expect(Hub.rulesFor("quick", {}).ok).toBe(true);
    await client.close();
  });

  it("accepts the hidden deal and two decks, which the bots play too", () => {
    for (const rules of [{ deal: "hidden" }, { decks: 2 }, { deal: "dealerChooses" }]) {
      expect(Hub.rulesFor(undefined, rules).ok, JSON.stringify(rules)).toBe(true);
    }
  });

  it("reports who is connected in /api/tables/CODE", async () => {
    const host = await TestClient.open(server.url);
    const made = await host.request({ type: "create", name: "Da?", playerName: "Lena", seats: 3 });
    const code = (made.table as { code: string }).code;
    const guest = await TestClient.open(server.url);
    await guest.request({ type: "join", code, name: "Tom" });
    const connected = async () =>
      ((await getJson(`${server.url}/api/tables/${code}`)).body as { seats: { connected: boolean }[] }).seats.map(
        (s) => s.connected,
      );
    expect(await connected()).toEqual([true, true, false]);
    const gone = host.next((m) => m.type === "table");
    guest.terminate();
    await gone;
    expect(await connected()).toEqual([true, false, false]);
    await host.close();
  });
});

describe("HSTS", () => {
  const servers: Server[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.cleanup()));
  });
  const hsts = async (options: Parameters<typeof testServer>[0], headers: Record<string, string> = {}) => {
    const server = await testServer(options);
    servers.push(server);
    const res = await fetch(`${server.url}/healthz`, { headers });
    await res.text();
    return res.headers.get("strict-transport-security");
  };

  it("is sent when the server is reached over HTTPS, and only then", async () => {
    expect(await hsts({})).toBeNull();
    expect(await hsts({ publicUrl: "https://schwimmen.example" })).toMatch(/^max-age=\d{7,}/);
    expect(await hsts({ publicUrl: "http://schwimmen.example" })).toBeNull();
    // A proxy's header counts only when the proxy is trusted.
    expect(await hsts({}, { "X-Forwarded-Proto": "https" })).toBeNull();
    expect(await hsts({ trustProxy: true }, { "X-Forwarded-Proto": "https" })).toMatch(/^max-age=/);
    expect(await hsts({ trustProxy: true }, { "X-Forwarded-Proto": "http" })).toBeNull();
  });
});

describe("configuration", () => {
  it("reads the lookups per address from LOOKUPS_PER_ADDRESS", () => {
    const set = readConfig({ LOOKUPS_PER_ADDRESS: "500" });
    expect(set.ok && set.value.hub).toEqual({ lookupLimit: 500 });
    const plain = readConfig({});
    expect(plain.ok && plain.value.hub).toBeUndefined();
    const wrong = readConfig({ LOOKUPS_PER_ADDRESS: "0" });
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) expect(wrong.error.message).toContain("LOOKUPS_PER_ADDRESS");
  });
});

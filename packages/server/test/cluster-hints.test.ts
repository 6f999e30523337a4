/**
 * Route hints (ROUTE_HINTS, docs/scaling.md "Routing"): a socket that reaches its table through another node is told
 * the table's node once, a client that comes back there plays on with nothing lost and the link ends, and a socket
 * that asked for the node already (the entry could not route it) or that is at the owner is told nothing. Cluster
 * nodes in this process on a throwaway PostgreSQL and Redis; fails (never skips) when they cannot be started.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient, autoplay, getJson, isState, matchOver, testServer, type Msg } from "./helpers.js";
import { usePostgres } from "./pg-harness.js";
import { useRedis } from "./redis-harness.js";

const postgres = usePostgres();
const redis = useRedis();

type Node = Awaited<ReturnType<typeof testServer>>;

async function node(id: string, databaseUrl: string, routeHints: boolean): Promise<Node> {
  return testServer({
    cluster: { node: id, redisUrl: redis().url, databaseUrl, leaseTtlMs: 2000, takeoverEveryMs: 200, routeHints },
    settings: { snapshotEvery: 5, botDelayMs: 0, roundPauseMs: 0 },
  });
}

const until = async (done: () => boolean, what: string, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

const isRoute = (m: Msg) => m.type === "route";

/**
 * The route pushes a client got once everything it was sent before a ping's answer arrived: a node pushes a hint
 * right after the entering answer, and answers the connection's later frames in order after it.
 */
async function routesSeen(client: TestClient): Promise<Msg[]> {
  await client.request({ type: "ping" });
  return client.messages.filter(isRoute);
}

describe("route hints", () => {
  let a: Node;
  let b: Node;
  let c: Node;
  beforeAll(async () => {
    const url = await postgres().createDatabase();
    a = await node("a", url, true);
    b = await node("b", url, true);
    c = await node("c", url, false);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.cleanup(), b?.cleanup(), c?.cleanup()]);
  }, 30_000);

  it("tells a socket on another node where its table runs; back there it plays on and the link ends", async () => {
    const host = await TestClient.open(a.url);
    const made = await host.request({ type: "create", name: "Wegweiser", playerName: "Lena", seats: 2 });
    const code = (made.table as { code: string }).code;
    expect(a.hub.holds(code)).toBe(true);
    // At the owner nobody is told anything.
    expect(await routesSeen(host)).toEqual([]);

    const guest = await TestClient.open(b.url);
    const joined = await guest.request({ type: "join", code, name: "Tom" });
    expect(joined).toMatchObject({ type: "sync", seat: 1 });
    expect(b.cluster!.links.size).toBe(1);
    expect((await getJson(`${b.url}/healthz`)).body).toMatchObject({ node: "b", links: 1 });
    // The hint comes after the answer, once.
    const hint = await guest.waitFor(isRoute);
    expect(hint).toEqual({ type: "route", node: "a" });
    expect(guest.messages.indexOf(hint)).toBeGreaterThan(guest.messages.indexOf(joined));
    expect(await routesSeen(guest)).toHaveLength(1);

    expect(await host.request({ type: "start" })).toMatchObject({ type: "update" });
    // The guest comes back at the owner as the entry would bring it (`?node=a`), rejoins from its last version and
    // leaves the old socket; the link on b ends.
    const last = guest.messages.filter(isState).at(-1)!.version as number;
    const moved = await TestClient.open(a.url, guest.token, "?node=a");
    const rejoined = await moved.request({ type: "join", code, lastVersion: last });
    expect(rejoined).toMatchObject({ seat: 1 });
    expect(["update", "sync"]).toContain(rejoined.type);
    expect(await routesSeen(moved)).toEqual([]);
    await guest.close();
    await until(() => b.cluster!.links.size === 0, "the guest's link to end");
    expect((await getJson(`${b.url}/healthz`)).body).toMatchObject({ node: "b", links: 0 });

    autoplay(host);
    autoplay(moved);
    const [endHost, endGuest] = await Promise.all([
      host.waitFor(matchOver(1), 60_000),
      moved.waitFor(matchOver(1), 60_000),
    ]);
    expect(endGuest.version).toBe(endHost.version);
    await Promise.all([host.close(), moved.close()]);
  }, 90_000);

  it("tells nothing to a socket that asked for the table's node already, nor on a node without hints", async () => {
    const host = await TestClient.open(a.url);
    const made = await host.request({ type: "create", name: "Ohne Umweg", playerName: "Lena", seats: 4 });
    const code = (made.table as { code: string }).code;

    // The entry could not bring it to a (say a was briefly out of its rotation): no second hint, it plays via b.
    const asked = await TestClient.open(b.url, undefined, "?node=a");
    expect(await asked.request({ type: "join", code, name: "Tom" })).toMatchObject({ type: "sync", seat: 1 });
    expect(await routesSeen(asked)).toEqual([]);

    // A socket that asked for another node than the table's is told.
    const stale = await TestClient.open(b.url, undefined, "?node=b");
    expect(await stale.request({ type: "watch", code })).toMatchObject({ type: "sync", seat: null });
    expect(await routesSeen(stale)).toEqual([{ type: "route", node: "a" }]);

    const plain = await TestClient.open(c.url);
    expect(await plain.request({ type: "join", code, name: "Mia" })).toMatchObject({ type: "sync", seat: 2 });
    expect(c.cluster!.links.size).toBe(1);
    expect(await routesSeen(plain)).toEqual([]);

    // A refused join is no reason to move.
    const refused = await TestClient.open(b.url);
    expect(await refused.request({ type: "join", code: "ZZZZZZ", name: "Udo" })).toMatchObject({ type: "error" });
    expect(await routesSeen(refused)).toEqual([]);
    await Promise.all([host, asked, stale, plain, refused].map((client) => client.close()));
  }, 60_000);
});

/**
 * Quick match after a failover, as two people meet it (found in the browser with the cluster, issue #12): Anna waits
 * at a quick-match table; the node that runs it and the quick matcher is killed with -9; Anna comes back through the
 * other node and still waits at her table, which the lobby lists as a quick match with free seats. Ben now asks for a
 * quick match: he must sit down at Anna's table, not at a new empty one of his own (two people who want to play now,
 * each alone with bots).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cluster, startCluster } from "./cluster-harness.js";
import { type Msg, TestClient } from "./helpers.js";
import { usePostgres } from "./pg-harness.js";
import { useRedis } from "./redis-harness.js";

const codeOf = (m: Msg) => (m.table as { code: string } | undefined)?.code;

describe("quick match after the node holding the matcher dies", () => {
  const postgres = usePostgres();
  const redis = useRedis();
  let cluster: Cluster | undefined;
  const clients: TestClient[] = [];
  const open = async (url: string, token?: string) => {
    const client = await TestClient.open(url, token);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    cluster = await startCluster({
      databaseUrl: await postgres().createDatabase(),
      redisUrl: redis().url,
      nodes: 2,
      env: { LEASE_TTL_MS: "2000", QUICK_MATCH_WAIT_MS: "60000", LOG_LEVEL: "warn" },
    });
  }, 90_000);
  afterAll(async () => {
    for (const client of clients) client.terminate();
    await cluster?.stop();
  }, 60_000);

  it("seats the next quick matcher at the waiting table that moved to the surviving node", async () => {
    const nodes = cluster!.nodes;
    const anna = await open(nodes[0]!.url);
    const waiting = await anna.request({ type: "quickMatch", name: "Anna", seats: 4 });
    expect(waiting).toMatchObject({ type: "sync", seat: 0 });
    const code = codeOf(waiting)!;

    // The node that runs Anna's table (and the matcher that made it) dies.
    const owned = await Promise.all(nodes.map((n) => n.health()));
    const home = nodes.find((_, i) => (owned[i]?.tables ?? 0) > 0)!;
    const survivor = nodes.find((n) => n !== home)!;
    await home.kill();

    // Anna comes back through the survivor and waits at her table again.
    const back = await open(survivor.url, anna.token);
    const rejoined = await back.request({ type: "join", code, lastVersion: waiting.version as number }, 15_000);
    // With lastVersion the answer is what was missed (an update), or the whole picture.
    expect(["sync", "update"]).toContain(rejoined.type);
    expect(codeOf(rejoined)).toBe(code);

    // Ben asks for a quick match of the same size: Anna's table has three free seats.
    const ben = await open(survivor.url);
    const seated = await ben.request({ type: "quickMatch", name: "Ben", seats: 4 }, 15_000);
    expect(seated.type).toBe("sync");
    expect(codeOf(seated), "Ben got a table of his own instead of Anna's").toBe(code);
  }, 60_000);
});

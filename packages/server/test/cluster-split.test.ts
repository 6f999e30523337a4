/**
 * A network split, simulated by pausing a node (SIGSTOP) past its lease and resuming it (SIGCONT), with real node
 * processes (issue #12). While it is frozen the other node takes its playing table over and the players connected
 * there are moved (close 4003) and play on. Once resumed, the old owner must find that it lost its tables, write
 * nothing (a command that reached it while frozen is refused, not stored), and close its clients with 4003; they
 * reconnect to the new owner and the match ends with a log that holds every acknowledged action once.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "./helpers.js";
import { type Cluster, liveLeases, startCluster } from "./cluster-harness.js";
import { type RoamingPlayer, checkLog, startedTable } from "./cluster-player.js";
import { sleep, waitUntil } from "./local-services.js";
import { usePostgres } from "./pg-harness.js";
import { useRedis } from "./redis-harness.js";

const LEASE_TTL_MS = 2000;
const MOVED = 4003;

describe("a paused node (split) after its lease ran out", () => {
  const postgres = usePostgres();
  const redis = useRedis();
  let cluster: Cluster;
  let db: pg.Pool;
  const players: RoamingPlayer[] = [];
  const clients: TestClient[] = [];

  beforeAll(async () => {
    const databaseUrl = await postgres().createDatabase();
    db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    cluster = await startCluster({
      databaseUrl,
      redisUrl: redis().url,
      nodes: 2,
      env: {
        LEASE_TTL_MS: String(LEASE_TTL_MS),
        BOT_DELAY_MS: "40",
        ROUND_PAUSE_MS: "100",
        LOG_LEVEL: "warn",
        // No heartbeat during the test: after the pause it could cut a socket off (1006) before the lease check.
        PING_INTERVAL_MS: "600000",
      },
    });
  }, 90_000);

  afterAll(async () => {
    cluster?.node("a").resume();
    await Promise.all(players.map((p) => p.stop()));
    await Promise.all(clients.map((c) => c.close()));
    await cluster?.stop();
    await db?.end();
  }, 60_000);

  it("loses its tables, writes nothing, and hands its clients over with 4003", async () => {
    const [a, b] = [cluster.node("a"), cluster.node("b")];
    // Everyone who comes back comes to b: a is the paused one.
    const { code, host, guest } = await startedTable(a.url, b.url, () => b.url, {
      seats: 3,
      actDelayMs: 200,
      name: "Split",
    });
    players.push(host, guest);
    // A second table on a that waits in its lobby, with its host on a.
    const lobbyHost = await TestClient.open(a.url);
    clients.push(lobbyHost);
    const created = await lobbyHost.request({ type: "create", name: "Waiting", playerName: "Wanda", seats: 2 });
    const waiting = (created.table as { code: string }).code;
    const lobbyCloses: number[] = [];
    lobbyHost.ws.on("close", (closeCode) => lobbyCloses.push(closeCode));
    const owners = async () => new Map((await liveLeases(db)).map((l) => [l.code, l] as const));
    expect((await owners()).get(code)?.node).toBe("a");
    expect((await owners()).get(waiting)?.node).toBe("a");
    await waitUntil("play under way", async () => host.acks.length + guest.acks.length >= 6, 30_000);
    const epochBefore = (await owners()).get(code)!.epoch;

    a.pause();
    const pausedAt = Date.now();
    // A command that reaches a while it is frozen: a change that would be written to the log.
    lobbyHost.ws.send(JSON.stringify({ type: "setVisibility", id: "while-frozen", visibility: "public" }));
    // b takes the playing table over after the lease; the guest on b is moved and rejoins there (play goes on once
    // the host, frozen on a, is back: it may be the host's turn).
    await waitUntil("b owns the table", async () => (await owners()).get(code)?.node === "b", LEASE_TTL_MS + 8000);
    expect((await owners()).get(code)!.epoch).toBeGreaterThan(epochBefore);
    await waitUntil("the guest moved", async () => guest.closes.includes(MOVED) && guest.connected, 10_000);
    const hostClosesBefore = host.closes.length;
    expect(host.closes).toEqual([]);
    await sleep(Math.max(0, LEASE_TTL_MS * 2 - (Date.now() - pausedAt)));

    a.resume();
    // a finds it lost both tables: its clients are moved with 4003 and come back through b.
    await waitUntil("the host moved", async () => host.closes.length > hostClosesBefore && host.connected, 15_000);
    expect(host.closes[hostClosesBefore]).toBe(MOVED);
    await waitUntil("the lobby host moved", async () => lobbyCloses.length > 0, 15_000);
    expect(lobbyCloses[0]).toBe(MOVED);
    const health = await a.waitHealthy(5000);
    expect(health).toMatchObject({ ok: true, node: "a", tables: 0 });
    expect((await owners()).get(code)?.node).toBe("b");

    // The command a got while frozen was not written: the waiting table's log has no visibility change.
    const logged = await db.query<{ entry: string }>("SELECT entry FROM actions WHERE code = $1", [waiting]);
    expect(logged.rows.map((r) => (JSON.parse(r.entry) as { kind: string }).kind)).not.toContain("visibility");
    const answer = lobbyHost.messages.find((m) => m.re === "while-frozen");
    expect(answer === undefined || answer.type === "error").toBe(true);

    // The host plays on at b; the match ends; the log holds every acknowledged action once.
    const hostAcks = host.acks.length;
    await waitUntil("the host plays on at b", async () => host.acks.length > hostAcks, 20_000);
    host.rematch = false;
    await waitUntil("the match over", async () => host.over && guest.over, 120_000);
    expect(await checkLog(db, code, [host, guest])).toEqual([]);
    expect([host.failure, guest.failure]).toEqual([null, null]);
  }, 240_000);
});

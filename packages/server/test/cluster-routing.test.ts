/**
 * Two cluster nodes in this process (two startServer with the cluster option) on one throwaway PostgreSQL and one
 * throwaway Redis: players on different nodes play one table, a spectator on the other node sees every event, and a
 * table whose owner lost its lease goes on at the other node with nothing lost while the old owner cannot write.
 * Fails (never skips) when PostgreSQL or Redis cannot be started.
 */
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { BROADCAST_CHANNEL, Bus, CHANNEL_PREFIX } from "../src/cluster/bus.js";
import { replayRecord } from "@schwimmen/rules";
import { TestClient, autoplay, getJson, isState, matchOver, testServer, type Msg } from "./helpers.js";
import { usePostgres } from "./pg-harness.js";
import { useRedis } from "./redis-harness.js";

const postgres = usePostgres();
const redis = useRedis();

type Node = Awaited<ReturnType<typeof testServer>>;

const until = async (done: () => Promise<boolean> | boolean, what: string, ms = 20_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
};

const LEASE_TTL_MS = 1500;

const SLOW_BYTES = 64 * 1024;

async function node(id: string, databaseUrl: string, leaseTtlMs = LEASE_TTL_MS): Promise<Node> {
  return testServer({
    cluster: { node: id, redisUrl: redis().url, databaseUrl, leaseTtlMs, takeoverEveryMs: 200 },
    settings: { snapshotEvery: 5, botDelayMs: 0, roundPauseMs: 0 },
    limits: { slowSocketBytes: SLOW_BYTES, maxSocketBytes: 8 * 1024 * 1024 },
  });
}

const codeOf = (m: Msg) => (m.table as { code: string }).code;
/** Versions a client's states went through: each update goes on from where the one before it ended (no gap). */
const gapsSeen = (client: TestClient): string[] => {
  const gaps: string[] = [];
  let at: number | null = null;
  for (const m of client.messages.filter(isState)) {
    if (m.type === "update" && at !== null && m.from !== at) gaps.push(`${at} -> ${String(m.from)}`);
    at = m.version as number;
  }
  return gaps;
};

describe("two cluster nodes share tables", () => {
  let url: string;
  let a: Node;
  let b: Node;
  beforeAll(async () => {
    url = await postgres().createDatabase();
    a = await node("a", url);
    b = await node("b", url);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.cleanup(), b?.cleanup()]);
  }, 30_000);

  it("plays a match whose players are on different nodes to its end; a spectator on the other node sees it all", async () => {
    const host = await TestClient.open(a.url);
    const made = await host.request({ type: "create", name: "Zwei Knoten", playerName: "Lena", seats: 3 });
    const code = codeOf(made);
    expect(a.hub.holds(code)).toBe(true);

    const guest = await TestClient.open(b.url);
    const joined = await guest.request({ type: "join", code, name: "Tom" });
    expect(joined).toMatchObject({ type: "sync", seat: 1 });
    // Node b does not run the table: it routes to a.
    expect(b.hub.holds(code)).toBe(false);
    expect(b.cluster!.links.size).toBe(1);
    const watcher = await TestClient.open(b.url);
    expect(await watcher.request({ type: "watch", code })).toMatchObject({ type: "sync", seat: null });

    expect(await guest.request({ type: "start" })).toMatchObject({ type: "error", code: "NOT_HOST" });
    expect(await host.request({ type: "start" })).toMatchObject({ type: "update" });
    autoplay(host);
    autoplay(guest);
    const [end] = await Promise.all([
      host.waitFor(matchOver(1), 60_000),
      guest.waitFor(matchOver(1), 60_000),
      watcher.waitFor(matchOver(1), 60_000),
    ]);
    // The spectator on the other node was sent every change, in order, without a gap or a resync.
    expect(gapsSeen(watcher)).toEqual([]);
    expect(watcher.messages.filter((m) => m.type === "sync")).toHaveLength(1);
    expect(watcher.latest!.version).toBe(end.version);

    const record = await getJson(`${b.url}/api/tables/${code}/record`);
    expect(record.status).toBe(200);
    expect(replayRecord(record.body).ok).toBe(true);

    // Leaving through the link: the answer comes back, and the link ends.
    expect(await guest.request({ type: "leave" })).toMatchObject({ type: "left", code });
    await until(() => b.cluster!.links.size === 1, "the guest's link to end");
    await Promise.all([host.close(), guest.close(), watcher.close()]);
    await until(() => b.cluster!.links.size === 0, "every link to end");
  }, 90_000);

  it("seats quick-match requests from both nodes at one table of the node that holds the matcher", async () => {
    const first = await TestClient.open(a.url);
    const second = await TestClient.open(b.url);
    const one = await first.request({ type: "quickMatch", name: "Anna", seats: 2, preset: "quick" });
    const two = await second.request({ type: "quickMatch", name: "Ben", seats: 2, preset: "quick" });
    expect(one).toMatchObject({ type: "sync", seat: 0 });
    expect(two).toMatchObject({ type: "sync", seat: 1 });
    expect(codeOf(two)).toBe(codeOf(one));
    const home = await a.cluster!.quickHome();
    expect(await b.cluster!.quickHome()).toBe(home);
    expect((home === "a" ? a : b).hub.holds(codeOf(one))).toBe(true);
    // Full: the match starts for both.
    await Promise.all([
      first.waitFor((m) => isState(m) && (m.table as { status: string }).status === "playing"),
      second.waitFor((m) => isState(m) && (m.table as { status: string }).status === "playing"),
    ]);
    await Promise.all([first.close(), second.close()]);
  }, 30_000);

  it("a socket on the other node that stops reading gets no pushes, then one sync from the owner", async () => {
    const host = await TestClient.open(a.url);
    const made = await host.request({
      type: "create",
      name: "Eilig",
      playerName: "Host",
      seats: 9,
      botLevel: "random",
      turnSeconds: 0,
      // Short matches, one after the other while the host starts the next one.
      rules: { lives: 1 },
    });
    const code = codeOf(made);
    // The only socket on node b: b's buffered bytes are its own.
    const slow = await TestClient.open(b.url);
    await slow.request({ type: "watch", code });
    slow.ws.pause();
    // The host plays at once whenever it is to act and starts a new match when one ends; bots fill the other seats.
    autoplay(host);
    const play = host.onMessage!;
    host.onMessage = (m) => {
      play(m);
      if (isState(m) && (m.view as { over: boolean }).over) host.sendRaw(JSON.stringify({ type: "rematch" }));
    };
    await host.request({ type: "start" });
    // The kernel's buffers take the first frames; then node b's own buffer for the slow socket passes the limit and
    // stays there (a burst written at once passes it for a moment too).
    let above = 0;
    const behind = () => (above = b.bufferedBytes() > SLOW_BYTES ? above + 1 : 0) >= 10;
    await until(behind, "the slow socket to fall behind", 40_000);
    const seen = slow.messages.length;
    slow.ws.resume();
    const sync = await slow.next((m) => m.type === "sync" && m.re === undefined, 30_000);
    expect(sync.version as number).toBeGreaterThan(0);
    host.onMessage = null;
    await new Promise((resolve) => setTimeout(resolve, 300));
    // From the sync on, updates follow without a gap.
    const after = slow.messages.slice(seen).filter(isState);
    const from = after.indexOf(sync);
    for (let i = from + 1; i < after.length; i++) expect(after[i]!.from).toBe(after[i - 1]!.version);
    // No more matches: bots play the host's seat to the end of a short match.
    await Promise.all([host.close(), slow.close()]);
  }, 90_000);

  it("a node that stops cleanly gives its tables up at once: its players elsewhere go on at another node", async () => {
    const c = await node("c", url, 10_000);
    let stopped = false;
    try {
      const host = await TestClient.open(c.url);
      const code = codeOf(await host.request({ type: "create", name: "Feierabend", playerName: "Lena", seats: 2 }));
      const guest = await TestClient.open(b.url);
      expect(await guest.request({ type: "join", code, name: "Tom" })).toMatchObject({ seat: 1 });
      await host.request({ type: "start" });
      const version = guest.latest!.version as number;
      const guestClosed = new Promise<number>((resolve) => guest.ws.once("close", (closeCode) => resolve(closeCode)));
      await c.cleanup();
      stopped = true;
      expect(await guestClosed).toBe(4003);
      // The lease is free at once: the players come back through node b and go on where the table now runs.
      const host2 = await TestClient.open(b.url, host.token);
      const guest2 = await TestClient.open(b.url, guest.token);
      const started = Date.now();
      expect(await guest2.request({ type: "join", code, lastVersion: version })).toMatchObject({ seat: 1 });
      // Its lease of 10 s was given up, not waited out.
      expect(Date.now() - started).toBeLessThan(5000);
      // Node b claimed it for the join, or node a's takeover loop was quicker.
      expect(a.hub.holds(code) || b.hub.holds(code)).toBe(true);
      expect(await host2.request({ type: "join", code })).toMatchObject({ type: "sync", seat: 0 });
      autoplay(host2);
      autoplay(guest2);
      await Promise.all([host2.waitFor(matchOver(1), 60_000), guest2.waitFor(matchOver(1), 60_000)]);
      await Promise.all([host.close(), guest.close(), host2.close(), guest2.close()]);
    } finally {
      if (!stopped) await c.cleanup();
    }
  }, 60_000);

  it("a join forwarded to an owner that died before answering is resolved again and lands at the new owner", async () => {
    const c = await node("c", url);
    try {
      const host = await TestClient.open(c.url);
      const code = codeOf(await host.request({ type: "create", name: "Stille", playerName: "Lena", seats: 2 }));
      // Node c goes deaf and stops renewing (as after kill -9), while its presence key still says it is alive.
      c.cluster!.keeper.stop();
      await c.cluster!.bus.close();
      await b.cluster!.bus.redis.set("schwimmen:alive:c", "gone", "PX", 3000);
      const guest = await TestClient.open(b.url);
      const started = Date.now();
      expect(await guest.request({ type: "join", code, name: "Tom" })).toMatchObject({ type: "sync", seat: 1 });
      // The lease ran out (1.5 s), the link check saw it, and node b claimed the table: well within the ttl + 2 s.
      expect(Date.now() - started).toBeLessThan(LEASE_TTL_MS + 2000);
      expect(b.hub.holds(code)).toBe(true);
      await Promise.all([host.close(), guest.close()]);
    } finally {
      await c.cleanup();
    }
  }, 30_000);

  it("expires no waiting table that another node runs, and still expires those nobody runs", async () => {
    const d = await testServer({
      cluster: { node: "d", redisUrl: redis().url, databaseUrl: url, leaseTtlMs: LEASE_TTL_MS },
      hub: { expiry: { everyMs: 0, lobbyMs: 1 } },
    });
    try {
      const host = await TestClient.open(a.url);
      const kept = codeOf(await host.request({ type: "create", name: "Wartet", playerName: "Lena", seats: 2 }));
      const other = await TestClient.open(a.url);
      const gone = codeOf(await other.request({ type: "create", name: "Leer", playerName: "Tom", seats: 2 }));
      await other.close();
      // Nobody follows the second table: node a unloads it and gives its lease up.
      await until(() => (a.hub.sweep(), !a.hub.holds(gone)), "node a to unload the empty table");
      await until(async () => !(await d.cluster!.leased([gone])).has(gone), "its lease to be given up");
      await d.hub.expire();
      expect(await getJson(`${a.url}/api/tables/${gone}`)).toMatchObject({ status: 404 });
      // The waiting table node a runs is still in the store (read through node d, which does not run it).
      expect(await getJson(`${d.url}/api/tables/${kept}`)).toMatchObject({ status: 200 });
      expect(await host.request({ type: "setVisibility", visibility: "public" })).toMatchObject({ type: "update" });
      expect(a.hub.holds(kept)).toBe(true);
      await host.close();
    } finally {
      await d.cleanup();
    }
  }, 30_000);

  it("goes on at the other node when the owner loses its lease, nothing lost; the old owner cannot write", async () => {
    const host = await TestClient.open(a.url);
    const code = codeOf(await host.request({ type: "create", name: "Umzug", playerName: "Lena", seats: 3 }));
    const guest = await TestClient.open(b.url);
    expect(await guest.request({ type: "join", code, name: "Tom" })).toMatchObject({ type: "sync", seat: 1 });
    await host.request({ type: "start" });
    const few = (m: Msg) => (m.version as number) < 8;
    const plays = [autoplay(host, undefined, few), autoplay(guest, undefined, few)];
    const zombie = (await a.hub.get(code))!;
    await until(() => zombie.model.version >= 8 || zombie.model.status === "over", "a few moves");
    for (const play of plays) play.stop();
    await until(() => zombie.idle, "node a to finish the command in hand");
    const kept = zombie.model.version;

    // Node a stops renewing (as if paused): its lease runs out and node b takes the table over from the log.
    const closedWith = (client: TestClient) =>
      new Promise<number>((resolve) => client.ws.once("close", (closeCode) => resolve(closeCode)));
    const hostClosed = closedWith(host);
    const guestClosed = closedWith(guest);
    a.cluster!.keeper.stop();
    await until(() => b.hub.holds(code), "node b to take the table over");
    const taken = (await b.hub.get(code))!;
    expect(taken.model.version).toBeGreaterThanOrEqual(kept);
    // The guest's node sees that the table moved and sends it to reconnect.
    expect(await guestClosed).toBe(4003);
    // Node a still believes it holds the table (its keeper keeps the old epoch), yet the database refuses its writes.
    const before = taken.model.version;
    expect(a.cluster!.keeper.epochOf(code)).toBeDefined();
    const stale = [{ version: before + 1, entry: JSON.stringify({ kind: "away", seat: 0, reason: "left" }) }];
    await expect(a.cluster!.stores().store.append(code, stale, null, Date.now())).rejects.toMatchObject({
      code: "LEASE_LOST",
    });
    // A command there is refused too, the table is dropped and its sockets are sent on.
    const refused = await zombie.run(() => zombie.commit([{ kind: "away", seat: 0, reason: "left" }]));
    expect(refused).toMatchObject({ code: "INTERNAL" });
    expect(await hostClosed).toBe(4003);
    expect(a.hub.holds(code)).toBe(false);
    expect(taken.model.version).toBeGreaterThanOrEqual(before);

    // Both come back (the host through node a, which now routes to b) and play the match to its end.
    const host2 = await TestClient.open(a.url, host.token);
    const guest2 = await TestClient.open(b.url, guest.token);
    const lastHost = host.latest!.version as number;
    expect(await host2.request({ type: "join", code, lastVersion: lastHost })).toMatchObject({ seat: 0 });
    expect(await guest2.request({ type: "join", code })).toMatchObject({ type: "sync", seat: 1 });
    autoplay(host2);
    autoplay(guest2);
    await Promise.all([host2.waitFor(matchOver(1), 60_000), guest2.waitFor(matchOver(1), 60_000)]);
    const record = await getJson(`${a.url}/api/tables/${code}/record`);
    expect(replayRecord(record.body).ok).toBe(true);
    await Promise.all([host2.close(), guest2.close()]);
  }, 90_000);
});

describe("the bus", () => {
  it("drops bad envelopes and bodies without throwing, delivers good ones, and bounds what waits", async () => {
    const log = pino({ level: "silent" });
    const one = await Bus.open({ url: redis().url, node: "one", log, maxPending: 2 });
    const two = await Bus.open({ url: redis().url, node: "two", log });
    try {
      const direct: number[] = [];
      const carried: string[][] = [];
      two.on("test.texts", z.object({}), (_body, _from, texts) => carried.push([...texts]));
      const broadcast: string[] = [];
      two.on("test.n", z.object({ n: z.number() }), (body, from) => {
        expect(from).toBe("one");
        direct.push(body.n);
      });
      two.subscribe("test.all", z.string(), (body, from) => broadcast.push(`${from}:${body}`));
      expect(await one.alive("two")).toBe(true);
      expect(await one.alive("nobody")).toBe(false);
      // Garbage on both channels, a body of the wrong shape, a kind nobody takes: dropped, nothing thrown.
      await one.redis.publish(CHANNEL_PREFIX + "two", "not json");
      await one.redis.publish(CHANNEL_PREFIX + "two", JSON.stringify({ v: 2, from: "one", kind: "test.n", body: {} }));
      await one.redis.publish(BROADCAST_CHANNEL, JSON.stringify({ v: 1, kind: "test.all" }));
      expect(one.send("two", "test.n", { n: "seven" })).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(one.send("two", "test.unknown", {})).toBe(true);
      // Texts travel after the envelope as they are; lengths that do not add up drop the message.
      const frame = '{"type":"update","text":"Grüße \\"du\\"\n"}';
      expect(one.send("two", "test.texts", {}, [frame, "", "zwei"])).toBe(true);
      const bad = JSON.stringify({ v: 1, from: "one", kind: "test.texts", body: {}, texts: [5] });
      await one.redis.publish(CHANNEL_PREFIX + "two", `${bad}\nvier`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      // At most two wait for Redis on a channel: the third is dropped at once.
      expect(one.send("two", "test.n", { n: 1 })).toBe(true);
      expect(one.send("two", "test.n", { n: 2 })).toBe(true);
      expect(one.send("two", "test.n", { n: 3 })).toBe(false);
      expect(one.dropped).toBe(1);
      expect(one.publish("test.all", "hallo")).toBe(true);
      await until(() => direct.length === 2 && broadcast.length === 1, "the good messages");
      expect(direct).toEqual([1, 2]);
      expect(carried).toEqual([[frame, "", "zwei"]]);
      expect(broadcast).toEqual(["one:hallo"]);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
    expect(
      await Bus.open({ url: redis().url, node: "three", log }).then((bus) =>
        bus.alive("one").finally(() => bus.close()),
      ),
    ).toBe(false);
  });
});

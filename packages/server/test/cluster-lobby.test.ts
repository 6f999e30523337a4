/**
 * The lobby across nodes: each node's waiting tables in Redis, merged on every node; quick match on one node of the
 * cluster; lobby chat lines on every node. A throwaway redis-server (and PostgreSQL for whole nodes); fails, never
 * skips, when they cannot be started.
 */
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChatService } from "../src/chat.js";
import { LOBBY_ROOM, MemoryChatStore } from "../src/chat-store.js";
import { realClock } from "../src/clock.js";
import { Bus } from "../src/cluster/bus.js";
import { QUICK_LEASE } from "../src/cluster/node.js";
import { LOBBY_NODES_KEY, LobbySync, lobbyKey, lobbySyncOn, relayLobbyChat } from "../src/cluster/lobby-sync.js";
import { type LobbyList, mergeLists } from "../src/lobby.js";
import type { LobbyTable } from "../src/protocol.js";
import type { Subscriber } from "../src/table-audience.js";
import { type Msg, TestClient, getJson, isState, testServer } from "./helpers.js";
import { usePostgres } from "./pg-harness.js";
import { useRedis } from "./redis-harness.js";

const log = pino({ level: "silent" });

type Node = Awaited<ReturnType<typeof testServer>>;

const redis = useRedis();
const postgres = usePostgres();
const redisUrl = () => redis().url;

async function until<T>(probe: () => T | undefined | false | null, what: string, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const got = probe();
    if (got) return got;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const entry = (code: string): LobbyTable =>
  ({ code, name: `Tisch ${code}`, seats: [], seatsFree: 1, seatCount: 2 }) as unknown as LobbyTable;
const list = (...codes: string[]): LobbyList => ({ tables: codes.map(entry), total: codes.length });
const codes = (lists: readonly LobbyList[]) => lists.map((l) => l.tables.map((t) => t.code));

describe("merging the nodes' lobby lists", () => {
  it("takes the lists in turns, each table once, at most the limit, counting every node's tables", () => {
    const merged = mergeLists([list("A1", "A2", "A3"), list("B1"), list("C1", "A2")], 4);
    expect(merged.tables.map((t) => t.code)).toEqual(["A1", "B1", "C1", "A2"]);
    expect(merged.total).toBe(5);
    expect(mergeLists([], 100)).toEqual({ tables: [], total: 0 });
    expect(mergeLists([{ tables: [entry("X")], total: 250 }], 100).total).toBe(250);
  });
});

describe("lobby lists and lobby chat over Redis", () => {
  const buses: Bus[] = [];
  const syncs: LobbySync[] = [];
  beforeAll(async () => {
    for (const node of ["a", "b"]) buses.push(await Bus.open({ url: redisUrl(), node, log }));
  });
  afterAll(async () => {
    await Promise.all(syncs.map((s) => s.close()));
    await Promise.all(buses.map((b) => b.close()));
  });

  it("shows a node's waiting tables on the other node, follows changes, and forgets a node that stopped", async () => {
    const [a, b] = buses as [Bus, Bus];
    let ownA = list("AAAA1");
    let toldB = 0;
    const syncA = lobbySyncOn(a, log, { everyMs: 100, publishDelayMs: 10 });
    const syncB = lobbySyncOn(b, log, { everyMs: 100, publishDelayMs: 10 });
    syncs.push(syncA, syncB);
    // What a broken or hostile writer could leave in Redis is ignored: not JSON, not a list, too long.
    const junk = { "zz-text": "not json", "zz-shape": '{"tables":[{}],"total":1}', "zz-long": "x".repeat(1_500_000) };
    for (const [node, text] of Object.entries(junk)) {
      await a.redis.multi().set(lobbyKey(node), text, "PX", 60_000).sadd(LOBBY_NODES_KEY, node).exec();
    }
    syncA.start(
      async () => ownA,
      () => {},
    );
    syncB.start(
      async () => list(),
      () => toldB++,
    );
    await until(() => codes(syncB.others())[0]?.[0] === "AAAA1", "A's table on B");
    // A reads B's (empty) list on its own beat, which may come a moment after B read A's.
    await until(() => syncA.others().length > 0, "B's list on A");
    expect(codes(syncA.others())).toEqual([[]]);
    const told = toldB;
    ownA = list("AAAA1", "AAAA2");
    syncA.changed();
    await until(() => codes(syncB.others())[0]?.length === 2, "A's second table on B");
    expect(toldB).toBe(told + 1);
    // Unchanged lists are not news: B is not told again while nothing changes.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(toldB).toBe(told + 1);
    expect(await a.redis.pttl(lobbyKey("a"))).toBeGreaterThan(2000);
    // A reader that saw A's list missing may take A out of the set just after A wrote it: A joins again on its beat.
    await b.redis.srem(LOBBY_NODES_KEY, "a");
    for (let tries = 0; (await b.redis.sismember(LOBBY_NODES_KEY, "a")) === 0; tries++) {
      if (tries > 100) throw new Error("node a did not join the set again");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await until(() => codes(syncB.others())[0]?.length === 2, "A's tables on B again");
    expect(syncB.others()).toHaveLength(1);
    await a.redis.del(...Object.keys(junk).map(lobbyKey));
    await syncA.close();
    await until(() => syncB.others().length === 0, "A gone from B");
    // Nodes whose list ran out are taken out of the set by the readers.
    expect(await b.redis.smembers(LOBBY_NODES_KEY)).toEqual(["b"]);
  });

  it("brings a lobby chat line said on one node to the lobby chat's followers on the other, stored once", async () => {
    const [a, b] = buses as [Bus, Bus];
    const store = new MemoryChatStore();
    const chatA = new ChatService(store, realClock, log);
    const chatB = new ChatService(store, realClock, log);
    // A third node's chat that hears the line before it ever read the lobby's history.
    const chatC = new ChatService(store, realClock, log);
    const none = () => [];
    const stops = [relayLobbyChat(a, chatA, none), relayLobbyChat(b, chatB, none), relayLobbyChat(b, chatC, none)];
    const heard: string[] = [];
    const follower = (token: string, player: Subscriber["player"] = null): Subscriber => ({
      token,
      player,
      send: (text) => heard.push(`${token} ${text}`),
      push: (text) => heard.push(`${token} ${text}`),
      behind: false,
      caughtUp: () => {},
      replayed: new Map(),
    });
    const said = (token: string) => {
      const text = heard.find((h) => h.startsWith(`${token} `));
      return text === undefined ? undefined : (JSON.parse(text.slice(token.length + 1)) as Record<string, unknown>);
    };
    try {
      await chatB.joinLobby(follower("reader"), 1);
      heard.length = 0;
      const message = { type: "chat", room: "lobby", text: "Moin" } as const;
      const speaker = follower("speaker", { id: "p-lena", name: "Lena" });
      await chatA.sayInLobby({ sub: speaker, address: "x" }, message, 2);
      expect(said("speaker")).toMatchObject({ type: "chatMessage", re: 2, message: { name: "Lena", text: "Moin" } });
      const pushed = await until(() => said("reader"), "the line on B");
      expect(pushed).toMatchObject({ type: "chatMessage", room: "lobby", message: { name: "Lena", text: "Moin" } });
      expect(pushed.re).toBeUndefined();
      expect(await store.recent(LOBBY_ROOM, 10)).toHaveLength(1);
      // C heard the line over the bus and then reads the history that holds it too: it shows it once.
      await until(() => heard.length >= 2 || null, "the line heard on C");
      await chatC.joinLobby(follower("late"), 3);
      expect(said("late")).toMatchObject({ type: "chatHistory", messages: [{ text: "Moin" }] });
      expect((said("late")!.messages as unknown[]).length).toBe(1);
      // Lena deletes her account on A: B's and C's lines in memory take the neutral name too.
      chatA.renamePlayer("p-lena", "Gelöscht", []);
      let asked = 0;
      const nameOn = async (chat: ChatService) => {
        const token = `asker-${asked++}`;
        await chat.joinLobby(follower(token), 4);
        return (said(token)?.messages as { name: string }[] | undefined)?.[0]?.name;
      };
      for (let tries = 0; (await nameOn(chatB)) !== "Gelöscht"; tries++) {
        if (tries > 200) throw new Error("timed out waiting for the new name on B");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await nameOn(chatC)).toBe("Gelöscht");
    } finally {
      for (const stop of stops) stop();
    }
  });
});

describe("the lobby, quick match and lobby chat of two cluster nodes", () => {
  let a: Node;
  let b: Node;
  const clients: TestClient[] = [];
  const open = async (node: Node, token?: string) => {
    const client = await TestClient.open(node.url, token);
    clients.push(client);
    return client;
  };
  const codeOf = (m: Msg) => (m.table as { code: string }).code;
  const listing = (code: string) => (m: Msg) =>
    m.type === "lobby" && (m.tables as LobbyTable[]).some((t) => t.code === code);

  beforeAll(async () => {
    const databaseUrl = await postgres().createDatabase();
    const node = (id: string) =>
      testServer({
        cluster: { node: id, redisUrl: redisUrl(), databaseUrl, leaseTtlMs: 2000, takeoverEveryMs: 200 },
        lobby: { pushEveryMs: 20 },
        quickMatch: { waitMs: 60_000 },
      });
    a = await node("a");
    b = await node("b");
  }, 60_000);
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await Promise.all([a?.cleanup(), b?.cleanup()]);
  }, 30_000);

  it("shows a public table created on node A in the lobby watched on node B, and takes it out again", async () => {
    const watcher = await open(b);
    expect(await watcher.request({ type: "watchLobby" })).toMatchObject({ type: "lobby" });
    const host = await open(a);
    const code = codeOf(await host.request({ type: "create", name: "Über den Fluss", playerName: "Uwe", seats: 3 }));
    await host.request({ type: "setVisibility", visibility: "public" });
    const pushed = await watcher.next(listing(code), 10_000);
    expect((pushed.tables as LobbyTable[]).find((t) => t.code === code)).toMatchObject({
      name: "Über den Fluss",
      seatsFree: 2,
      seats: [{ kind: "human", name: "Uwe" }, { kind: "free" }, { kind: "free" }],
    });
    const listed = await getJson(`${b.url}/api/lobby`);
    expect((listed.body as { tables: LobbyTable[] }).tables.some((t) => t.code === code)).toBe(true);
    expect(b.hub.holds(code)).toBe(false);
    // Private again: it leaves B's lobby too.
    await host.request({ type: "setVisibility", visibility: "private" });
    await watcher.next((m) => m.type === "lobby" && !listing(code)(m), 10_000);
  }, 30_000);

  it("lands two people asking on different nodes at one table; one seat per person across nodes", async () => {
    const lena = await open(a);
    const lenaOnB = await open(b, lena.token);
    const tom = await open(b);
    const one = await lena.request({ type: "quickMatch", name: "Lena", seats: 2, preset: "quick" });
    expect(one).toMatchObject({ type: "sync", seat: 0 });
    // Lena's device asks again through the other node: back to the seat it holds, no second one.
    const again = await lenaOnB.request({ type: "quickMatch", name: "Lena", seats: 2, preset: "quick" });
    expect(again).toMatchObject({ type: "sync", seat: 0 });
    expect(codeOf(again)).toBe(codeOf(one));
    const two = await tom.request({ type: "quickMatch", name: "Tom", seats: 2, preset: "quick" });
    expect(two).toMatchObject({ type: "sync", seat: 1 });
    expect(codeOf(two)).toBe(codeOf(one));
    const home = (await a.cluster!.quickHome()) === "a" ? a : b;
    expect(await b.cluster!.quickHome()).toBe(home.cluster!.node);
    expect(home.hub.holds(codeOf(one))).toBe(true);
    const playing = (m: Msg) => isState(m) && (m.table as { status: string }).status === "playing";
    await Promise.all([lena.waitFor(playing), tom.waitFor(playing)]);
  }, 30_000);

  it("gives a signed-in player on devices at two nodes one quick seat", async () => {
    const session = await fetch(`${a.url}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Dora" }),
    });
    const cookie = (session.headers.get("set-cookie") ?? "").split(";")[0]!;
    // The session lives in the shared database: node B knows Dora from the same cookie.
    const devices = await Promise.all([a, b].map((node) => TestClient.connect(node.url, { cookie })));
    clients.push(...devices);
    await Promise.all(devices.map((device) => device.request({ type: "hello" })));
    const answers = await Promise.all(devices.map((device) => device.request({ type: "quickMatch", seats: 6 })));
    const [seated, refused] = answers[0]!.type === "sync" ? answers : answers.toReversed();
    expect(seated).toMatchObject({ type: "sync", seat: 0 });
    expect((seated!.table as { seats: readonly object[] }).seats[0]).toMatchObject({ name: "Dora", kind: "human" });
    expect(refused).toMatchObject({ type: "error", code: "ALREADY_AT_TABLE" });
  }, 30_000);

  it("matches on the node that takes the quick lease over, without reusing the old home's waiting tables", async () => {
    const oldHome = (await a.cluster!.quickHome()) === "a" ? a : b;
    const newHome = oldHome === a ? b : a;
    const fritz = await open(oldHome);
    const waiting = codeOf(await fritz.request({ type: "quickMatch", name: "Fritz", seats: 4 }));
    expect(oldHome.hub.holds(waiting)).toBe(true);
    // The old home gives the matcher up (as it does when it stops); the next request claims it where it is asked.
    await oldHome.cluster!.keeper.release(QUICK_LEASE);
    const dora = await open(newHome);
    const seated = await dora.request({ type: "quickMatch", name: "Dora", seats: 4 });
    expect(await oldHome.cluster!.quickHome()).toBe(newHome.cluster!.node);
    expect(codeOf(seated)).not.toBe(waiting);
    expect(newHome.hub.holds(codeOf(seated))).toBe(true);
    // Someone asking at the old home now goes to the new one, and sits with Dora.
    const erik = await open(oldHome);
    const joined = await erik.request({ type: "quickMatch", name: "Erik", seats: 4 });
    expect(joined).toMatchObject({ type: "sync", seat: 1 });
    expect(codeOf(joined)).toBe(codeOf(seated));

    // Fritz's table moves to the new home too (the old one lost it): Fritz comes back there, and the table he waits
    // at is adopted (its wait starts again), so a quick match he asks for keeps him there, not at Dora's table.
    const moved = new Promise<number>((resolve) => fritz.ws.once("close", (code) => resolve(code)));
    oldHome.hub.drop(waiting);
    await oldHome.cluster!.keeper.release(waiting);
    expect(await moved).toBe(4003);
    const back = await open(newHome, fritz.token);
    expect(await back.request({ type: "join", code: waiting })).toMatchObject({ type: "sync", seat: 0 });
    expect(newHome.hub.holds(waiting)).toBe(true);
    const fillAt = (m: Msg) => (isState(m) || m.type === "table") && (m.table as { fillAt: number | null }).fillAt;
    expect(fillAt(await back.waitFor((m) => Boolean(fillAt(m)), 10_000))).toBeGreaterThan(Date.now());
    const asked = await back.request({ type: "quickMatch", name: "Fritz", seats: 4 });
    expect(asked).toMatchObject({ type: "sync", seat: 0 });
    expect(codeOf(asked)).toBe(waiting);
  }, 30_000);

  it("brings a lobby chat line said on node A to a reader on node B", async () => {
    const reader = await open(b);
    expect(await reader.request({ type: "chatJoin", room: "lobby" })).toMatchObject({ type: "chatHistory" });
    const speaker = await open(a);
    const said = await speaker.request({ type: "chat", room: "lobby", name: "Hein", text: "Wer spielt mit?" });
    expect(said).toMatchObject({ type: "chatMessage", room: "lobby", message: { text: "Wer spielt mit?" } });
    const heard = await reader.next((m) => m.type === "chatMessage", 10_000);
    expect(heard).toMatchObject({ room: "lobby", message: { name: "Hein", text: "Wer spielt mit?" } });
    expect((heard.message as { id: number }).id).toBe((said.message as { id: number }).id);
    // Stored once: a newcomer on either node reads it once.
    const late = await open(a);
    const history = await late.request({ type: "chatJoin", room: "lobby" });
    expect((history.messages as { text: string }[]).filter((l) => l.text === "Wer spielt mit?")).toHaveLength(1);
  }, 30_000);
});

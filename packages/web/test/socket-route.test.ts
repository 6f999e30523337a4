/**
 * GameSocket.moveTo: in a cluster the page's connection moves to the node that runs its table (the server's `route`
 * push) without the player noticing: the new socket opens beside the old one, takes over once open, the old one
 * answers what was sent on it and is closed quietly; a node that cannot be reached is not tried again. A stand-in
 * WebSocket and fake timers; no server.
 */
import { describe, expect, it, vi } from "vitest";
import { createOnlineGame } from "../src/online/online-game.js";
import { ANSWER_MS, DROPPED, GameSocket } from "../src/online/socket.js";
import { FakeSocket, useFakeSockets } from "./fake-socket.js";

const URL_NODE_A = "ws://test/ws?lang=de&node=a";

function connect(url = URL_NODE_A) {
  const downs: number[] = [];
  const pushes: string[] = [];
  let opens = 0;
  const socket = new GameSocket(url, {
    onPush: (message) => void pushes.push(message.type),
    onOpen: () => void opens++,
    onDown: (code) => void downs.push(code),
  });
  const first = FakeSocket.all.at(-1)!;
  first.open();
  return { socket, first, downs, pushes, opens: () => opens };
}

const last = (socket: FakeSocket) => socket.sent.at(-1)!;
const pong = (socket: FakeSocket) => socket.answer({ type: "pong", re: last(socket).id });

describe("moving the connection to the table's node", () => {
  useFakeSockets();

  it("opens the new socket beside the old one and swaps only once it is open", async () => {
    const { socket, first, downs, opens } = connect();
    const before = socket.request({ type: "ping" });
    socket.moveTo("node-b2");
    expect(FakeSocket.all).toHaveLength(2);
    const moved = FakeSocket.all[1]!;
    expect(moved.url).toBe("ws://test/ws?lang=de&node=node-b2");
    // Not open yet: the old socket is still the one in use.
    void socket.request({ type: "ping" });
    expect(first.sent.map((m) => m.type)).toEqual(["ping", "ping"]);
    expect(moved.sent).toEqual([]);
    expect(opens()).toBe(1);
    moved.open();
    expect(opens()).toBe(2);
    // The answer to a request sent on the old socket still comes from there.
    first.answer({ type: "pong", re: first.sent[0]!.id });
    expect((await before).type).toBe("pong");
    void socket.request({ type: "ping" });
    expect(moved.sent.map((m) => m.type)).toEqual(["ping"]);
    pong(moved);
    // The old socket still waits for the second ping's answer: it stays open until that comes.
    await vi.advanceTimersByTimeAsync(10);
    expect(first.closedByPage).toBe(false);
    pong(first);
    await vi.advanceTimersByTimeAsync(10);
    expect(first.closedByPage).toBe(true);
    // Its close event tells the page nothing; the swap called onOpen once.
    first.closed(1005);
    await vi.advanceTimersByTimeAsync(ANSWER_MS * 2);
    expect(downs).toEqual([]);
    expect(opens()).toBe(2);
    expect(moved.closedByPage).toBe(false);
    socket.close();
  });

  it("keeps the old socket until the new one's way in is answered, and sends other requests there meanwhile", async () => {
    const downs: number[] = [];
    const socket: GameSocket = new GameSocket(URL_NODE_A, {
      onPush: () => undefined,
      onOpen: () => void socket.request({ type: "hello" }).then(() => socket.request({ type: "join", code: "X" })),
      onDown: (code) => void downs.push(code),
    });
    const first = FakeSocket.all[0]!;
    first.open();
    first.answer({ type: "welcome", re: last(first).id });
    await vi.advanceTimersByTimeAsync(10);
    first.answer({ type: "sync", re: last(first).id });
    socket.moveTo("b");
    const moved = FakeSocket.all[1]!;
    moved.open();
    expect(moved.sent.map((m) => m.type)).toEqual(["hello"]);
    await vi.advanceTimersByTimeAsync(10);
    expect(first.closedByPage).toBe(false);
    // An action while the new socket is on its way in: the old one still follows the table.
    const acted = socket.request({ type: "act", action: { type: "pass" } });
    expect(last(first).type).toBe("act");
    moved.answer({ type: "welcome", re: last(moved).id });
    await vi.advanceTimersByTimeAsync(10);
    expect(last(moved).type).toBe("join");
    expect(first.closedByPage).toBe(false);
    moved.answer({ type: "update", re: last(moved).id });
    await vi.advanceTimersByTimeAsync(10);
    expect(first.closedByPage).toBe(false);
    first.answer({ type: "update", re: last(first).id });
    expect((await acted).type).toBe("update");
    await vi.advanceTimersByTimeAsync(10);
    expect(first.closedByPage).toBe(true);
    expect(downs).toEqual([]);
    socket.close();
  });

  it("resolves a request on the old socket that never gets its answer, without telling the page the line is down", async () => {
    const { socket, first, downs } = connect();
    const waiting = socket.request({ type: "ping" });
    socket.moveTo("b");
    FakeSocket.all[1]!.open();
    await vi.advanceTimersByTimeAsync(ANSWER_MS);
    expect(await waiting).toBe(DROPPED);
    expect(first.closedByPage).toBe(true);
    first.closed(1006);
    await vi.advanceTimersByTimeAsync(ANSWER_MS * 2);
    expect(downs).toEqual([]);
    expect(FakeSocket.all).toHaveLength(2);
    socket.close();
  });

  it("gives pushes only from the socket in use, and chat lines from the old one too", async () => {
    const { socket, first, pushes } = connect();
    const waiting = socket.request({ type: "ping" });
    socket.moveTo("b");
    const moved = FakeSocket.all[1]!;
    first.answer({ type: "update" });
    moved.open();
    first.answer({ type: "update" });
    first.answer({ type: "chatMessage" });
    moved.answer({ type: "table" });
    expect(pushes).toEqual(["update", "chatMessage", "table"]);
    pong(first);
    expect((await waiting).type).toBe("pong");
    socket.close();
  });

  it("stays on the old socket, silently, when the new one does not open, and does not try that node again", async () => {
    const { socket, first, downs, opens } = connect();
    socket.moveTo("b");
    const moved = FakeSocket.all[1]!;
    // The error event comes first: the move is given up there already.
    moved.failed();
    expect(moved.closedByPage).toBe(true);
    moved.closed(1006);
    await vi.advanceTimersByTimeAsync(ANSWER_MS * 2);
    expect(downs).toEqual([]);
    expect(opens()).toBe(1);
    void socket.request({ type: "ping" });
    expect(last(first).type).toBe("ping");
    expect(first.closedByPage).toBe(false);
    socket.moveTo("b");
    expect(FakeSocket.all).toHaveLength(2);
    // Another node may still be tried.
    socket.moveTo("c");
    expect(FakeSocket.all).toHaveLength(3);
    socket.close();
  });

  it("ignores a second move while one is under way and a move to the node already named", async () => {
    const { socket } = connect();
    socket.moveTo("a");
    expect(FakeSocket.all).toHaveLength(1);
    socket.moveTo("b");
    socket.moveTo("b");
    socket.moveTo("c");
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1]!.open();
    await vi.advanceTimersByTimeAsync(10);
    expect(FakeSocket.all[0]!.closedByPage).toBe(true);
    socket.moveTo("b");
    expect(FakeSocket.all).toHaveLength(2);
    socket.close();
  });

  it("ignores a node id that is not one", () => {
    const { socket } = connect("ws://test/ws");
    for (const bad of ["", "B", "-b", "b/../x", "b&node=c", "a".repeat(33), "b c"]) socket.moveTo(bad);
    expect(FakeSocket.all).toHaveLength(1);
    socket.moveTo("a".repeat(32));
    expect(FakeSocket.all).toHaveLength(2);
    expect(FakeSocket.all[1]!.url).toBe(`ws://test/ws?node=${"a".repeat(32)}`);
    socket.close();
  });

  it("reconnects to the moved address after a later drop, and reports that drop as before", async () => {
    const { socket, downs, opens } = connect("ws://test/ws");
    socket.moveTo("b");
    const moved = FakeSocket.all[1]!;
    moved.open();
    await vi.advanceTimersByTimeAsync(10);
    moved.closed(1006);
    expect(downs).toEqual([1006]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.all).toHaveLength(3);
    expect(FakeSocket.all[2]!.url).toBe("ws://test/ws?node=b");
    FakeSocket.all[2]!.open();
    expect(opens()).toBe(3);
    socket.close();
  });

  it("abandons a move when the line drops before the new socket opens", async () => {
    const { socket, first, downs } = connect("ws://test/ws");
    socket.moveTo("b");
    const moved = FakeSocket.all[1]!;
    first.closed(1006);
    expect(downs).toEqual([1006]);
    expect(moved.closedByPage).toBe(true);
    moved.open();
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.all).toHaveLength(3);
    expect(FakeSocket.all[2]!.url).toBe("ws://test/ws");
    socket.close();
  });
});

describe("an online page told its table runs on another node", () => {
  useFakeSockets("test");

  it("moves there and rejoins with its last version, showing no drop", async () => {
    const game = createOnlineGame({ code: "ABCDEFGHJK", playerName: "Ben" });
    const first = FakeSocket.all[0]!;
    first.open();
    first.answer({ type: "welcome", re: last(first).id, token: "t", serverTime: Date.now(), botLevels: [] });
    await vi.advanceTimersByTimeAsync(1);
    expect(last(first).type).toBe("join");
    const table = { code: "ABCDEFGHJK", status: "lobby", seats: [], turnEndsAt: null, kasse: null };
    first.answer({ type: "sync", re: last(first).id, version: 5, seat: 1, table, view: null, events: [] });
    // Frames are separate tasks in a browser: the page has taken the answer in before the push comes.
    await vi.advanceTimersByTimeAsync(1);
    first.answer({ type: "route", node: "b" });
    expect(FakeSocket.all).toHaveLength(2);
    const moved = FakeSocket.all[1]!;
    expect(moved.url).toBe("ws://test/ws?node=b");
    moved.open();
    moved.answer({ type: "welcome", re: last(moved).id, token: "t", serverTime: Date.now(), botLevels: [] });
    await vi.advanceTimersByTimeAsync(1);
    expect(last(moved)).toMatchObject({ type: "join", code: "ABCDEFGHJK", lastVersion: 5 });
    expect(game.status.get()).toMatchObject({ stage: "table", down: null });
    game.dispose();
  });

  it("does not move before it is at the table (the hint follows the answer of the way in)", async () => {
    const game = createOnlineGame({ code: "ABCDEFGHJK", playerName: "Ben" });
    const first = FakeSocket.all[0]!;
    first.open();
    first.answer({ type: "route", node: "b" });
    expect(FakeSocket.all).toHaveLength(1);
    game.dispose();
  });
});

/**
 * GameSocket gives a connection up when a request gets no answer in time (a cluster node forwarded it to a node that
 * died): the request is dropped, the page is told the line is down, and a new connection opens at once. A stand-in
 * WebSocket and fake timers; no server. And the first connection that waits for the session (`after`).
 */
import type { ServerMessage } from "@schwimmen/server/protocol";
import { describe, expect, it, vi } from "vitest";
import { ANSWER_MS, DROPPED, ENTERING_ANSWER_MS, GameSocket, NO_ANSWER } from "../src/online/socket.js";
import { FakeSocket, useFakeSockets } from "./fake-socket.js";

function connect() {
  const downs: number[] = [];
  let opens = 0;
  const socket = new GameSocket("ws://test/ws", {
    onPush: () => undefined,
    onOpen: () => void opens++,
    onDown: (code) => void downs.push(code),
  });
  const first = FakeSocket.all.at(-1)!;
  first.open();
  return { socket, first, downs, opens: () => opens };
}

describe("a request without an answer", () => {
  useFakeSockets();

  it("is dropped after ANSWER_MS: the line is reported down and a new connection opens at once", async () => {
    const { socket, first, downs, opens } = connect();
    const answer = socket.request({ type: "act", action: { type: "pass" } });
    await vi.advanceTimersByTimeAsync(ANSWER_MS - 1);
    expect(downs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await answer).toBe(DROPPED);
    expect(first.closedByPage).toBe(true);
    expect(downs).toEqual([NO_ANSWER]);
    // At once: a timer of 0 ms (which runs after 1 ms, as timers do).
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1]!.open();
    expect(opens()).toBe(2);
    // The given-up socket's own close event comes later and changes nothing.
    first.closed(1006);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(downs).toEqual([NO_ANSWER]);
    expect(FakeSocket.all).toHaveLength(2);
    socket.close();
  });

  it("keeps the connection when the answer comes in time", async () => {
    const { socket, first, downs } = connect();
    const answer = socket.request({ type: "ping" });
    await vi.advanceTimersByTimeAsync(ANSWER_MS - 100);
    const reply: ServerMessage = { type: "pong", re: first.sent[0]!.id } as ServerMessage;
    first.answer(reply as unknown as Record<string, unknown>);
    expect((await answer).type).toBe("pong");
    await vi.advanceTimersByTimeAsync(ANSWER_MS * 3);
    expect(downs).toEqual([]);
    expect(first.closedByPage).toBe(false);
    expect(FakeSocket.all).toHaveLength(1);
    socket.close();
  });

  it("gives the way in longer (a table moving to another node is waited for)", async () => {
    const { socket, downs } = connect();
    const answer = socket.request({ type: "join", code: "ABCDEFGHJK", name: "Anna", lastVersion: 7 });
    await vi.advanceTimersByTimeAsync(ANSWER_MS * 2);
    expect(downs).toEqual([]);
    await vi.advanceTimersByTimeAsync(ENTERING_ANSWER_MS - ANSWER_MS * 2);
    expect(await answer).toBe(DROPPED);
    expect(downs).toEqual([NO_ANSWER]);
    socket.close();
  });

  it("drops every waiting request once, when the server closes the line first", async () => {
    const { socket, first, downs } = connect();
    const answers = [socket.request({ type: "ping" }), socket.request({ type: "hello" })];
    first.closed(4003);
    expect(await Promise.all(answers)).toEqual([DROPPED, DROPPED]);
    await vi.advanceTimersByTimeAsync(ENTERING_ANSWER_MS * 2);
    expect(downs).toEqual([4003]);
    expect(FakeSocket.all).toHaveLength(2);
    socket.close();
  });
});

describe("the first connection with `after`", () => {
  useFakeSockets();
  const events = { onPush: () => undefined, onOpen: () => undefined, onDown: () => undefined };

  it("opens only once `after` settles (the session cookie is set), and only once", async () => {
    let settle: (value?: unknown) => void = () => undefined;
    const socket = new GameSocket("ws://test/ws", events, new Promise((resolve) => (settle = resolve)));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(0);
    settle();
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.all).toHaveLength(1);
    socket.close();
  });

  it("opens when `after` fails too, and a 'try again' before it is not followed by a second socket", async () => {
    let fail: (cause: unknown) => void = () => undefined;
    const socket = new GameSocket("ws://test/ws", events, new Promise((_, reject) => (fail = reject)));
    socket.retryNow();
    expect(FakeSocket.all).toHaveLength(1);
    fail(new Error("offline"));
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.all).toHaveLength(1);

    const other = new GameSocket("ws://test/ws", events, Promise.reject(new Error("offline")));
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.all).toHaveLength(2);
    socket.close();
    other.close();
  });

  it("does not open after the page closed it meanwhile", async () => {
    let settle: (value?: unknown) => void = () => undefined;
    const socket = new GameSocket("ws://test/ws", events, new Promise((resolve) => (settle = resolve)));
    socket.close();
    settle();
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.all).toHaveLength(0);
  });
});

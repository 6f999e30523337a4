/**
 * "The server cannot be reached" only when it does not answer: a page that opened its connection and was welcomed
 * waits as long as the way in to its table takes (in a cluster whose node died, the table arrives on another node
 * some seconds later) and says it connects meanwhile. A stand-in WebSocket and fake timers; no server, no browser.
 */
import { describe, expect, it, vi } from "vitest";
import { createOnlineGame } from "../src/online/online-game.js";
import { FakeSocket, useFakeSockets } from "./fake-socket.js";

const PATIENCE_MS = 8000;

describe("an online page on its way to a table", () => {
  useFakeSockets("test");

  const sent = (socket: FakeSocket, type: string) => socket.sent.find((m) => m.type === type);

  it("keeps saying it connects while the server, which answered, holds the join", async () => {
    const game = createOnlineGame({ code: "ABCDEFGHJK", playerName: "Ben" });
    const socket = FakeSocket.all[0]!;
    socket.open();
    const hello = sent(socket, "hello")!;
    socket.answer({ type: "welcome", re: hello.id, token: "t", protocol: 1, serverTime: Date.now(), botLevels: [] });
    await vi.advanceTimersByTimeAsync(1);
    expect(sent(socket, "join")).toBeDefined();
    await vi.advanceTimersByTimeAsync(PATIENCE_MS * 2);
    expect(game.status.get().stage).toBe("connecting");
    game.dispose();
  });

  it("says the server cannot be reached when even the hello gets no answer", async () => {
    const game = createOnlineGame({ code: "ABCDEFGHJK", playerName: "Ben" });
    FakeSocket.all[0]!.open();
    await vi.advanceTimersByTimeAsync(PATIENCE_MS + 1);
    expect(game.status.get().stage).toBe("unreachable");
    game.dispose();
  });
});

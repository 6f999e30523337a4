/**
 * Leaving an online table for good, and moves the connection cost: "Tisch verlassen" sends `leave`, and once the
 * server has said `left` the page forgets the table (the start page offers no way back) and closes its connection;
 * a move made while the connection is down is not sent and says so, as does one whose answer a drop took. A stand-in
 * WebSocket and storage, fake timers; no server, no browser.
 */
import { describe, expect, it, vi } from "vitest";
import { translator } from "../src/i18n/index.js";
import { errorText } from "../src/online/errors.js";
import { createOnlineGame } from "../src/online/online-game.js";
import { lastTable } from "../src/online/table-code.js";
import type { Ui } from "../src/ui.js";
import { FakeSocket, useFakeSockets } from "./fake-socket.js";

const CODE = "ABCDEFGHJK";
const last = (socket: FakeSocket) => socket.sent.at(-1)!;

/** localStorage as a page has it (the device token, the table to come back to). */
function stubStorage(): Map<string, string> {
  const items = new Map<string, string>();
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  });
  return items;
}

const tableInfo = (status: "lobby" | "playing") => ({
  code: CODE,
  status,
  host: 0,
  match: status === "playing" ? 1 : 0,
  seats: [
    { seat: 0, kind: "human", name: "Mara", connected: true, away: false },
    { seat: 1, kind: "human", name: "Ben", connected: true, away: false },
  ],
  turnEndsAt: null,
  kasse: null,
});

/** A page seated at the table (seat 1): welcomed, joined, synced. */
async function seated(status: "lobby" | "playing" = "lobby") {
  const game = createOnlineGame({ code: CODE, playerName: "Ben" });
  const socket = FakeSocket.all[0]!;
  socket.open();
  socket.answer({ type: "welcome", re: last(socket).id, token: "t", serverTime: Date.now(), botLevels: [] });
  await vi.advanceTimersByTimeAsync(1);
  expect(last(socket).type).toBe("join");
  socket.answer({
    type: "sync",
    re: last(socket).id,
    version: 3,
    seat: 1,
    table: tableInfo(status),
    view: null,
    events: [],
  });
  await vi.advanceTimersByTimeAsync(1);
  expect(game.status.get().stage).toBe("table");
  return { game, socket };
}

describe("leaving an online table", () => {
  useFakeSockets("test");

  it("sends leave, and once the server says left forgets the table and closes the connection", async () => {
    stubStorage();
    const { game, socket } = await seated();
    expect(lastTable()).toBe(CODE);
    const leaving = game.leave();
    expect(last(socket).type).toBe("leave");
    expect(lastTable()).toBe(CODE);
    socket.answer({ type: "left", re: last(socket).id, code: CODE });
    expect(await leaving).toBe(true);
    expect(lastTable()).toBeNull();
    expect(socket.closedByPage).toBe(true);
    // Whatever still comes does not bring the table back to the start page.
    socket.answer({ type: "sync", version: 4, seat: 1, table: tableInfo("lobby"), view: null, events: [] });
    expect(lastTable()).toBeNull();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(FakeSocket.all).toHaveLength(1);
    game.dispose();
  });

  it("keeps the table when the leave cannot be sent, and says why", async () => {
    stubStorage();
    const { game, socket } = await seated("playing");
    socket.closed(1006);
    expect(game.store.get().connection).toBe("reconnecting");
    expect(await game.leave()).toBe(false);
    expect(lastTable()).toBe(CODE);
    expect(game.status.get().notice?.code).toBe("NOT_SENT");
    game.dispose();
  });
});

describe("moves while the connection is down", () => {
  useFakeSockets("test");

  it("a move made while it is down is not sent, and the page says so", async () => {
    const { game, socket } = await seated("playing");
    socket.closed(1006);
    expect(game.store.get().connection).toBe("reconnecting");
    const before = socket.sent.length;
    game.act({ type: "pass" });
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.sent).toHaveLength(before);
    expect(game.status.get().notice?.code).toBe("NOT_SENT");
    game.dispose();
  });

  it("a move whose answer the drop took says it may not have arrived", async () => {
    const { game, socket } = await seated("playing");
    game.act({ type: "pass" });
    expect(last(socket).type).toBe("act");
    socket.closed(1006);
    await vi.advanceTimersByTimeAsync(1);
    expect(game.status.get().notice?.code).toBe("NO_ANSWER");
    game.dispose();
  });

  it("names both in each language (not as an unknown server problem)", () => {
    for (const lang of ["de", "en"] as const) {
      const ui = { lang, tr: translator(lang) } as unknown as Ui;
      for (const code of ["NOT_SENT", "NO_ANSWER"])
        expect(errorText(ui, code)).not.toBe(ui.tr("errorUnknown", { code }));
    }
    const de = { lang: "de", tr: translator("de") } as unknown as Ui;
    expect(errorText(de, "NOT_SENT")).toMatch(/^Nicht gesendet/);
  });
});

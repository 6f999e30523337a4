/**
 * The rating line at a match's end: the view may tell the end before the table's status does. Asked at once, the
 * line was left out (CI on a busy machine); it now waits for the table to say it is over, then asks the server.
 * A stand-in WebSocket and fetch, fake timers; no server, no browser.
 */
import type { TableInfo } from "@schwimmen/server/protocol";
import { describe, expect, it, vi } from "vitest";
import { type OnlineStatus, createOnlineGame } from "../src/online/online-game.js";
import { useFakeSockets } from "./fake-socket.js";

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

/** The server's answers: the player of this page, and the rows of their rated matches. */
function answers(rows: unknown[]) {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string) => {
      asked.push(path);
      if (path === "/api/me") return json({ player: { id: "p1", name: "Ben", kind: "guest" } });
      return json({ matches: rows });
    }),
  );
  return asked;
}

const withTable = (status: OnlineStatus, table: Partial<TableInfo>): OnlineStatus => ({
  ...status,
  table: { ...status.table, code: "ABCDEFGHJK", match: 1, ...table } as TableInfo,
});

describe("the rating line of an online match", () => {
  useFakeSockets("test");

  it("waits for the table's status to say the match is over, then shows the server's row", async () => {
    const asked = answers([{ code: "ABCDEFGHJK", match: 1, rated: false, unrated: "private" }]);
    const game = createOnlineGame({ code: "ABCDEFGHJK", playerName: "Ben" });
    game.status.update((s) => withTable(s, { status: "playing" }));
    const rating = game.matchRating!();
    await vi.advanceTimersByTimeAsync(1000);
    expect(asked).toEqual([]);
    game.status.update((s) => withTable(s, { status: "over" }));
    await vi.advanceTimersByTimeAsync(1);
    expect(await rating).toEqual({ rated: false, reason: "private", before: null, after: null });
    game.dispose();
  });

  it("asks again for a while when the row is not stored yet, and gives up after about 15 s", async () => {
    const asked = answers([]);
    const game = createOnlineGame({ code: "ABCDEFGHJK", playerName: "Ben" });
    game.status.update((s) => withTable(s, { status: "over" }));
    const rating = game.matchRating!();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await rating).toBeNull();
    const tries = asked.filter((path) => path.endsWith("/ratings")).length;
    expect(tries).toBe(8);
    game.dispose();
  });

  it("shows nothing when the table never says the match is over", async () => {
    const asked = answers([]);
    const game = createOnlineGame({ code: "ABCDEFGHJK", playerName: "Ben" });
    const rating = game.matchRating!();
    await vi.advanceTimersByTimeAsync(11_000);
    expect(await rating).toBeNull();
    expect(asked).toEqual([]);
    game.dispose();
  });
});

import { describe, expect, it } from "vitest";
import { tableMatches, tableRecord } from "../src/game/table-records.js";

/** A stand-in for fetch: answers by path, fails for anything else as the network would. */
function server(routes: Record<string, [number, string]>) {
  const asked: string[] = [];
  const get = async (url: string) => {
    asked.push(url);
    const route = routes[url];
    if (!route) throw new TypeError("Failed to fetch");
    return new Response(route[1], { status: route[0] });
  };
  return { get, asked };
}
const error = (code: string) => JSON.stringify({ error: { code, message: "in English, for logs" } });

describe("a table's matches and records from the server", () => {
  it("lists the matches and fetches the one asked for", async () => {
    const list = { code: "ABCDEFGHJK", matches: [{ match: 1, finishedAt: 5, seats: ["Lena", "Bot 2"], winner: 0 }] };
    const { get, asked } = server({
      "/api/tables/ABCDEFGHJK/matches": [200, JSON.stringify(list)],
      "/api/tables/ABCDEFGHJK/record?match=1": [200, '{"players":[]}'],
      "/api/tables/ABCDEFGHJK/record": [200, '{"players":["x"]}'],
    });
    expect(await tableMatches("ABCDEFGHJK", get)).toEqual({ ok: true, value: list.matches });
    expect(await tableRecord("ABCDEFGHJK", 1, get)).toEqual({ ok: true, value: { players: [] } });
    expect(await tableRecord("ABCDEFGHJK", null, get)).toEqual({ ok: true, value: { players: ["x"] } });
    expect(asked).toEqual([
      "/api/tables/ABCDEFGHJK/matches",
      "/api/tables/ABCDEFGHJK/record?match=1",
      "/api/tables/ABCDEFGHJK/record",
    ]);
  });

  it("turns each failure into words for the player, never a status number", async () => {
    const { get } = server({
      "/api/tables/ZZZZZZ/matches": [404, error("TABLE_NOT_FOUND")],
      "/api/tables/ZZZZZZ/record": [404, error("TABLE_NOT_FOUND")],
      "/api/tables/K7M2QX/matches": [200, '{"code":"K7M2QX","matches":[]}'],
      "/api/tables/K7M2QX/record": [404, error("NOT_STARTED")],
      "/api/tables/OLDSRV/matches": [404, "not found"],
      "/api/tables/BROKEN/matches": [200, '{"matches":[{"match":"one"}]}'],
      "/api/tables/BUSY23/matches": [429, error("RATE_LIMITED")],
    });
    expect(await tableMatches("ZZZZZZ", get)).toEqual({ ok: false, problem: "replayNoTable" });
    expect(await tableRecord("ZZZZZZ", null, get)).toEqual({ ok: false, problem: "replayNoTable" });
    expect(await tableMatches("K7M2QX", get)).toEqual({ ok: true, value: [] });
    expect(await tableRecord("K7M2QX", null, get)).toEqual({ ok: false, problem: "replayNoMatch" });
    // A server that cannot list matches yet: the latest record is all there is.
    expect(await tableMatches("OLDSRV", get)).toEqual({ ok: true, value: null });
    expect(await tableMatches("BROKEN", get)).toEqual({ ok: false, problem: "replayOffline" });
    expect(await tableMatches("BUSY23", get)).toEqual({ ok: false, problem: "replayOffline" });
    expect(await tableMatches("NONET1", get)).toEqual({ ok: false, problem: "replayOffline" });
  });
});

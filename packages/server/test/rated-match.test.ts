/** A rated match end to end on 127.0.0.1: two signed-in people and a bot finish a public match, both get rated. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { autoplay, getJson, matchOver, testServer } from "./helpers.js";
import { person, playPublicMatch } from "./rated-helpers.js";

type Server = Awaited<ReturnType<typeof testServer>>;

interface Board {
  period: string;
  entries: { rank: number; player: string; name: string; rating: number; provisional: boolean; matches: number }[];
  bots: { level: string; rating: number }[];
}

describe("rated matches", () => {
  let server: Server;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(async () => {
    await server.cleanup();
  });

  it("rates a finished public match of two people and a bot, and the leaderboard shows both", async () => {
    const before = (await getJson(`${server.url}/api/leaderboard`)).body as Board;
    expect(before.entries).toEqual([]);
    expect(before.bots.map((b) => b.level)).toContain("greedy");

    const anna = await person(server.url, "Anna");
    const ben = await person(server.url, "Ben");
    const code = await playPublicMatch(anna, ben, ["Anna", "Ben"]);

    const rows = await server.ratings.matchesOf(anna.id, 10);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ code, match: 1, seat: 0, seats: 3, rated: true, ratingBefore: 1500 });
    const benRows = await server.ratings.matchesOf(ben.id, 10);
    expect(benRows[0]).toMatchObject({ code, match: 1, seat: 1, rated: true });
    for (const place of [rows[0]!.place, benRows[0]!.place]) expect([1, 2, 3]).toContain(place);
    // The result screen's cheap question: the same rows over HTTP, without the profile's statistics.
    const listed = await getJson(`${server.url}/api/players/${anna.id}/ratings`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ matches: JSON.parse(JSON.stringify(rows)) });
    expect((await getJson(`${server.url}/api/players/nobody/ratings`)).status).toBe(404);

    const board = (await getJson(`${server.url}/api/leaderboard?limit=10`)).body as Board;
    expect(board.period).toBe("all");
    expect(board.entries.map((e) => e.player).sort()).toEqual([anna.id, ben.id].sort());
    expect(board.entries.map((e) => e.rank)).toEqual([1, 2]);
    const annaEntry = board.entries.find((e) => e.player === anna.id)!;
    expect(annaEntry).toMatchObject({ name: "Anna", matches: 1, rating: rows[0]!.ratingAfter, provisional: true });

    const month = (await getJson(`${server.url}/api/leaderboard?period=month`)).body as Board;
    expect(month.period).toMatch(/^\d{4}-\d{2}$/);
    expect(month.entries).toHaveLength(2);
    for (const bad of ["?period=2026-13", "?period=all&limit=0", "?limit=1000", "?limit=abc"]) {
      const answer = await getJson(`${server.url}/api/leaderboard${bad}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: { code: "BAD_REQUEST" } });
    }

    // A rematch reports match 1 again (its record is saved once more): it is not rated twice; match 2 is rated.
    const playing = [autoplay(anna.client), autoplay(ben.client)];
    await anna.client.request({ type: "rematch" });
    await Promise.all([anna.client.waitFor(matchOver(2), 30_000), ben.client.waitFor(matchOver(2), 30_000)]);
    for (const p of playing) p.stop();
    const again = await server.ratings.matchesOf(anna.id, 10);
    expect(again.map((r) => [r.match, r.rated])).toEqual([
      [2, true],
      [1, true],
    ]);
    expect(again[0]!.ratingBefore).toBe(rows[0]!.ratingAfter);
    expect((await server.ratings.current([anna.id, ben.id])).get(ben.id)!.matches).toBe(2);
    await Promise.all([anna.client.close(), ben.client.close()]);
  }, 60_000);
});

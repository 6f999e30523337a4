/** The behaviour every `RatingStore` shares: run for SQLite (sqlite-store.test.ts) and PostgreSQL (pg-store.test.ts). */
import { afterEach, describe, expect, it } from "vitest";
import type { MatchEntry, PlayerMatchRow, RatingStore } from "../src/rating-store.js";

/** Makes a fresh, empty rating store and how to close it. */
export type MakeRatingStore = () => Promise<{ store: RatingStore; close: () => Promise<void> }>;

const DAY = 86_400_000;

/** A match of the given players (first wins), rated or not; skills move by `step`. */
function ended(code: string, match: number, at: number, players: string[], rated: boolean, step = 1): MatchEntry {
  const rows: PlayerMatchRow[] = players.map((playerId, seat) => ({
    playerId,
    code,
    match,
    seat,
    place: seat + 1,
    seats: players.length,
    rated,
    unrated: rated ? null : "houseRules",
    ratingBefore: rated ? 1500 + seat : null,
    ratingAfter: rated ? 1500 + step * (players.length - seat) * 10 : null,
    muAfter: rated ? 25 + step * (players.length - seat) : null,
    sigmaAfter: rated ? 8 - match * 0.5 : null,
    at,
  }));
  const skills = rated
    ? players.map((playerId, seat) => ({
        playerId,
        mu: 25 + step * (players.length - seat),
        sigma: 8 - match * 0.5,
        matches: match,
      }))
    : [];
  return { code, match, at, rated, rows, skills };
}

export function ratingStoreContract(name: string, make: MakeRatingStore): void {
  describe(`RatingStore contract: ${name}`, () => {
    const closers: (() => Promise<void>)[] = [];
    const fresh = async (): Promise<RatingStore> => {
      const { store, close } = await make();
      closers.push(close);
      return store;
    };
    afterEach(async () => {
      await Promise.all(closers.splice(0).map((close) => close()));
    });

    it("records a match once, also when reported twice at once, with its rows and skills", async () => {
      const store = await fresh();
      const entry = ended("ABCDEFGHJK", 1, 5000, ["anna", "ben"], true);
      expect(await store.hasMatch("ABCDEFGHJK", 1)).toBe(false);
      const results = await Promise.all([store.recordMatch(entry), store.recordMatch(entry)]);
      expect(results.sort()).toEqual([false, true]);
      expect(await store.recordMatch(entry)).toBe(false);
      expect(await store.hasMatch("ABCDEFGHJK", 1)).toBe(true);
      expect(await store.playerMatches("anna", 10, false)).toEqual([entry.rows[0]]);
      const skills = await store.skills(["anna", "ben", "carl", "anna"]);
      expect([...skills.keys()].sort()).toEqual(["anna", "ben"]);
      expect(skills.get("ben")).toEqual({ playerId: "ben", mu: 26, sigma: 7.5, matches: 1, updatedAt: 5000 });
    });

    it("lists a player's matches newest first, only rated ones when asked", async () => {
      const store = await fresh();
      await store.recordMatch(ended("ABCDEFGHJK", 1, 1000, ["anna", "ben"], true));
      await store.recordMatch(ended("ABCDEFGHJK", 2, 2000, ["anna", "ben"], false));
      await store.recordMatch(ended("BCDEFGHJKL", 1, 2000, ["ben", "anna"], true));
      const all = await store.playerMatches("anna", 10, false);
      expect(all.map((r) => [r.code, r.match, r.rated, r.unrated])).toEqual([
        ["BCDEFGHJKL", 1, true, null],
        ["ABCDEFGHJK", 2, false, "houseRules"],
        ["ABCDEFGHJK", 1, true, null],
      ]);
      expect((await store.playerMatches("anna", 10, true)).map((r) => r.code)).toEqual(["BCDEFGHJKL", "ABCDEFGHJK"]);
      expect(await store.playerMatches("anna", 1, false)).toHaveLength(1);
      expect(await store.playerMatches("nobody", 10, false)).toEqual([]);
    });

    it("orders the board by cautious estimate, and a month by the rating at its last match", async () => {
      const store = await fresh();
      const nov = Date.UTC(2026, 10, 10);
      const dec = Date.UTC(2026, 11, 2);
      await store.recordMatch(ended("ABCDEFGHJK", 1, nov, ["anna", "ben"], true));
      await store.recordMatch(ended("ABCDEFGHJK", 2, nov + 1000, ["ben", "anna"], true, 2));
      await store.recordMatch(ended("BCDEFGHJKL", 1, dec, ["carl", "ben"], true, 3));
      await store.recordMatch(ended("BCDEFGHJKL", 2, dec + 1000, ["dora", "carl"], false));
      expect((await store.board(10)).map((r) => r.playerId)).toEqual(["carl", "anna", "ben"]);
      expect(await store.board(1)).toEqual([{ playerId: "carl", mu: 31, sigma: 7.5, matches: 1 }]);
      expect(await store.monthBoard(Date.UTC(2026, 10, 1), Date.UTC(2026, 11, 1), 10)).toEqual([
        { playerId: "ben", matches: 2, ratingStart: 1501, ratingEnd: 1540 },
        { playerId: "anna", matches: 2, ratingStart: 1500, ratingEnd: 1520 },
      ]);
      expect(await store.monthBoard(Date.UTC(2026, 11, 1), Date.UTC(2027, 0, 1), 10)).toEqual([
        { playerId: "carl", matches: 1, ratingStart: 1500, ratingEnd: 1560 },
        { playerId: "ben", matches: 1, ratingStart: 1501, ratingEnd: 1530 },
      ]);
      expect(await store.monthBoard(nov - 40 * DAY, nov - 10 * DAY, 10)).toEqual([]);
    });
  });
}

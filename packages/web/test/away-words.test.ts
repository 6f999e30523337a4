/** The result's words for a person the computer finished the match for (away at its end: rated last). */
import { type RoundResult } from "@schwimmen/rules";
import { describe, expect, it } from "vitest";
import { standingsOf } from "../src/game/standings.js";
import { awayWords, ratingOrderDiffers } from "../src/table/away-words.js";

const round = (lives: number[], state: RoundResult["state"]) =>
  ({
    dealer: 0,
    endReason: "knock",
    hands: lives.map(() => ["Ah", "Kh", "Qh"]),
    values: lives.map(() => 31),
    lifeLosses: lives.map(() => 0),
    lives,
    state,
  }) as RoundResult;

// Mia (seat 0) wins at the table, played by the computer; Tom (seat 3) went out first.
const standings = standingsOf([
  round([2, 2, 2, 0], ["alive", "alive", "alive", "out"]),
  round([2, 1, 0, 0], ["alive", "alive", "out", "out"]),
  round([1, 0, 0, 0], ["alive", "out", "out", "out"]),
]);
const names = ["Mia", "Lena", "Ben", "Tom"];

describe("the result when someone was away at the end", () => {
  it("tells the away person that the computer finished for them and that the rating counts them last", () => {
    const de = awayWords({ away: [0], standings, me: 0, winner: 0, names, lang: "de" });
    expect(de.title).toBe("Der Computer gewinnt die Partie für dich");
    expect(de.notes).toEqual(["Der Computer hat für dich zu Ende gespielt: Für die Wertung zählst du als Letzte(r)."]);
    const en = awayWords({ away: [0], standings, me: 0, winner: 0, names, lang: "en" });
    expect(en.title).toBe("The computer won the match for you");
    expect(en.notes).toEqual(["The computer finished the match for you: for the rating you count as last."]);
  });

  it("tells the others, when the order shown is not the rating's, that the seat counts last", () => {
    const tom = awayWords({ away: [0], standings, me: 3, winner: 0, names, lang: "de" });
    expect(tom.title).toBe("Mia gewinnt, vom Computer gespielt");
    expect(tom.notes).toEqual(["Für die Wertung zählt Mia als Letzte(r): Der Computer hat zu Ende gespielt."]);
    const watcher = awayWords({ away: [0, 1], standings, me: null, winner: 0, names, lang: "en" });
    expect(watcher.notes).toEqual([
      "For the rating Mia and Lena count as last: the computer finished the match for them.",
    ]);
    // Still loading the standings: only what needs no order.
    expect(awayWords({ away: [0], standings: null, me: 3, winner: 0, names, lang: "de" }).notes).toEqual([]);
  });

  it("says nothing more when the away seat is last anyway, or nobody was away", () => {
    expect(ratingOrderDiffers(standings, [3])).toBe(false);
    expect(ratingOrderDiffers(standings, [2])).toBe(true);
    const last = awayWords({ away: [3], standings, me: 0, winner: 0, names, lang: "de" });
    expect(last).toEqual({ title: null, notes: [] });
    expect(awayWords({ away: [], standings, me: 0, winner: 0, names, lang: "de" })).toEqual({
      title: null,
      notes: [],
    });
    // Two away seats sharing the last place with each other are as the rating has them.
    const shared = standingsOf([
      round([1, 1, 0, 0], ["alive", "alive", "out", "out"]),
      round([1, 0, 0, 0], ["alive", "out", "out", "out"]),
    ]);
    expect(ratingOrderDiffers(shared, [2, 3])).toBe(false);
    expect(ratingOrderDiffers(shared, [1, 2])).toBe(true);
  });
});

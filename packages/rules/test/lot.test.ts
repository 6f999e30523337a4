import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Card, type LotDraw, drawForDealer, highestOf, rankStrength } from "../src/index.js";
import { assertProperty } from "./property.js";

describe("the first dealer by lot", () => {
  // cards drawn by seats 0.. -> the seats tied for the highest card
  const table: [string, string, number[]][] = [
    ["the ace beats the king", "Kh Ac 7d", [1]],
    ["the ten ranks below the jack (document 003's order)", "Ts Jc 9h", [1]],
    ["the king beats the queen and the jack", "Jc Qd Ks", [2]],
    ["equal ranks tie whatever the suit", "Ah 7c As", [0, 2]],
    ["everyone ties", "8c 8d 8h 8s", [0, 1, 2, 3]],
    ["a two is the lowest card of the big deck", "2c 7d", [1]],
  ];
  it.each(table)("%s", (_name, cards, highest) => {
    const drawn = cards.split(" ") as Card[];
    const draw: LotDraw = { seats: drawn.map((_, seat) => seat), cards: drawn };
    expect(highestOf(draw)).toEqual(highest);
  });

  it("a fixed seed gives a fixed draw", () => {
    const lot = drawForDealer(4, "skat32", 1, "lot-fixture");
    expect(lot).toEqual(drawForDealer(4, "skat32", 1, "lot-fixture"));
    expect(lot.draws[0]!.seats).toEqual([0, 1, 2, 3]);
    expect(highestOf(lot.draws[lot.draws.length - 1]!)).toEqual([lot.dealer]);
  });

  it("ties draw again among themselves until one card is highest", () => {
    // Find a seed with a tie and check the second pass.
    let seed = 0;
    let lot = drawForDealer(6, "skat32", 1, "tie-0");
    while (lot.draws.length < 2) lot = drawForDealer(6, "skat32", 1, `tie-${++seed}`);
    const [first, second] = lot.draws as [LotDraw, LotDraw];
    expect(second.seats).toEqual(highestOf(first));
    expect(second.seats.length).toBeGreaterThan(1);
    // The second pass draws from the rest of the pack: no card of the first pass again (one deck).
    for (const card of second.cards) expect(first.cards).not.toContain(card);
  });

  it("always picks a seat holding the highest card, and replays identically from the same seed", () => {
    assertProperty(
      fc.property(
        fc.integer({ min: 2, max: 20 }),
        fc.constantFrom("skat32" as const, "jass36" as const, "french52" as const),
        fc.string(),
        (seats, deck, seed) => {
          const decks = seats > 9 ? 2 : 1;
          const lot = drawForDealer(seats, deck, decks, seed);
          expect(drawForDealer(seats, deck, decks, seed)).toEqual(lot);
          const first = lot.draws[0]!;
          expect(first.seats).toEqual(Array.from({ length: seats }, (_, s) => s));
          // Every later pass is exactly the tie of the one before; the last pass has a single highest card.
          lot.draws.slice(1).forEach((draw, i) => expect(draw.seats).toEqual(highestOf(lot.draws[i]!)));
          const last = lot.draws[lot.draws.length - 1]!;
          expect(highestOf(last)).toEqual([lot.dealer]);
          // The dealer held a card of the highest rank in the first pass.
          const best = Math.max(...first.cards.map(rankStrength));
          expect(rankStrength(first.cards[lot.dealer]!)).toBe(best);
        },
      ),
      { numRuns: 300 },
    );
  });
});

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  type Card,
  type Rules,
  DEFAULT_RULES,
  cardName,
  deckCards,
  handStrength,
  handValue,
  isFire,
  maxSeats,
  outcomeOf,
  replayRecordText,
  Rng,
  seedText,
} from "../src/index.js";
import { h, sortedHands } from "./helpers.js";

const rules = (over: Partial<Rules> = {}): Rules => ({ ...DEFAULT_RULES, ...over });

const values: { name: string; hand: string; rules?: Partial<Rules>; expected: number }[] = [
  { name: "one suit counts: ace, king, nine of clubs", hand: "Ac Kc 9c", expected: 30 },
  { name: "31: ace and two tens", hand: "Ad Kd Td", expected: 31 },
  { name: "the best suit only", hand: "Ah 9h Ks", expected: 20 },
  { name: "three suits: the highest card", hand: "7c 9s Qh", expected: 10 },
  { name: "an ace alone", hand: "Ac 7s 8h", expected: 11 },
  { name: "three of a kind 30.5", hand: "7c 7s 7h", expected: 30.5 },
  { name: "three queens 30.5", hand: "Qc Qs Qd", expected: 30.5 },
  { name: "Feuer (allOthersLose) 33", hand: "Ac As Ah", expected: 33 },
  { name: "Feuer (endsRound) 31", hand: "Ac As Ah", rules: { fire: "endsRound" }, expected: 31 },
  { name: "three aces with fire off 30.5", hand: "Ac As Ah", rules: { fire: "off" }, expected: 30.5 },
  { name: "suit: a pair counts once", hand: "Kc Ks 7h", expected: 10 },
  { name: "suitOrRank: two kings 20", hand: "Kc Ks 7h", rules: { scoring: "suitOrRank" }, expected: 20 },
  { name: "suitOrRank: two aces 22", hand: "Ac As 7h", rules: { scoring: "suitOrRank" }, expected: 22 },
  { name: "suitOrRank: two sevens 14", hand: "7c 7s 8h", rules: { scoring: "suitOrRank" }, expected: 14 },
  {
    name: "suitOrRank: a better suit wins over a pair",
    hand: "7c 7s As",
    rules: { scoring: "suitOrRank" },
    expected: 18,
  },
  {
    name: "suitOrRank: three of a kind stays 30.5",
    hand: "Kc Ks Kh",
    rules: { scoring: "suitOrRank" },
    expected: 30.5,
  },
  { name: "french52: two, three, four of clubs", hand: "2c 3c 4c", expected: 9 },
  { name: "jass36: six, seven of clubs", hand: "6c 7c 8s", expected: 13 },
];

describe("handValue", () => {
  it.each(values.map((v) => [v.name, v] as const))("%s", (_, v) => {
    expect(handValue(h(v.hand), rules(v.rules))).toBe(v.expected);
  });
  it("isFire needs three aces and fire on", () => {
    expect(isFire(h("Ac As Ah"), rules())).toBe(true);
    expect(isFire(h("Ac As Ah"), rules({ fire: "endsRound" }))).toBe(true);
    expect(isFire(h("Ac As Ah"), rules({ fire: "off" }))).toBe(false);
    expect(isFire(h("Ac As Kh"), rules())).toBe(false);
  });
});

describe("handStrength", () => {
  const hr = rules({ threeOfAKindTies: "higherRank", fire: "off" });
  it("higherRank: three of a kind rank among themselves, all between 30 and 31", () => {
    const triples = ["7", "8", "9", "T", "J", "Q", "K", "A"].map((r) => h(`${r}c ${r}s ${r}h`));
    const strengths = triples.map((t) => handStrength(t, hr));
    for (let i = 1; i < strengths.length; i++) expect(strengths[i]).toBeGreaterThan(strengths[i - 1]!);
    expect(strengths[0]).toBeGreaterThan(handStrength(h("Ac Kc 9c"), hr));
    expect(strengths[strengths.length - 1]).toBeLessThan(handStrength(h("Ac Kc Qc"), hr));
  });
  it("equal: three of a kind tie", () => {
    expect(handStrength(h("7c 7s 7h"), rules())).toBe(handStrength(h("Kc Ks Kh"), rules()));
  });
  it("orders hands as their values do", () => {
    expect(handStrength(h("Ac Ks 7h"), rules())).toBeLessThan(handStrength(h("7c 8c 9s"), rules()));
  });
});

/** The second, simpler method: for each suit add up the points of the cards of that suit; three of a rank apart. */
function simpleValue(hand: readonly string[], byRank: boolean): number {
  const points = (c: string) => (c[0] === "A" ? 11 : "TJQK".includes(c[0]!) ? 10 : Number(c[0]));
  if (hand.every((c) => c[0] === hand[0]![0])) return hand[0]![0] === "A" ? 33 : 30.5;
  let best = 0;
  for (const suit of "cshd") {
    best = Math.max(
      best,
      hand.filter((c) => c[1] === suit).reduce((sum, c) => sum + points(c), 0),
    );
  }
  if (byRank) {
    for (const rank of new Set(hand.map((c) => c[0]))) {
      const same = hand.filter((c) => c[0] === rank);
      if (same.length === 2) best = Math.max(best, 2 * points(same[0]!));
    }
  }
  return best;
}

function allHands(deck: readonly Card[]): Card[][] {
  const hands: Card[][] = [];
  for (let i = 0; i < deck.length; i++)
    for (let j = i + 1; j < deck.length; j++)
      for (let k = j + 1; k < deck.length; k++) hands.push([deck[i]!, deck[j]!, deck[k]!]);
  return hands;
}

const histogram = (list: number[]) => {
  const out: Record<string, number> = {};
  for (const v of list) out[String(v)] = (out[String(v)] ?? 0) + 1;
  return out;
};

describe("all 4,960 three-card hands of the 32-card deck", () => {
  const hands = allHands(deckCards("skat32"));
  const engine = hands.map((hand) => handValue(hand, DEFAULT_RULES));
  const counts = histogram(engine);

  it("there are 4,960", () => expect(hands.length).toBe(4960));
  it("24 hands of 31, 4 of Feuer, 28 of 30.5", () => {
    expect(counts["31"]).toBe(24);
    expect(counts["33"]).toBe(4);
    expect(counts["30.5"]).toBe(28);
  });
  it("no value between 11 and 15 or between 21 and 24, none below 8", () => {
    expect(engine.filter((v) => (v > 11 && v < 15) || (v > 21 && v < 24) || v < 8)).toEqual([]);
  });
  it("the histogram matches the simpler count", () => {
    expect(counts).toEqual(histogram(hands.map((hand) => simpleValue(hand, false))));
  });
  it("the histogram as derived by hand", () => {
    expect(counts).toEqual({
      "8": 24,
      "9": 72,
      "10": 1248,
      "11": 672,
      "15": 96,
      "16": 96,
      "17": 480,
      "18": 480,
      "19": 480,
      "20": 672,
      "21": 384,
      "24": 4,
      "25": 16,
      "26": 20,
      "27": 44,
      "28": 44,
      "29": 40,
      "30": 32,
      "30.5": 28,
      "31": 24,
      "33": 4,
    });
  });
  it("suitOrRank matches the simpler count too", () => {
    const r = rules({ scoring: "suitOrRank" });
    expect(histogram(hands.map((hand) => handValue(hand, r)))).toEqual(
      histogram(hands.map((hand) => simpleValue(hand, true))),
    );
  });
  it("with fire endsRound the four Feuer hands are 31; with fire off 30.5", () => {
    expect(histogram(hands.map((hand) => handValue(hand, rules({ fire: "endsRound" }))))["31"]).toBe(28);
    expect(histogram(hands.map((hand) => handValue(hand, rules({ fire: "off" }))))["30.5"]).toBe(32);
  });
});

describe("cards and decks", () => {
  it.each([
    ["skat32", 32, 9],
    ["jass36", 36, 11],
    ["french52", 52, 16],
  ] as const)("%s has %i cards and serves %i seats", (deck, size, seats) => {
    expect(new Set(deckCards(deck)).size).toBe(size);
    expect(maxSeats(deck)).toBe(seats);
  });
  it("card names", () => {
    expect(cardName("Ah", "en")).toBe("ace of hearts");
    expect(cardName("Tc", "de")).toBe("Kreuz 10");
    // As the rules pages write them: a picture card or an ace with a hyphen, a number card with a space.
    expect(cardName("Qh", "de")).toBe("Herz-Dame");
    expect(cardName("As", "de")).toBe("Pik-Ass");
    expect(cardName("7d", "de")).toBe("Karo 7");
  });
});

describe("the worked example of 002", () => {
  // Copies of the spec's examples (shared/spec/examples), kept with the tests.
  const dir = new URL("./examples/", import.meta.url).pathname;
  it.each(["seed002-example-31", "seed002-example-knock"])("%s replays to its outcome", (name) => {
    const got = replayRecordText(readFileSync(`${dir}${name}.json`, "utf8"));
    const expected = JSON.parse(readFileSync(`${dir}${name}.outcome.json`, "utf8"));
    if (!got.ok) throw new Error(got.error.message);
    const outcome = outcomeOf(got.value.state);
    const sets = (o: typeof expected) => ({
      ...o,
      rounds: o.rounds.map((r: { hands: string[][] }) => ({ ...r, hands: sortedHands(r.hands) })),
    });
    expect(sets(JSON.parse(JSON.stringify(outcome)))).toEqual(sets(expected));
  });
});

describe("Rng", () => {
  it("below() gives the plain modulo definition (2^32 % n rejection, then x % n) for any n", () => {
    const fast = Rng.fromSeed("below");
    const plain = Rng.fromSeed("below");
    const plainBelow = (n: number) => {
      const limit = 0x100000000 - (0x100000000 % n);
      for (;;) {
        const x = plain.nextUint32();
        if (x < limit) return x % n;
      }
    };
    for (let i = 0; i < 20000; i++) {
      const n = 1 + (i % 60) + (i % 11 === 0 ? 3_000_000_000 : 0);
      expect(fast.below(n)).toBe(plainBelow(n));
    }
  });
  it("a seed gives the same deal sequence every time", () => {
    const a = Rng.fromSeed("same");
    const b = Rng.fromSeed("same");
    expect(a.nextSeed()).toBe(b.nextSeed());
    expect(seedText(a.nextSeedState())).toBe(b.nextSeed());
  });
});

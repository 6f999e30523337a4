import { describe, expect, it } from "vitest";
import { type Fixture, checkFixture, knock, pass, passes, swap } from "./helpers.js";

/** Three seats, dealer 2: values 9, 10, 10 (seat 0 lowest). */
const BASE = ["7c 8s 9h", "Tc Ts 8h", "Jc 9s 7d"];
const MIDDLE = "Qd 8d Kc";
/** Seats 0 and 1 tie lowest (9), seat 2 has 10. */
const TIE01 = ["7c 8s 9h", "9c 7s 8h", "Jc 9s 7d"];
/** Four seats, dealer 3: values 15, 25, 28, 30. */
const FOUR = ["7c 8c 9d", "Ts 7s 8s", "Ah 9h 8h", "Kd Qd Td"];
const FOUR_MIDDLE = "Jc Js Jh";
/** Two seats: seat 0 has 9, seat 1 has 10. */
const TWO = ["7c 8s 9h", "Tc Ts 8h"];
/** A knock by the first seat (after dealer `seats - 1`), everyone else passing. */
const knockRound = (seats: number, knocker = 0) => {
  const order = Array.from({ length: seats }, (_, i) => (knocker + i) % seats);
  return [knock(order[0]!), ...passes(...order.slice(1))];
};

const losers: Fixture[] = [
  {
    name: "losers lowest: all seats sharing the lowest value lose",
    record: { rounds: [{ deal: { hands: TIE01, middle: MIDDLE }, actions: knockRound(3) }] },
    expected: { values: [9, 9, 10], lifeLosses: [1, 1, 0] },
  },
  {
    name: "losers lowest: when all hands tie, everyone loses",
    record: {
      rounds: [{ deal: { hands: ["Tc Jc 7s", "Ts Js 7h", "Th Jh 7d"], middle: MIDDLE }, actions: knockRound(3) }],
    },
    expected: { values: [20, 20, 20], lifeLosses: [1, 1, 1] },
  },
  {
    name: "losers twentyOrLess: 20 or less and the lowest above 20 lose",
    record: {
      rules: { losers: "twentyOrLess" },
      rounds: [{ deal: { hands: FOUR, middle: FOUR_MIDDLE }, actions: knockRound(4) }],
    },
    expected: { values: [15, 25, 28, 30], lifeLosses: [1, 1, 0, 0] },
  },
  {
    name: "losers twentyOrLess with knockerPays 2",
    record: {
      rules: { losers: "twentyOrLess", knockerPays: 2 },
      rounds: [{ deal: { hands: FOUR, middle: FOUR_MIDDLE }, actions: knockRound(4) }],
    },
    expected: { lifeLosses: [2, 1, 0, 0], lives: [1, 2, 3, 3] },
  },
  {
    name: "losers twentyOrLess: all hands tie, nobody loses",
    record: {
      rules: { losers: "twentyOrLess" },
      rounds: [{ deal: { hands: ["Tc Jc 7s", "Ts Js 7h", "Th Jh 7d"], middle: MIDDLE }, actions: knockRound(3) }],
    },
    expected: { values: [20, 20, 20], lifeLosses: [0, 0, 0], lives: [3, 3, 3] },
  },
  {
    name: "losers twentyOrLess: the highest hand never loses, even as the only one above 20",
    record: {
      rules: { losers: "twentyOrLess" },
      rounds: [{ deal: { hands: ["7c 8c 9d", "Ts 8s 7h", "Ah 9h 8h"], middle: MIDDLE }, actions: knockRound(3) }],
    },
    expected: { values: [15, 18, 28], lifeLosses: [1, 1, 0] },
  },
  {
    name: "losers twentyOrLess: the highest hands tied above 20 keep their lives",
    record: {
      rules: { losers: "twentyOrLess" },
      rounds: [{ deal: { hands: ["Ac Tc 7s", "As Ts 7h", "7c 8h 9d"], middle: MIDDLE }, actions: knockRound(3) }],
    },
    expected: { values: [21, 21, 9], lifeLosses: [0, 0, 1] },
  },
  {
    name: "losers twentyOrLess: every seat at 20 or less loses, not only the lowest",
    record: {
      rules: { losers: "twentyOrLess" },
      rounds: [{ deal: { hands: ["7c 8c 9d", "Ts Js 7h", "Ah 9h 8h"], middle: MIDDLE }, actions: knockRound(3) }],
    },
    expected: { values: [15, 20, 28], lifeLosses: [1, 1, 0] },
  },
];

const threeOfAKind: Fixture[] = [
  {
    name: "threeOfAKindTies equal: three sevens tie with three eights",
    record: {
      dealer: 1,
      rounds: [{ deal: { hands: ["7c 7s 7h", "8c 8s 8h"], middle: MIDDLE }, actions: knockRound(2) }],
    },
    expected: { values: [30.5, 30.5], lifeLosses: [1, 1] },
  },
  {
    name: "threeOfAKindTies higherRank: three sevens lose to three eights",
    record: {
      rules: { threeOfAKindTies: "higherRank" },
      dealer: 1,
      rounds: [{ deal: { hands: ["7c 7s 7h", "8c 8s 8h"], middle: MIDDLE }, actions: knockRound(2) }],
    },
    expected: { values: [30.5, 30.5], lifeLosses: [1, 0] },
  },
  {
    name: "threeOfAKindTies higherRank: three kings still lose to 31 (bug fix: the tie-break outranked 31)",
    record: {
      rules: { threeOfAKindTies: "higherRank", thirtyOne: "noEnd" },
      dealer: 1,
      rounds: [{ deal: { hands: ["Kc Kd Kh", "As Qs Ts"], middle: "9d 8d Jd" }, actions: knockRound(2) }],
    },
    expected: { values: [30.5, 31], lifeLosses: [1, 0] },
  },
  {
    name: "threeOfAKindTies higherRank, fire off: three aces lose to a dealt 31 (bug fix)",
    record: {
      rules: { threeOfAKindTies: "higherRank", fire: "off" },
      dealer: 1,
      rounds: [{ deal: { hands: ["Ac Ad Ah", "Ks Qs As"], middle: MIDDLE } }],
    },
    expected: { endReason: "thirtyOne", values: [30.5, 31], lifeLosses: [1, 0] },
  },
  {
    name: "threeOfAKindTies higherRank, fire off: three aces beat three kings",
    record: {
      rules: { threeOfAKindTies: "higherRank", fire: "off" },
      dealer: 1,
      rounds: [{ deal: { hands: ["Ac Ad Ah", "Ks Kc Kd"], middle: "9d 8d Jd" }, actions: knockRound(2) }],
    },
    expected: { values: [30.5, 30.5], lifeLosses: [0, 1] },
  },
  {
    name: "scoring suit: a pair of kings counts one king",
    record: {
      dealer: 1,
      rounds: [{ deal: { hands: ["Kc Ks 7h", "Tc 9c 7s"], middle: "9d 8d Jd" }, actions: knockRound(2) }],
    },
    expected: { values: [10, 19], lifeLosses: [1, 0] },
  },
  {
    name: "scoring suitOrRank: a pair of kings counts 20",
    record: {
      rules: { scoring: "suitOrRank" },
      dealer: 1,
      rounds: [{ deal: { hands: ["Kc Ks 7h", "Tc 9c 7s"], middle: "9d 8d Jd" }, actions: knockRound(2) }],
    },
    expected: { values: [20, 19], lifeLosses: [0, 1] },
  },
];

const knockerPays: Fixture[] = [
  {
    name: "knockerPays 1: a losing knocker loses one life",
    record: { rounds: [{ deal: { hands: BASE, middle: MIDDLE }, actions: knockRound(3) }] },
    expected: { lifeLosses: [1, 0, 0], lives: [2, 3, 3] },
  },
  {
    name: "knockerPays 2: a losing knocker loses two lives",
    record: { rules: { knockerPays: 2 }, rounds: [{ deal: { hands: BASE, middle: MIDDLE }, actions: knockRound(3) }] },
    expected: { lifeLosses: [2, 0, 0], lives: [1, 3, 3], state: ["alive", "alive", "alive"] },
  },
  {
    name: "knockerPays 2: other losers lose one",
    record: { rules: { knockerPays: 2 }, rounds: [{ deal: { hands: TIE01, middle: MIDDLE }, actions: knockRound(3) }] },
    expected: { lifeLosses: [2, 1, 0], lives: [1, 2, 3] },
  },
  {
    name: "knockerPays 2: two losses in a row take the knocker from 1 life to swimming to out",
    record: {
      rules: { knockerPays: 2, lives: 1 },
      rounds: [{ deal: { hands: BASE, middle: MIDDLE }, actions: knockRound(3) }],
    },
    expected: {
      lifeLosses: [2, 0, 0],
      lives: [0, 1, 1],
      state: ["out", "alive", "alive"],
      result: { over: false, winner: null, draw: false },
    },
  },
  {
    name: "knockerPays 2: a swimming knocker who loses is out, the loss still counted in full",
    record: {
      rules: { knockerPays: 2, lives: 1 },
      rounds: [
        { deal: { hands: BASE, middle: MIDDLE }, actions: [pass(0), pass(1), knock(2), pass(0), pass(1)] },
        {
          deal: { hands: ["Tc Ts 8h", "Jc 9s 7d", "7c 8s 9h"], middle: MIDDLE },
          actions: [pass(1), knock(2), pass(0), pass(1)],
        },
      ],
    },
    expected: { rounds: 2, lifeLosses: [0, 0, 2], lives: [0, 1, 0], state: ["swimming", "alive", "out"] },
  },
];

const swimming: Fixture[] = [
  {
    name: "swimming everyone: 0 lives swims, the next loss is out; the deal skips nobody still in",
    record: {
      rules: { lives: 1 },
      rounds: [
        { deal: { hands: BASE, middle: MIDDLE }, actions: knockRound(3) },
        { deal: { hands: BASE, middle: MIDDLE }, actions: [knock(1), pass(2), pass(0)] },
      ],
    },
    expected: {
      rounds: 2,
      lifeLosses: [1, 0, 0],
      lives: [0, 1, 1],
      state: ["out", "alive", "alive"],
      check: (s) => expect(s.finished.map((r) => r.result.state[0])).toEqual(["swimming", "out"]),
    },
  },
  {
    name: "swimming firstOnly: all seats reaching 0 in the first such round swim",
    record: {
      rules: { lives: 1, swimming: "firstOnly" },
      rounds: [{ deal: { hands: TIE01, middle: MIDDLE }, actions: knockRound(3) }],
    },
    expected: { lives: [0, 0, 1], state: ["swimming", "swimming", "alive"] },
  },
  {
    name: "swimming firstOnly: a seat reaching 0 in a later round is out at once",
    record: {
      rules: { lives: 1, swimming: "firstOnly" },
      rounds: [
        { deal: { hands: BASE, middle: MIDDLE }, actions: knockRound(3) },
        {
          deal: { hands: ["Jc 9s 7d", "7c 8s 9h", "Tc Ts 8h"], middle: MIDDLE },
          actions: [knock(1), pass(2), pass(0)],
        },
      ],
    },
    expected: { rounds: 2, lifeLosses: [0, 1, 0], lives: [0, 0, 1], state: ["swimming", "out", "alive"] },
  },
  {
    name: "swimming off: reaching 0 lives is out",
    record: {
      rules: { lives: 1, swimming: "off" },
      rounds: [{ deal: { hands: BASE, middle: MIDDLE }, actions: knockRound(3) }],
    },
    expected: { lives: [0, 1, 1], state: ["out", "alive", "alive"] },
  },
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((lives): Fixture => ({
    name: `lives ${lives}: one loss leaves ${lives - 1}`,
    record: { rules: { lives }, rounds: [{ deal: { hands: BASE, middle: MIDDLE }, actions: knockRound(3) }] },
    expected: {
      lives: [lives - 1, lives, lives],
      state: [lives === 1 ? "swimming" : "alive", "alive", "alive"],
    },
  })),
  {
    name: "lives 2: the default 3 is only a default (two losses, then swimming)",
    record: {
      rules: { lives: 2 },
      rounds: [
        { deal: { hands: BASE, middle: MIDDLE }, actions: knockRound(3) },
        { deal: { hands: BASE, middle: MIDDLE }, actions: [knock(1), pass(2), pass(0)] },
      ],
    },
    expected: { lives: [0, 2, 2], state: ["swimming", "alive", "alive"] },
  },
];

const matchFlow: Fixture[] = [
  {
    name: "the deal rotates to the next seat still in (a seat that went out is skipped)",
    record: {
      rules: { lives: 1, swimming: "off" },
      dealer: 0,
      rounds: [
        {
          deal: { hands: ["Tc Ts 8h", "7c 8s 9h", "Jc 9s 7d"], middle: MIDDLE },
          actions: [knock(1), pass(2), pass(0)],
        },
        { deal: { hands: ["Tc Ts 8h", null, "Jc 9s 7d"], middle: MIDDLE }, actions: [pass(0), pass(2)] },
      ],
    },
    expected: {
      rounds: 2,
      endReason: null,
      hands: ["Tc Ts 8h", null, "Jc 9s 7d"],
      lifeLosses: null,
      check: (s) => (expect(s.round!.dealer).toBe(2), expect(s.round!.toAct).toBe(0)),
    },
  },
  {
    name: "a seat out of the match gets no hand",
    record: {
      rules: { lives: 1, swimming: "off" },
      dealer: 0,
      rounds: [
        {
          deal: { hands: ["Tc Ts 8h", "7c 8s 9h", "Jc 9s 7d"], middle: MIDDLE },
          actions: [knock(1), pass(2), pass(0)],
        },
        { deal: { hands: BASE, middle: MIDDLE } },
      ],
    },
    expected: { error: { code: "INVALID_DEAL", round: 1 } },
  },
  {
    name: "a seat still in needs a hand",
    record: { rounds: [{ deal: { hands: ["7c 8s 9h", null, "Jc 9s 7d"], middle: MIDDLE } }] },
    expected: { error: { code: "INVALID_DEAL", round: 0 } },
  },
  {
    name: "a dealer who goes out passes the deal on",
    record: {
      rules: { lives: 1, swimming: "off" },
      rounds: [
        { deal: { hands: ["Tc Ts 8h", "Jc 9s 7d", "7c 8s 9h"], middle: MIDDLE }, actions: knockRound(3) },
        {
          deal: { hands: BASE.slice(0, 2).concat([null as unknown as string]), middle: MIDDLE },
          actions: [knock(1), pass(0)],
        },
      ],
    },
    expected: {
      rounds: 2,
      lifeLosses: [1, 0, 0],
      state: ["out", "alive", "out"],
      result: { over: true, winner: 1, draw: false },
      check: (s) => expect(s.finished[1]!.result.dealer).toBe(0),
    },
  },
  {
    name: "the last seat in wins",
    record: {
      rules: { lives: 1, swimming: "off" },
      rounds: [{ deal: { hands: TWO, middle: MIDDLE }, actions: knockRound(2) }],
    },
    expected: { lives: [0, 1], state: ["out", "alive"], result: { over: true, winner: 1, draw: false } },
  },
  {
    name: "the last seats going out together: a draw",
    record: {
      rules: { lives: 1, swimming: "off" },
      rounds: [{ deal: { hands: ["7c 8s 9h", "9c 7s 8h"], middle: MIDDLE }, actions: knockRound(2) }],
    },
    expected: { state: ["out", "out"], result: { over: true, winner: null, draw: true } },
  },
  {
    name: "three swimmers going out together: a draw",
    record: {
      rules: { lives: 1 },
      rounds: [
        { deal: { hands: ["Tc Jc 7s", "Ts Js 7h", "Th Jh 7d"], middle: MIDDLE }, actions: knockRound(3) },
        {
          deal: { hands: ["Tc Jc 7s", "Ts Js 7h", "Th Jh 7d"], middle: MIDDLE },
          actions: [knock(1), pass(2), pass(0)],
        },
      ],
    },
    expected: { rounds: 2, state: ["out", "out", "out"], result: { over: true, winner: null, draw: true } },
  },
  {
    name: "MATCH_OVER: no round after the match has ended",
    record: {
      rules: { lives: 1, swimming: "off" },
      rounds: [
        { deal: { hands: TWO, middle: MIDDLE }, actions: knockRound(2) },
        { deal: { hands: [null as unknown as string, "Tc Ts 8h"], middle: MIDDLE } },
      ],
    },
    expected: { error: { code: "MATCH_OVER", round: 1 } },
  },
  {
    name: "an unfinished round followed by another is INVALID_RECORD",
    record: {
      rounds: [
        { deal: { hands: BASE, middle: MIDDLE }, actions: [pass(0)] },
        { deal: { hands: BASE, middle: MIDDLE } },
      ],
    },
    expected: { error: { code: "INVALID_RECORD", round: 1 } },
  },
  {
    name: "a record may stop in the middle of a round: hands as they stand, values null",
    record: { rounds: [{ deal: { hands: BASE, middle: MIDDLE }, actions: [swap(0, "7c", "Qd")] }] },
    expected: {
      endReason: null,
      hands: ["Qd 8s 9h", "Tc Ts 8h", "Jc 9s 7d"],
      values: null,
      lifeLosses: null,
      lives: [3, 3, 3],
      state: ["alive", "alive", "alive"],
      result: { over: false, winner: null, draw: false },
    },
  },
  {
    name: "a record may stop between rounds",
    record: { rounds: [{ deal: { hands: BASE, middle: MIDDLE }, actions: knockRound(3) }] },
    expected: { rounds: 1, endReason: "knock", check: (s) => expect(s.nextDealer).toBe(0) },
  },
  {
    name: "a record with no rounds",
    record: { rules: {}, players: ["a", "b"], dealer: 0, rounds: [] },
    expected: { rounds: 0, result: { over: false, winner: null, draw: false } },
  },
];

describe.each([
  ["losers", losers],
  ["three of a kind and suitOrRank", threeOfAKind],
  ["knockerPays", knockerPays],
  ["swimming and lives", swimming],
  ["match flow", matchFlow],
])("%s", (_, fixtures) => {
  it.each(fixtures.map((f) => [f.name, f] as const))("%s", (_name, fixture) => checkFixture(fixture));
});

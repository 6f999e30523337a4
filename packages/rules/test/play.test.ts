import { describe, expect, it } from "vitest";
import { legalActions } from "../src/index.js";
import {
  type Fixture,
  checkFixture,
  choose,
  h,
  knock,
  pass,
  passes,
  redeal,
  sortedHands,
  swap,
  swapAll,
} from "./helpers.js";

/** Three seats, dealer 2: seat 0 acts first. Values 9, 10, 10. */
const BASE = ["7c 8s 9h", "Tc Ts 8h", "Jc 9s 7d"];
const MIDDLE = "Qd 8d Kc";
/** For the last turns after a knock: seat 1 can make 31 with the Qh. Values 10, 21, 19. */
const NEAR31 = ["Tc 7s 8h", "Ah Kh 7d", "Jc Ks 9c"];
/** Seat 0 can make Feuer with the Ah. Values 11, 10, 19. */
const NEARFIRE = ["Ac As 7d", "Tc 7s 8h", "Jc Ks 9c"];

const middleIs = (cards: string) => (state: { round: { middle: readonly string[] | null } | null }) =>
  expect([...(state.round!.middle ?? [])].sort()).toEqual(h(cards).sort());

const dealTime: Fixture[] = [
  {
    name: "a dealt 31 ends the round before any action",
    record: { rounds: [{ deal: { hands: ["7c 8s 9h", "Ah Kh Qh", "Jc 9s 7d"], middle: MIDDLE } }] },
    expected: { endReason: "thirtyOne", values: [9, 31, 10], lifeLosses: [1, 0, 0], lives: [2, 3, 3] },
  },
  {
    name: "dealt Feuer outranks a dealt 31",
    record: { rounds: [{ deal: { hands: ["Ac As Ah", "Ad Kd Qd", "Jc 9s 7d"], middle: "Qc 8d Kc" } }] },
    expected: { endReason: "fire", values: [33, 31, 10], lifeLosses: [0, 1, 1] },
  },
  {
    name: "fire endsRound: dealt Feuer is worth 31 and scored by losers",
    record: {
      rules: { fire: "endsRound" },
      rounds: [{ deal: { hands: ["Ac As Ah", "Ad Kd Qd", "Jc 9s 7d"], middle: "Qc 8d Kc" } }],
    },
    expected: { endReason: "fire", values: [31, 31, 10], lifeLosses: [0, 0, 1] },
  },
  {
    name: "fire off: dealt three aces are 30.5 and end nothing",
    record: { rules: { fire: "off" }, rounds: [{ deal: { hands: ["Ac As Ah", ...BASE.slice(1)], middle: MIDDLE } }] },
    expected: { endReason: null, values: null, lifeLosses: null },
  },
  {
    name: "fire off: three aces do not outrank a dealt 31",
    record: {
      rules: { fire: "off" },
      rounds: [{ deal: { hands: ["Ac As Ah", "Ad Kd Qd", "Jc 9s 7d"], middle: "Qc 8d Kc" } }],
    },
    expected: { endReason: "thirtyOne", values: [30.5, 31, 10], lifeLosses: [0, 0, 1] },
  },
  {
    name: "thirtyOne noEnd: a dealt 31 ends nothing",
    record: {
      rules: { thirtyOne: "noEnd" },
      rounds: [{ deal: { hands: ["7c 8s 9h", "Ah Kh Qh", "Jc 9s 7d"], middle: MIDDLE } }],
    },
    expected: { endReason: null },
  },
  {
    name: "thirtyOne allOthersLose at the deal: every seat without 31 loses",
    record: {
      rules: { thirtyOne: "allOthersLose" },
      rounds: [{ deal: { hands: ["7c 8s 9h", "Ah Kh Qh", "Ac Kc Tc"], middle: "Qd 8d 9d" } }],
    },
    expected: { endReason: "thirtyOne", values: [9, 31, 31], lifeLosses: [1, 0, 0] },
  },
];

const thirtyOneAndFire: Fixture[] = [
  {
    name: "31 in the last turns after a knock ends the round at once",
    record: { rounds: [{ deal: { hands: NEAR31, middle: "Qh 8c 9d" }, actions: [knock(0), swap(1, "7d", "Qh")] }] },
    expected: {
      endReason: "thirtyOne",
      values: [10, 31, 19],
      lifeLosses: [1, 0, 0],
      hands: ["Tc 7s 8h", "Ah Kh Qh", "Jc Ks 9c"],
    },
  },
  {
    name: "knockerPays 2: a knocker losing to a 31 pays two",
    record: {
      rules: { knockerPays: 2 },
      rounds: [{ deal: { hands: NEAR31, middle: "Qh 8c 9d" }, actions: [knock(0), swap(1, "7d", "Qh")] }],
    },
    expected: { endReason: "thirtyOne", lifeLosses: [2, 0, 0], lives: [1, 3, 3] },
  },
  {
    name: "thirtyOne noEnd: a swap to 31 goes on until the knock ends the round",
    record: {
      rules: { thirtyOne: "noEnd" },
      rounds: [{ deal: { hands: NEAR31, middle: "Qh 8c 9d" }, actions: [knock(0), swap(1, "7d", "Qh"), pass(2)] }],
    },
    expected: { endReason: "knock", values: [10, 31, 19], lifeLosses: [1, 0, 0] },
  },
  {
    name: "thirtyOne allOthersLose after a swap",
    record: {
      rules: { thirtyOne: "allOthersLose" },
      rounds: [{ deal: { hands: NEAR31, middle: "Qh 8c 9d" }, actions: [pass(0), swap(1, "7d", "Qh")] }],
    },
    expected: { endReason: "thirtyOne", values: [10, 31, 19], lifeLosses: [1, 0, 1] },
  },
  {
    name: "fire allOthersLose: Feuer by a swap ends the round, every other seat loses",
    record: { rounds: [{ deal: { hands: NEARFIRE, middle: "Ah 8c 9d" }, actions: [swap(0, "7d", "Ah")] }] },
    expected: { endReason: "fire", values: [33, 10, 19], lifeLosses: [0, 1, 1] },
  },
  {
    name: "fire endsRound: Feuer by a swap is worth 31 and scored by losers",
    record: {
      rules: { fire: "endsRound" },
      rounds: [{ deal: { hands: NEARFIRE, middle: "Ah 8c 9d" }, actions: [swap(0, "7d", "Ah")] }],
    },
    expected: { endReason: "fire", values: [31, 10, 19], lifeLosses: [0, 1, 0] },
  },
  {
    name: "fire off: three aces by a swap end nothing",
    record: {
      rules: { fire: "off" },
      rounds: [{ deal: { hands: NEARFIRE, middle: "Ah 8c 9d" }, actions: [swap(0, "7d", "Ah")] }],
    },
    expected: { endReason: null, hands: ["Ac As Ah", "Tc 7s 8h", "Jc Ks 9c"] },
  },
  {
    name: "Feuer after a knock: the knocker pays knockerPays too",
    record: {
      rules: { knockerPays: 2 },
      rounds: [
        { deal: { hands: NEARFIRE, middle: "Ah 8c 9d" }, actions: [pass(0), knock(1), pass(2), swap(0, "7d", "Ah")] },
      ],
    },
    expected: { endReason: "fire", lifeLosses: [0, 2, 1], lives: [3, 1, 2] },
  },
];

const knocking: Fixture[] = [
  {
    name: "knock anytime: the very first action may knock; the others act once more",
    record: { rounds: [{ deal: { hands: BASE, middle: MIDDLE }, actions: [knock(0), pass(1), pass(2)] }] },
    expected: { endReason: "knock", values: [9, 10, 10], lifeLosses: [1, 0, 0] },
  },
  {
    name: "the knocker does not act again",
    record: { rounds: [{ deal: { hands: BASE, middle: MIDDLE }, actions: [knock(0), pass(1), pass(2), pass(0)] }] },
    expected: { error: { code: "ROUND_OVER", round: 0, action: 3 } },
  },
  {
    name: "a second knock is not allowed",
    record: { rounds: [{ deal: { hands: BASE, middle: MIDDLE }, actions: [knock(0), knock(1)] }] },
    expected: { error: { code: "ACTION_NOT_ALLOWED", round: 0, action: 1 } },
  },
  {
    name: "afterFirstLap: no knock in the first turn",
    record: {
      rules: { knock: "afterFirstLap" },
      rounds: [{ deal: { hands: BASE, middle: MIDDLE }, actions: [knock(0)] }],
    },
    expected: { error: { code: "ACTION_NOT_ALLOWED", round: 0, action: 0 } },
  },
  {
    name: "afterFirstLap: no knock in the lap's last turn",
    record: {
      rules: { knock: "afterFirstLap" },
      rounds: [{ deal: { hands: BASE, middle: MIDDLE }, actions: [swap(0, "7c", "Qd"), pass(1), knock(2)] }],
    },
    expected: { error: { code: "ACTION_NOT_ALLOWED", round: 0, action: 2 } },
  },
  {
    name: "afterFirstLap: a knock in the first turn after the lap",
    record: {
      rules: { knock: "afterFirstLap" },
      rounds: [
        {
          deal: { hands: BASE, middle: MIDDLE },
          actions: [swap(0, "7c", "Qd"), pass(1), pass(2), knock(0), pass(1), pass(2)],
        },
      ],
    },
    expected: { endReason: "knock", values: [10, 10, 10], lifeLosses: [1, 1, 1] },
  },
  {
    name: "afterFirstLap with dealerChooses: choose is not a turn",
    record: {
      rules: { knock: "afterFirstLap", deal: "dealerChooses" },
      rounds: [{ deal: { hands: BASE, extra: MIDDLE }, actions: [choose(2, "first"), pass(0), pass(1), knock(2)] }],
    },
    expected: { error: { code: "ACTION_NOT_ALLOWED", round: 0, action: 3 } },
  },
  {
    name: "afterFirstLap with dealerChooses: the dealer may knock in its second turn",
    record: {
      rules: { knock: "afterFirstLap", deal: "dealerChooses", allPass: "nothing" },
      rounds: [
        { deal: { hands: BASE, extra: MIDDLE }, actions: [choose(2, "first"), pass(0), pass(1), pass(2), knock(0)] },
      ],
    },
    expected: { endReason: null, check: (s) => expect(s.round!.knocker).toBe(0) },
  },
  {
    name: "afterFirstLap with lowMiddleRedeal: a redeal is not a turn",
    record: {
      rules: { knock: "afterFirstLap", lowMiddleRedeal: true },
      rounds: [{ deal: { hands: BASE, middle: "7h 8c 9c" }, actions: [redeal(0), pass(0), pass(1), knock(2)] }],
    },
    expected: { error: { code: "ACTION_NOT_ALLOWED", round: 0, action: 3 } },
  },
];

const swapAllAndDirection: Fixture[] = [
  {
    name: "swapAll: the three hand cards for the three middle cards",
    record: { rounds: [{ deal: { hands: BASE, middle: MIDDLE }, actions: [swapAll(0)] }] },
    expected: { hands: [MIDDLE, BASE[1]!, BASE[2]!], check: (s) => middleIs(BASE[0]!)(s) },
  },
  {
    name: "swapAll off: not allowed",
    record: { rules: { swapAll: false }, rounds: [{ deal: { hands: BASE, middle: MIDDLE }, actions: [swapAll(0)] }] },
    expected: { error: { code: "ACTION_NOT_ALLOWED", round: 0, action: 0 } },
  },
  {
    name: "swapAll to 31 ends the round",
    record: { rounds: [{ deal: { hands: BASE, middle: "Ah Kh Qh" }, actions: [swapAll(0)] }] },
    expected: { endReason: "thirtyOne", values: [31, 10, 10], lifeLosses: [0, 1, 1] },
  },
  {
    name: "counterclockwise: the seat before the dealer acts first, and play goes downwards",
    record: {
      rules: { direction: "counterclockwise" },
      dealer: 0,
      rounds: [{ deal: { hands: BASE, middle: MIDDLE }, actions: [knock(2), pass(1), pass(0)] }],
    },
    expected: { endReason: "knock", lifeLosses: [1, 0, 0] },
  },
  {
    name: "counterclockwise: the seat after the dealer clockwise is not first",
    record: {
      rules: { direction: "counterclockwise" },
      dealer: 0,
      rounds: [{ deal: { hands: BASE, middle: MIDDLE }, actions: [pass(1)] }],
    },
    expected: { error: { code: "NOT_YOUR_TURN", round: 0, action: 0 } },
  },
  {
    name: "counterclockwise: the deal rotates downwards",
    record: {
      rules: { direction: "counterclockwise" },
      dealer: 0,
      rounds: [
        { deal: { hands: BASE, middle: MIDDLE }, actions: [knock(2), pass(1), pass(0)] },
        { deal: { hands: BASE, middle: MIDDLE }, actions: [knock(1), pass(0), pass(2)] },
      ],
    },
    expected: {
      rounds: 2,
      endReason: "knock",
      lives: [1, 3, 3],
      check: (s) => expect(s.finished[1]!.result.dealer).toBe(2),
    },
  },
];

const decks: Fixture[] = [
  {
    name: "french52: twos to fives are cards; the deal is 52 cards",
    record: {
      rules: { deck: "french52" },
      rounds: [
        {
          deal: { hands: ["2c 3c 4c", "5d 2h 3s", "Jc 9s 7d"], middle: MIDDLE },
          actions: [knock(0), pass(1), pass(2)],
        },
      ],
    },
    expected: { endReason: "knock", values: [9, 5, 10], lifeLosses: [0, 1, 0] },
  },
  {
    name: "jass36: sixes are cards",
    record: {
      rules: { deck: "jass36" },
      rounds: [
        {
          deal: { hands: ["6c 6s 7h", "6d 8h 9d", "Jc 9s 7d"], middle: MIDDLE },
          actions: [knock(0), pass(1), pass(2)],
        },
      ],
    },
    expected: { endReason: "knock", values: [7, 15, 10], lifeLosses: [2 - 1, 0, 0] },
  },
  {
    name: "jass36: three sixes are three of a kind",
    record: {
      rules: { deck: "jass36" },
      rounds: [
        {
          deal: { hands: ["6c 6s 6h", "6d 8h 9d", "Jc 9s 7d"], middle: MIDDLE },
          actions: [knock(0), pass(1), pass(2)],
        },
      ],
    },
    expected: { endReason: "knock", values: [30.5, 15, 10], lifeLosses: [0, 0, 1] },
  },
  {
    name: "skat32: a six is not a card of the deck",
    record: { rounds: [{ deal: { hands: ["6c 8s 9h", ...BASE.slice(1)], middle: MIDDLE } }] },
    expected: { error: { code: "INVALID_DEAL", round: 0 } },
  },
  {
    name: "jass36: a five is not a card of the deck",
    record: {
      rules: { deck: "jass36" },
      rounds: [{ deal: { hands: ["5c 8s 9h", ...BASE.slice(1)], middle: MIDDLE } }],
    },
    expected: { error: { code: "INVALID_DEAL", round: 0 } },
  },
  {
    name: "skat32: swapping a card of another deck is a bad shape",
    record: { rounds: [{ deal: { hands: BASE, middle: MIDDLE }, actions: [swap(0, "2c", "Qd")] }] },
    expected: { error: { code: "INVALID_RECORD", round: 0, action: 0 } },
  },
];

describe.each([
  ["deal-time 31 and Feuer", dealTime],
  ["31 and Feuer in play", thirtyOneAndFire],
  ["knocking", knocking],
  ["swapAll and direction", swapAllAndDirection],
  ["decks", decks],
])("%s", (_, fixtures) => {
  it.each(fixtures.map((f) => [f.name, f] as const))("%s", (_name, fixture) => checkFixture(fixture));
});

describe("legal actions", () => {
  it("onRequest offers redeal to the first passer only, lowMiddle to whoever faces a low middle", async () => {
    const { replay, record } = await import("./helpers.js");
    const got = replay(
      record({
        rules: { allPass: "onRequest" },
        rounds: [{ deal: { hands: BASE, middle: MIDDLE }, actions: passes(0, 1, 2) }],
      }),
    );
    if (!got.ok) throw new Error(got.error.message);
    expect(legalActions(got.state).map((a) => a.type)).toContain("redeal");
    expect(sortedHands(got.outcome.rounds[0]!.hands)).toEqual(sortedHands(BASE.map(h)));
  });
});

import { describe, expect, it } from "vitest";
import { type Fixture, checkFixture, choose, h, knock, pass, passes, redeal, swap } from "./helpers.js";

/** Passing, new middles and the dealer's choice. Three seats, dealer 2: seat 0 acts first. Values 9, 10, 10. */
const BASE = ["7c 8s 9h", "Tc Ts 8h", "Jc 9s 7d"];
const MIDDLE = "Qd 8d Kc";

const middleIs = (cards: string) => (state: { round: { middle: readonly string[] | null } | null }) =>
  expect([...(state.round!.middle ?? [])].sort()).toEqual(h(cards).sort());

/** 15 cards, then a 7, 8 and 9: the sixth renewed middle is low, and two cards stay in the stock. */
const SIXTH_LOW = "As Ah Ad Ac Ks Kh Kd Qs Qh Qc Js Jh Jd Th Td 7h 8c 9c";
const sixRuns = Array.from({ length: 6 }, () => passes(0, 1, 2)).flat();

const allPass: Fixture[] = [
  {
    name: "allPass newMiddle: everyone passes, three stock cards replace the middle, the first passer acts",
    record: {
      rounds: [
        {
          deal: { hands: BASE, middle: MIDDLE, stock: "Ah Ad As" },
          actions: [...passes(0, 1, 2), swap(0, "7c", "Ah")],
        },
      ],
    },
    expected: {
      endReason: null,
      hands: ["Ah 8s 9h", "Tc Ts 8h", "Jc 9s 7d"],
      check: (s) => {
        middleIs("7c Ad As")(s);
        expect([...s.round!.discarded].sort()).toEqual(h(MIDDLE).sort());
        expect(s.round!.toAct).toBe(1);
      },
    },
  },
  {
    name: "allPass newMiddle: everyone passes with fewer than three stock cards: stockEmpty",
    record: { rounds: [{ deal: { hands: BASE, middle: MIDDLE }, actions: [...sixRuns, ...passes(0, 1, 2)] }] },
    expected: { endReason: "stockEmpty", values: [9, 10, 10], lifeLosses: [1, 0, 0] },
  },
  {
    name: "allPass newMiddle: a swap breaks the run of passes",
    record: {
      rounds: [{ deal: { hands: BASE, middle: MIDDLE }, actions: [pass(0), swap(1, "Tc", "Qd"), pass(2), pass(0)] }],
    },
    expected: { endReason: null, check: (s) => (middleIs("8d Kc Tc")(s), expect(s.round!.passRun).toBe(2)) },
  },
  {
    name: "passes after a knock do not count towards a run",
    record: { rounds: [{ deal: { hands: BASE, middle: MIDDLE }, actions: [pass(0), pass(1), knock(2), pass(0)] }] },
    expected: { endReason: null, check: (s) => (middleIs(MIDDLE)(s), expect(s.round!.passRun).toBe(0)) },
  },
  {
    name: "allPass onRequest: the first passer may redeal; the same seat then acts",
    record: {
      rules: { allPass: "onRequest" },
      rounds: [
        {
          deal: { hands: BASE, middle: MIDDLE, stock: "Ah Ad As" },
          actions: [...passes(0, 1, 2), redeal(0), swap(0, "7c", "Ah")],
        },
      ],
    },
    expected: { endReason: null, check: (s) => (middleIs("7c Ad As")(s), expect(s.round!.toAct).toBe(1)) },
  },
  {
    name: "allPass onRequest: the first passer may play on instead; the middle stays",
    record: {
      rules: { allPass: "onRequest" },
      rounds: [{ deal: { hands: BASE, middle: MIDDLE }, actions: [...passes(0, 1, 2), pass(0)] }],
    },
    expected: { endReason: null, check: (s) => (middleIs(MIDDLE)(s), expect(s.round!.passRun).toBe(1)) },
  },
  {
    name: "allPass onRequest: no redeal before everyone has passed",
    record: {
      rules: { allPass: "onRequest" },
      rounds: [{ deal: { hands: BASE, middle: MIDDLE }, actions: [redeal(0)] }],
    },
    expected: { error: { code: "ACTION_NOT_ALLOWED", round: 0, action: 0 } },
  },
  {
    name: "allPass onRequest: the offer lapses once the first passer plays on",
    record: {
      rules: { allPass: "onRequest" },
      rounds: [{ deal: { hands: BASE, middle: MIDDLE }, actions: [...passes(0, 1, 2), pass(0), redeal(1)] }],
    },
    expected: { error: { code: "ACTION_NOT_ALLOWED", round: 0, action: 4 } },
  },
  {
    name: "allPass onRequest: everyone passes with fewer than three stock cards: stockEmpty",
    record: {
      rules: { allPass: "onRequest" },
      rounds: [
        {
          deal: { hands: BASE, middle: MIDDLE },
          actions: [...Array.from({ length: 6 }, () => [...passes(0, 1, 2), redeal(0)]).flat(), ...passes(0, 1, 2)],
        },
      ],
    },
    expected: { endReason: "stockEmpty", values: [9, 10, 10] },
  },
  {
    name: "allPass nothing: runs of passes change nothing and never end the round",
    record: {
      rules: { allPass: "nothing" },
      rounds: [{ deal: { hands: BASE, middle: MIDDLE }, actions: [...sixRuns, ...sixRuns] }],
    },
    expected: { endReason: null, check: (s) => (middleIs(MIDDLE)(s), expect(s.round!.stockTop).toBe(0)) },
  },
  {
    name: "allPass forbidden: passing is not an action",
    record: {
      rules: { allPass: "forbidden" },
      rounds: [{ deal: { hands: BASE, middle: MIDDLE }, actions: [pass(0)] }],
    },
    expected: { error: { code: "ACTION_NOT_ALLOWED", round: 0, action: 0 } },
  },
  {
    name: "allPass forbidden: not even in the last turn after a knock",
    record: {
      rules: { allPass: "forbidden" },
      rounds: [{ deal: { hands: BASE, middle: MIDDLE }, actions: [knock(0), swap(1, "8h", "8d"), pass(2)] }],
    },
    expected: { error: { code: "ACTION_NOT_ALLOWED", round: 0, action: 2 } },
  },
  {
    name: "allPass forbidden: the last turns after a knock are swaps",
    record: {
      rules: { allPass: "forbidden" },
      rounds: [
        { deal: { hands: BASE, middle: MIDDLE }, actions: [knock(0), swap(1, "8h", "8d"), swap(2, "7d", "Kc")] },
      ],
    },
    expected: { endReason: "knock", values: [9, 10, 20], lifeLosses: [1, 0, 0] },
  },
];

const lowMiddle: Fixture[] = [
  {
    name: "lowMiddleRedeal: a 7, 8 and 9 in the middle may be renewed; the seat then takes its turn",
    record: {
      rules: { lowMiddleRedeal: true },
      rounds: [
        { deal: { hands: BASE, middle: "7h 8c 9c", stock: "Ah Ad As" }, actions: [redeal(0), swap(0, "7c", "Ah")] },
      ],
    },
    expected: {
      endReason: null,
      check: (s) => (middleIs("7c Ad As")(s), expect(s.round!.discarded).toEqual(h("7h 8c 9c"))),
    },
  },
  {
    name: "lowMiddleRedeal: only once per turn, even when the new middle is low again",
    record: {
      rules: { lowMiddleRedeal: true },
      rounds: [{ deal: { hands: BASE, middle: "7h 8c 9c", stock: "9d 8d 7s" }, actions: [redeal(0), redeal(0)] }],
    },
    expected: { error: { code: "ACTION_NOT_ALLOWED", round: 0, action: 1 } },
  },
  {
    name: "lowMiddleRedeal: the next seat may renew a low middle again",
    record: {
      rules: { lowMiddleRedeal: true },
      rounds: [
        { deal: { hands: BASE, middle: "7h 8c 9c", stock: "9d 8d 7s" }, actions: [redeal(0), pass(0), redeal(1)] },
      ],
    },
    expected: { endReason: null, check: (s) => expect(s.round!.stockTop).toBe(6) },
  },
  {
    name: "lowMiddleRedeal: also after a knock",
    record: {
      rules: { lowMiddleRedeal: true },
      rounds: [
        {
          deal: { hands: BASE, middle: "7h 8c 9c", stock: "Ah Ad As" },
          actions: [knock(0), redeal(1), pass(1), pass(2)],
        },
      ],
    },
    expected: { endReason: "knock", lifeLosses: [1, 0, 0], check: (s) => middleIs("Ah Ad As")(s) },
  },
  {
    name: "lowMiddleRedeal: needs three stock cards",
    record: {
      rules: { lowMiddleRedeal: true },
      rounds: [{ deal: { hands: BASE, middle: MIDDLE, stock: SIXTH_LOW }, actions: [...sixRuns, redeal(0)] }],
    },
    expected: { error: { code: "ACTION_NOT_ALLOWED", round: 0, action: 18 } },
  },
  {
    name: "lowMiddleRedeal: (setup) the sixth renewed middle is low, with two stock cards left",
    record: {
      rules: { lowMiddleRedeal: true },
      rounds: [{ deal: { hands: BASE, middle: MIDDLE, stock: SIXTH_LOW }, actions: sixRuns }],
    },
    expected: {
      endReason: null,
      check: (s) => (middleIs("7h 8c 9c")(s), expect(s.round!.stock.length - s.round!.stockTop).toBe(2)),
    },
  },
  {
    name: "lowMiddleRedeal off: a low middle stays",
    record: { rounds: [{ deal: { hands: BASE, middle: "7h 8c 9c" }, actions: [redeal(0)] }] },
    expected: { error: { code: "ACTION_NOT_ALLOWED", round: 0, action: 0 } },
  },
  {
    name: "lowMiddleRedeal: 7, 8, 8 is not a low middle",
    record: {
      rules: { lowMiddleRedeal: true },
      rounds: [{ deal: { hands: BASE, middle: "7h 8c 8d" }, actions: [redeal(0)] }],
    },
    expected: { error: { code: "ACTION_NOT_ALLOWED", round: 0, action: 0 } },
  },
];

const DC = { deal: "dealerChooses" } as const;
const dealerChooses: Fixture[] = [
  {
    name: "dealerChooses first: the second packet is the middle; the dealer still takes its regular turn",
    record: {
      rules: DC,
      rounds: [
        {
          deal: { hands: BASE, extra: MIDDLE },
          actions: [choose(2, "first"), swap(0, "7c", "Qd"), knock(1), pass(2), pass(0)],
        },
      ],
    },
    expected: { endReason: "knock", hands: ["Qd 8s 9h", "Tc Ts 8h", "Jc 9s 7d"], values: [10, 10, 10] },
  },
  {
    name: "dealerChooses second: the dealer takes the extra packet, the first goes to the middle",
    record: { rules: DC, rounds: [{ deal: { hands: BASE, extra: MIDDLE }, actions: [choose(2, "second")] }] },
    expected: {
      endReason: null,
      hands: ["7c 8s 9h", "Tc Ts 8h", "Qd 8d Kc"],
      check: (s) => (middleIs("Jc 9s 7d")(s), expect(s.round!.toAct).toBe(0)),
    },
  },
  {
    name: "dealerChooses: 31 is checked after the choice (taken)",
    record: { rules: DC, rounds: [{ deal: { hands: BASE, extra: "Ah Kh Qh" }, actions: [choose(2, "second")] }] },
    expected: { endReason: "thirtyOne", values: [9, 10, 31], lifeLosses: [1, 0, 0] },
  },
  {
    name: "dealerChooses: 31 left in the middle ends nothing",
    record: { rules: DC, rounds: [{ deal: { hands: BASE, extra: "Ah Kh Qh" }, actions: [choose(2, "first")] }] },
    expected: { endReason: null },
  },
  {
    name: "dealerChooses: a dealt 31 waits for the choice",
    record: { rules: DC, rounds: [{ deal: { hands: ["Ad Kd Qd", ...BASE.slice(1)], extra: "7c 8s 9h" } }] },
    expected: { endReason: null },
  },
  {
    name: "dealerChooses: a dealt 31 ends the round after the choice",
    record: {
      rules: DC,
      rounds: [{ deal: { hands: ["Ad Kd Qd", ...BASE.slice(1)], extra: "7c 8s 9h" }, actions: [choose(2, "first")] }],
    },
    expected: { endReason: "thirtyOne", values: [31, 10, 10] },
  },
  {
    name: "dealerChooses: only the dealer chooses",
    record: { rules: DC, rounds: [{ deal: { hands: BASE, extra: MIDDLE }, actions: [choose(0, "first")] }] },
    expected: { error: { code: "NOT_YOUR_TURN", round: 0, action: 0 } },
  },
  {
    name: "dealerChooses: the dealer must choose before anything else",
    record: { rules: DC, rounds: [{ deal: { hands: BASE, extra: MIDDLE }, actions: [knock(2)] }] },
    expected: { error: { code: "ACTION_NOT_ALLOWED", round: 0, action: 0 } },
  },
  {
    name: "dealerChooses: choose only once, first",
    record: {
      rules: DC,
      rounds: [{ deal: { hands: BASE, extra: MIDDLE }, actions: [choose(2, "first"), choose(0, "first")] }],
    },
    expected: { error: { code: "ACTION_NOT_ALLOWED", round: 0, action: 1 } },
  },
  {
    name: "openMiddle: choose is not allowed",
    record: { rounds: [{ deal: { hands: BASE, middle: MIDDLE }, actions: [choose(0, "first")] }] },
    expected: { error: { code: "ACTION_NOT_ALLOWED", round: 0, action: 0 } },
  },
  {
    name: "dealerChooses: a deal with a middle is not a dealerChooses deal",
    record: { rules: DC, rounds: [{ deal: { hands: BASE, middle: MIDDLE } }] },
    expected: { error: { code: "INVALID_DEAL", round: 0 } },
  },
  {
    name: "openMiddle: a deal with an extra packet is invalid",
    record: { rounds: [{ deal: { hands: BASE, extra: MIDDLE } }] },
    expected: { error: { code: "INVALID_DEAL", round: 0 } },
  },
];

describe.each([
  ["allPass", allPass],
  ["lowMiddleRedeal", lowMiddle],
  ["dealerChooses", dealerChooses],
])("%s", (_, fixtures) => {
  it.each(fixtures.map((f) => [f.name, f] as const))("%s", (_name, fixture) => checkFixture(fixture));
});

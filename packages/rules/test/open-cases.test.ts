import { describe, expect, it } from "vitest";
import { viewFor } from "../src/index.js";
import { type Fixture, checkFixture, choose, knock, pass, passes, record, redeal, replay } from "./helpers.js";

/**
 * Cases the contract leaves open, decided as the rule documents suggest. Each name starts with "open case:".
 */
const BASE = ["7c 8s 9h", "Tc Ts 8h", "Jc 9s 7d"];
const MIDDLE = "Qd 8d Kc";

const openCases: Fixture[] = [
  {
    name: "open case: a middle renewed after everyone passed may be renewed again when it is a 7, 8 and 9",
    record: {
      rules: { lowMiddleRedeal: true },
      rounds: [
        { deal: { hands: BASE, middle: MIDDLE, stock: "7h 8c 9c Ah Ad As" }, actions: [...passes(0, 1, 2), redeal(0)] },
      ],
    },
    expected: { endReason: null, check: (s) => expect([...s.round!.middle!].sort()).toEqual(["Ad", "Ah", "As"]) },
  },
  {
    name: "open case: one redeal per turn even when both onRequest and lowMiddleRedeal allow one",
    record: {
      rules: { lowMiddleRedeal: true, allPass: "onRequest" },
      rounds: [
        {
          deal: { hands: BASE, middle: MIDDLE, stock: "7h 8c 9c Ah Ad As" },
          actions: [...passes(0, 1, 2), redeal(0), redeal(0)],
        },
      ],
    },
    expected: { error: { code: "ACTION_NOT_ALLOWED", round: 0, action: 4 } },
  },
  {
    name: "open case: lowMiddleRedeal also on the middle as dealt, in the first turn",
    record: {
      rules: { lowMiddleRedeal: true },
      rounds: [{ deal: { hands: BASE, middle: "7h 8c 9c" }, actions: [redeal(0)] }],
    },
    expected: { endReason: null, check: (s) => expect(s.round!.stockTop).toBe(3) },
  },
  {
    name: "open case: losers lowest, all hands tie: everyone loses",
    record: {
      rounds: [
        {
          deal: { hands: ["Tc Jc 7s", "Ts Js 7h", "Th Jh 7d"], middle: MIDDLE },
          actions: [knock(0), pass(1), pass(2)],
        },
      ],
    },
    expected: { lifeLosses: [1, 1, 1] },
  },
  {
    name: "open case: firstOnly, the first seat to reach 0 uses up the swim even when it goes straight out",
    record: {
      rules: { lives: 1, swimming: "firstOnly", knockerPays: 2 },
      rounds: [
        { deal: { hands: BASE, middle: MIDDLE }, actions: [knock(0), pass(1), pass(2)] },
        // Seat 1 deals now (seat 0 is out); seat 2 loses one life, reaches 0 and may not swim.
        {
          deal: { hands: [null, "Tc Ts 8h", "7c 8s 9h"] as never, middle: MIDDLE },
          actions: [pass(2), knock(1), pass(2)],
        },
      ],
    },
    expected: {
      rounds: 2,
      lifeLosses: [0, 0, 1],
      state: ["out", "alive", "out"],
      result: { over: true, winner: 1, draw: false },
    },
  },
  {
    name: "open case: a deal card that is not a string is a bad shape (INVALID_RECORD)",
    record: (() => {
      const r = record({ rounds: [{ deal: { hands: BASE, middle: MIDDLE } }] });
      (r.rounds as { deal: { stock: unknown[] } }[])[0]!.deal.stock[0] = 7;
      return r;
    })(),
    expected: { error: { code: "INVALID_RECORD", round: 0 } },
  },
  {
    name: "open case: rules null is not a rule set (INVALID_RECORD)",
    record: '{"rules":null,"players":["a","b"],"dealer":0,"rounds":[]}',
    expected: { error: { code: "INVALID_RECORD" } },
  },
  {
    name: 'open case: with dealerChooses a deal may state "middle": null before the choice',
    record: (() => {
      const r = record({
        rules: { deal: "dealerChooses" },
        rounds: [{ deal: { hands: BASE, extra: MIDDLE }, actions: [choose(2, "first")] }],
      });
      (r.rounds as { deal: Record<string, unknown> }[])[0]!.deal.middle = null;
      return r;
    })(),
    expected: { endReason: null },
  },
  {
    name: "open case: after all pass under onRequest the first passer may knock instead of asking",
    record: {
      rules: { allPass: "onRequest" },
      rounds: [{ deal: { hands: BASE, middle: MIDDLE }, actions: [...passes(0, 1, 2), knock(0), pass(1), pass(2)] }],
    },
    expected: { endReason: "knock", lifeLosses: [1, 0, 0] },
  },
];

describe("open cases", () => {
  it.each(openCases.map((f) => [f.name, f] as const))("%s", (_name, fixture) => checkFixture(fixture));

  it("open case: dealerChooses, the dealer sees only the first packet before choosing", () => {
    const got = replay(
      record({ rules: { deal: "dealerChooses" }, rounds: [{ deal: { hands: BASE, extra: MIDDLE } }] }),
    );
    if (!got.ok) throw new Error(got.error.message);
    const view = viewFor(got.state, 2);
    expect(view.hand).toEqual(["Jc", "9s", "7d"]);
    expect(view.middle).toBeNull();
    expect(JSON.stringify(view)).not.toContain("Qd");
    expect(view.legal.map((a) => a.type)).toEqual(["choose", "choose"]);
  });
});

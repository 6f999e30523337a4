import { describe, expect, it } from "vitest";
import {
  type Card,
  DEFAULT_RULES,
  type MatchState,
  Rng,
  applyAction,
  dealRound,
  deckCards,
  legalActions,
  newMatch,
  viewFor,
} from "@schwimmen/rules";
import { GREEDY_DOUBTS, handLikelihood } from "../src/sampler.js";
import { trackRound } from "../src/tracker.js";
import { EXPERT_DEFAULTS, carefulPolicy, doubtsOf } from "../src/expert.js";

/** Three seats; the first to act holds 28 in hearts and passes although it may knock. */
function passedOnStrongHand(): { state: MatchState; passer: number; hand: readonly Card[] } {
  const started = newMatch({ seats: 3, seed: "model" });
  if (!started.ok) throw new Error(started.error.message);
  const hands: Card[][] = [
    ["Ah", "Kh", "7h"],
    ["7c", "8s", "9d"],
    ["Tc", "Js", "Qd"],
  ];
  const middle: Card[] = ["8c", "9s", "7d"];
  const used = new Set<Card>([...hands.flat(), ...middle]);
  const stock = deckCards("skat32").filter((c) => !used.has(c));
  const dealt = dealRound(started.value, { deal: { hands, middle, stock } });
  if (!dealt.ok) throw new Error(dealt.error.message);
  const passer = dealt.value.state.round!.toAct;
  // Whoever acts first gets the strong hand: rotate the deal so that seat holds it.
  const rotated = hands.map((_, seat) => hands[(seat - passer + 3) % 3]!);
  const again = dealRound(started.value, { deal: { hands: rotated, middle, stock } });
  if (!again.ok) throw new Error(again.error.message);
  const pass = legalActions(again.value.state).find((a) => a.type === "pass")!;
  const passed = applyAction(again.value.state, pass);
  if (!passed.ok) throw new Error(passed.error.message);
  return { state: passed.value.state, passer, hand: rotated[passer]! };
}

describe("the expert's opponent model", () => {
  const fixtures = [
    { name: "greedy doubts: playing on with 28 counts against the hand", doubts: GREEDY_DOUBTS, fits: false },
    {
      name: "the expert's doubts: careful players play on with strong hands, so it is no evidence",
      doubts: doubtsOf(EXPERT_DEFAULTS),
      fits: true,
    },
  ];
  for (const f of fixtures) {
    it(f.name, () => {
      const { state, passer, hand } = passedOnStrongHand();
      const view = viewFor(state, state.round!.toAct);
      const weight = handLikelihood(view, trackRound(view), passer, hand, 27, f.doubts);
      if (f.fits) expect(weight).toBe(1);
      else expect(weight).toBeLessThan(0.5);
    });
  }

  it("careful play-outs: another seat with a strong hand sometimes plays on, the expert's own seat always knocks", () => {
    const rng = Rng.fromSeed("careful");
    const policy = carefulPolicy(0, () => 27, { ...EXPERT_DEFAULTS, otherKnockHigh: 0.65, otherKnockLow: 0 }, rng);
    const turn = {
      rules: DEFAULT_RULES,
      hand: ["Ah", "Kh", "7h"] as Card[],
      middle: ["8c", "9s", "7d"] as Card[],
      canKnock: true,
      canPass: true,
      canRedeal: false,
      turns: 3,
      seatsInRound: 3,
      knocker: null,
    };
    const others = Array.from({ length: 400 }, () => policy({ ...turn, seat: 1 }).type);
    const knocks = others.filter((t) => t === "knock").length / others.length;
    expect(knocks).toBeGreaterThan(0.55);
    expect(knocks).toBeLessThan(0.75);
    expect(others.filter((t) => t !== "knock").every((t) => t === "pass")).toBe(true);
    for (let i = 0; i < 50; i++) expect(policy({ ...turn, seat: 0 }).type).toBe("knock");
  });
});

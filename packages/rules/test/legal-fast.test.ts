import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anyRules, assertProperty } from "./property.js";
import {
  type Action,
  type MatchState,
  type Rules,
  Rng,
  applyAction,
  checkAction,
  dealRound,
  legalActions,
  newMatch,
  DEFAULT_RULES,
} from "../src/index.js";

/**
 * `legalActions` builds the usual list (one deck, three cards in hand and middle) as one array literal from shared
 * action objects. Here it is held to the plain rules: every swap of a hand card for a middle card in order, then
 * swapAll, pass, knock and redeal exactly when the engine's own checks allow them.
 */
function plainActions(state: MatchState): Action[] {
  const round = state.round!;
  const seat = round.toAct;
  const out: Action[] = [];
  for (const give of round.hands[seat]!) for (const take of round.middle!) out.push({ seat, type: "swap", give, take });
  for (const type of ["swapAll", "pass", "knock", "redeal"] as const) {
    if (checkAction(state, { seat, type }) === null) out.push({ seat, type });
  }
  return out;
}

/** Rule sets whose rounds take the fast path: one deck, an open middle (chosen or dealt). */
const openRules: fc.Arbitrary<Rules> = anyRules.map((rules) => ({
  ...rules,
  decks: 1,
  deal: rules.deal === "hidden" ? "openMiddle" : rules.deal,
}));

/** Plays one random match, holding every listed action list to the plain one; how many lists it checked. */
function checkMatch(rules: Rules, seats: number, seed: string): number {
  const pick = Rng.fromSeed(`pick ${seed}`);
  const match = newMatch({ rules, seats, seed });
  if (!match.ok) throw new Error(match.error.message);
  let state = match.value;
  let checked = 0;
  for (let step = 0; step < 300 && !state.over; step++) {
    const round = state.round;
    if (round === null || round.endReason !== null) {
      const dealt = dealRound(state);
      if (!dealt.ok) throw new Error(dealt.error.message);
      state = dealt.value.state;
      continue;
    }
    const legal = legalActions(state);
    if (!round.mustChoose) {
      expect(legal).toEqual(plainActions(state));
      checked++;
    }
    const next = applyAction(state, legal[pick.below(legal.length)]!);
    if (!next.ok) throw new Error(`a listed action was refused: ${next.error.message}`);
    state = next.value.state;
  }
  return checked;
}

describe("legalActions on the usual three-card hands", () => {
  it("lists exactly the plain rules' actions, in their order, at every step of random matches", () => {
    let checked = 0;
    assertProperty(
      fc.property(openRules, fc.integer({ min: 2, max: 6 }), fc.string(), (rules, seats, seed) => {
        checked += checkMatch(rules, seats, seed);
      }),
      { numRuns: 150 },
    );
    // A match may end at its first deal (one life, 31 or Feuer dealt), but not all of them.
    expect(checked).toBeGreaterThan(150);
  });

  it("a match that ends at its first deal (found by the property: one life, two seats) checks nothing and fails nothing", () => {
    const rules = { ...DEFAULT_RULES, lives: 1, swimming: "off" } as const;
    expect(checkMatch(rules, 2, "}dw]")).toBe(0);
  });
});

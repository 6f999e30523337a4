import {
  type Action,
  type MatchState,
  type Rules,
  Rng,
  applyAction,
  dealRound,
  newMatch,
  viewFor,
  RULE_KEYS,
  DEFAULT_RULES,
  maxSeats,
} from "@schwimmen/rules";
import fc from "fast-check";
import type { Bot } from "../src/bot.js";
import { botRuleValues } from "../src/coverage.js";

/** Most actions a round may take among bots before a test calls it a loop. */
export const ROUND_CAP = 1500;

export interface PlayedMatch {
  readonly actions: Action[];
  readonly state: MatchState;
  readonly longestRound: number;
}

/**
 * Plays a match (or its first `maxRounds` rounds) among bots, checking that every action a bot returns is one of
 * the legal actions of its view and that the engine accepts it.
 */
export function playChecked(bots: readonly Bot[], rules: Rules, seed: string, maxRounds = 1000): PlayedMatch {
  const started = newMatch({ rules, seats: bots.length, seed });
  if (!started.ok) throw new Error(started.error.message);
  let state = started.value;
  const rngs = bots.map((_, seat) => Rng.fromSeed(`${seed}:${seat}`));
  const actions: Action[] = [];
  let rounds = 0;
  let inRound = 0;
  let longestRound = 0;
  while (!state.over) {
    if (state.round === null || state.round.endReason !== null) {
      if (rounds++ >= maxRounds) break;
      const dealt = dealRound(state);
      if (!dealt.ok) throw new Error(dealt.error.message);
      state = dealt.value.state;
      inRound = 0;
      continue;
    }
    const seat = state.round.toAct;
    const view = viewFor(state, seat);
    const action = bots[seat]!.decide(view, { rng: rngs[seat]! });
    if (!view.legal.some((a) => JSON.stringify(a) === JSON.stringify(action))) {
      throw new Error(`${bots[seat]!.name} returned an action not in its legal list: ${JSON.stringify(action)}`);
    }
    const next = applyAction(state, action);
    if (!next.ok) throw new Error(`${bots[seat]!.name}: ${next.error.code} ${next.error.message}`);
    state = next.value.state;
    actions.push(action);
    longestRound = Math.max(longestRound, ++inRound);
    if (inRound > ROUND_CAP) throw new Error(`a round among ${bots.map((b) => b.name).join(",")} ran past the cap`);
  }
  return { actions, state, longestRound };
}

/** Any rule set of the contract that the bots play (see NOT_PLAYED_BY_BOTS). */
export const rulesArb: fc.Arbitrary<Rules> = fc
  .tuple(...RULE_KEYS.map((key) => fc.constantFrom(...(botRuleValues(key) as readonly unknown[]))))
  .map((values) => {
    const rules: Record<string, unknown> = { ...DEFAULT_RULES };
    RULE_KEYS.forEach((key, i) => (rules[key] = values[i]));
    return rules as unknown as Rules;
  });

/** A rule set with a seat count it allows (2 up to the most its deck, or two decks, serve; at most `most`). */
export const tableArb = (most = Infinity): fc.Arbitrary<{ rules: Rules; seats: number }> =>
  rulesArb.chain((rules) =>
    fc.record({
      rules: fc.constant(rules),
      seats: fc.integer({ min: 2, max: Math.min(most, maxSeats(rules.deck, rules.decks)) }),
    }),
  );

/** Deep-freezes a value so that a bot that writes into its view fails loudly. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

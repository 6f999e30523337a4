import {
  type DeckName,
  type GameEvent,
  type MatchState,
  type Rules,
  RULE_VALUES,
  Rng,
  applyAction,
  dealRound,
  legalActions,
  makeRules,
  maxSeats,
  newMatch,
  parseRules,
  phaseOf,
} from "@schwimmen/rules";

/** A rule set drawn from every key's allowed values (the spec's house rules), from a seeded generator. */
export function randomRules(rng: Rng): Rules {
  const picked: Record<string, unknown> = {};
  for (const [key, all] of Object.entries(RULE_VALUES)) {
    const values = all as readonly unknown[];
    if (rng.below(2) === 0) picked[key] = values[rng.below(values.length)];
  }
  const parsed = parseRules(picked);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

/**
 * States met along random matches: every state in which some seat is to act, and every state right after a round
 * ended. Bounded in steps so a test stays quick whatever the rules.
 */
export function* statesOfRandomMatches(seed: string, matches: number, maxSteps = 400): Generator<MatchState> {
  const rng = Rng.fromSeed(seed);
  for (let m = 0; m < matches; m++) {
    const rules = randomRules(rng);
    const seats = 2 + rng.below(Math.min(maxSeats(rules.deck, rules.decks), 6) - 1);
    const created = newMatch({ rules, seats, dealer: rng.below(seats), seed: `${seed}/${m}` });
    if (!created.ok) throw new Error(created.error.message);
    let state = created.value;
    for (let step = 0; step < maxSteps && phaseOf(state) !== "over"; step++) {
      if (phaseOf(state) === "dealing") {
        const dealt = dealRound(state);
        if (!dealt.ok) throw new Error(dealt.error.message);
        state = dealt.value.state;
      } else {
        const legal = legalActions(state);
        const applied = applyAction(state, legal[rng.below(legal.length)]!);
        if (!applied.ok) throw new Error(applied.error.message);
        state = applied.value.state;
      }
      yield state;
    }
  }
}

/** A step of a random match: the state after it and the events that led there. */
export interface Step {
  readonly state: MatchState;
  readonly events: readonly GameEvent[];
}

/**
 * The steps of one random match with a given number of seats (2 to 20) under random house rules, with a deck (one
 * or two of them) that holds that many seats; bounded in steps.
 */
export function* stepsOfRandomMatch(seed: string, seats: number, maxSteps = 400): Generator<Step> {
  const rng = Rng.fromSeed(seed);
  const random = randomRules(rng);
  const fits = (["skat32", "jass36", "french52"] as DeckName[]).flatMap((deck) =>
    ([1, 2] as const).filter((n) => maxSeats(deck, n) >= seats).map((n) => ({ deck, decks: n })),
  );
  const rules = { ...random, ...fits[rng.below(fits.length)]! };
  const created = newMatch({ rules, seats, dealer: rng.below(seats), seed });
  if (!created.ok) throw new Error(created.error.message);
  let state = created.value;
  for (let step = 0; step < maxSteps && phaseOf(state) !== "over"; step++) {
    const legal = phaseOf(state) === "dealing" ? [] : legalActions(state);
    const next = legal.length === 0 ? dealRound(state) : applyAction(state, legal[rng.below(legal.length)]!);
    if (!next.ok) throw new Error(next.error.message);
    state = next.value.state;
    yield next.value;
  }
}

export const rulesText = (rules: Rules): string => JSON.stringify(makeRules(rules));

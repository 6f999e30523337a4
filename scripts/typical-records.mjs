// Typical game records for benchmarks and tests: whole 4-player matches under the default rules, played by a
// simple player that knocks at 27 or more and otherwise takes the best swap (or passes when nothing improves).
import {
  Rng,
  applyAction,
  dealRound,
  handValue,
  legalActions,
  makeRecord,
  newMatch,
} from "../packages/rules/dist/index.js";

function valueAfter(state, action) {
  const round = state.round;
  const hand = round.hands[action.seat];
  if (action.type === "swapAll") return handValue(round.middle, state.rules);
  if (action.type !== "swap") return handValue(hand, state.rules);
  return handValue(
    hand.map((card) => (card === action.give ? action.take : card)),
    state.rules,
  );
}

/** The simple player's choice: knock at 27+, else the best improving swap, else pass, else the best swap. */
export function simpleChoice(state, rng) {
  const legal = legalActions(state);
  const seat = state.round.toAct;
  const now = handValue(state.round.hands[seat], state.rules);
  const knock = legal.find((a) => a.type === "knock");
  if (knock && now >= 27) return knock;
  let best = null;
  let bestValue = -1;
  for (const action of legal) {
    if (action.type !== "swap" && action.type !== "swapAll") continue;
    const value = valueAfter(state, action) + rng.below(4) / 8; // small noise so matches differ
    if (value > bestValue) {
      best = action;
      bestValue = value;
    }
  }
  if (bestValue > now + 0.5 || !legal.some((a) => a.type === "pass")) return best ?? legal[0];
  return legal.find((a) => a.type === "pass");
}

/** One whole match as a record (at most `maxRounds` rounds). */
export function typicalRecord(seed, seats = 4, maxRounds = 60) {
  const rng = Rng.fromSeed(`player ${seed}`);
  let state = newMatch({ seats, seed, dealer: rng.below(seats) }).value;
  for (let r = 0; r < maxRounds && !state.over; r++) {
    state = dealRound(state).value.state;
    for (let turn = 0; state.round.endReason === null; turn++) {
      let action = simpleChoice(state, rng);
      // Keep rounds bounded: knock when the round drags on.
      if (turn > 40) action = legalActions(state).find((a) => a.type === "knock") ?? action;
      state = applyAction(state, action).value.state;
    }
  }
  return makeRecord(
    state,
    Array.from({ length: seats }, (_, i) => `Player ${i + 1}`),
  );
}

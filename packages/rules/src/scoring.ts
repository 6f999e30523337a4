import type { Card } from "./cards.js";
import type { Rules } from "./rules.js";
import {
  type EndReason,
  type GameEvent,
  type MatchState,
  type RoundResult,
  type RoundState,
  type SeatStatus,
  type Transition,
  actionsOf,
  copyMatch,
  copyRound,
  listOf,
  nextSeat,
} from "./state.js";
import { handStrength, handValue, isFire, strengthOf } from "./value.js";

type Hands = readonly (readonly Card[] | null)[];

/** Which seats lose a life: 1 marks a loser, 0 a seat that keeps its lives (the knocker's extra cost comes later). */
export function losersOf(
  hands: Hands,
  reason: EndReason,
  rules: Rules,
  values: readonly (number | null)[] = hands.map((hand) => (hand === null ? null : handValue(hand, rules))),
): number[] {
  const count = hands.length;
  const losers = listOf(count, 0);
  if (reason === "fire" && rules.fire === "allOthersLose") {
    for (let seat = 0; seat < count; seat++) {
      const hand = hands[seat];
      if (hand && !isFire(hand, rules)) losers[seat] = 1;
    }
    return losers;
  }
  if (reason === "thirtyOne" && rules.thirtyOne === "allOthersLose") {
    for (let seat = 0; seat < count; seat++) if (hands[seat] && values[seat] !== 31) losers[seat] = 1;
    return losers;
  }
  // Loops, not maps: this runs at every round's end.
  const strengths = listOf(count, NaN);
  let lowest = Infinity;
  let highest = -Infinity;
  for (let seat = 0; seat < count; seat++) {
    const hand = hands[seat];
    if (!hand) continue;
    const s = strengthOf(hand, values[seat]!, rules);
    strengths[seat] = s;
    if (s < lowest) lowest = s;
    if (s > highest) highest = s;
  }
  if (rules.losers === "lowest") {
    for (let seat = 0; seat < count; seat++) if (strengths[seat] === lowest) losers[seat] = 1;
    return losers;
  }
  // twentyOrLess: every hand of 20 or less, and the lowest above 20, lose; the highest hand(s) never do.
  const twenty = handStrength(TWENTY, rules);
  let lowestAbove = Infinity;
  for (const s of strengths) if (s > twenty && s < lowestAbove) lowestAbove = s;
  for (let seat = 0; seat < count; seat++) {
    const s = strengths[seat]!;
    if (s !== highest && (s <= twenty || s === lowestAbove)) losers[seat] = 1;
  }
  return losers;
}

/** A hand worth exactly 20, as the yardstick of `losers: "twentyOrLess"`. */
const TWENTY: readonly Card[] = ["Th", "Jh", "7c"];

/** Ends the round in play: values, losers, lives, swimming and going out, the match's end, the next dealer. */
export function endRound(state: MatchState, round: RoundState, reason: EndReason, events: GameEvent[]): Transition {
  const { rules } = state;
  const hands = round.hands;
  const values: (number | null)[] = [];
  for (let seat = 0; seat < hands.length; seat++) {
    const hand = hands[seat];
    values.push(hand ? handValue(hand, rules) : null);
  }
  const lifeLosses = losersOf(hands, reason, rules, values);
  const knocker = round.knocker;
  if (knocker !== null && lifeLosses[knocker] === 1) lifeLosses[knocker] = rules.knockerPays;
  const lives = state.lives.slice();
  const status: SeatStatus[] = state.status.slice();
  let reachedZero = false;
  const changes: GameEvent[] = [];
  for (let seat = 0; seat < state.seatCount; seat++) {
    const count = lifeLosses[seat]!;
    if (count === 0) continue;
    const before = status[seat];
    // Two lives lost count as two losses in a row: the first may take the last life, the second then sinks.
    for (let k = 0; k < count && status[seat] !== "out"; k++) {
      if (lives[seat]! > 0) {
        lives[seat] = lives[seat]! - 1;
        if (lives[seat] === 0) {
          reachedZero = true;
          const maySwim = rules.swimming === "everyone" || (rules.swimming === "firstOnly" && !state.swimmingTaken);
          status[seat] = maySwim ? "swimming" : "out";
        }
      } else status[seat] = "out";
    }
    changes.push({ type: "livesLost", seat, count, lives: lives[seat]! });
    if (status[seat] !== before) changes.push({ type: status[seat] === "out" ? "out" : "swimming", seat });
  }
  const result: RoundResult = {
    dealer: round.dealer,
    endReason: reason,
    hands,
    values,
    lifeLosses,
    lives,
    state: status,
  };
  events.push({ type: "roundEnded", round: round.index, reason, result });
  for (const change of changes) events.push(change);
  let remaining = 0;
  let last = -1;
  for (let seat = 0; seat < status.length; seat++) {
    if (status[seat] !== "out") {
      remaining++;
      last = seat;
    }
  }
  const over = remaining <= 1;
  const winner = remaining === 1 ? last : null;
  if (over) events.push({ type: "matchEnded", winner, draw: winner === null });
  const ended = copyRound(round);
  ended.endReason = reason;
  const next = copyMatch(state);
  next.lives = lives;
  next.status = status;
  next.swimmingTaken = state.swimmingTaken || reachedZero;
  next.nextDealer = over ? state.nextDealer : nextSeat({ rules, seatCount: state.seatCount, status }, round.dealer);
  next.round = ended;
  const finished = state.finished.slice();
  finished.push({ deal: round.deal, actions: actionsOf(round), result });
  next.finished = finished;
  next.over = over;
  next.winner = winner;
  next.draw = over && winner === null;
  return { state: next, events };
}

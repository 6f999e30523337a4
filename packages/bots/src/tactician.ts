import {
  type Action,
  type Card,
  type Move,
  type Rng,
  type TableView,
  applyAction,
  cardPoints,
  isLowMiddle,
  nextSeat,
  suitOf,
  worldFromView,
} from "@schwimmen/rules";
import type { Bot } from "./bot.js";
import { isCopySwap, isLastTurn, lowerHandMayPay, sensibleMoves, tieOrder } from "./choices.js";
import { explainAction } from "./explain.js";
import { KEEP_FIRST_PACKET } from "./greedy.js";
import { endsRoundAtOnce, feedOf, keepOptions, loopCap, swapOptions, unseenByViewer, valueOf } from "./hand.js";
import { has, toLegal } from "./moves.js";
import { equity, greedyPolicy, playOut } from "./rollout.js";
import { sampleWorld } from "./sampler.js";
import { MiddleMemory, type SeenMiddle, type Tracking, trackRound } from "./tracker.js";

export interface TacticianOptions {
  /** Worlds drawn to judge a knock or a last turn (and heads-up its best swaps): its only look-ahead. */
  readonly worlds: number;
  /** Weight of a hand's chances (two cards of a suit with unseen cards to come) next to its value. */
  readonly potential: number;
  /** Weight of what the next seat could gain from the middle left to it. */
  readonly gift: number;
  /** A knock is weighed only with at least this hand, and when the best swap adds at most `knockSlack`. */
  readonly knockFloor: number;
  readonly knockSlack: number;
  /** How many of the best-scored moves the short look-ahead compares (1: the heuristic alone picks the move). */
  readonly lookTop: number;
  /** The same heads-up, where every card left in the middle goes straight to the one opponent. */
  readonly lookTopHeadsUp: number;
  /** Most play-outs per decision (worlds times moves), to keep within its time; heads-up play-outs run longer. */
  readonly maxPlayouts: number;
  readonly maxPlayoutsHeadsUp: number;
  /** Draws per opponent hand when sampling a world (fewer: faster, less faithful to what the others did). */
  readonly tries: number;
}

export const TACTICIAN_DEFAULTS: TacticianOptions = {
  worlds: 64,
  potential: 0.3,
  gift: 0.25,
  knockFloor: 20,
  knockSlack: 2,
  lookTop: 1,
  lookTopHeadsUp: 3,
  maxPlayouts: 200,
  maxPlayoutsHeadsUp: 128,
  tries: 10,
};

/** What a hand may grow into: per suit, its points plus a share of the best unseen card of that suit it lacks. */
function potentialOf(hand: readonly Card[], unseen: readonly Card[], options: TacticianOptions, value: number): number {
  let best = value;
  const suits = new Map<string, { points: number; count: number }>();
  for (const c of hand) {
    const e = suits.get(suitOf(c)) ?? { points: 0, count: 0 };
    e.points += cardPoints(c);
    e.count++;
    suits.set(suitOf(c), e);
  }
  for (const [suit, e] of suits) {
    if (e.count !== 2) continue;
    let top = 0;
    let outs = 0;
    for (const c of unseen) {
      if (suitOf(c) !== suit) continue;
      outs++;
      top = Math.max(top, cardPoints(c));
    }
    if (outs > 0) best = Math.max(best, e.points + top * Math.min(1, outs / 4));
  }
  return value + options.potential * (best - value);
}

/**
 * What the next seat could gain from a middle: the best points a middle card adds to a suit it is known to collect
 * (it took cards of that suit this round), or a little for any high card when nothing is known.
 */
function giftTo(next: number, middle: readonly Card[], tracking: Tracking): number {
  const collects = tracking.collects[next]!;
  let gift = 0;
  for (const c of middle) {
    const taste = collects.get(suitOf(c)) ?? 0;
    const points = cardPoints(c);
    gift = Math.max(gift, taste > 0 ? points : points >= 10 ? points / 4 : 0);
  }
  return gift;
}

/** Average share of the match over sampled worlds when the seat plays `action` and the others play greedily. */
function lookAhead(
  view: TableView,
  tracking: Tracking,
  rng: Rng,
  actions: readonly Action[],
  options: TacticianOptions,
): number[] {
  const me = view.viewer!;
  const totals = actions.map(() => 0);
  const policy = greedyPolicy(() => 27);
  const budget = view.seatsInRound <= 2 ? options.maxPlayoutsHeadsUp : options.maxPlayouts;
  const worlds = Math.min(options.worlds, Math.floor(budget / Math.max(1, actions.length)));
  for (let w = 0; w < worlds; w++) {
    const world = worldFromView(view, sampleWorld(view, tracking, rng, { tries: options.tries }));
    if (!world) break;
    actions.forEach((action, i) => {
      const next = applyAction(world, action);
      if (next.ok) totals[i]! += equity(playOut(next.value.state, policy), me);
    });
  }
  return totals;
}

/**
 * A hidden deal: keep the best three of five (on equal value, the keep with better chances that feeds the next seat
 * less), and weigh a knock, when the hand is good and keeping other cards would not clearly raise it, by the
 * short look-ahead. After a knock the last turn simply keeps the best hand.
 */
function chooseHiddenTurn(
  view: TableView,
  packet: readonly Card[],
  rng: Rng,
  options: TacticianOptions,
  seen: readonly SeenMiddle[],
): Move {
  const rules = view.rules;
  const hand = view.hand ?? [];
  const current = valueOf(hand, rules);
  const keeps = keepOptions(hand, packet, rules);
  const passOn = (give: readonly Card[]): Move => ({ type: "passOn", give });
  const first = keeps[0]!;
  // The last turn keeps the strongest hand (equal values: the stronger three of a kind, then the lesser feed).
  if (isLastTurn(view))
    return sensibleMoves(
      view,
      keeps.map((o) => passOn(o.give)),
    ).sort(byTie(view))[0]!;
  if (first.value > current && endsRoundAtOnce(first.value, rules)) return passOn(first.give);
  const canKnock = has(view, "knock");
  if (canKnock && view.turns >= loopCap(view.seatsInRound)) return { type: "knock" };
  const unseen = unseenByViewer(view);
  // Few cards come round in a hidden deal, so the kept value comes first; chances and feeding break its ties.
  const scored = keeps
    .map((o) => ({
      move: passOn(o.give),
      value: o.value,
      score: potentialOf(o.keep, unseen, options, o.value) - options.gift * feedOf(...o.give),
    }))
    .sort((a, b) => b.value - a.value || b.score - a.score);
  const weighKnock = canKnock && current >= options.knockFloor && first.value <= current + options.knockSlack;
  const top = view.seatsInRound <= 2 ? options.lookTopHeadsUp : options.lookTop;
  const moves = scored.slice(0, top).map((m) => m.move);
  if (weighKnock) moves.push({ type: "knock" });
  if (moves.length === 1) return moves[0]!;
  const actions = moves.map((m) => toLegal(view, m));
  const totals = lookAhead(view, trackRound(view, seen), rng, actions, options);
  return moves[firstBest(totals)]!;
}

function chooseTurn(view: TableView, rng: Rng, options: TacticianOptions, seen: readonly SeenMiddle[]): Move {
  if (view.packet) return chooseHiddenTurn(view, view.packet, rng, options, seen);
  const me = view.viewer!;
  const rules = view.rules;
  const hand = view.hand ?? [];
  const middle = view.middle ?? [];
  const current = valueOf(hand, rules);
  const swaps = swapOptions(hand, middle, rules);
  const winning = swaps.find((o) => o.value > current && endsRoundAtOnce(o.value, rules));
  if (winning) return winning.move;
  const tracking = trackRound(view, seen);
  // The move whose play-outs end best among those weighed.
  const bestByLookAhead = (moves: readonly Move[]): Move =>
    moves[
      firstBest(
        lookAhead(
          view,
          tracking,
          rng,
          moves.map((m) => toLegal(view, m)),
          options,
        ),
      )
    ]!;
  // After a knock this is the seat's last turn: its hand now is its hand at the round's end. Weigh the sensible
  // options (never a weaker hand than it can keep, unless the rules reward one) by how the round then ends; on
  // equal play-outs the stronger hand, then the pass.
  if (isLastTurn(view)) {
    const ranked = swaps.filter((o) => !isCopySwap(o.move)).sort((a, b) => b.value - a.value);
    const wide: Move[] = ranked.slice(0, 4).map((o) => o.move);
    if (has(view, "pass")) wide.push({ type: "pass" });
    else wide.push(...swaps.filter((o) => isCopySwap(o.move)).map((o) => o.move));
    if (lowerHandMayPay(rules)) {
      const worst = ranked[ranked.length - 1];
      if (worst) wide.push(worst.move);
    }
    const moves = sensibleMoves(view, wide).sort(byTie(view));
    return moves.length === 1 ? moves[0]! : bestByLookAhead(moves);
  }
  const unseen = unseenByViewer(view);
  const next = nextSeat(view, me);
  const score = (h: readonly Card[], value: number, left: readonly Card[]): number =>
    potentialOf(h, unseen, options, value) - options.gift * giftTo(next, left, tracking);
  // A copy swap (two decks) scores exactly as a pass: where passing is legal, only the pass is weighed.
  const canPass = has(view, "pass");
  const scored: { move: Move; score: number; value: number }[] = swaps
    .filter((o) => !(canPass && isCopySwap(o.move)))
    .map((o) => ({ move: o.move, score: score(o.hand, o.value, o.middle), value: o.value }));
  if (canPass) scored.push({ move: { type: "pass" }, score: score(hand, current, middle), value: current });
  scored.sort((a, b) => b.score - a.score || tieOrder(view, a.move) - tieOrder(view, b.move));
  const best = scored[0]!;
  const canKnock = has(view, "knock");
  if (canKnock && view.turns >= loopCap(view.seatsInRound)) return { type: "knock" };
  // Knock only with a hand that the best swap would not clearly raise.
  const weighKnock = canKnock && current >= options.knockFloor && best.value <= current + options.knockSlack;
  const top = view.seatsInRound <= 2 ? options.lookTopHeadsUp : options.lookTop;
  const moves = scored.slice(0, top).map((m) => m.move);
  if (weighKnock) moves.push({ type: "knock" });
  return moves.length === 1 ? best.move : bestByLookAhead(moves);
}

/** Sorts moves so that, of equally good ones, the one `tieOrder` prefers comes first (a stable sort). */
const byTie =
  (view: TableView) =>
  (a: Move, b: Move): number =>
    tieOrder(view, a) - tieOrder(view, b);

/** The index of the best total; on a tie (within rounding) the earliest, i.e. the move listed first. */
function firstBest(totals: readonly number[]): number {
  let pick = 0;
  for (let i = 1; i < totals.length; i++) if (totals[i]! > totals[pick]! + 1e-9) pick = i;
  return pick;
}

/**
 * The tactician counts cards (what each seat took and gave, so which suits it collects), scores swaps by value and
 * chances minus what the middle then offers the next seat, asks for a new middle of 7-8-9, and judges a knock (against
 * playing on) and its last turn after a knock by playing the round out in sampled worlds; heads-up it also compares
 * its three best-scored moves that way. The knock is thus timed by its seat, the lives and the rules in play.
 */
export function tacticianBot(options: TacticianOptions = TACTICIAN_DEFAULTS): Bot {
  const middles = new MiddleMemory();
  return {
    name: "tactician",
    decide(view, { rng }) {
      middles.observe(view);
      if (view.legal.length === 1) return view.legal[0]!;
      if (view.phase === "choosing") {
        const keep = valueOf(view.hand ?? [], view.rules) >= KEEP_FIRST_PACKET;
        return toLegal(view, { type: "choose", packet: keep ? "first" : "second" });
      }
      if (has(view, "redeal")) {
        const hand = view.hand ?? [];
        const current = valueOf(hand, view.rules);
        const gain = Math.max(...swapOptions(hand, view.middle ?? [], view.rules).map((o) => o.value)) - current;
        if (gain <= 0 || (isLowMiddle(view.middle ?? []) && gain < 3)) return toLegal(view, { type: "redeal" });
      }
      return toLegal(view, chooseTurn(view, rng, options, middles.seenBefore(view)));
    },
    explain: explainAction,
  };
}

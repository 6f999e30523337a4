import { type Card, type HiddenGuess, type Rng, type TableView, deckCards, handValue, isFire } from "@schwimmen/rules";
import { bestSwap } from "./hand.js";
import type { Tracking } from "./tracker.js";

/** The opponent model the sampler believes in: a seat knocks from this value and otherwise swaps to improve. */
const MODEL_KNOCK_AT = 27;
/**
 * How much a guessed hand is doubted (a factor up to 1) for each turn of its seat that the opponent model would not
 * have played with it: a knock well under the model's knock value, playing on with a hand at or over it (plain, or
 * with a swap that raised the hand by 3 or more), a pass although a swap would have raised the hand, a swap that
 * did not raise it, and a swap that raised it less than the best one would have.
 */
export interface Doubts {
  readonly knockWeak: number;
  readonly knockMissed: number;
  readonly knockMissedForGain: number;
  readonly passMissed: number;
  readonly swapWorse: number;
  readonly swapNotBest: number;
}

/** The doubts of a plain greedy model: mild, so that a few odd turns do not rule a hand out. */
export const GREEDY_DOUBTS: Doubts = {
  knockWeak: 0.3,
  knockMissed: 0.12,
  knockMissedForGain: 0.12,
  passMissed: 0.15,
  swapWorse: 0.3,
  swapNotBest: 0.6,
};
/** Draws per opponent before the likeliest draw seen is taken. */
const TRIES = 24;
/** Only the latest turns of an opponent are checked (older ones cost time and say less). */
const TURNS_CHECKED = 5;

function shuffleInPlace<T>(items: T[], rng: Rng): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    const tmp = items[i]!;
    items[i] = items[j]!;
    items[j] = tmp;
  }
}

/**
 * How well a guessed hand of `seat` fits its turns this round under the opponent model: 1 fits every turn, each
 * turn that does not fit multiplies in a doubt factor. The hand before each turn comes from undoing its later swaps.
 */
export function handLikelihood(
  view: TableView,
  tracking: Tracking,
  seat: number,
  hand: readonly Card[],
  knockAt = MODEL_KNOCK_AT,
  doubts: Doubts = GREEDY_DOUBTS,
  turnsChecked = TURNS_CHECKED,
): number {
  let weight = 1;
  let current: readonly Card[] = hand;
  let checked = 0;
  const rules = view.rules;
  for (let i = view.history.length - 1; i >= 0 && checked < turnsChecked; i--) {
    const action = view.history[i]!;
    if (action.seat !== seat) continue;
    if (action.type === "swapAll" || action.type === "choose") break;
    if (action.type === "redeal") continue;
    checked++;
    const after = handValue(current, rules);
    const before = action.type === "swap" ? current.map((c) => (c === action.take ? action.give : c)) : current;
    const value = action.type === "swap" ? handValue(before, rules) : after;
    const middle = tracking.middleBefore[i];
    const complete = middle !== null && middle !== undefined && !middle.includes(null);
    if (action.type === "knock") {
      if (value < knockAt - 2) weight *= doubts.knockWeak;
    } else if (tracking.couldKnock[i] && value >= knockAt && after < 31) {
      // Playing on with a strong hand is odd, less so for a swap that raised it well (a careful player's choice).
      weight *= after > value + 2 ? doubts.knockMissedForGain : doubts.knockMissed;
    }
    if (action.type === "pass" && complete) {
      if (bestSwap(before, middle as Card[], rules).value > value) weight *= doubts.passMissed;
    } else if (action.type === "swap") {
      if (after <= value) weight *= doubts.swapWorse;
      else if (complete) {
        if (bestSwap(before, middle as Card[], rules).value > after) weight *= doubts.swapNotBest;
      }
    }
    current = before;
  }
  return weight;
}

/** How the sampler reads the opponents' turns; every field has a default (the plain greedy model). */
export interface SamplerModel {
  /** Draws per opponent hand before the likeliest draw seen is taken. */
  readonly tries?: number;
  /** Per seat, the hand value from which it is expected to knock (default 27). */
  readonly knockAt?: (seat: number) => number;
  readonly doubts?: (seat: number) => Doubts;
  /** How many of each opponent's latest turns are checked. */
  readonly turnsChecked?: number;
}

/**
 * Whether a hand cannot be held in the round as it stands: once the deal is complete, a 31 or Feuer that ends the
 * round would have ended it the moment a seat held it (at the deal or after its swap).
 */
function roundEnderCheck(view: TableView): (hand: readonly Card[]) => boolean {
  const { rules } = view;
  const thirtyOneEnds = rules.thirtyOne !== "noEnd";
  const fireEnds = rules.fire !== "off";
  if (view.phase !== "playing" || (!thirtyOneEnds && !fireEnds)) return () => false;
  return (hand) => (fireEnds && isFire(hand, rules)) || (thirtyOneEnds && handValue(hand, rules) === 31);
}

/**
 * Draws the hidden cards (other hands, the stock, a dealer's unseen packet) so that they agree with everything the
 * viewer knows: cards named in the history stay where they went, seen cards are nowhere hidden, and each opponent's
 * unknown cards are drawn in proportion to how well they explain its turns (a small particle filter per seat).
 */
export function sampleWorld(view: TableView, tracking: Tracking, rng: Rng, model: SamplerModel = {}): HiddenGuess {
  const { tries: maxTries = TRIES, knockAt, doubts, turnsChecked = TURNS_CHECKED } = model;
  const fixed = new Set<Card>([...(view.hand ?? []), ...(view.middle ?? []), ...view.discarded]);
  tracking.known.forEach((cards, seat) => {
    if (seat !== view.viewer) for (const c of cards) fixed.add(c);
  });
  const pool = deckCards(view.rules.deck).filter((c) => !fixed.has(c));
  const wouldHaveEnded = roundEnderCheck(view);
  const hands: (Card[] | null)[] = view.handSizes.map(() => null);
  for (let seat = 0; seat < view.seatCount; seat++) {
    if (view.handSizes[seat] === 0 || seat === view.viewer) continue;
    const known = [...tracking.known[seat]!].slice(0, 3);
    const missing = 3 - known.length;
    let bestHand: Card[] = known;
    let bestIdx: number[] = [];
    let bestWeight = -1;
    const tries = missing > 0 ? maxTries : 0;
    for (let t = 0; t < tries; t++) {
      const idx: number[] = [];
      while (idx.length < missing) {
        const k = rng.below(pool.length);
        if (!idx.includes(k)) idx.push(k);
      }
      const hand = [...known, ...idx.map((k) => pool[k]!)];
      const weight = wouldHaveEnded(hand)
        ? 0
        : handLikelihood(view, tracking, seat, hand, knockAt?.(seat), doubts?.(seat), turnsChecked);
      if (weight > bestWeight) {
        bestWeight = weight;
        bestHand = hand;
        bestIdx = idx;
      }
      if (rng.below(1 << 20) < weight * (1 << 20)) break;
    }
    hands[seat] = bestHand;
    // Take the drawn cards out of the pool (highest index first so the others stay valid).
    for (const k of bestIdx.sort((a, b) => b - a)) pool.splice(k, 1);
  }
  shuffleInPlace(pool, rng);
  const extra = view.phase === "choosing" ? pool.splice(0, 3) : null;
  return { hands, stock: pool.slice(0, view.stockSize), extra };
}

import { type Card, type HiddenGuess, type Rng, type TableView, deckCards, handValue, isFire } from "@schwimmen/rules";
import { bestKeep, bestSwap, withoutCards } from "./hand.js";
import type { Tracking } from "./tracker.js";

/** The opponent model the sampler believes in: a seat knocks from this value and otherwise swaps to improve. */
const MODEL_KNOCK_AT = 27;
/**
 * How much a guessed hand is doubted (a factor up to 1) for each turn of its seat that the opponent model would not
 * have played with it: a knock well under the model's knock value, playing on with a hand at or over it (plain, or
 * with a swap that raised the hand by 3 or more), a pass although a swap would have raised the hand, a swap (of one
 * card or, when the old hand left in the middle is known, of all three) that did not raise it, and a swap that
 * raised it less than the best one would have.
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
/** A hidden deal: most earlier passOns of an opponent replayed when drawing its hand (see `sampleWorld`). */
const HIDDEN_KEEPS = 2;
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
    // A hidden deal's passOn: the hand before it is not known (the cards it took and gave are not seen).
    if (action.type === "choose" || action.type === "passOn") break;
    if (action.type === "redeal") continue;
    // A swap of all three left the old hand in the middle: known when every card of that middle is.
    const left = action.type === "swapAll" ? middleAfter(view, tracking, i) : null;
    if (action.type === "swapAll" && left === null) break;
    checked++;
    const after = handValue(current, rules);
    const before =
      left ?? (action.type === "swap" ? current.map((c) => (c === action.take ? action.give : c)) : current);
    const value = action.type === "swap" || left ? handValue(before, rules) : after;
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
    } else if (action.type === "swapAll") {
      if (after <= value) weight *= doubts.swapWorse;
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

/** The middle just after action `i` when every card of it is known, else null. */
function middleAfter(view: TableView, tracking: Tracking, i: number): readonly Card[] | null {
  const middle: readonly (Card | null)[] | null | undefined =
    i + 1 < view.history.length ? tracking.middleBefore[i + 1] : view.middle;
  return middle && middle.length === 3 && middle.every((c) => c !== null) ? (middle as Card[]) : null;
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
 * viewer knows: cards named in the history stay where they went, seen cards are nowhere hidden (with two decks, each
 * copy counted), each opponent's unknown cards are drawn in proportion to how well they explain its turns (a small
 * particle filter per seat), and in a hidden deal the two cards the viewer passed on sit with the seat that got them
 * (see `passTrail`).
 */
export function sampleWorld(view: TableView, tracking: Tracking, rng: Rng, model: SamplerModel = {}): HiddenGuess {
  const { tries: maxTries = TRIES, knockAt, doubts, turnsChecked = TURNS_CHECKED } = model;
  const trail = passTrail(view);
  // A hidden deal: the cards the viewer passed on earlier never leave play, so they sit in the other hands.
  let loose = inPlayElsewhere(view, trail);
  const seen: Card[] = [...(view.hand ?? []), ...(view.packet ?? []), ...(view.middle ?? []), ...view.discarded];
  tracking.known.forEach((cards, seat) => {
    if (seat !== view.viewer) seen.push(...cards);
  });
  if (trail) seen.push(...trail.cards);
  const pool = withoutCards(deckCards(view.rules.deck, view.rules.decks), [...seen, ...loose]);
  const wouldHaveEnded = roundEnderCheck(view);
  const hands: (Card[] | null)[] = view.handSizes.map(() => null);
  const seats: number[] = [];
  if (trail) seats.push(trail.holder);
  for (let seat = 0; seat < view.seatCount; seat++) {
    if (view.handSizes[seat] !== 0 && seat !== view.viewer && seat !== trail?.holder) seats.push(seat);
  }
  const base = seats.map((seat) =>
    trail !== null && seat === trail.holder && trail.exact
      ? trail.cards.slice()
      : [...tracking.known[seat]!].slice(0, 3),
  );
  const spread = (cards: readonly Card[], from: number): Card[] => {
    const left: Card[] = [];
    for (const card of cards) {
      const open = seats.map((_, i) => (i >= from ? 3 - base[i]!.length : 0));
      let r = rng.below(
        Math.max(
          1,
          open.reduce((x, y) => x + y, 0),
        ),
      );
      const i = open.findIndex((n) => (r -= n) < 0);
      if (i >= 0) base[i]!.push(card);
      else left.push(card);
    }
    return left;
  };
  if (loose.length > 0) loose = spread(loose, 0);
  pool.push(...loose);
  const hidden = view.rules.deal === "hidden";
  seats.forEach((seat, order) => {
    const holder = trail !== null && seat === trail.holder;
    const known = base[order]!;
    // The first seat to get the viewer's pair without knocking kept three of its five cards (the greedy way).
    const got = holder && !trail.exact ? trail.cards : null;
    const missing = 3 - known.length;
    // A hidden deal: a seat that passed packets on kept the best of what it saw, so its hand is better than three
    // cards at random: draw two more per earlier passOn (up to `HIDDEN_KEEPS`) and keep the best three each time.
    const passes = hidden ? view.history.filter((a) => a.seat === seat && a.type === "passOn").length : 0;
    const keeps = Math.min(HIDDEN_KEEPS, Math.max(0, passes - (got ? 1 : 0)));
    const draw = Math.min(pool.length, missing + 2 * keeps);
    let bestHand: Card[] = known;
    let bestWeight = -1;
    const tries = missing > 0 || keeps > 0 || got ? maxTries : 0;
    for (let t = 0; t < tries; t++) {
      const idx: number[] = [];
      while (idx.length < draw) {
        const k = rng.below(pool.length);
        if (!idx.includes(k)) idx.push(k);
      }
      const cards = idx.map((k) => pool[k]!);
      let hand = [...known, ...cards.slice(0, missing)];
      for (let r = missing; r + 1 < cards.length; r += 2) hand = keepBest(hand, cards.slice(r, r + 2), view);
      if (got) hand = keepBest(hand, got, view);
      const weight = wouldHaveEnded(hand)
        ? 0
        : handLikelihood(view, tracking, seat, hand, knockAt?.(seat), doubts?.(seat), turnsChecked);
      if (weight > bestWeight) {
        bestWeight = weight;
        bestHand = hand;
      }
      if (rng.below(1 << 20) < weight * (1 << 20)) break;
    }
    // Take the cards the hand keeps out of the pool; known cards it passed on again are still in play, in the
    // hands of the seats after it (or, failing room, the pool).
    for (const card of withoutCards(bestHand, [...known, ...(got ?? [])])) pool.splice(pool.indexOf(card), 1);
    const dropped = withoutCards([...known, ...(got ?? [])], bestHand);
    if (dropped.length > 0) pool.push(...spread(dropped, order + 1));
    hands[seat] = bestHand;
  });
  shuffleInPlace(pool, rng);
  const extra = view.phase === "choosing" ? pool.splice(0, 3) : null;
  return { hands, stock: pool.slice(0, view.stockSize), extra };
}

/**
 * A hidden deal: the cards the viewer passed on this round and does not hold again (hand or packet), leaving out
 * the pair `passTrail` places. Nothing leaves play in a hidden deal, so these are in the other seats' hands.
 */
export function inPlayElsewhere(view: TableView, trail: ReturnType<typeof passTrail>): Card[] {
  if (view.rules.deal !== "hidden" || view.viewer === null) return [];
  // Placed already: what the viewer holds and the trail's pair. A card passed twice (it came back) counts once.
  const placed = [...(view.hand ?? []), ...(view.packet ?? []), ...(trail?.cards ?? [])];
  const out: Card[] = [];
  for (const action of view.history) {
    if (action.seat !== view.viewer || action.type !== "passOn") continue;
    for (const card of action.give) {
      const copies = placed.filter((c) => c === card).length + out.filter((c) => c === card).length;
      if (copies < view.rules.decks) out.push(card);
    }
  }
  return out;
}

/** The three a greedy seat keeps of its three cards and the one or two it got. */
function keepBest(hand: readonly Card[], got: readonly Card[], view: TableView): Card[] {
  const all = [...hand, ...got];
  if (got.length === 2) return withoutCards(all, bestKeep(hand, got, view.rules).give);
  let best: Card[] = hand.slice();
  let value = -1;
  for (let i = 0; i < all.length; i++) {
    const keep = all.filter((_, k) => k !== i);
    const v = handValue(keep, view.rules);
    if (v > value) [best, value] = [keep, v];
  }
  return best;
}

/**
 * A hidden deal: where the two cards the viewer last passed on went. `holder` is the first seat after the viewer's
 * passOn that passed the packet on rather than knocking (a knocker hands the packet on as it came): it held the pair
 * with its three cards and kept three of the five. When that seat's passOn is the packet the viewer now holds, its
 * hand is known in part: the pair minus that packet (`exact`), the rest unknown. Cards of the pair the viewer sees
 * again (in its hand or packet) are left out. Null when there is nothing to place.
 */
export function passTrail(view: TableView): { holder: number; cards: Card[]; exact: boolean } | null {
  if (view.rules.deal !== "hidden" || view.viewer === null) return null;
  const history = view.history;
  let i = history.length - 1;
  while (i >= 0 && !(history[i]!.seat === view.viewer && history[i]!.type === "passOn")) i--;
  const own = history[i];
  if (own === undefined || own.type !== "passOn") return null;
  let j = i + 1;
  while (j < history.length && history[j]!.type !== "passOn") j++;
  const next = history[j];
  if (next === undefined || next.seat === view.viewer) return null;
  const mine = [...(view.hand ?? []), ...(view.packet ?? [])];
  // A card of the pair is still out there while the viewer sees fewer of its copies than the decks hold.
  const copiesLeft = (card: Card, k: number): boolean =>
    mine.filter((c) => c === card).length + own.give.slice(0, k).filter((c) => c === card).length < view.rules.decks;
  const exact = j === history.length - 1 && view.packet !== null;
  const cards = exact ? withoutCards(own.give, view.packet ?? []) : own.give.filter((c, k) => copiesLeft(c, k));
  return cards.length > 0 ? { holder: next.seat, cards, exact } : null;
}

import {
  type Card,
  type Move,
  type Rules,
  type TableView,
  cardPoints,
  deckCards,
  handValue,
  suitOf,
} from "@schwimmen/rules";

/** A candidate turn with the hand it leaves the actor and the middle it leaves the next seat. */
export interface SwapOption {
  readonly move: Move;
  readonly hand: readonly Card[];
  readonly middle: readonly Card[];
  readonly value: number;
}

export const valueOf = (hand: readonly Card[], rules: Rules): number => handValue(hand, rules);

/** Every swap of one card (and of all three when allowed), with the hand and middle each leaves. */
export function swapOptions(hand: readonly Card[], middle: readonly Card[], rules: Rules): SwapOption[] {
  const out: SwapOption[] = [];
  for (let i = 0; i < hand.length; i++) {
    for (let j = 0; j < middle.length; j++) {
      const give = hand[i]!;
      const take = middle[j]!;
      const nextHand = hand.slice();
      nextHand[i] = take;
      const nextMiddle = middle.slice();
      nextMiddle[j] = give;
      out.push({
        move: { type: "swap", give, take },
        hand: nextHand,
        middle: nextMiddle,
        value: handValue(nextHand, rules),
      });
    }
  }
  if (rules.swapAll)
    out.push({ move: { type: "swapAll" }, hand: middle, middle: hand, value: handValue(middle, rules) });
  return out;
}

/** The best swap for a hand without building every option: its value and move (null when nothing to swap). */
export interface BestSwap {
  value: number;
  move: Move | null;
}

const scratch: Card[] = ["7c", "7c", "7c"];

export function bestSwap(hand: readonly Card[], middle: readonly Card[], rules: Rules): BestSwap {
  let value = -1;
  let gi = -1;
  let tj = -1;
  for (let i = 0; i < hand.length; i++) {
    scratch[0] = hand[0]!;
    scratch[1] = hand[1]!;
    scratch[2] = hand[2]!;
    for (let j = 0; j < middle.length; j++) {
      scratch[i] = middle[j]!;
      const v = handValue(scratch, rules);
      if (v > value) {
        value = v;
        gi = i;
        tj = j;
      }
    }
  }
  let move: Move | null = gi >= 0 ? { type: "swap", give: hand[gi]!, take: middle[tj]! } : null;
  if (rules.swapAll && middle.length === 3) {
    const v = handValue(middle, rules);
    if (v > value) {
      value = v;
      move = { type: "swapAll" };
    }
  }
  return { value, move };
}

/** The hand value that wins outright: 31 (or Feuer) ends the round at once unless the rules say otherwise. */
export function endsRoundAtOnce(value: number, rules: Rules): boolean {
  if (value === 33) return true;
  return value === 31 && rules.thirtyOne !== "noEnd";
}

/**
 * The cards of `all` left once each card of `taken` has been struck out once (multisets: with two decks a card is
 * in play twice, and seeing one copy leaves the other).
 */
export function withoutCards(all: readonly Card[], taken: readonly Card[]): Card[] {
  const count = new Map<Card, number>();
  for (const c of taken) count.set(c, (count.get(c) ?? 0) + 1);
  const out: Card[] = [];
  for (const c of all) {
    const n = count.get(c) ?? 0;
    if (n > 0) count.set(c, n - 1);
    else out.push(c);
  }
  return out;
}

/**
 * Cards the viewer has not seen anywhere: not in its hand, its packet, the middle or the discarded old middles
 * (every copy of the deck counted: with two decks a card it holds may still be in play once more).
 */
export function unseenByViewer(view: TableView): Card[] {
  const seen = [...(view.hand ?? []), ...(view.packet ?? []), ...(view.middle ?? []), ...view.discarded];
  return withoutCards(deckCards(view.rules.deck, view.rules.decks), seen);
}

/** A hidden deal's turn: the three of five cards (hand and packet) a seat keeps, and the two it passes on. */
export interface KeepOption {
  readonly keep: readonly Card[];
  readonly give: readonly [Card, Card];
  readonly value: number;
}

/**
 * What two passed cards offer the seat that gets them: two of one suit are a strong start (their points), two of
 * different suits about half the better one. The keep options' tie-break, so the next seat is not fed for nothing.
 */
export const feedOf = (a: Card, b: Card): number =>
  suitOf(a) === suitOf(b) ? cardPoints(a) + cardPoints(b) : Math.max(cardPoints(a), cardPoints(b)) / 2;

/** Every way to keep three of the five cards (each pair of cards once), best hand first, less feeding on a tie. */
export function keepOptions(hand: readonly Card[], packet: readonly Card[], rules: Rules): KeepOption[] {
  const five = hand.concat(packet);
  const out: KeepOption[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < five.length; i++) {
    for (let j = i + 1; j < five.length; j++) {
      const a = five[i]!;
      const b = five[j]!;
      const key = a < b ? a + b : b + a;
      if (seen.has(key)) continue;
      seen.add(key);
      const keep = five.filter((_, k) => k !== i && k !== j);
      out.push({ keep, give: [a, b], value: handValue(keep, rules) });
    }
  }
  return out.sort((x, y) => y.value - x.value || feedOf(...x.give) - feedOf(...y.give));
}

/**
 * The best three of five without building every option (play-outs call this on every hidden turn): the kept
 * value and the two cards to pass on; on equal value the pair that feeds the next seat least.
 */
export function bestKeep(hand: readonly Card[], packet: readonly Card[], rules: Rules): BestKeep {
  const five = scratchFive;
  for (let k = 0; k < 5; k++) five[k] = k < 3 ? hand[k]! : packet[k - 3]!;
  let value = -1;
  let feed = Infinity;
  let gi = 0;
  let gj = 1;
  for (let i = 0; i < 5; i++) {
    for (let j = i + 1; j < 5; j++) {
      let n = 0;
      for (let k = 0; k < 5; k++) if (k !== i && k !== j) scratch[n++] = five[k]!;
      const v = handValue(scratch, rules);
      if (v < value) continue;
      const f = feedOf(five[i]!, five[j]!);
      if (v > value || f < feed) {
        value = v;
        feed = f;
        gi = i;
        gj = j;
      }
    }
  }
  return { value, give: [five[gi]!, five[gj]!] };
}

export interface BestKeep {
  value: number;
  give: [Card, Card];
}

const scratchFive: Card[] = ["7c", "7c", "7c", "7c", "7c"];

/**
 * Turns after which a bot knocks whenever it may: the rules allow endless swapping or passing back and forth
 * (`allPass: "nothing"` or `"forbidden"`), so every bot ends a round that drags on.
 */
export const loopCap = (seatsInRound: number): number => 8 * seatsInRound + 8;

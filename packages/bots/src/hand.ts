import { type Card, type Move, type Rules, type TableView, deckCards, handValue } from "@schwimmen/rules";

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

/** The middle of a 7, an 8 and a 9 that `lowMiddleRedeal` lets a seat send away. */

/** The hand value that wins outright: 31 (or Feuer) ends the round at once unless the rules say otherwise. */
export function endsRoundAtOnce(value: number, rules: Rules): boolean {
  if (value === 33) return true;
  return value === 31 && rules.thirtyOne !== "noEnd";
}

/** Cards the viewer has not seen anywhere: not in its hand, the middle or the discarded old middles. */
export function unseenByViewer(view: TableView): Card[] {
  const seen = new Set<Card>([...(view.hand ?? []), ...(view.middle ?? []), ...view.discarded]);
  return deckCards(view.rules.deck).filter((c) => !seen.has(c));
}

/**
 * Turns after which a bot knocks whenever it may: the rules allow endless swapping or passing back and forth
 * (`allPass: "nothing"` or `"forbidden"`), so every bot ends a round that drags on.
 */
export const loopCap = (seatsInRound: number): number => 8 * seatsInRound + 8;

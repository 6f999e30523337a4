import { type Card, cardPoints, rankStrength } from "./cards.js";
import type { Rules } from "./rules.js";

type ValueRules = Pick<Rules, "fire" | "scoring" | "threeOfAKindTies">;

const ACE = "A".charCodeAt(0);

export const isThreeOfAKind = (hand: readonly Card[]): boolean =>
  hand.length === 3 &&
  hand[0]!.charCodeAt(0) === hand[1]!.charCodeAt(0) &&
  hand[1]!.charCodeAt(0) === hand[2]!.charCodeAt(0);

export const isThreeAces = (hand: readonly Card[]): boolean => isThreeOfAKind(hand) && hand[0]!.charCodeAt(0) === ACE;

/** Feuer: three aces, when the rules give them a meaning of their own. */
export const isFire = (hand: readonly Card[], rules: Pick<Rules, "fire">): boolean =>
  rules.fire !== "off" && isThreeAces(hand);

/**
 * Whether a hand may be worth 31 or more: three cards must be of one suit (a sum of 31) or of one rank (three aces;
 * any other three of a kind is 30.5). A quick test before `handValue`, for the checks after each swap.
 */
export function mayReach31(hand: readonly Card[]): boolean {
  if (hand.length !== 3) return true;
  const a = hand[0]!;
  const b = hand[1]!;
  const c = hand[2]!;
  return (
    (a.charCodeAt(1) === b.charCodeAt(1) && b.charCodeAt(1) === c.charCodeAt(1)) ||
    (a.charCodeAt(0) === b.charCodeAt(0) && b.charCodeAt(0) === c.charCodeAt(0))
  );
}

const CODE_C = "c".charCodeAt(0);
const CODE_S = "s".charCodeAt(0);
const CODE_H = "h".charCodeAt(0);

/** `bestSum` for the usual three cards, written out: this runs for every swap and every hand at a round's end. */
function bestSumOfThree(a: Card, b: Card, c: Card, byRank: boolean): number {
  const pa = cardPoints(a);
  const pb = cardPoints(b);
  const pc = cardPoints(c);
  const sa = a.charCodeAt(1);
  const sb = b.charCodeAt(1);
  const sc = c.charCodeAt(1);
  // With two decks one suit can hold two aces and a ten-value card (32): no sum counts above 31.
  if (sa === sb && sb === sc) return pa + pb + pc > 31 ? 31 : pa + pb + pc;
  let best = pa > pb ? pa : pb;
  if (pc > best) best = pc;
  if (sa === sb && pa + pb > best) best = pa + pb;
  if (sa === sc && pa + pc > best) best = pa + pc;
  if (sb === sc && pb + pc > best) best = pb + pc;
  if (byRank) {
    const ra = a.charCodeAt(0);
    const rb = b.charCodeAt(0);
    const rc = c.charCodeAt(0);
    if ((ra === rb || ra === rc) && 2 * pa > best) best = 2 * pa;
    if (rb === rc && 2 * pb > best) best = 2 * pb;
  }
  return best;
}

/** The best sum of cards of one suit (and, with `suitOrRank`, of one rank). */
function bestSum(hand: readonly Card[], byRank: boolean): number {
  if (hand.length === 3) return bestSumOfThree(hand[0]!, hand[1]!, hand[2]!, byRank);
  let clubs = 0;
  let spades = 0;
  let hearts = 0;
  let diamonds = 0;
  for (const card of hand) {
    const points = cardPoints(card);
    const suit = card.charCodeAt(1);
    if (suit === CODE_C) clubs += points;
    else if (suit === CODE_S) spades += points;
    else if (suit === CODE_H) hearts += points;
    else diamonds += points;
  }
  let best = Math.max(clubs, spades, hearts, diamonds);
  if (byRank) {
    for (let i = 0; i < hand.length; i++) {
      for (let j = i + 1; j < hand.length; j++) {
        if (hand[i]![0] === hand[j]![0]) best = Math.max(best, 2 * cardPoints(hand[i]!));
      }
    }
  }
  return best;
}

/**
 * A hand's value: the best one-suit sum (never above 31, which only two decks could pass); three of a kind 30.5
 * (copies of one card included); three aces of any suits 33 (Feuer that beats everything), 31 (Feuer counted as 31)
 * or 30.5 (no Feuer).
 */
export function handValue(hand: readonly Card[], rules: ValueRules): number {
  if (isThreeOfAKind(hand)) {
    if (isThreeAces(hand)) {
      if (rules.fire === "allOthersLose") return 33;
      if (rules.fire === "endsRound") return 31;
    }
    return 30.5;
  }
  return bestSum(hand, rules.scoring === "suitOrRank");
}

/**
 * A number that orders hands as the rules rank them: the value, and with `threeOfAKindTies: "higherRank"`
 * the rank of a three of a kind as a tie-break among them.
 */
export function handStrength(hand: readonly Card[], rules: ValueRules): number {
  return strengthOf(hand, handValue(hand, rules), rules);
}

/** `handStrength` from a value already known. */
export function strengthOf(hand: readonly Card[], value: number, rules: ValueRules): number {
  // Values step by at least 0.5, i.e. 32 here, so a rank tie-break (0 to 12) stays below the next value (31).
  if (value === 30.5 && rules.threeOfAKindTies === "higherRank") return value * 64 + rankStrength(hand[0]!);
  return value * 64;
}

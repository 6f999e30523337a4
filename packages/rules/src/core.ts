import { type Card, indexOfCard } from "./cards.js";
import type { Rules } from "./rules.js";
import { type EngineError, engineError } from "./result.js";
import {
  type EndReason,
  type GameEvent,
  type MatchState,
  type Move,
  type Mutable,
  type RoundState,
  nextSeat,
} from "./state.js";
import { handValue, isFire, mayReach31 } from "./value.js";

/**
 * The one implementation of the turn rules, on a mutable round: what may be done now (`checkPlay`) and what doing
 * it changes (`step`). The public `applyAction` wraps them in immutable states and events, the bots' play-outs and
 * the bulk replay run them in place; so each rule is written once, here.
 */

/** What the turn rules read of the match around a round. */
export type Table = Pick<MatchState, "rules" | "seatCount" | "status" | "over">;

const SEVEN = "7".charCodeAt(0);

/** A 7, an 8 and a 9 of any suits: one bit per rank seen, and nothing else. */
export function isLowMiddle(middle: readonly Card[]): boolean {
  let seen = 0;
  for (const card of middle) {
    const bit = card.charCodeAt(0) - SEVEN;
    seen |= bit >= 0 && bit <= 2 ? 1 << bit : 8;
  }
  return seen === 7 && middle.length === 3;
}

/**
 * Why the seat to act may not ask for a new middle now, or null when it may: no middle to replace (or a packet to
 * choose first), too few cards in the stock, one new middle this turn already, or what the rules ask for first (all
 * passed, a middle of 7, 8 and 9, either, or never).
 */
export type RedealBlock = "never" | "stock" | "once" | "passed" | "low" | "either";

export function redealBlock(rules: Rules, round: RoundState): RedealBlock | null {
  if (round.mustChoose || round.middle === null) return "never";
  if (round.redealtThisTurn) return "once";
  if (round.stock.length - round.stockTop < 3) return "stock";
  if ((rules.lowMiddleRedeal && isLowMiddle(round.middle)) || round.redealOffered) return null;
  const onRequest = rules.allPass === "onRequest";
  if (rules.lowMiddleRedeal) return onRequest ? "either" : "low";
  return onRequest ? "passed" : "never";
}

/** Whether the seat to act may ask for a new middle now (before its turn's action). */
export const mayRedeal = (rules: Rules, round: RoundState): boolean => redealBlock(rules, round) === null;

export const mayKnock = (rules: Rules, round: RoundState): boolean =>
  round.knocker === null && (rules.knock === "anytime" || round.turns >= round.seatsInRound);

/** Whether `card` is among `a` and `b` at least `times` times (copies count with two decks). */
function holds(a: readonly Card[], b: readonly Card[] | null, card: Card, times: number): boolean {
  let n = 0;
  for (let i = 0; i < a.length; i++) if (a[i] === card) n++;
  if (b !== null) for (let i = 0; i < b.length; i++) if (b[i] === card) n++;
  return n >= times;
}

const notAllowed = (why: string): EngineError => engineError("ACTION_NOT_ALLOWED", why);

/**
 * Where `card` first is in `cards`, or -1: `indexOf` as a plain loop, which the compiler inlines (a hand or the
 * middle is three cards; a call into the array builtin cost more than the search).
 */
function positionOf(cards: readonly Card[], card: Card): number {
  for (let i = 0; i < cards.length; i++) if (cards[i] === card) return i;
  return -1;
}

/** A copy of a hand or middle: three cards written out as a literal (the usual case), else a slice. */
const copyOf = (cards: readonly Card[]): Card[] =>
  cards.length === 3 ? [cards[0]!, cards[1]!, cards[2]!] : cards.slice();

/**
 * The checks after an action's shape, in the contract's order: round over, turn, allowed, hand, middle.
 * `round` is the round in play (for a mutable copy, the copy); null when there is none.
 */
export function checkPlay(table: Table, round: RoundState | null, seat: number, move: Move): EngineError | null {
  const { rules } = table;
  if (table.over || round === null || round.endReason !== null) {
    return engineError("ROUND_OVER", "the round has ended; no more actions in it");
  }
  if (seat !== round.toAct) return engineError("NOT_YOUR_TURN", `it is seat ${round.toAct}'s turn, not seat ${seat}'s`);
  if (round.mustChoose !== (move.type === "choose")) {
    return notAllowed(
      round.mustChoose
        ? "the dealer must first choose a packet"
        : "choosing a packet is only the dealer's first action",
    );
  }
  const hidden = rules.deal === "hidden";
  if (hidden !== (move.type === "passOn") && move.type !== "knock") {
    return notAllowed(
      hidden
        ? "in a hidden deal a seat passes two of its five cards on, or knocks"
        : "passing a packet on is only for a hidden deal",
    );
  }
  switch (move.type) {
    case "swapAll":
      if (!rules.swapAll) return notAllowed("swapping all three cards is off in these rules");
      break;
    case "pass":
      if (rules.allPass === "forbidden") return notAllowed("passing is not allowed in these rules: swap or knock");
      break;
    case "knock":
      if (round.knocker !== null) return notAllowed(`seat ${round.knocker} has already knocked this round`);
      if (!mayKnock(rules, round)) return notAllowed("nobody may knock during the first lap");
      break;
    case "redeal":
      if (!mayRedeal(rules, round)) return notAllowed("a new middle cannot be asked for now");
      break;
    case "swap":
      if (positionOf(round.hands[seat]!, move.give) < 0)
        return engineError("CARD_NOT_IN_HAND", `${move.give} is not in the hand of seat ${seat}`);
      if (positionOf(round.middle!, move.take) < 0)
        return engineError("CARD_NOT_IN_MIDDLE", `${move.take} is not in the middle`);
      break;
    case "passOn": {
      const [a, b] = move.give as readonly [Card, Card];
      const hand = round.hands[seat]!;
      if (!holds(hand, round.packet, a, a === b ? 2 : 1) || !holds(hand, round.packet, b, 1)) {
        const missing = holds(hand, round.packet, a, 1) ? b : a;
        return engineError(
          "CARD_NOT_IN_HAND",
          a === b && missing === a
            ? `seat ${seat} holds ${a} only once among its five cards`
            : `${missing} is not among the five cards of seat ${seat}`,
        );
      }
      break;
    }
  }
  return null;
}

/** The round ends at once with these hands as dealt (or chosen): Feuer outranks 31. */
export function dealEndReason(hands: RoundState["hands"], rules: Rules): EndReason | null {
  let thirtyOne = false;
  for (const hand of hands) {
    if (hand === null || !mayReach31(hand)) continue;
    if (isFire(hand, rules)) return "fire";
    if (!thirtyOne && rules.thirtyOne !== "noEnd" && handValue(hand, rules) === 31) thirtyOne = true;
  }
  return thirtyOne ? "thirtyOne" : null;
}

/**
 * Makes the arrays that `step` changes in place for `move` the round's own: `applyAction` calls it on a fresh copy
 * of a round, so that the states it hands out never change. (Play-outs and the bulk replay own theirs already.)
 */
export function ownCards(round: Mutable<RoundState>, seat: number, move: Move): void {
  if (move.type === "swap") {
    const hands = copyHands(round.hands);
    hands[seat] = copyOf(hands[seat]!);
    round.hands = hands;
    round.middle = copyOf(round.middle!);
  } else if (move.type === "swapAll" || move.type === "passOn" || move.type === "choose") {
    round.hands = copyHands(round.hands);
  }
}

type Hand = readonly Card[] | null;

/** A copy of the list of hands: a literal for the usual two to four seats (a call to `slice` cost more). */
function copyHands(h: readonly Hand[]): Hand[] {
  const n = h.length;
  if (n === 4) return [h[0] as Hand, h[1] as Hand, h[2] as Hand, h[3] as Hand];
  if (n === 3) return [h[0] as Hand, h[1] as Hand, h[2] as Hand];
  return n === 2 ? [h[0] as Hand, h[1] as Hand] : h.slice();
}

/**
 * A new packet from the two cards of a `passOn`, the lower card index first as in the canonical action: the same
 * two cards make the same packet however they were named. (A new list: a play-out policy may reuse its own.)
 */
function packetOf(give: readonly Card[]): Card[] {
  const a = give[0]!;
  const b = give[1]!;
  return indexOfCard(a) <= indexOfCard(b) ? [a, b] : [b, a];
}

/** The three of five cards (hand, then packet) that remain when the two of `give` leave (one copy each). */
function kept(hand: readonly Card[], packet: readonly Card[], give: readonly Card[]): Card[] {
  let a: Card | null = give[0]!;
  let b: Card | null = give[1]!;
  const out: Card[] = [];
  for (let i = 0; i < hand.length + packet.length; i++) {
    const card = i < hand.length ? hand[i]! : packet[i - hand.length]!;
    if (card === a) a = null;
    else if (card === b) b = null;
    else out.push(card);
  }
  return out;
}

/**
 * The events of one `step`, in order. The list is made with its first event: an empty list literal has no room, and
 * its first push would reallocate it (a call on every action).
 */
export class TurnEvents {
  list: GameEvent[] | null = null;

  add(event: GameEvent): void {
    if (this.list === null) this.list = [event];
    else this.list.push(event);
  }
}

/**
 * Plays a legal move (checked with `checkPlay`) of `seat` on `round`, in place: `round.hands` (the list and the
 * actor's hand) and `round.middle` must be the caller's own (see `ownCards`); other arrays are replaced, never
 * changed. Collects the events when `events` is given (they share arrays with the round: fine for `applyAction`, whose
 * states are never changed again). Returns why the round ends now, or null; the caller scores the round.
 */
export function step(
  table: Table,
  round: Mutable<RoundState>,
  seat: number,
  move: Move,
  events: TurnEvents | null,
): EndReason | null {
  const { rules } = table;
  if (move.type === "choose") {
    const first = move.packet === "first";
    const keep = first ? round.hands[seat]! : round.extra!;
    const middle = first ? round.extra! : round.hands[seat]!;
    // Copies: the deal's packets stay as dealt (kept for records) while hand and middle change in place.
    (round.hands as (readonly Card[] | null)[])[seat] = keep.slice();
    round.middle = middle.slice();
    round.extra = null;
    round.mustChoose = false;
    round.toAct = nextSeat(table, round.dealer);
    events?.add({ type: "chose", seat, packet: move.packet, middle });
    return dealEndReason(round.hands, rules);
  }
  if (move.type === "redeal") {
    const old = round.middle!;
    const middle = round.stock.slice(round.stockTop, round.stockTop + 3);
    const reason = rules.lowMiddleRedeal && isLowMiddle(old) ? "lowMiddle" : "requested";
    round.middle = middle;
    round.stockTop += 3;
    round.discarded = round.discarded.concat(old);
    round.redealOffered = false;
    round.redealtThisTurn = true;
    round.passRun = 0;
    events?.add({ type: "middleRenewed", seat, reason, discarded: old, middle });
    return null;
  }
  const seatsInRound = round.seatsInRound;
  const hands = round.hands as (readonly Card[] | null)[];
  let passRun = 0;
  let changed = false;
  if (round.knocker !== null) round.turnsAfterKnock--;
  switch (move.type) {
    case "swap": {
      const hand = hands[seat] as Card[];
      const middle = round.middle as Card[];
      hand[positionOf(hand, move.give)] = move.take;
      middle[positionOf(middle, move.take)] = move.give;
      events?.add({ type: "swapped", seat, give: move.give, take: move.take });
      changed = true;
      break;
    }
    case "swapAll": {
      const hand = hands[seat]!;
      const middle = round.middle!;
      hands[seat] = middle;
      round.middle = hand;
      events?.add({ type: "swappedAll", seat, gave: hand, took: middle });
      changed = true;
      break;
    }
    case "passOn":
      hands[seat] = kept(hands[seat]!, round.packet!, move.give);
      round.packet = packetOf(move.give);
      events?.add({ type: "passedOn", seat, to: nextSeat(table, seat) });
      changed = true;
      break;
    case "pass":
      // Passes after a knock never count towards a run.
      passRun = round.knocker === null ? round.passRun + 1 : 0;
      events?.add({ type: "passed", seat });
      break;
    default:
      round.knocker = seat;
      round.turnsAfterKnock = seatsInRound - 1;
      events?.add({ type: "knocked", seat });
      // In a hidden deal the knocker keeps its three cards and hands the packet on as it came.
      if (round.packet !== null) events?.add({ type: "passedOn", seat, to: nextSeat(table, seat) });
  }
  round.turns++;
  round.passRun = passRun;
  round.redealOffered = false;
  round.redealtThisTurn = false;
  round.toAct = nextSeat(table, seat);
  if (changed && mayReach31(hands[seat]!)) {
    const hand = hands[seat]!;
    // Only 31 and up can end the round: Feuer is worth 33 or 31, and three aces are 30.5 when fire is off.
    const value = handValue(hand, rules);
    if (value >= 31 && isFire(hand, rules)) return "fire";
    if (value === 31 && rules.thirtyOne !== "noEnd") return "thirtyOne";
  }
  if (round.knocker !== null && round.turnsAfterKnock === 0) return "knock";
  if (passRun === seatsInRound) {
    round.passRun = 0;
    if (rules.allPass === "nothing") return null;
    if (round.stock.length - round.stockTop < 3) return "stockEmpty";
    if (rules.allPass === "onRequest") round.redealOffered = true;
    else {
      const old = round.middle!;
      const fresh = round.stock.slice(round.stockTop, round.stockTop + 3);
      round.middle = fresh;
      round.stockTop += 3;
      round.discarded = round.discarded.concat(old);
      events?.add({ type: "middleRenewed", seat: round.toAct, reason: "allPassed", discarded: old, middle: fresh });
    }
  }
  return null;
}

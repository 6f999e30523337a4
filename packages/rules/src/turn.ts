import { type Card, indexOfCard, isCardOfDeck } from "./cards.js";
import { canonicalAction, chooseAction, isCanonical, simpleAction, swapAction, swapsOf } from "./actions.js";
import { type Result, type EngineError, ok, err, engineError } from "./result.js";
import { endRound } from "./scoring.js";
import {
  type Action,
  type GameEvent,
  type MatchState,
  type Mutable,
  type RoundState,
  type Transition,
  copyMatch,
  copyRound,
  nextSeat,
} from "./state.js";
import { handValue, isFire } from "./value.js";

function isMoveType(type: unknown): boolean {
  switch (type) {
    case "swap":
    case "swapAll":
    case "pass":
    case "knock":
    case "choose":
    case "redeal":
      return true;
    default:
      return false;
  }
}

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

/** Whether the seat to act may ask for a new middle now (before its turn's action). */
function mayRedeal(state: MatchState, round: RoundState): boolean {
  if (round.mustChoose || round.redealtThisTurn || round.middle === null) return false;
  if (round.stock.length - round.stockTop < 3) return false;
  return (state.rules.lowMiddleRedeal && isLowMiddle(round.middle)) || round.redealOffered;
}

const mayKnock = (state: MatchState, round: RoundState): boolean =>
  round.knocker === null && (state.rules.knock === "anytime" || round.turns >= round.seatsInRound);

/** Every action the seat to act may take now; empty when no round is in play. */
export function legalActions(state: MatchState): Action[] {
  const round = state.round;
  if (state.over || round === null || round.endReason !== null) return [];
  const seat = round.toAct;
  if (round.mustChoose) {
    return [chooseAction(seat, "first"), chooseAction(seat, "second")];
  }
  const hand = round.hands[seat]!;
  const middle = round.middle!;
  const { rules } = state;
  const swapAll = rules.swapAll;
  const pass = rules.allPass !== "forbidden";
  const knock = mayKnock(state, round);
  const redeal = mayRedeal(state, round);
  const actions = new Array<Action>(
    hand.length * middle.length + (swapAll ? 1 : 0) + (pass ? 1 : 0) + (knock ? 1 : 0) + (redeal ? 1 : 0),
  );
  let n = 0;
  const swaps = swapsOf(seat);
  // The middle is three cards; their indexes are read once, not once per hand card.
  const m0 = indexOfCard(middle[0]!);
  const m1 = indexOfCard(middle[1]!);
  const m2 = indexOfCard(middle[2]!);
  for (let i = 0; i < hand.length; i++) {
    const give = hand[i]!;
    const row = indexOfCard(give) * 52;
    actions[n++] = swaps[row + m0] ?? swapAction(seat, give, middle[0]!, row + m0);
    actions[n++] = swaps[row + m1] ?? swapAction(seat, give, middle[1]!, row + m1);
    actions[n++] = swaps[row + m2] ?? swapAction(seat, give, middle[2]!, row + m2);
  }
  if (swapAll) actions[n++] = simpleAction(seat, "swapAll");
  if (pass) actions[n++] = simpleAction(seat, "pass");
  if (knock) actions[n++] = simpleAction(seat, "knock");
  if (redeal) actions[n++] = simpleAction(seat, "redeal");
  return actions;
}

const notAllowed = (why: string): EngineError => engineError("ACTION_NOT_ALLOWED", why);
const notACard = (key: string, value: unknown, deck: string): EngineError =>
  engineError("INVALID_RECORD", `"${key}" must be a card of the ${deck} deck, not ${JSON.stringify(value)}`);

/** The first failing check of the contract's order: shape, round over, turn, allowed, hand, middle. */
function checkAction(state: MatchState, action: Action): EngineError | null {
  return (isCanonical(action) ? null : checkShape(state, action)) ?? checkPlay(state, action);
}

/** The shape checks (INVALID_RECORD): needed only for action objects the engine did not make itself. */
function checkShape(state: MatchState, action: Action): EngineError | null {
  const a = action as unknown as Record<string, unknown>;
  const { seatCount, rules } = state;
  if (typeof a !== "object" || a === null) return engineError("INVALID_RECORD", "an action must be an object");
  if (typeof a.seat !== "number" || !Number.isInteger(a.seat) || a.seat < 0 || a.seat >= seatCount) {
    return engineError("INVALID_RECORD", `"seat" must be a whole number from 0 to ${seatCount - 1}`);
  }
  if (!isMoveType(a.type)) {
    return engineError("INVALID_RECORD", `unknown action type ${JSON.stringify(a.type)}`);
  }
  if (a.type === "swap") {
    if (!isCardOfDeck(a.give, rules.deck)) return notACard("give", a.give, rules.deck);
    if (!isCardOfDeck(a.take, rules.deck)) return notACard("take", a.take, rules.deck);
  }
  if (a.type === "choose" && a.packet !== "first" && a.packet !== "second") {
    return engineError("INVALID_RECORD", `"packet" must be "first" or "second"`);
  }
  return null;
}

/** The checks after the shape: round over, turn, allowed, hand, middle. */
function checkPlay(state: MatchState, action: Action): EngineError | null {
  const { rules } = state;
  const round = state.round;
  if (state.over || round === null || round.endReason !== null) {
    return engineError("ROUND_OVER", "the round has ended; no more actions in it");
  }
  if (action.seat !== round.toAct)
    return engineError("NOT_YOUR_TURN", `it is seat ${round.toAct}'s turn, not seat ${action.seat}'s`);
  if (round.mustChoose !== (action.type === "choose")) {
    return notAllowed(
      round.mustChoose
        ? "the dealer must first choose a packet"
        : "choosing a packet is only the dealer's first action",
    );
  }
  switch (action.type) {
    case "swapAll":
      if (!rules.swapAll) return notAllowed("swapping all three cards is off in these rules");
      break;
    case "pass":
      if (rules.allPass === "forbidden") return notAllowed("passing is not allowed in these rules: swap or knock");
      break;
    case "knock":
      if (round.knocker !== null) return notAllowed(`seat ${round.knocker} has already knocked this round`);
      if (!mayKnock(state, round)) return notAllowed("nobody may knock during the first lap");
      break;
    case "redeal":
      if (!mayRedeal(state, round)) return notAllowed("a new middle cannot be asked for now");
      break;
    case "swap":
      if (!round.hands[action.seat]!.includes(action.give))
        return engineError("CARD_NOT_IN_HAND", `${action.give} is not in the hand of seat ${action.seat}`);
      if (!round.middle!.includes(action.take))
        return engineError("CARD_NOT_IN_MIDDLE", `${action.take} is not in the middle`);
      break;
  }
  return null;
}

/** A copy of a small card list with one card replaced. */
function replaced(cards: readonly Card[], from: Card, to: Card): Card[] {
  const out = cards.slice();
  out[out.indexOf(from)] = to;
  return out;
}

/**
 * The pure transition: the next state and the events, or a typed error and no change at all.
 * Actions are data; the same state and action always give the same result.
 */
export function applyAction(state: MatchState, action: Action): Result<Transition, EngineError> {
  const problem = checkAction(state, action);
  if (problem) return err(problem);
  const round = state.round!;
  // The log keeps the canonical action, so keys a caller added never reach the history or a record.
  const logged = isCanonical(action) ? action : canonicalAction(action);
  const seat = logged.seat;
  const next = copyRound(round);
  next.actions = { action: logged, prev: round.actions };
  next.actionCount = round.actionCount + 1;
  if (logged.type === "choose") {
    const keep = logged.packet === "first" ? round.hands[seat]! : round.extra!;
    const middle = logged.packet === "first" ? round.extra! : round.hands[seat]!;
    const hands = round.hands.slice();
    hands[seat] = keep;
    next.hands = hands;
    next.middle = middle;
    next.extra = null;
    next.mustChoose = false;
    next.toAct = nextSeat(state, round.dealer);
    const events: GameEvent[] = [{ type: "chose", seat, packet: logged.packet, middle }];
    return ok(checkDealEnd(withRound(state, next), events));
  }
  if (logged.type === "redeal") {
    const old = round.middle!;
    const middle = round.stock.slice(round.stockTop, round.stockTop + 3);
    const reason = state.rules.lowMiddleRedeal && isLowMiddle(old) ? "lowMiddle" : "requested";
    next.middle = middle;
    next.stockTop = round.stockTop + 3;
    next.discarded = round.discarded.concat(old);
    next.redealOffered = false;
    next.redealtThisTurn = true;
    next.passRun = 0;
    const event: GameEvent = { type: "middleRenewed", seat, reason, discarded: old, middle };
    return ok({ state: withRound(state, next), events: [event] });
  }
  return ok(playTurn(state, next, logged));
}

function withRound(state: MatchState, round: RoundState): MatchState {
  const next = copyMatch(state);
  next.round = round;
  return next;
}

/** One turn (swap, swapAll, pass or knock) on `next`, a fresh copy of the round with the action logged. */
function playTurn(state: MatchState, next: Mutable<RoundState>, action: Action): Transition {
  const { rules } = state;
  const seat = action.seat;
  const seatsInRound = next.seatsInRound;
  const middle = next.middle!;
  let event: GameEvent;
  let passRun = 0;
  if (next.knocker !== null) next.turnsAfterKnock--;
  switch (action.type) {
    case "swap": {
      const hands = next.hands.slice();
      hands[seat] = replaced(hands[seat]!, action.give, action.take);
      next.hands = hands;
      next.middle = replaced(middle, action.take, action.give);
      event = { type: "swapped", seat, give: action.give, take: action.take };
      break;
    }
    case "swapAll": {
      const hands = next.hands.slice();
      const hand = hands[seat]!;
      hands[seat] = middle;
      next.hands = hands;
      next.middle = hand;
      event = { type: "swappedAll", seat, gave: hand, took: middle };
      break;
    }
    case "pass":
      // Passes after a knock never count towards a run.
      passRun = next.knocker === null ? next.passRun + 1 : 0;
      event = { type: "passed", seat };
      break;
    default:
      next.knocker = seat;
      next.turnsAfterKnock = seatsInRound - 1;
      event = { type: "knocked", seat };
  }
  const events: GameEvent[] = [event];
  next.turns++;
  next.passRun = passRun;
  next.redealOffered = false;
  next.redealtThisTurn = false;
  next.toAct = nextSeat(state, seat);
  if (action.type === "swap" || action.type === "swapAll") {
    const hand = next.hands[seat]!;
    // Only 31 and up can end the round: Feuer is worth 33 or 31, and three aces are 30.5 when fire is off.
    const value = handValue(hand, rules);
    if (value >= 31 && isFire(hand, rules)) return endRound(state, next, "fire", events);
    if (value === 31 && rules.thirtyOne !== "noEnd") return endRound(state, next, "thirtyOne", events);
  }
  if (next.knocker !== null && next.turnsAfterKnock === 0) return endRound(state, next, "knock", events);
  if (passRun === seatsInRound) {
    next.passRun = 0;
    if (rules.allPass !== "nothing") {
      if (next.stock.length - next.stockTop < 3) return endRound(state, next, "stockEmpty", events);
      if (rules.allPass === "onRequest") next.redealOffered = true;
      else {
        const old = next.middle!;
        const fresh = next.stock.slice(next.stockTop, next.stockTop + 3);
        events.push({ type: "middleRenewed", seat: next.toAct, reason: "allPassed", discarded: old, middle: fresh });
        next.middle = fresh;
        next.stockTop += 3;
        next.discarded = next.discarded.concat(old);
      }
    }
  }
  return { state: withRound(state, next), events };
}

/** 31 or Feuer in a hand as dealt (after the dealer's choice) ends the round at once; Feuer outranks 31. */
export function checkDealEnd(state: MatchState, events: GameEvent[]): Transition {
  const round = state.round!;
  const { rules } = state;
  let thirtyOne = false;
  for (const hand of round.hands) {
    if (hand === null) continue;
    if (isFire(hand, rules)) return endRound(state, round, "fire", events);
    if (!thirtyOne && rules.thirtyOne !== "noEnd" && handValue(hand, rules) === 31) thirtyOne = true;
  }
  return thirtyOne ? endRound(state, round, "thirtyOne", events) : { state, events };
}

import { type Card, indexOfCard, isCardOfDeck } from "./cards.js";
import {
  canonicalAction,
  chooseAction,
  isCanonical,
  passOnAction,
  simpleAction,
  swapAction,
  swapsOf,
} from "./actions.js";
import { TurnEvents, checkPlay, dealEndReason, mayKnock, mayRedeal, ownCards, step } from "./core.js";
import { type Result, type EngineError, ok, err, engineError } from "./result.js";
import { endRound } from "./scoring.js";
import {
  type Action,
  type GameEvent,
  type MatchState,
  type RoundState,
  type Transition,
  copyMatch,
  copyRound,
} from "./state.js";

export { type RedealBlock, isLowMiddle, redealBlock } from "./core.js";

function isMoveType(type: unknown): boolean {
  switch (type) {
    case "swap":
    case "swapAll":
    case "pass":
    case "knock":
    case "choose":
    case "redeal":
    case "passOn":
      return true;
    default:
      return false;
  }
}

/** Every action the seat to act may take now; empty when no round is in play. */
export function legalActions(state: MatchState): Action[] {
  const round = state.round;
  if (state.over || round === null || round.endReason !== null) return [];
  const seat = round.toAct;
  if (round.mustChoose) {
    return [chooseAction(seat, "first"), chooseAction(seat, "second")];
  }
  const { rules } = state;
  if (rules.deal === "hidden") return hiddenActions(state, round);
  if (rules.decks === 2) return swapsWithCopies(state, round);
  const hand = round.hands[seat]!;
  const middle = round.middle!;
  const others = otherKinds(state, round);
  if (hand.length !== 3 || middle.length !== 3) return anySwaps(seat, hand, middle, others);
  // Three cards each, always with one deck: the nine swaps and the shared list of the other actions go into one
  // array literal (one allocation of the right size, no holes, no calls into array builtins).
  const swaps = swapsOf(seat);
  const h0 = hand[0]!;
  const h1 = hand[1]!;
  const h2 = hand[2]!;
  const t0 = middle[0]!;
  const t1 = middle[1]!;
  const t2 = middle[2]!;
  const m0 = indexOfCard(t0);
  const m1 = indexOfCard(t1);
  const m2 = indexOfCard(t2);
  const r0 = indexOfCard(h0) * 52;
  const r1 = indexOfCard(h1) * 52;
  const r2 = indexOfCard(h2) * 52;
  const a0 = swaps[r0 + m0] ?? swapAction(seat, h0, t0, r0 + m0);
  const a1 = swaps[r0 + m1] ?? swapAction(seat, h0, t1, r0 + m1);
  const a2 = swaps[r0 + m2] ?? swapAction(seat, h0, t2, r0 + m2);
  const a3 = swaps[r1 + m0] ?? swapAction(seat, h1, t0, r1 + m0);
  const a4 = swaps[r1 + m1] ?? swapAction(seat, h1, t1, r1 + m1);
  const a5 = swaps[r1 + m2] ?? swapAction(seat, h1, t2, r1 + m2);
  const a6 = swaps[r2 + m0] ?? swapAction(seat, h2, t0, r2 + m0);
  const a7 = swaps[r2 + m1] ?? swapAction(seat, h2, t1, r2 + m1);
  const a8 = swaps[r2 + m2] ?? swapAction(seat, h2, t2, r2 + m2);
  const more = (OTHERS[seat] ?? othersOf(seat))[others]!;
  switch (more.length) {
    case 0:
      return [a0, a1, a2, a3, a4, a5, a6, a7, a8];
    case 1:
      return [a0, a1, a2, a3, a4, a5, a6, a7, a8, more[0]!];
    case 2:
      return [a0, a1, a2, a3, a4, a5, a6, a7, a8, more[0]!, more[1]!];
    case 3:
      return [a0, a1, a2, a3, a4, a5, a6, a7, a8, more[0]!, more[1]!, more[2]!];
    default:
      return [a0, a1, a2, a3, a4, a5, a6, a7, a8, more[0]!, more[1]!, more[2]!, more[3]!];
  }
}

/** Each swap of a hand and a middle of any sizes (not three cards each), then the other actions of `others`. */
function anySwaps(seat: number, hand: readonly Card[], middle: readonly Card[], others: number): Action[] {
  const actions: Action[] = [];
  for (const give of hand) for (const take of middle) actions.push(swapAction(seat, give, take));
  addOthers(others, seat, actions, actions.length);
  return actions;
}

/** By seat, then by `otherKinds` bits: the actions other than swaps, in list order; made once and shared. */
const OTHERS: (readonly (readonly Action[])[] | undefined)[] = [];

function othersOf(seat: number): readonly (readonly Action[])[] {
  const lists: Action[][] = [];
  for (let kinds = 0; kinds < 16; kinds++) {
    const list: Action[] = [];
    addOthers(kinds, seat, list, 0);
    lists.push(list);
  }
  return (OTHERS[seat] = lists);
}

/** Which of swapAll, pass, knock and redeal the rules and the round allow now, as bits 1, 2, 4 and 8. */
function otherKinds(state: MatchState, round: RoundState): number {
  const { rules } = state;
  return (
    (rules.swapAll ? 1 : 0) |
    (rules.allPass !== "forbidden" ? 2 : 0) |
    (mayKnock(rules, round) ? 4 : 0) |
    (mayRedeal(rules, round) ? 8 : 0)
  );
}

/** Writes the actions of `kinds` (see `otherKinds`) into `actions` from index `n` on. */
function addOthers(kinds: number, seat: number, actions: Action[], from: number): void {
  let n = from;
  if (kinds & 1) actions[n++] = simpleAction(seat, "swapAll");
  if (kinds & 2) actions[n++] = simpleAction(seat, "pass");
  if (kinds & 4) actions[n++] = simpleAction(seat, "knock");
  if (kinds & 8) actions[n++] = simpleAction(seat, "redeal");
}

/** With two decks a hand or the middle may hold a card twice: each swap once (a swap names cards, not copies). */
function swapsWithCopies(state: MatchState, round: RoundState): Action[] {
  const seat = round.toAct;
  const hand = round.hands[seat]!;
  const middle = round.middle!;
  const actions: Action[] = [];
  for (let i = 0; i < hand.length; i++) {
    if (hand.indexOf(hand[i]!) !== i) continue;
    for (let j = 0; j < middle.length; j++) {
      if (middle.indexOf(middle[j]!) === j) actions.push(swapAction(seat, hand[i]!, middle[j]!));
    }
  }
  addOthers(otherKinds(state, round), seat, actions, actions.length);
  return actions;
}

/** A hidden deal: each two of the five cards (hand and packet) to pass on, once per pair of cards; and knock. */
function hiddenActions(state: MatchState, round: RoundState): Action[] {
  const seat = round.toAct;
  const five: Card[] = round.hands[seat]!.concat(round.packet!);
  const actions: Action[] = [];
  for (let i = 0; i < five.length; i++) {
    for (let j = i + 1; j < five.length; j++) {
      const action = passOnAction(seat, five[i]!, five[j]!);
      if (!actions.includes(action)) actions.push(action);
    }
  }
  if (mayKnock(state.rules, round)) actions.push(simpleAction(seat, "knock"));
  return actions;
}

const notACard = (key: string, value: unknown, deck: string): EngineError =>
  engineError("INVALID_RECORD", `"${key}" must be a card of the ${deck} deck, not ${JSON.stringify(value)}`);

/**
 * The first failing check of the contract's order: shape, round over, turn, allowed, hand, middle. `round` is the
 * round in play: the state's own, or a mutable copy that the bulk replay plays on.
 */
export function checkAction(
  state: MatchState,
  action: Action,
  round: RoundState | null = state.round,
): EngineError | null {
  return (isCanonical(action) ? null : checkShape(state, action)) ?? checkPlay(state, round, action.seat, action);
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
  if (a.type === "passOn") {
    // Whatever the deal: a list of exactly two cards of the deck, each checked alone (the same card twice is a shape).
    const give = a.give;
    if (!Array.isArray(give) || give.length !== 2) {
      return engineError(
        "INVALID_RECORD",
        `"give" of a passOn must be a list of two cards, not ${JSON.stringify(give)}`,
      );
    }
    for (const card of give) if (!isCardOfDeck(card, rules.deck)) return notACard("give", card, rules.deck);
  }
  if (a.type === "choose" && a.packet !== "first" && a.packet !== "second") {
    return engineError("INVALID_RECORD", `"packet" must be "first" or "second"`);
  }
  return null;
}

/**
 * The pure transition: the next state and the events, or a typed error and no change at all.
 * Actions are data; the same state and action always give the same result.
 */
export function applyAction(state: MatchState, action: Action): Result<Transition, EngineError> {
  const canonical = isCanonical(action);
  const problem = (canonical ? null : checkShape(state, action)) ?? checkPlay(state, state.round, action.seat, action);
  if (problem) return err(problem);
  const round = state.round!;
  // The log keeps the canonical action, so keys a caller added never reach the history or a record.
  const logged = canonical ? action : canonicalAction(action);
  const next = copyRound(round);
  ownCards(next, logged.seat, logged);
  next.actions = { action: logged, prev: round.actions };
  next.actionCount = round.actionCount + 1;
  const turn = new TurnEvents();
  const reason = step(state, next, logged.seat, logged, turn);
  const events: GameEvent[] = turn.list ?? [];
  if (reason !== null) return ok(endRound(state, next, reason, events));
  const after = copyMatch(state);
  after.round = next;
  return ok({ state: after, events });
}

/** 31 or Feuer in a hand as dealt (after the dealer's choice) ends the round at once; Feuer outranks 31. */
export function checkDealEnd(state: MatchState, events: GameEvent[]): Transition {
  const round = state.round!;
  const reason = dealEndReason(round.hands, state.rules);
  return reason === null ? { state, events } : endRound(state, round, reason, events);
}

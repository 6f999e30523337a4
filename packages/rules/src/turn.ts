import { type Card, isCardOfDeck, rankOf } from "./cards.js";
import { type Result, type EngineError, ok, err, engineError } from "./result.js";
import { endRound } from "./scoring.js";
import { type Action, type GameEvent, type MatchState, type RoundState, type Transition, nextSeat } from "./state.js";
import { handValue, isFire } from "./value.js";

const MOVE_TYPES = new Set(["swap", "swapAll", "pass", "knock", "choose", "redeal"]);

const isLowMiddle = (middle: readonly Card[]): boolean => {
  const ranks = middle.map(rankOf).sort().join("");
  return ranks === "789";
};

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
    return [
      { seat, type: "choose", packet: "first" },
      { seat, type: "choose", packet: "second" },
    ];
  }
  const hand = round.hands[seat]!;
  const middle = round.middle!;
  const actions: Action[] = [];
  for (const give of hand) for (const take of middle) actions.push({ seat, type: "swap", give, take });
  if (state.rules.swapAll) actions.push({ seat, type: "swapAll" });
  if (state.rules.allPass !== "forbidden") actions.push({ seat, type: "pass" });
  if (mayKnock(state, round)) actions.push({ seat, type: "knock" });
  if (mayRedeal(state, round)) actions.push({ seat, type: "redeal" });
  return actions;
}

/** The first failing check of the contract's order: shape, round over, turn, allowed, hand, middle. */
function checkAction(state: MatchState, action: Action): EngineError | null {
  const a = action as unknown as Record<string, unknown>;
  const { seatCount, rules } = state;
  if (typeof a !== "object" || a === null) return engineError("INVALID_RECORD", "an action must be an object");
  if (typeof a.seat !== "number" || !Number.isInteger(a.seat) || a.seat < 0 || a.seat >= seatCount) {
    return engineError("INVALID_RECORD", `"seat" must be a whole number from 0 to ${seatCount - 1}`);
  }
  if (typeof a.type !== "string" || !MOVE_TYPES.has(a.type)) {
    return engineError("INVALID_RECORD", `unknown action type ${JSON.stringify(a.type)}`);
  }
  if (a.type === "swap") {
    for (const key of ["give", "take"] as const) {
      if (!isCardOfDeck(a[key], rules.deck)) {
        return engineError(
          "INVALID_RECORD",
          `"${key}" must be a card of the ${rules.deck} deck, not ${JSON.stringify(a[key])}`,
        );
      }
    }
  }
  if (a.type === "choose" && a.packet !== "first" && a.packet !== "second") {
    return engineError("INVALID_RECORD", `"packet" must be "first" or "second"`);
  }
  const round = state.round;
  if (state.over || round === null || round.endReason !== null) {
    return engineError("ROUND_OVER", "the round has ended; no more actions in it");
  }
  if (action.seat !== round.toAct)
    return engineError("NOT_YOUR_TURN", `it is seat ${round.toAct}'s turn, not seat ${action.seat}'s`);
  const notAllowed = (why: string): EngineError => engineError("ACTION_NOT_ALLOWED", why);
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

const replaced = (cards: readonly Card[], from: Card, to: Card): Card[] => cards.map((c) => (c === from ? to : c));

/**
 * The pure transition: the next state and the events, or a typed error and no change at all.
 * Actions are data; the same state and action always give the same result.
 */
export function applyAction(state: MatchState, action: Action): Result<Transition, EngineError> {
  const problem = checkAction(state, action);
  if (problem) return err(problem);
  const round = state.round!;
  const seat = action.seat;
  const logged = { actions: { action, prev: round.actions }, actionCount: round.actionCount + 1 };
  if (action.type === "choose") {
    const keep = action.packet === "first" ? round.hands[seat]! : round.extra!;
    const middle = action.packet === "first" ? round.extra! : round.hands[seat]!;
    const hands = round.hands.slice();
    hands[seat] = keep;
    const next: RoundState = {
      ...round,
      ...logged,
      hands,
      middle,
      extra: null,
      mustChoose: false,
      toAct: nextSeat(state, round.dealer),
    };
    return ok(checkDealEnd({ ...state, round: next }, [{ type: "chose", seat, packet: action.packet, middle }]));
  }
  if (action.type === "redeal") {
    const middle = round.stock.slice(round.stockTop, round.stockTop + 3);
    const reason = state.rules.lowMiddleRedeal && isLowMiddle(round.middle!) ? "lowMiddle" : "requested";
    const next: RoundState = {
      ...round,
      ...logged,
      middle,
      stockTop: round.stockTop + 3,
      discarded: [...round.discarded, ...round.middle!],
      redealOffered: false,
      redealtThisTurn: true,
      passRun: 0,
    };
    const event: GameEvent = { type: "middleRenewed", seat, reason, discarded: round.middle!, middle };
    return ok({ state: { ...state, round: next }, events: [event] });
  }
  return ok(playTurn(state, round, action, logged));
}

function playTurn(
  state: MatchState,
  round: RoundState,
  action: Action,
  logged: Pick<RoundState, "actions" | "actionCount">,
): Transition {
  const { rules } = state;
  const seat = action.seat;
  let hands: (readonly Card[] | null)[] | RoundState["hands"] = round.hands;
  let middle = round.middle!;
  let event: GameEvent;
  let passRun = 0;
  let knocker = round.knocker;
  let turnsAfterKnock = round.turnsAfterKnock;
  if (knocker !== null) turnsAfterKnock--;
  switch (action.type) {
    case "swap": {
      const copy = hands.slice();
      copy[seat] = replaced(hands[seat]!, action.give, action.take);
      hands = copy;
      middle = replaced(middle, action.take, action.give);
      event = { type: "swapped", seat, give: action.give, take: action.take };
      break;
    }
    case "swapAll": {
      const hand = hands[seat]!;
      const copy = hands.slice();
      copy[seat] = middle;
      hands = copy;
      event = { type: "swappedAll", seat, gave: hand, took: middle };
      middle = hand;
      break;
    }
    case "pass":
      // Passes after a knock never count towards a run.
      passRun = knocker === null ? round.passRun + 1 : 0;
      event = { type: "passed", seat };
      break;
    default:
      knocker = seat;
      turnsAfterKnock = round.seatsInRound - 1;
      event = { type: "knocked", seat };
  }
  const events: GameEvent[] = [event];
  let next: RoundState = {
    ...round,
    ...logged,
    hands,
    middle,
    turns: round.turns + 1,
    knocker,
    turnsAfterKnock,
    passRun,
    redealOffered: false,
    redealtThisTurn: false,
    toAct: nextSeat(state, seat),
  };
  if (action.type === "swap" || action.type === "swapAll") {
    const hand = hands[seat]!;
    if (isFire(hand, rules)) return endRound(state, next, "fire", events);
    if (rules.thirtyOne !== "noEnd" && handValue(hand, rules) === 31) return endRound(state, next, "thirtyOne", events);
  }
  if (knocker !== null && turnsAfterKnock === 0) return endRound(state, next, "knock", events);
  if (passRun === round.seatsInRound && rules.allPass !== "nothing") {
    if (next.stock.length - next.stockTop < 3) return endRound(state, next, "stockEmpty", events);
    if (rules.allPass === "onRequest") next = { ...next, passRun: 0, redealOffered: true };
    else {
      const fresh = next.stock.slice(next.stockTop, next.stockTop + 3);
      events.push({ type: "middleRenewed", seat: next.toAct, reason: "allPassed", discarded: middle, middle: fresh });
      next = {
        ...next,
        passRun: 0,
        middle: fresh,
        stockTop: next.stockTop + 3,
        discarded: [...next.discarded, ...middle],
      };
    }
  } else if (passRun === round.seatsInRound) next = { ...next, passRun: 0 };
  return { state: { ...state, round: next }, events };
}

/** 31 or Feuer in a hand as dealt (after the dealer's choice) ends the round at once; Feuer outranks 31. */
export function checkDealEnd(state: MatchState, events: GameEvent[]): Transition {
  const round = state.round!;
  const { rules } = state;
  const hands = round.hands.filter((h): h is readonly Card[] => h !== null);
  if (hands.some((hand) => isFire(hand, rules))) return endRound(state, round, "fire", events);
  if (rules.thirtyOne !== "noEnd" && hands.some((hand) => handValue(hand, rules) === 31)) {
    return endRound(state, round, "thirtyOne", events);
  }
  return { state, events };
}

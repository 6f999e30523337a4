import type { Card } from "./cards.js";
import type { Action, ActionList, MatchState, RoundState } from "./state.js";
import type { TableView } from "./view.js";

/**
 * A guess of what a seat cannot see: every other hand in the round and the stock (top card first).
 * Bots that search (determinization) build many of these and play them out with the real transition.
 */
export interface HiddenGuess {
  /** One hand per seat: the viewer's own hand may be left null (the view's is used); seats out of the round null. */
  readonly hands: readonly (readonly Card[] | null)[];
  readonly stock: readonly Card[];
  /** `dealerChooses`, before the choice: the dealer's second packet. */
  readonly extra?: readonly Card[] | null;
}

function actionList(history: readonly Action[]): ActionList | null {
  let list: ActionList | null = null;
  for (const action of history) list = { action, prev: list };
  return list;
}

/**
 * A full match state that agrees with a seat's view and a guess of the hidden cards (a determinization).
 * Only the round in play is rebuilt (finished rounds are left out); the state is good for `legalActions` and
 * `applyAction` until the round ends, and the round's end charges lives exactly as the real match would.
 * Returns null when the view shows no round in play.
 */
export function worldFromView(view: TableView, guess: HiddenGuess): MatchState | null {
  if (view.phase !== "playing" && view.phase !== "choosing") return null;
  if (view.toAct === null) return null;
  const hands = view.handSizes.map((size, seat) => {
    if (size === 0) return null;
    if (seat === view.viewer && view.hand) return view.hand;
    return guess.hands[seat] ?? null;
  });
  const choosing = view.phase === "choosing";
  const last = view.history[view.history.length - 1];
  const redealtThisTurn = last !== undefined && last.type === "redeal" && last.seat === view.toAct;
  const round: RoundState = {
    index: view.round,
    dealer: view.dealer,
    deal: { hands, middle: view.middle, stock: guess.stock, extra: choosing ? (guess.extra ?? null) : null },
    seed: null,
    hands,
    middle: view.middle,
    extra: choosing ? (guess.extra ?? null) : null,
    stock: guess.stock,
    stockTop: 0,
    discarded: view.discarded,
    seatsInRound: view.seatsInRound,
    toAct: view.toAct,
    mustChoose: choosing,
    turns: view.turns,
    knocker: view.knocker,
    turnsAfterKnock: view.turnsAfterKnock,
    passRun: view.passRun,
    // The view does not say why a redeal is allowed; offering it exactly when it is legal gives the same actions.
    redealOffered: view.legal.some((a) => a.type === "redeal"),
    redealtThisTurn,
    actions: actionList(view.history),
    actionCount: view.history.length,
    endReason: null,
  };
  return {
    rules: view.rules,
    seatCount: view.seatCount,
    lives: view.lives,
    status: view.status,
    // Somebody at 0 lives (or out) means the first swimmer has been seen already.
    swimmingTaken: view.status.some((s, seat) => s !== "alive" || view.lives[seat] === 0),
    nextDealer: view.nextDealer,
    round,
    finished: [],
    over: false,
    winner: null,
    draw: false,
    rng: null,
  };
}

import type { Card } from "./cards.js";
import type { Rules } from "./rules.js";
import { endRound } from "./scoring.js";
import { isLowMiddle } from "./turn.js";
import {
  type Action,
  type ActionList,
  type EndReason,
  type MatchState,
  type Move,
  type RoundState,
  nextSeat,
} from "./state.js";
import { handValue, isFire } from "./value.js";
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

/** One seat's turn inside a fast play-out: what a play-out policy sees. Arrays are the simulator's; never mutate. */
export interface PlayoutTurn {
  readonly rules: Rules;
  readonly seat: number;
  readonly hand: readonly Card[];
  readonly middle: readonly Card[];
  readonly canKnock: boolean;
  readonly canPass: boolean;
  readonly canRedeal: boolean;
  readonly turns: number;
  readonly seatsInRound: number;
  readonly knocker: number | null;
}

/** A play-out policy picks a move (never `choose`); an illegal move is replaced by a pass or the first swap. */
export type PlayoutChooser = (turn: PlayoutTurn) => Move;

/**
 * Plays the round in `state` to its end with `policy` for every seat, on mutable copies (no events, no checks
 * beyond legality), and returns the state after the round's scoring. It follows `applyAction` turn for turn
 * (a test holds it to that) and exists because searching bots play thousands of rounds per decision.
 * A round still running after `cap` actions is returned unscored; a round waiting for `choose` is returned as is.
 */
export function playOutRound(state: MatchState, policy: PlayoutChooser, cap = 400): MatchState {
  const round = state.round;
  if (state.over || round === null || round.endReason !== null || round.mustChoose || round.middle === null)
    return state;
  const rules = state.rules;
  const hands = round.hands.map((h) => (h === null ? null : h.slice()));
  let middle = round.middle.slice();
  const stock = round.stock;
  let top = round.stockTop;
  let { toAct, turns, knocker, turnsAfterKnock, passRun, redealOffered, redealtThisTurn } = round;
  const n = round.seatsInRound;
  let reason: EndReason | null = null;
  for (let step = 0; step < cap && reason === null; step++) {
    const seat = toAct;
    const hand = hands[seat]!;
    const stockLeft = stock.length - top;
    const canRedeal =
      !redealtThisTurn && stockLeft >= 3 && ((rules.lowMiddleRedeal && isLowMiddle(middle)) || redealOffered);
    const canKnock = knocker === null && (rules.knock === "anytime" || turns >= n);
    const canPass = rules.allPass !== "forbidden";
    let move = policy({ rules, seat, hand, middle, canKnock, canPass, canRedeal, turns, seatsInRound: n, knocker });
    if (
      (move.type === "redeal" && !canRedeal) ||
      (move.type === "knock" && !canKnock) ||
      (move.type === "pass" && !canPass) ||
      (move.type === "swapAll" && !rules.swapAll) ||
      (move.type === "swap" && (!hand.includes(move.give) || !middle.includes(move.take))) ||
      move.type === "choose"
    ) {
      move = canPass ? { type: "pass" } : { type: "swap", give: hand[0]!, take: middle[0]! };
    }
    if (move.type === "redeal") {
      middle = stock.slice(top, top + 3);
      top += 3;
      redealOffered = false;
      redealtThisTurn = true;
      passRun = 0;
      continue;
    }
    if (knocker !== null) turnsAfterKnock--;
    let swapped = false;
    let run = 0;
    if (move.type === "swap") {
      hand[hand.indexOf(move.give)] = move.take;
      middle[middle.indexOf(move.take)] = move.give;
      swapped = true;
    } else if (move.type === "swapAll") {
      hands[seat] = middle;
      middle = hand;
      swapped = true;
    } else if (move.type === "pass") run = knocker === null ? passRun + 1 : 0;
    else {
      knocker = seat;
      turnsAfterKnock = n - 1;
    }
    passRun = run;
    turns++;
    redealOffered = false;
    redealtThisTurn = false;
    toAct = nextSeat(state, seat);
    if (swapped) {
      const now = hands[seat]!;
      if (isFire(now, rules)) reason = "fire";
      else if (rules.thirtyOne !== "noEnd" && handValue(now, rules) === 31) reason = "thirtyOne";
      if (reason) break;
    }
    if (knocker !== null && turnsAfterKnock === 0) reason = "knock";
    else if (passRun === n && rules.allPass !== "nothing") {
      passRun = 0;
      if (stock.length - top < 3) reason = "stockEmpty";
      else if (rules.allPass === "onRequest") redealOffered = true;
      else {
        middle = stock.slice(top, top + 3);
        top += 3;
      }
    } else if (passRun === n) passRun = 0;
  }
  const played: RoundState = {
    ...round,
    hands,
    middle,
    stockTop: top,
    toAct,
    turns,
    knocker,
    turnsAfterKnock,
    passRun,
    redealOffered,
    redealtThisTurn,
  };
  if (reason === null) return { ...state, round: played };
  return endRound(state, played, reason, []).state;
}

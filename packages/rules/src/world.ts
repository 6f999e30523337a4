import type { Card } from "./cards.js";
import type { Rules } from "./rules.js";
import { checkPlay, mayKnock, mayRedeal, step } from "./core.js";
import { endRound } from "./scoring.js";
import {
  type Action,
  type ActionList,
  type EndReason,
  type MatchState,
  type Move,
  type RoundState,
  copyMatch,
  copyRound,
} from "./state.js";
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
  /** A hidden deal: the packet of the seat to act, when that is not the viewer (who sees it). */
  readonly packet?: readonly Card[] | null;
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
 * Returns null when the view shows no round in play, or a hidden deal's packet is neither seen nor guessed.
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
  const hidden = view.rules.deal === "hidden";
  const packet = hidden ? (view.packet ?? guess.packet ?? null) : null;
  if (hidden && packet === null) return null;
  const extra = choosing ? (guess.extra ?? null) : null;
  const round: RoundState = {
    index: view.round,
    dealer: view.dealer,
    deal: hidden ? { hands, packet, stock: guess.stock } : { hands, middle: view.middle, stock: guess.stock, extra },
    seed: null,
    hands,
    middle: view.middle,
    extra,
    packet,
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
  /** The open cards; empty in a hidden deal. */
  readonly middle: readonly Card[];
  readonly canKnock: boolean;
  readonly canPass: boolean;
  readonly canRedeal: boolean;
  readonly turns: number;
  readonly seatsInRound: number;
  readonly knocker: number | null;
  /** A hidden deal: the packet the seat holds (it passes two of its five cards on, or knocks). */
  readonly packet?: readonly Card[] | null;
}

/** A play-out policy picks a move (never `choose`); an illegal move is replaced by a pass or the first swap. */
export type PlayoutChooser = (turn: PlayoutTurn) => Move;

const PASS: Move = Object.freeze({ type: "pass" });
const NO_CARDS: readonly Card[] = Object.freeze([]);

/** What a play-out does instead of an illegal move: pass, else swap the first cards; pass the packet on as it came. */
function fallback(state: MatchState, round: RoundState, seat: number): Move {
  if (round.packet !== null) return { type: "passOn", give: round.packet };
  if (state.rules.allPass !== "forbidden") return PASS;
  return { type: "swap", give: round.hands[seat]![0]!, take: round.middle![0]! };
}

/**
 * Plays the round in `state` to its end with `policy` for every seat and returns the state after the round's
 * scoring. It runs the engine's own turn rules (`checkPlay` and `step`, as `applyAction` does) on one mutable copy
 * of the round, without events or an action log, because searching bots play thousands of rounds per decision.
 * A round still running after `cap` actions is returned unscored; a round waiting for `choose` is returned as is.
 */
export function playOutRound(state: MatchState, policy: PlayoutChooser, cap = 400): MatchState {
  const round = state.round;
  if (state.over || round === null || round.endReason !== null || round.mustChoose) return state;
  const rules = state.rules;
  const work = copyRound(round);
  work.hands = round.hands.map((h) => (h === null ? null : h.slice()));
  work.middle = round.middle === null ? null : round.middle.slice();
  const canPass = rules.allPass !== "forbidden";
  let reason: EndReason | null = null;
  for (let n = 0; n < cap && reason === null; n++) {
    const seat = work.toAct;
    const turn: PlayoutTurn = {
      rules,
      seat,
      hand: work.hands[seat]!,
      middle: work.middle ?? NO_CARDS,
      canKnock: mayKnock(rules, work),
      canPass,
      canRedeal: mayRedeal(rules, work),
      turns: work.turns,
      seatsInRound: work.seatsInRound,
      knocker: work.knocker,
      packet: work.packet,
    };
    let move = policy(turn);
    if (checkPlay(state, work, seat, move) !== null) move = fallback(state, work, seat);
    reason = step(state, work, seat, move, null);
  }
  if (reason !== null) return endRound(state, work, reason, []).state;
  const next = copyMatch(state);
  next.round = work;
  return next;
}

import type { Card } from "./cards.js";
import type { Rules } from "./rules.js";
import type { RngState } from "./rng.js";

export type SeatStatus = "alive" | "swimming" | "out";
export type EndReason = "knock" | "thirtyOne" | "fire" | "stockEmpty";
export type Packet = "first" | "second";

/**
 * What a seat does. `choose` and `redeal` are not turns; the others are. `passOn` (hidden deal only) keeps three of
 * the five cards (hand and packet) and hands the two in `give` on. In a view's history, another seat's `passOn` has
 * an empty `give`: the cards passed on are not seen.
 */
export type Move =
  | { readonly type: "swap"; readonly give: Card; readonly take: Card }
  | { readonly type: "passOn"; readonly give: readonly Card[] }
  | { readonly type: "swapAll" }
  | { readonly type: "pass" }
  | { readonly type: "knock" }
  | { readonly type: "choose"; readonly packet: Packet }
  | { readonly type: "redeal" };

export type MoveType = Move["type"];
export type Action = Move & { readonly seat: number };

/** A deal as a record states it: one hand per seat (null for a seat that is out), the middle, the stock top first. */
export interface Deal {
  readonly hands: readonly (readonly Card[] | null)[];
  /** The open cards; null or absent until the dealer has chosen in a `dealerChooses` round. */
  readonly middle?: readonly Card[] | null;
  readonly stock: readonly Card[];
  /** The dealer's second packet in a `dealerChooses` round. */
  readonly extra?: readonly Card[] | null;
  /** The first seat's packet of two in a hidden deal (`"deal": "hidden"`). */
  readonly packet?: readonly Card[] | null;
}

/** One finished round as the outcome of the record contract reports it. */
export interface RoundResult {
  readonly dealer: number;
  readonly endReason: EndReason;
  readonly hands: readonly (readonly Card[] | null)[];
  readonly values: readonly (number | null)[];
  readonly lifeLosses: readonly number[];
  readonly lives: readonly number[];
  readonly state: readonly SeatStatus[];
}

/** Actions of a round, newest first: appending shares the tail, so states stay immutable and cheap. */
export interface ActionList {
  readonly action: Action;
  readonly prev: ActionList | null;
}

export interface RoundState {
  readonly index: number;
  readonly dealer: number;
  /** The deal as it was made, kept for records. */
  readonly deal: Deal;
  /** The seed the deal was shuffled from, if any. Secret while the round runs: never in a view. */
  readonly seed: string | null;
  readonly hands: readonly (readonly Card[] | null)[];
  readonly middle: readonly Card[] | null;
  readonly extra: readonly Card[] | null;
  /** Hidden deal: the packet of two, held by the seat to act. Null in other deals. */
  readonly packet: readonly Card[] | null;
  readonly stock: readonly Card[];
  /** Index of the stock's current top card: taking cards moves it instead of copying the stock. */
  readonly stockTop: number;
  /** Open cards that left play (old middles). */
  readonly discarded: readonly Card[];
  readonly seatsInRound: number;
  /** The seat to act (for `choose`, the dealer). */
  readonly toAct: number;
  readonly mustChoose: boolean;
  readonly turns: number;
  readonly knocker: number | null;
  /** After a knock: how many seats still act before the round ends. */
  readonly turnsAfterKnock: number;
  /** Passes in a row, counting towards "everyone passed". */
  readonly passRun: number;
  /** `allPass: "onRequest"`: the seat to act may ask for a new middle now. */
  readonly redealOffered: boolean;
  /** A redeal happened at the start of the current turn (only one per turn). */
  readonly redealtThisTurn: boolean;
  readonly actions: ActionList | null;
  readonly actionCount: number;
  readonly endReason: EndReason | null;
}

export interface RoundLog {
  readonly deal: Deal;
  readonly actions: readonly Action[];
  readonly result: RoundResult;
}

export interface MatchState {
  readonly rules: Rules;
  readonly seatCount: number;
  readonly lives: readonly number[];
  readonly status: readonly SeatStatus[];
  /** `swimming: "firstOnly"`: somebody has already reached 0 lives in an earlier round. */
  readonly swimmingTaken: boolean;
  /** Who deals the next round. */
  readonly nextDealer: number;
  /** The round in play, or the last one played. */
  readonly round: RoundState | null;
  /** Every finished round, oldest first. */
  readonly finished: readonly RoundLog[];
  readonly over: boolean;
  readonly winner: number | null;
  readonly draw: boolean;
  /** A match seeded once draws each round's seed from here. */
  readonly rng: RngState | null;
}

export type Phase = "dealing" | "choosing" | "playing" | "over";

export function phaseOf(state: MatchState): Phase {
  if (state.over) return "over";
  const round = state.round;
  if (round === null || round.endReason !== null) return "dealing";
  return round.mustChoose ? "choosing" : "playing";
}

export type GameEvent =
  | {
      readonly type: "roundStarted";
      readonly round: number;
      readonly dealer: number;
      readonly middle: readonly Card[] | null;
      readonly stockSize: number;
    }
  | { readonly type: "chose"; readonly seat: number; readonly packet: Packet; readonly middle: readonly Card[] }
  | { readonly type: "swapped"; readonly seat: number; readonly give: Card; readonly take: Card }
  | {
      readonly type: "swappedAll";
      readonly seat: number;
      readonly gave: readonly Card[];
      readonly took: readonly Card[];
    }
  | { readonly type: "passed"; readonly seat: number }
  /** Hidden deal: `seat` handed the packet on to `to` (after a `passOn`; a `knock` hands it on too, unchanged). */
  | { readonly type: "passedOn"; readonly seat: number; readonly to: number }
  | { readonly type: "knocked"; readonly seat: number }
  | {
      readonly type: "middleRenewed";
      readonly seat: number;
      readonly reason: "allPassed" | "requested" | "lowMiddle";
      readonly discarded: readonly Card[];
      readonly middle: readonly Card[];
    }
  | { readonly type: "roundEnded"; readonly round: number; readonly reason: EndReason; readonly result: RoundResult }
  | { readonly type: "livesLost"; readonly seat: number; readonly count: number; readonly lives: number }
  | { readonly type: "swimming"; readonly seat: number }
  | { readonly type: "out"; readonly seat: number }
  | { readonly type: "matchEnded"; readonly winner: number | null; readonly draw: boolean };

export interface Transition {
  readonly state: MatchState;
  readonly events: readonly GameEvent[];
}

export function actionsOf(round: RoundState): Action[] {
  // Pushed newest first and then turned round in place (the list is this function's own): a list without holes
  // (see `listOf`), and no second copy.
  const out: Action[] = [];
  for (let node = round.actions; node !== null; node = node.prev) out.push(node.action);
  // oxlint-disable-next-line unicorn/no-array-reverse
  return out.reverse();
}

/**
 * `count` times `value` in a list without holes. `new Array(n).fill(v)` makes a "holey" list, which V8 reads on a
 * slower path for good, JSON.stringify included (every outcome and view carries such per-seat lists).
 */
export function listOf<T>(count: number, value: T): T[] {
  const out: T[] = [];
  for (let i = 0; i < count; i++) out.push(value);
  return out;
}

/** The next seat in playing order that is still in the match. */
export function nextSeat(state: Pick<MatchState, "rules" | "seatCount" | "status">, seat: number): number {
  const count = state.seatCount;
  const clockwise = state.rules.direction === "clockwise";
  let next = seat;
  for (let i = 0; i < count; i++) {
    // Stepping without `%`: this runs on every turn.
    if (clockwise) next = next + 1 === count ? 0 : next + 1;
    else next = next === 0 ? count - 1 : next - 1;
    if (state.status[next] !== "out") return next;
  }
  return seat;
}

export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * A fresh copy of a round to fill in before it is handed out (states stay immutable to everyone else).
 * Every field is listed so that all rounds share one object shape: this is the engine's hot path.
 */
export function copyRound(r: RoundState): Mutable<RoundState> {
  return {
    index: r.index,
    dealer: r.dealer,
    deal: r.deal,
    seed: r.seed,
    hands: r.hands,
    middle: r.middle,
    extra: r.extra,
    packet: r.packet,
    stock: r.stock,
    stockTop: r.stockTop,
    discarded: r.discarded,
    seatsInRound: r.seatsInRound,
    toAct: r.toAct,
    mustChoose: r.mustChoose,
    turns: r.turns,
    knocker: r.knocker,
    turnsAfterKnock: r.turnsAfterKnock,
    passRun: r.passRun,
    redealOffered: r.redealOffered,
    redealtThisTurn: r.redealtThisTurn,
    actions: r.actions,
    actionCount: r.actionCount,
    endReason: r.endReason,
  };
}

/** A fresh copy of a match state (see `copyRound`). */
export function copyMatch(s: MatchState): Mutable<MatchState> {
  return {
    rules: s.rules,
    seatCount: s.seatCount,
    lives: s.lives,
    status: s.status,
    swimmingTaken: s.swimmingTaken,
    nextDealer: s.nextDealer,
    round: s.round,
    finished: s.finished,
    over: s.over,
    winner: s.winner,
    draw: s.draw,
    rng: s.rng,
  };
}

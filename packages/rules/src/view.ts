import type { Card } from "./cards.js";
import type { Rules } from "./rules.js";
import {
  type Action,
  type MatchState,
  type Phase,
  type RoundResult,
  type RoundState,
  type SeatStatus,
  actionsOf,
  listOf,
  phaseOf,
} from "./state.js";
import { legalActions } from "./turn.js";

/**
 * What one seat (or a spectator) may know: its own hand, the open cards, counts, lives, whose turn, the public
 * history of the round, and the hands shown at the last round's end. Never another hand, the stock or a seed; in a
 * hidden deal the packet only while the viewer holds it, and the cards another seat passed on never.
 * Bots, hints and every message to a client are built from this.
 */
export interface TableView {
  /** The seat this view is for; null for a spectator. */
  readonly viewer: number | null;
  readonly rules: Rules;
  readonly seatCount: number;
  readonly phase: Phase;
  /** Index of the round in play or last played; -1 before the first deal. */
  readonly round: number;
  /** The dealer of the round in play (or of the last one); before the first deal, the first dealer. */
  readonly dealer: number;
  readonly nextDealer: number;
  readonly lives: readonly number[];
  readonly status: readonly SeatStatus[];
  /** The viewer's own hand; null for spectators and seats out of the round. */
  readonly hand: readonly Card[] | null;
  /** Cards each seat holds (0 for seats out of the round). */
  readonly handSizes: readonly number[];
  readonly middle: readonly Card[] | null;
  /** A hidden deal: the packet of two, while the viewer holds it (on its turn); else null. */
  readonly packet: readonly Card[] | null;
  /** A hidden deal: the seat that holds the packet (the seat to act); null in other deals and between rounds. */
  readonly packetHolder: number | null;
  readonly stockSize: number;
  /** Open cards that left play this round (old middles), oldest first. */
  readonly discarded: readonly Card[];
  /** The seat to act; null between rounds and at the end. */
  readonly toAct: number | null;
  readonly knocker: number | null;
  readonly turns: number;
  readonly turnsAfterKnock: number;
  readonly passRun: number;
  readonly seatsInRound: number;
  /**
   * The round's actions so far, all of them public, except the cards of another seat's `passOn` (a hidden deal):
   * there `give` is empty. The viewer's own `passOn` names the cards it passed on.
   */
  readonly history: readonly Action[];
  /** The viewer's legal actions now; empty when it is not the viewer's turn. */
  readonly legal: readonly Action[];
  /** The last finished round, with every hand shown. */
  readonly lastResult: RoundResult | null;
  readonly over: boolean;
  readonly winner: number | null;
  readonly draw: boolean;
}

function buildView(state: MatchState, viewer: number | null): TableView {
  const round = state.round;
  const phase = phaseOf(state);
  const playing = phase === "playing" || phase === "choosing";
  const own = round !== null && viewer !== null ? (round.hands[viewer] ?? null) : null;
  const last = state.finished[state.finished.length - 1];
  const toAct = playing && round ? round.toAct : null;
  return {
    viewer,
    rules: state.rules,
    seatCount: state.seatCount,
    phase,
    round: round ? round.index : -1,
    dealer: round ? round.dealer : state.nextDealer,
    nextDealer: state.nextDealer,
    lives: state.lives,
    status: state.status,
    hand: own,
    handSizes: round ? round.hands.map((h) => (h === null ? 0 : 3)) : listOf(state.seatCount, 0),
    middle: round ? round.middle : null,
    packet: playing && round !== null && viewer === round.toAct ? round.packet : null,
    packetHolder: playing && round !== null && round.packet !== null ? round.toAct : null,
    stockSize: round ? round.stock.length - round.stockTop : 0,
    discarded: round ? round.discarded : [],
    toAct,
    knocker: round ? round.knocker : null,
    turns: round ? round.turns : 0,
    turnsAfterKnock: round ? round.turnsAfterKnock : 0,
    passRun: round ? round.passRun : 0,
    seatsInRound: round ? round.seatsInRound : state.status.filter((s) => s !== "out").length,
    history: round ? historyFor(round, viewer) : [],
    legal: viewer !== null && toAct === viewer ? legalActions(state) : [],
    lastResult: last ? last.result : null,
    over: state.over,
    winner: state.winner,
    draw: state.draw,
  };
}

/** The round's actions as `viewer` may see them: another seat's `passOn` without its cards. */
function historyFor(round: RoundState, viewer: number | null): Action[] {
  const history = actionsOf(round);
  if (round.packet === null) return history;
  return history.map((action) =>
    action.type === "passOn" && action.seat !== viewer ? hiddenPassOn(action.seat) : action,
  );
}

const hiddenPassOns: Action[] = [];
/** Another seat's `passOn` as a view shows it: who passed the packet on, not which cards (shared, frozen). */
const hiddenPassOn = (seat: number): Action =>
  hiddenPassOns[seat] ?? (hiddenPassOns[seat] = Object.freeze({ seat, type: "passOn", give: Object.freeze([]) }));

export const viewFor = (state: MatchState, seat: number): TableView => buildView(state, seat);
export const spectatorView = (state: MatchState): TableView => buildView(state, null);

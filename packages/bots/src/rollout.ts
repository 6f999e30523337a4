import { type Action, type MatchState, type Move, applyAction, legalActions } from "@schwimmen/rules";
import { type Situation, KEEP_FIRST_PACKET, greedyMove, situationOfState } from "./greedy.js";
import { valueOf } from "./hand.js";

/** A turn policy for play-outs: the move for the seat to act in a full state. */
export type PlayoutPolicy = (s: Situation, seat: number) => Move;

/** Play-outs stop after this many actions and are scored as they stand (the bots' own loop cap ends far sooner). */
const PLAYOUT_CAP = 400;

/**
 * A seat's share of the match as the lives stand: each seat still in counts its losses to go (lives, plus one
 * for swimming) squared; a finished match is 1 for the winner. Cheap and smooth enough to compare actions by.
 */
export function equity(state: MatchState, seat: number): number {
  if (state.over) return state.winner === seat ? 1 : state.draw && state.status[seat] !== "out" ? 0.3 : 0;
  if (state.status[seat] === "out") return 0;
  let total = 0;
  let mine = 0;
  for (let s = 0; s < state.seatCount; s++) {
    if (state.status[s] === "out") continue;
    const swims = state.rules.swimming !== "off" ? 1 : 0;
    const togo = state.lives[s]! + (state.status[s] === "swimming" ? 1 : swims);
    const w = togo * togo;
    total += w;
    if (s === seat) mine = w;
  }
  return total > 0 ? mine / total : 0;
}

function toAction(state: MatchState, legal: readonly Action[], move: Move): Action {
  for (const a of legal) {
    if (a.type !== move.type) continue;
    if (a.type === "swap" && move.type === "swap" && (a.give !== move.give || a.take !== move.take)) continue;
    if (a.type === "choose" && move.type === "choose" && a.packet !== move.packet) continue;
    return a;
  }
  void state;
  return legal[0]!;
}

/** Plays the round in `state` to its end with `policy` for every seat; returns the state after the round. */
export function playOut(start: MatchState, policy: PlayoutPolicy): MatchState {
  let state = start;
  for (let step = 0; step < PLAYOUT_CAP; step++) {
    const round = state.round;
    if (state.over || round === null || round.endReason !== null) return state;
    const legal = legalActions(state);
    let move: Move;
    if (round.mustChoose) {
      const keep = valueOf(round.hands[round.toAct]!, state.rules) >= KEEP_FIRST_PACKET;
      move = { type: "choose", packet: keep ? "first" : "second" };
    } else {
      const types = new Set(legal.map((a) => a.type));
      move = policy(situationOfState(state, types), round.toAct);
    }
    const next = applyAction(state, toAction(state, legal, move));
    if (!next.ok) return state;
    state = next.value.state;
  }
  return state;
}

/** The greedy baseline for everybody, knocking at the given values (per seat). */
export const greedyPolicy =
  (knockAt: (seat: number) => number): PlayoutPolicy =>
  (s, seat) =>
    greedyMove(s, knockAt(seat));

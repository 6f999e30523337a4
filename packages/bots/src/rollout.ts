import { type MatchState, type PlayoutChooser, playOutRound } from "@schwimmen/rules";
import { greedyMove } from "./greedy.js";

/** A turn policy for play-outs (the rules' fast simulator calls it for every seat). */
export type PlayoutPolicy = PlayoutChooser;

/**
 * A seat's share of the match as the lives stand: each seat still in counts its losses to go (lives, plus one
 * for swimming) squared; a finished match is 1 for the winner. Cheap and smooth enough to compare actions by.
 */
export function equity(state: MatchState, seat: number, power = 2): number {
  if (state.over) return state.winner === seat ? 1 : state.draw && state.status[seat] !== "out" ? 0.3 : 0;
  if (state.status[seat] === "out") return 0;
  const swims = state.rules.swimming !== "off" ? 1 : 0;
  let total = 0;
  let mine = 0;
  for (let s = 0; s < state.seatCount; s++) {
    if (state.status[s] === "out") continue;
    const togo = state.lives[s]! + (state.status[s] === "swimming" ? 1 : swims);
    const w = power === 2 ? togo * togo : togo ** power;
    total += w;
    if (s === seat) mine = w;
  }
  return total > 0 ? mine / total : 0;
}

/** Plays the round in `state` to its end with `policy` for every seat; returns the state after the round. */
export const playOut = (state: MatchState, policy: PlayoutPolicy): MatchState => playOutRound(state, policy);

/** The greedy baseline for everybody, knocking at the given values (per seat). */
export const greedyPolicy =
  (knockAt: (seat: number) => number): PlayoutPolicy =>
  (turn) =>
    greedyMove(turn, knockAt(turn.seat));

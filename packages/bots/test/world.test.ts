import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Action,
  type MatchState,
  type Move,
  Rng,
  applyAction,
  dealRound,
  legalActions,
  newMatch,
  playOutRound,
  viewFor,
  worldFromView,
} from "@schwimmen/rules";
import { createBot } from "../src/index.js";
import { greedyMove } from "../src/greedy.js";
import { has } from "../src/moves.js";
import { tableArb } from "./helpers.js";

/** The reference: the same policy played through the engine's own transition, one action at a time. */
function playOutByEngine(start: MatchState, choose: (state: MatchState) => Move): MatchState {
  let state = start;
  for (let i = 0; i < 400 && state.round && state.round.endReason === null && !state.over; i++) {
    const move = choose(state);
    const seat = state.round.toAct;
    const legal = legalActions(state);
    const action =
      legal.find((a) => JSON.stringify({ ...a, seat: undefined }) === JSON.stringify({ ...move, seat: undefined })) ??
      legal[0]!;
    const next = applyAction(state, { ...action, seat } as Action);
    if (!next.ok) throw new Error(next.error.message);
    state = next.value.state;
  }
  return state;
}

/** A first position of a seeded match's first round (dealt, not ended at the deal), or null. */
function firstPosition(rules: MatchState["rules"], seats: number, seed: number): MatchState | null {
  const started = newMatch({ rules, seats, seed: `w-${seed}` });
  if (!started.ok) return null;
  const dealt = dealRound(started.value);
  if (!dealt.ok || dealt.value.state.round!.endReason !== null) return null;
  let state = dealt.value.state;
  if (state.round!.mustChoose)
    state = (applyAction(state, legalActions(state)[0]!) as { value: { state: MatchState } }).value.state;
  return state.round!.endReason === null ? state : null;
}

describe("worldFromView and playOutRound", () => {
  it("rebuild the true state from a view and the true hidden cards: same legal actions, same play-out", () => {
    fc.assert(
      fc.property(tableArb, fc.nat(), fc.integer({ min: 0, max: 12 }), ({ rules, seats }, seed, steps) => {
        let state = firstPosition(rules, seats, seed);
        if (!state) return;
        const bot = createBot("random");
        const rng = Rng.fromSeed(`s${seed}`);
        for (let i = 0; i < steps && state.round!.endReason === null; i++) {
          const action = bot.decide(viewFor(state, state.round!.toAct), { rng });
          state = (applyAction(state, action) as { value: { state: MatchState } }).value.state;
        }
        if (state.round!.endReason !== null) return;
        const round = state.round!;
        const view = viewFor(state, round.toAct);
        const world = worldFromView(view, { hands: round.hands, stock: round.stock.slice(round.stockTop) })!;
        expect(legalActions(world)).toEqual(legalActions(state));
        const policy = (s: MatchState): Move => {
          const v = viewFor(s, s.round!.toAct);
          return greedyMove(
            {
              rules: s.rules,
              hand: v.hand!,
              middle: v.middle!,
              canKnock: has(v, "knock"),
              canPass: has(v, "pass"),
              canRedeal: has(v, "redeal"),
              turns: v.turns,
              seatsInRound: v.seatsInRound,
            },
            25,
          );
        };
        const fast = playOutRound(world, (turn) => greedyMove(turn, 25));
        const slow = playOutByEngine(state, policy);
        expect(fast.round!.endReason).toEqual(slow.round!.endReason);
        expect(fast.round!.hands).toEqual(slow.round!.hands);
        expect(fast.lives).toEqual(slow.lives);
        expect(fast.status).toEqual(slow.status);
      }),
      { numRuns: 150 },
    );
  });
});

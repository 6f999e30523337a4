import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type MatchState, Rng, applyAction, dealRound, newMatch, viewFor } from "@schwimmen/rules";
import { createBot } from "../src/index.js";
import { MiddleMemory, trackRound } from "../src/tracker.js";
import { sampleWorld } from "../src/sampler.js";
import { tableArb } from "./helpers.js";

describe("card tracking from the public history", () => {
  it("only ever places a card in a hand that truly holds it, and samples worlds that agree with the view", () => {
    fc.assert(
      fc.property(tableArb(6), fc.nat(), ({ rules, seats }, seed) => {
        const n = seats;
        const started = newMatch({ rules, seats: n, seed: `t-${seed}` });
        if (!started.ok) return;
        let state: MatchState = started.value;
        const bots = Array.from({ length: n }, (_, i) => createBot(i % 2 ? "greedy" : "random"));
        const rng = Rng.fromSeed(`t${seed}`);
        // What each seat saw at its earlier turns (as the searching bots remember it).
        const memories = Array.from({ length: n }, () => new MiddleMemory());
        for (let step = 0; step < 60 && !state.over; step++) {
          if (state.round === null || state.round.endReason !== null) {
            state = (dealRound(state) as { value: { state: MatchState } }).value.state;
            continue;
          }
          const round = state.round;
          const view = viewFor(state, round.toAct);
          memories[round.toAct]!.observe(view);
          const tracking = trackRound(view, memories[round.toAct]!.seenBefore(view));
          tracking.known.forEach((cards, seat) => {
            for (const card of cards) expect(round.hands[seat]).toContain(card);
          });
          const guess = sampleWorld(view, tracking, rng);
          const hidden = [...guess.hands.flatMap((h) => h ?? []), ...guess.stock, ...(guess.extra ?? [])];
          const truth = [
            ...round.hands.flatMap((h, s) => (s === round.toAct || h === null ? [] : h)),
            ...round.stock.slice(round.stockTop),
            ...(round.extra ?? []),
            // A hidden deal: the packet is the seat's own to see.
            ...(view.packet ? [] : (round.packet ?? [])),
          ];
          expect(hidden.slice().sort()).toEqual(truth.slice().sort());
          const action = bots[round.toAct]!.decide(view, { rng });
          state = (applyAction(state, action) as { value: { state: MatchState } }).value.state;
        }
      }),
      { numRuns: 80 },
    );
  });
});

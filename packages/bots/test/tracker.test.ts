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

describe("a seat's memory of the middles it saw", () => {
  it("gives back only what the same seat saw: another seat's hand never reaches it", () => {
    const started = newMatch({ seats: 3, seed: "memory" });
    if (!started.ok) throw new Error(started.error.message);
    const dealt = dealRound(started.value);
    if (!dealt.ok) throw new Error(dealt.error.message);
    let state: MatchState = dealt.value.state;
    const memory = new MiddleMemory();
    // One memory asked for every seat in turn (as a bot shared by mistake would be): each sees only its own.
    for (let turn = 0; turn < 4; turn++) {
      const seat = state.round!.toAct;
      const view = viewFor(state, seat);
      memory.observe(view);
      for (const seen of memory.seenBefore(view)) expect(seen.viewer).toBe(seat);
      const applied = applyAction(state, { seat, type: "pass" });
      if (!applied.ok) throw new Error(applied.error.message);
      state = applied.value.state;
    }
    const first = state.round!.toAct;
    const later = viewFor(state, first);
    const own = memory.seenBefore(later);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((s) => s.viewer === first && s.hand !== null)).toBe(true);
  });
});

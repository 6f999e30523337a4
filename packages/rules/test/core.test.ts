import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Action,
  type Card,
  type MatchState,
  type Move,
  type PlayoutTurn,
  type Rules,
  DEFAULT_RULES,
  Rng,
  applyAction,
  dealRound,
  legalActions,
  makeRecord,
  maxSeats,
  newMatch,
  playOutRound,
  replayRecord,
  viewFor,
  worldFromView,
} from "../src/index.js";
import { anyRules, assertProperty } from "./property.js";

/**
 * The turn rules are written once (core.ts) and reached three ways: `applyAction` (immutable states and events),
 * `playOutRound` (the bots' play-outs) and the bulk replay (one mutable round). These properties hold the three to
 * each other over random rule sets, the hidden deal and two decks included.
 */

const anyTable = anyRules.chain((rules) =>
  fc.record({
    rules: fc.constant(rules),
    seats: fc.integer({ min: 2, max: Math.min(maxSeats(rules.deck, rules.decks), 12) }),
    seed: fc.string({ minLength: 1, maxLength: 8 }),
    steps: fc.integer({ min: 0, max: 30 }),
  }),
);

/** Every move a policy might think of for this turn, legal or not (so that the fallback is exercised too). */
function movesOf(turn: PlayoutTurn): Move[] {
  const moves: Move[] = [{ type: "pass" }, { type: "knock" }, { type: "swapAll" }, { type: "redeal" }];
  for (const give of turn.hand) for (const take of turn.middle) moves.push({ type: "swap", give, take });
  const five = [...turn.hand, ...(turn.packet ?? [])];
  for (let i = 0; i < five.length; i++)
    for (let j = i + 1; j < five.length; j++) moves.push({ type: "passOn", give: [five[i]!, five[j]!] });
  return moves;
}

/** A random policy that draws exactly once per turn, so that two runs from one seed make the same choices. */
function randomPolicy(seed: string): (turn: PlayoutTurn) => Move {
  const rng = Rng.fromSeed(seed);
  return (turn) => {
    const moves = movesOf(turn);
    const roll = rng.below(moves.length * 4);
    // Mostly a move that exists for this hand; now and then a knock, so that rounds end.
    if (roll < moves.length) return moves[roll]!;
    if (roll < moves.length + 2 && turn.canKnock) return { type: "knock" };
    return moves[roll % moves.length]!;
  };
}

/** The turn a play-out policy sees, built from a full state through the public API. */
function turnOf(state: MatchState): PlayoutTurn {
  const round = state.round!;
  const legal = legalActions(state);
  return {
    rules: state.rules,
    seat: round.toAct,
    hand: round.hands[round.toAct]!,
    middle: round.middle ?? [],
    canKnock: legal.some((a) => a.type === "knock"),
    canPass: legal.some((a) => a.type === "pass"),
    canRedeal: legal.some((a) => a.type === "redeal"),
    turns: round.turns,
    seatsInRound: round.seatsInRound,
    knocker: round.knocker,
    packet: round.packet,
  };
}

/** The contract of play-outs: an illegal move is replaced by a pass, else the first swap; in a hidden deal by handing the packet on as it came. */
function fallbackOf(state: MatchState): Move {
  const round = state.round!;
  if (round.packet !== null) return { type: "passOn", give: round.packet };
  if (state.rules.allPass !== "forbidden") return { type: "pass" };
  return { type: "swap", give: round.hands[round.toAct]![0]!, take: round.middle![0]! };
}

const stateAfter = (state: MatchState, action: Action): MatchState => {
  const next = applyAction(state, action);
  if (!next.ok) throw new Error(`${next.error.code}: ${next.error.message}`);
  return next.value.state;
};

/** The same policy played through `applyAction`, one immutable state after another (a dealer's choice first). */
function playOutByEngine(start: MatchState, policy: (turn: PlayoutTurn) => Move, cap = 400): MatchState {
  let state = start.round!.mustChoose ? stateAfter(start, legalActions(start)[0]!) : start;
  for (let n = 0; n < cap && state.round!.endReason === null; n++) {
    const seat = state.round!.toAct;
    const move = policy(turnOf(state));
    let next = applyAction(state, { ...move, seat } as Action);
    if (!next.ok) next = applyAction(state, { ...fallbackOf(state), seat } as Action);
    if (!next.ok) throw new Error(`the fallback was refused: ${next.error.message}`);
    state = next.value.state;
  }
  return state;
}

function matchOf(rules: Rules, seats: number, seed: string): MatchState {
  const match = newMatch({ rules, seats, seed });
  if (!match.ok) throw new Error(match.error.message);
  return match.value;
}

/** A seeded match's first round after `steps` random legal actions; null when it has ended by then. */
function position(rules: Rules, seats: number, seed: string, steps: number): MatchState | null {
  const dealt = dealRound(matchOf(rules, seats, seed));
  if (!dealt.ok) throw new Error(dealt.error.message);
  let state = dealt.value.state;
  const rng = Rng.fromSeed(`steps ${seed}`);
  for (let i = 0; i < steps && state.round!.endReason === null; i++) {
    const legal = legalActions(state);
    state = stateAfter(state, legal[rng.below(legal.length)]!);
  }
  return state.round!.endReason === null ? state : null;
}

/** What a round and the match around it hold, for comparing states reached by different paths. */
const essence = (state: MatchState) => ({
  ...state,
  rng: null,
  finished: state.finished.map((f) => ({ deal: f.deal, actions: f.actions, result: f.result })),
  round: state.round && { ...state.round, actions: null, actionsLogged: state.round.actionCount },
});

describe("one rules core, three entry points", () => {
  it("playOutRound plays exactly as applyAction does, legal and illegal moves alike", () => {
    assertProperty(
      fc.property(anyTable, ({ rules, seats, seed, steps }) => {
        const start = position(rules, seats, seed, steps);
        if (!start || start.round!.mustChoose) return;
        const fast = playOutRound(start, randomPolicy(`policy ${seed}`));
        const slow = playOutByEngine(start, randomPolicy(`policy ${seed}`));
        const round = fast.round!;
        expect(round.endReason).toBe(slow.round!.endReason);
        expect(round.hands).toEqual(slow.round!.hands);
        expect(round.middle).toEqual(slow.round!.middle);
        expect(round.packet).toEqual(slow.round!.packet);
        expect(round.turns).toBe(slow.round!.turns);
        expect(fast.lives).toEqual(slow.lives);
        expect(fast.status).toEqual(slow.status);
        expect([fast.over, fast.winner, fast.draw, fast.nextDealer]).toEqual([
          slow.over,
          slow.winner,
          slow.draw,
          slow.nextDealer,
        ]);
      }),
      { numRuns: 200 },
    );
  });

  it("the bulk replay (one mutable round) and the observed replay (applyAction) reach the same state", () => {
    assertProperty(
      fc.property(anyTable, ({ rules, seats, seed }) => {
        let state = matchOf(rules, seats, seed);
        const policy = randomPolicy(`match ${seed}`);
        // Whole rounds, then one left unfinished (where the record stops).
        for (let r = 0; r < 8 && !state.over; r++) {
          const dealt = dealRound(state);
          if (!dealt.ok) throw new Error(dealt.error.message);
          state = dealt.value.state;
          if (state.round!.endReason === null) state = playOutByEngine(state, policy, r === 7 ? 5 : 120);
          if (state.round!.endReason === null) break;
        }
        const record = JSON.parse(
          JSON.stringify(
            makeRecord(
              state,
              Array.from({ length: seats }, (_, i) => `p${i}`),
            ),
          ),
        );
        const fast = replayRecord(record);
        const seen: number[] = [];
        const observed = replayRecord(record, (_before, _action, round, index) => seen.push(round * 1000 + index));
        if (!fast.ok || !observed.ok) throw new Error(JSON.stringify([fast, observed].find((x) => !x.ok)));
        expect(essence(fast.value.state)).toEqual(essence(observed.value.state));
        expect(legalActions(fast.value.state)).toEqual(legalActions(observed.value.state));
        const actions = (record.rounds as { actions: unknown[] }[]).reduce((n, round) => n + round.actions.length, 0);
        expect(seen.length).toBe(actions);
      }),
      { numRuns: 120 },
    );
  });

  it("a world rebuilt from a view and the true hidden cards has the same legal actions and play-out", () => {
    assertProperty(
      fc.property(anyTable, ({ rules, seats, seed, steps }) => {
        const state = position(rules, seats, seed, steps);
        if (!state) return;
        const round = state.round!;
        const view = viewFor(state, round.toAct);
        const world = worldFromView(view, {
          hands: round.hands,
          stock: round.stock.slice(round.stockTop),
          extra: round.extra,
        })!;
        expect(legalActions(world)).toEqual(legalActions(state));
        if (round.mustChoose) return;
        const fromWorld = playOutRound(world, randomPolicy(`w ${seed}`));
        const fromState = playOutRound(state, randomPolicy(`w ${seed}`));
        expect(fromWorld.round!.hands).toEqual(fromState.round!.hands);
        expect(fromWorld.round!.endReason).toBe(fromState.round!.endReason);
        expect(fromWorld.lives).toEqual(fromState.lives);
      }),
      { numRuns: 150 },
    );
  });

  it("a hidden deal's world needs the packet: the view's while the viewer holds it, else the guess's", () => {
    const state = position({ ...DEFAULT_RULES, deal: "hidden" }, 3, "packet", 2)!;
    const round = state.round!;
    const other = (round.toAct + 1) % 3;
    const guess = { hands: round.hands, stock: [] as Card[] };
    expect(worldFromView(viewFor(state, round.toAct), guess)!.round!.packet).toEqual(round.packet);
    expect(worldFromView(viewFor(state, other), guess)).toBeNull();
    expect(worldFromView(viewFor(state, other), { ...guess, packet: round.packet })!.round!.packet).toEqual(
      round.packet,
    );
  });
});

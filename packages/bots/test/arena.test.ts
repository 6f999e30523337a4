import { describe, expect, it } from "vitest";
import { type MatchState, type Rules, type TableView, DEFAULT_RULES, parseRules } from "@schwimmen/rules";
import {
  type ArenaEntry,
  type Bot,
  ArenaError,
  createBot,
  entryAtSeat,
  placesFromElimination,
  playArenaMatch,
  seatOfEntry,
} from "@schwimmen/bots";

const random: ArenaEntry = { name: "random", create: () => createBot("random") };
const lineupOf = (n: number): ArenaEntry[] => Array.from({ length: n }, () => random);

/** A clock that ticks one millisecond per reading: decision times become exact and reproducible. */
const tickingClock = () => {
  let t = 0;
  return () => t++;
};

const rulesOf = (input: Partial<Rules>): Rules => {
  const parsed = parseRules(input);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};

/** Passes whenever it may, never knocks: under `allPass: "nothing"` a round of these never ends by itself. */
const passer: ArenaEntry = {
  name: "passer",
  create: () => ({
    name: "passer",
    decide: (view) => view.legal.find((a) => a.type === "pass") ?? view.legal.find((a) => a.type !== "knock")!,
  }),
};

describe("playArenaMatch", () => {
  it("plays a whole match to a winner or a draw, with places from 1 to n", () => {
    for (let matchIndex = 0; matchIndex < 12; matchIndex++) {
      const result = playArenaMatch({ lineup: lineupOf(4), seed: "t", matchIndex });
      expect(result.unfinished).toBe(false);
      expect(result.winner === null).toBe(result.draw);
      // Fractional places always add up to 1 + 2 + 3 + 4.
      expect(result.places.reduce((a, b) => a + b, 0)).toBe(10);
      if (result.winner !== null) expect(result.places[result.winner]).toBe(1);
      if (result.draw) expect(result.drawnBy.length).toBeGreaterThan(1);
      expect(result.rounds).toBeGreaterThan(0);
      expect(result.decisionMs.reduce((a, times) => a + times.length, 0)).toBe(result.actions);
    }
  });

  it("is reproducible from (seed, match index) alone", () => {
    const run = (seed: string, matchIndex: number) =>
      playArenaMatch({ lineup: lineupOf(3), seed, matchIndex, clock: tickingClock() });
    expect(run("s", 5)).toEqual(run("s", 5));
    const others = [run("s", 6), run("s2", 5)].map((r) => JSON.stringify(r));
    expect(others).not.toContain(JSON.stringify(run("s", 5)));
  });

  it("rotates the lineup by one seat per match, so each entry sits everywhere equally often", () => {
    const n = 4;
    const counts = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    for (let matchIndex = 0; matchIndex < 2 * n; matchIndex++) {
      const result = playArenaMatch({ lineup: lineupOf(n), seed: "rot", matchIndex });
      expect(result.tableSeatOf).toEqual([0, 1, 2, 3].map((e) => (e + matchIndex) % n));
      result.tableSeatOf.forEach((seat, entry) => counts[entry]![seat]!++);
    }
    expect(counts.flat()).toEqual(new Array<number>(n * n).fill(2));
    for (let i = 0; i < 9; i++)
      for (let seat = 0; seat < n; seat++) expect(seatOfEntry(entryAtSeat(seat, i, n), i, n)).toBe(seat);
  });

  it("hands each bot its own seat's view and a seeded generator; only the factory argument reaches the state", () => {
    const seen: { view: TableView; hidden: boolean }[] = [];
    let peeks = 0;
    const spy: ArenaEntry = {
      name: "spy",
      create: (trueState: () => MatchState) => {
        const bot: Bot = {
          name: "spy",
          decide(view, { rng }) {
            const state = trueState();
            peeks++;
            expect(state.round!.toAct).toBe(view.viewer);
            // The view holds the own hand and never the stock or another seat's hand.
            const text = JSON.stringify(view);
            const hidden = state.round!.hands.some(
              (hand, seat) => seat !== view.viewer && hand !== null && hand.some((c) => !text.includes(c)),
            );
            seen.push({ view, hidden });
            expect(Object.keys(view)).not.toContain("stock");
            return view.legal[rng.below(view.legal.length)]!;
          },
        };
        return bot;
      },
    };
    playArenaMatch({ lineup: [spy, random, spy], seed: "views", matchIndex: 1 });
    expect(seen.length).toBeGreaterThan(0);
    expect(peeks).toBe(seen.length);
    for (const { view } of seen) expect(view.legal.length).toBeGreaterThan(0);
    // Some other hand card is usually absent from the view text; at least once across the match it must be.
    expect(seen.some((s) => s.hidden)).toBe(true);
  });

  it("stops rounds that pass the action cap and matches that pass the round limit", () => {
    const rules = rulesOf({ allPass: "nothing" });
    const result = playArenaMatch({
      lineup: [passer, passer, passer],
      rules,
      seed: "cap",
      matchIndex: 0,
      capActions: 30,
      maxRounds: 4,
    });
    expect(result.cappedRounds).toBe(4);
    expect(result.rounds).toBe(4);
    expect(result.actions).toBe(4 * 30);
    expect(result.unfinished).toBe(true);
    expect(result.winner).toBeNull();
    expect(result.draw).toBe(false);
    // Nobody went out: all share the places 1 to 3.
    expect(result.places).toEqual([2, 2, 2]);
  });

  it("lets a capped round pass the deal on and the match go on", () => {
    // Random bots under a tiny cap: some rounds end by themselves, the rest are stopped; the match still ends.
    const result = playArenaMatch({ lineup: lineupOf(3), seed: "cap2", matchIndex: 2, capActions: 4 });
    expect(result.cappedRounds).toBeGreaterThan(0);
    expect(result.unfinished).toBe(false);
  });

  it("refuses a lineup the deck cannot seat and reports an illegal action as an ArenaError", () => {
    expect(() => playArenaMatch({ lineup: lineupOf(1), seed: "x", matchIndex: 0 })).toThrow(ArenaError);
    expect(() => playArenaMatch({ lineup: lineupOf(10), seed: "x", matchIndex: 0 })).toThrow(/2 to 9 seats/);
    expect(
      playArenaMatch({ lineup: lineupOf(10), rules: rulesOf({ deck: "french52" }), seed: "x", matchIndex: 0 }).places,
    ).toHaveLength(10);
    const cheat: ArenaEntry = {
      name: "cheat",
      create: () => ({ name: "cheat", decide: (v) => ({ seat: v.viewer!, type: "knock" }) }),
    };
    const knockTwice = () => playArenaMatch({ lineup: [cheat, cheat], rules: DEFAULT_RULES, seed: "x", matchIndex: 0 });
    expect(knockTwice).toThrow(/ACTION_NOT_ALLOWED/);
  });
});

describe("placesFromElimination", () => {
  it("ranks by going out, later is better, groups share the average place", () => {
    expect(placesFromElimination(4, [[2], [0, 3]], [1])).toEqual([2.5, 1, 4, 2.5]);
    expect(placesFromElimination(3, [[1]], [0, 2])).toEqual([1.5, 3, 1.5]);
    // A draw: the last two went out together and share places 1 and 2.
    expect(placesFromElimination(4, [[3], [0], [1, 2]], [])).toEqual([3, 1.5, 1.5, 4]);
  });
});

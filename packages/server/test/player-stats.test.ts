/** Profile statistics from replayed records agree with the engine's events counted while the matches were played. */
import {
  type GameEvent,
  type MatchState,
  type Rules,
  DEFAULT_RULES,
  applyAction,
  dealRound,
  isFire,
  legalActions,
  makeRecord,
  newMatch,
} from "@schwimmen/rules";
import { describe, expect, it } from "vitest";
import { placesOf, playerStats } from "../src/player-stats.js";

/** A small deterministic generator (the test's matches are the same on every run). */
function pickerFrom(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

interface Counted {
  knocks: number[];
  knocksLost: number[];
  thirtyOnes: number[];
  fires: number[];
  lives: number[];
}

/** Plays a match with random legal moves, counting from the events. */
function play(rules: Rules, seats: number, seed: number): { state: MatchState; counted: Counted } {
  const pick = pickerFrom(seed);
  const made = newMatch({ rules, seats, dealer: 0 });
  if (!made.ok) throw new Error(made.error.message);
  let state = made.value;
  const zero = () => Array.from({ length: seats }, () => 0);
  const counted: Counted = { knocks: zero(), knocksLost: zero(), thirtyOnes: zero(), fires: zero(), lives: zero() };
  let knocker: number | null = null;
  const hear = (events: readonly GameEvent[]) => {
    for (const event of events) {
      if (event.type === "knocked") {
        knocker = event.seat;
        counted.knocks[event.seat]!++;
      }
      if (event.type === "livesLost") {
        counted.lives[event.seat]! += event.count;
        if (event.seat === knocker) counted.knocksLost[event.seat]!++;
      }
      if (event.type === "roundEnded") {
        event.result.values.forEach((value, seat) => {
          if (event.reason === "thirtyOne" && value === 31) counted.thirtyOnes[seat]!++;
          const hand = event.result.hands[seat];
          if (event.reason === "fire" && hand && isFire(hand, rules)) counted.fires[seat]!++;
        });
      }
    }
  };
  for (let round = 0; !state.over && round < 200; round++) {
    knocker = null;
    const dealt = dealRound(state, { seed: `stats-${seed}-${round}` });
    if (!dealt.ok) throw new Error(dealt.error.message);
    state = dealt.value.state;
    hear(dealt.value.events);
    while (!state.over && state.round !== null && state.round.endReason === null) {
      const legal = legalActions(state);
      const applied = applyAction(state, legal[pick(legal.length)]!);
      if (!applied.ok) throw new Error(applied.error.message);
      state = applied.value.state;
      hear(applied.value.events);
    }
  }
  return { state, counted };
}

describe("player statistics", () => {
  it("count knocks, lost knocks, 31s, Feuer and lives as the engine's events do, and places by going out", () => {
    const rules: Rules = { ...DEFAULT_RULES, lives: 2 };
    const seen = { knocks: 0, knocksLost: 0, thirtyOnes: 0 };
    for (let seed = 1; seed <= 12; seed++) {
      const seats = 2 + (seed % 3);
      const { state, counted } = play(rules, seats, seed);
      expect(state.over).toBe(true);
      const record = JSON.stringify(
        makeRecord(
          state,
          Array.from({ length: seats }, (_, i) => `P${i}`),
        ),
      );
      const places = placesOf(state);
      for (let seat = 0; seat < seats; seat++) {
        const { stats, matches } = playerStats([{ code: "ABCDEFGHJK", match: 1, seat, at: seed, record }]);
        const where = `seed ${seed}, seat ${seat}`;
        expect(stats.played, where).toBe(1);
        expect(stats.knocks, where).toBe(counted.knocks[seat]);
        expect(stats.knocksLost, where).toBe(counted.knocksLost[seat]);
        expect(stats.thirtyOnes, where).toBe(counted.thirtyOnes[seat]);
        expect(stats.fires, where).toBe(counted.fires[seat]);
        expect(stats.livesLostPerMatch, where).toBe(counted.lives[seat]);
        expect(stats.won, where).toBe(state.winner === seat ? 1 : 0);
        expect(stats.averagePlace, where).toBe(places[seat]);
        expect(matches[0]!.opponents, where).toHaveLength(seats - 1);
      }
      for (const key of ["knocks", "knocksLost", "thirtyOnes"] as const) {
        seen[key] += counted[key].reduce((a, b) => a + b, 0);
      }
      // The winner alone is first; every place is between 1 and the number of seats.
      if (state.winner !== null) expect(places.filter((p) => p === 1)).toEqual([1]);
      for (const place of places) expect(place >= 1 && place <= seats).toBe(true);
    }
    // The matches do show what is counted (else the comparison above would prove little).
    expect(Math.min(seen.knocks, seen.knocksLost, seen.thirtyOnes)).toBeGreaterThan(0);
  });

  it("give a person who was away at the end (the computer finished for them) no win and the last place", () => {
    // The first of the test's matches that has a winner (not a draw).
    let seed = 1;
    while (play({ ...DEFAULT_RULES, lives: 2 }, 3, seed).state.winner === null) seed++;
    const { state } = play({ ...DEFAULT_RULES, lives: 2 }, 3, seed);
    const winner = state.winner!;
    const made = makeRecord(state, ["A", "B", "C"]);
    const rowOf = (seat: number, awayAtEnd: number[]) => ({
      code: "ABCDEFGHJK",
      match: 1,
      seat,
      at: 1,
      record: JSON.stringify({ ...made, table: { code: "ABCDEFGHJK", complete: true, winner, awayAtEnd } }),
    });
    const gone = playerStats([rowOf(winner, [winner])]);
    expect(gone.stats).toMatchObject({ played: 1, won: 0, averagePlace: 3 });
    expect(gone.matches[0]).toMatchObject({ won: false, place: 3 });
    // Two away share the last place; a seat that stayed keeps its own.
    const other = (winner + 1) % 3;
    expect(playerStats([rowOf(winner, [winner, other])]).stats.averagePlace).toBe(2);
    expect(playerStats([rowOf(other, [winner])]).stats.averagePlace).toBe(placesOf(state)[other]);
    expect(playerStats([rowOf(winner, [])]).stats).toMatchObject({ won: 1, averagePlace: 1 });
  });

  it("leave out the knocks, 31s and Feuer the computer made for a player who was away (the record's computerMoves)", () => {
    const rules: Rules = { ...DEFAULT_RULES, lives: 2 };
    let checked = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const seats = 2 + (seed % 3);
      const { state, counted } = play(rules, seats, seed);
      const made = makeRecord(
        state,
        Array.from({ length: seats }, (_, i) => `P${i}`),
      );
      for (let seat = 0; seat < seats; seat++) {
        // Every move of this seat, or only those of the first round, as the computer's.
        const movesOf = (rounds: number) =>
          state.finished
            .slice(0, rounds)
            .flatMap(({ actions }, round) => actions.flatMap((a, index) => (a.seat === seat ? [[round, index]] : [])));
        const statsWith = (computerMoves: unknown) =>
          playerStats([
            {
              code: "ABCDEFGHJK",
              match: 1,
              seat,
              at: 1,
              record: JSON.stringify({ ...made, table: { code: "ABCDEFGHJK", computerMoves } }),
            },
          ]).stats;
        const where = `seed ${seed}, seat ${seat}`;
        const none = statsWith(movesOf(state.finished.length));
        // Lives lost stay the seat's; a 31 or Feuer that was dealt and never moved stays the player's too.
        expect(none.livesLostPerMatch, where).toBe(counted.lives[seat]);
        expect(none.knocks, where).toBe(0);
        expect(none.knocksLost, where).toBe(0);
        const dealtOnly = (ended: "thirtyOne" | "fire") =>
          state.finished.filter(
            (r) =>
              r.result.endReason === ended &&
              !r.actions.some((a) => a.seat === seat) &&
              (ended === "fire" ? isFire(r.result.hands[seat]!, rules) : r.result.values[seat] === 31),
          ).length;
        expect(none.thirtyOnes, where).toBe(dealtOnly("thirtyOne"));
        expect(none.fires, where).toBe(dealtOnly("fire"));
        // Only the first round the computer's: the rest is counted as before.
        const firstKnock = state.finished[0]!.actions.some((a) => a.type === "knock" && a.seat === seat) ? 1 : 0;
        expect(statsWith(movesOf(1)).knocks, where).toBe(counted.knocks[seat]! - firstKnock);
        // Malformed lists count nothing as the computer's.
        for (const odd of [null, "0/0", [[0]], [["0", 0]], [{ round: 0 }]])
          expect(statsWith(odd).knocks, where).toBe(counted.knocks[seat]);
        if (counted.knocks[seat]! > 0) checked++;
      }
    }
    expect(checked).toBeGreaterThan(3);
  });

  it("name the house rules played most and leave out records that do not replay", () => {
    const rules: Rules = { ...DEFAULT_RULES, lives: 2, swimming: "off" };
    const { state } = play(rules, 2, 99);
    const record = JSON.stringify(makeRecord(state, ["A", "B"]));
    const rows = [
      { code: "ABCDEFGHJK", match: 1, seat: 0, at: 1, record },
      { code: "ABCDEFGHJK", match: 2, seat: 0, at: 2, record },
      { code: "ABCDEFGHJK", match: 3, seat: 0, at: 3, record: "{not json" },
      { code: "ABCDEFGHJK", match: 4, seat: 5, at: 4, record },
    ];
    const { stats, matches } = playerStats(rows);
    expect(stats.played).toBe(2);
    expect(matches.map((m) => m.match)).toEqual([1, 2]);
    expect(stats.favouriteRules).toEqual([
      { rule: "lives=2", matches: 2 },
      { rule: "swimming=off", matches: 2 },
    ]);
    expect(playerStats([]).stats).toMatchObject({ played: 0, averagePlace: null, livesLostPerMatch: null });
  });
});

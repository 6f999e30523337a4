import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type MatchState,
  type Rules,
  type StakeOutcome,
  DEFAULT_RULES,
  MAX_STAKE,
  Rng,
  addToLedger,
  applyAction,
  dealRound,
  legalActions,
  livesGiven,
  moneyText,
  ledgerCsv,
  ledgerTotals,
  newMatch,
  potSoFar,
  settleMatch,
  settleStakes,
} from "../src/index.js";
import { anyRules, assertProperty } from "./property.js";

/** Plays a whole match with random legal actions from one seed. */
function randomMatch(rules: Rules, seats: number, seed: string): MatchState {
  const rng = Rng.fromSeed(`${seed}-actions`);
  const made = newMatch({ rules, seats, seed, dealer: rng.below(seats) });
  if (!made.ok) throw new Error(made.error.message);
  let state = made.value;
  for (let steps = 0; !state.over; steps++) {
    if (steps > 100_000) throw new Error("the match does not end");
    if (state.round === null || state.round.endReason !== null) {
      const dealt = dealRound(state);
      if (!dealt.ok) throw new Error(dealt.error.message);
      state = dealt.value.state;
      continue;
    }
    const legal = legalActions(state);
    // Knocking early keeps random matches short.
    const knock = legal.find((a) => a.type === "knock");
    const action = knock && rng.below(3) === 0 ? knock : legal[rng.below(legal.length)]!;
    const applied = applyAction(state, action);
    if (!applied.ok) throw new Error(applied.error.message);
    state = applied.value.state;
  }
  return state;
}

const settle = (stake: number, outcome: StakeOutcome) => {
  const settled = settleStakes(stake, outcome);
  if (!settled.ok) throw new Error(settled.error.message);
  return settled.value;
};

describe("settling stakes", () => {
  // stake, lives lost by seat, winner, sharers -> pot, balances
  const table: [string, number, number[], number | null, number[], number, number[]][] = [
    ["winner takes all", 10, [0, 4, 4, 4], 0, [], 120, [120, -40, -40, -40]],
    ["the winner's own lives pay in too", 10, [3, 4, 4], 0, [], 110, [80, -40, -40]],
    ["no stake, nothing moves", 0, [2, 4], 0, [], 0, [0, 0]],
    ["a draw of two splits evenly", 10, [4, 4, 3], null, [0, 1], 110, [15, 15, -30]],
    [
      "a draw of three: the odd cent goes to the first in playing order",
      5,
      [4, 4, 4, 1],
      null,
      [2, 0, 1],
      65,
      [2, 1, 2, -5],
    ],
    ["two odd cents: the first two sharers", 1, [4, 4, 3, 3], null, [3, 0, 1], 14, [1, 0, -3, 2]],
  ];
  it.each(table)("%s", (_name, stake, lifeLosses, winner, sharers, pot, balance) => {
    const settled = settle(stake, { lifeLosses, winner, sharers });
    expect(settled.pot).toBe(pot);
    expect(settled.balance).toEqual(balance);
    expect(settled.balance.reduce((a, b) => a + b, 0)).toBe(0);
  });

  it("refuses a bad stake or an outcome without a taker, with a typed error", () => {
    const outcome = { lifeLosses: [1, 4], winner: 0, sharers: [] };
    for (const stake of [-1, 1.5, MAX_STAKE + 1, Number.NaN]) {
      expect(settleStakes(stake, outcome)).toMatchObject({ ok: false, error: { code: "INVALID_RECORD" } });
    }
    const noTaker = { lifeLosses: [4, 4], winner: null, sharers: [] };
    expect(settleStakes(10, noTaker)).toMatchObject({ ok: false, error: { code: "INVALID_RECORD" } });
    expect(settleStakes(10, { ...noTaker, sharers: [0, 0] })).toMatchObject({ ok: false });
    expect(settleStakes(10, { ...outcome, winner: 5 })).toMatchObject({ ok: false });
  });

  it("a losing knocker who pays two with one life left pays only the lives it had", () => {
    const made = newMatch({ rules: { ...DEFAULT_RULES, lives: 1, swimming: "off", knockerPays: 2 }, seats: 2 });
    if (!made.ok) throw new Error(made.error.message);
    const result = { dealer: 0, endReason: "knock" as const, hands: [[], []], values: [20, 30] };
    const state: MatchState = {
      ...made.value,
      over: true,
      winner: 1,
      lives: [0, 1],
      status: ["out", "alive"],
      finished: [
        {
          deal: { hands: [], stock: [] },
          actions: [],
          result: { ...result, lifeLosses: [2, 0], lives: [0, 1], state: ["out", "alive"] },
        },
      ],
    };
    expect(livesGiven(state)).toEqual([1, 0]);
    expect(settleMatch(state, 10)).toMatchObject({ ok: true, value: { pot: 10, balance: [-10, 10] } });
  });

  it("settles only a finished match", () => {
    const made = newMatch({ seats: 3, seed: "x" });
    if (!made.ok) throw new Error(made.error.message);
    expect(settleMatch(made.value, 10)).toMatchObject({ ok: false, error: { code: "ACTION_NOT_ALLOWED" } });
  });

  it("a whole match: the pot is the stake times every life lost, and the balances add up to zero", () => {
    assertProperty(
      fc.property(
        anyRules,
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 0, max: MAX_STAKE }),
        fc.string(),
        (rules, seats, stake, seed) => {
          rules = { ...rules, lives: Math.min(rules.lives, 3) };
          const state = randomMatch(rules, seats, seed);
          const settled = settleMatch(state, stake);
          if (!settled.ok) throw new Error(settled.error.message);
          const { pot, balance, paid, takers } = settled.value;
          const given = livesGiven(state);
          expect(pot).toBe(given.reduce((a, b) => a + b, 0) * stake);
          given.forEach((lives, seat) => {
            const counted = state.finished.reduce((sum, r) => sum + r.result.lifeLosses[seat]!, 0);
            expect(lives).toBeLessThanOrEqual(counted);
            // A seat that went out gave all its lives, and the swim if it swam; one still in gave what it lost.
            if (state.status[seat] === "out") expect([rules.lives, rules.lives + 1]).toContain(lives);
            else expect(lives).toBe(rules.lives - state.lives[seat]!);
          });
          expect(balance.reduce((a, b) => a + b, 0)).toBe(0);
          expect(paid.reduce((a, b) => a + b, 0)).toBe(pot);
          if (state.winner !== null) expect(takers).toEqual([state.winner]);
          else expect(state.draw).toBe(true);
          // Nobody but a taker gains; sharers' shares differ by at most one cent.
          balance.forEach((b, seat) => {
            if (!takers.includes(seat)) expect(b).toBeLessThanOrEqual(0);
          });
          const shares = takers.map((seat) => settled.value.won[seat]!);
          expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("the pot so far grows with every round's lives lost and ends as the settled pot", () => {
    assertProperty(
      fc.property(
        anyRules,
        fc.integer({ min: 2, max: 5 }),
        fc.integer({ min: 1, max: MAX_STAKE }),
        fc.string(),
        (rules, seats, stake, seed) => {
          rules = { ...rules, lives: Math.min(rules.lives, 3) };
          const end = randomMatch(rules, seats, seed);
          let before = 0;
          for (let played = 0; played <= end.finished.length; played++) {
            // The match as it stood after `played` rounds.
            const then: MatchState = { ...end, over: false, finished: end.finished.slice(0, played) };
            const pot = potSoFar(then, stake);
            expect(pot % stake).toBe(0);
            expect(pot).toBeGreaterThanOrEqual(before);
            before = pot;
          }
          const settled = settleMatch(end, stake);
          if (!settled.ok) throw new Error(settled.error.message);
          expect(potSoFar(end, stake)).toBe(settled.value.pot);
          expect(potSoFar(end, 0)).toBe(0);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("a draw in a real match is split among the seats of the last round", () => {
    // Search a few seeds for a drawn match (all remaining seats lose their last life together).
    const rules: Rules = { ...DEFAULT_RULES, lives: 1, swimming: "off" };
    let found: MatchState | null = null;
    for (let i = 0; i < 400 && found === null; i++) {
      const state = randomMatch(rules, 3, `draw-${i}`);
      if (state.draw) found = state;
    }
    expect(found).not.toBeNull();
    const state = found!;
    const settled = settleMatch(state, 10);
    if (!settled.ok) throw new Error(settled.error.message);
    const last = state.finished[state.finished.length - 1]!;
    const inLast = last.result.hands.flatMap((hand, seat) => (hand === null ? [] : [seat]));
    expect([...settled.value.takers].sort()).toEqual(inLast);
    expect(settled.value.balance.reduce((a, b) => a + b, 0)).toBe(0);
  });
});

describe("the ledger (Kasse)", () => {
  const one = settle(10, { lifeLosses: [0, 4, 4], winner: 0, sharers: [] });
  const two = settle(10, { lifeLosses: [4, 2, 4], winner: 1, sharers: [] });

  it("adds up each player's balance over the matches, by name", () => {
    let ledger = addToLedger([], 1, ["Anna", "Bot 2", "Jörg"], one);
    ledger = addToLedger(ledger, 2, ["Anna", "Bot 2", "Jörg"], two);
    expect(ledgerTotals(ledger)).toEqual([
      { name: "Anna", cents: 80 - 40 },
      { name: "Bot 2", cents: -40 + 80 },
      { name: "Jörg", cents: -80 },
    ]);
  });

  it("writes CSV: header, a row per match, the total; euros with a decimal point; names quoted", () => {
    let ledger = addToLedger([], 1, ["Anna", "Bot 2", "Kim, Jo"], one);
    ledger = addToLedger(ledger, 2, ["Anna", "Bot 2", "=Sum"], two);
    expect(ledgerCsv(ledger).split("\r\n")).toEqual([
      'match,stake,pot,Anna,Bot 2,"Kim, Jo","\'=Sum"',
      "1,0.10,0.80,0.80,-0.40,-0.40,",
      "2,0.10,1.00,-0.40,0.80,,-0.40",
      "total,,1.80,0.40,0.40,-0.40,-0.40",
      "",
    ]);
  });

  it("writes CSV for a German spreadsheet: semicolons, a decimal comma, German words, a byte order mark", () => {
    let ledger = addToLedger([], 1, ["Anna", "Bot 2", "Kim; Jo"], one);
    ledger = addToLedger(ledger, 2, ["Anna", "Bot 2", "Jörg"], two);
    const text = ledgerCsv(ledger, "de");
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text.slice(1).split("\r\n")).toEqual([
      'Partie;Einsatz;Pott;Anna;Bot 2;"Kim; Jo";Jörg',
      "1;0,10;0,80;0,80;-0,40;-0,40;",
      "2;0,10;1,00;-0,40;0,80;;-0,40",
      "Summe;;1,80;0,40;0,40;-0,40;-0,40",
      "",
    ]);
    // The plain form is unchanged: a comma in a name is quoted there, a semicolon is not.
    expect(ledgerCsv(ledger).split("\r\n")[0]).toBe("match,stake,pot,Anna,Bot 2,Kim; Jo,Jörg");
  });

  it("stays bounded and keeps the totals when old matches are folded", () => {
    let ledger = addToLedger([], 1, ["A", "B", "C"], one);
    for (let m = 2; m <= 260; m++) ledger = addToLedger(ledger, m, ["A", "B", "C"], m % 2 ? one : two);
    expect(ledger.length).toBe(200);
    const totals = ledgerTotals(ledger);
    expect(totals.reduce((sum, t) => sum + t.cents, 0)).toBe(0);
    expect(totals.find((t) => t.name === "A")!.cents).toBe(130 * 80 + 130 * -40);
  });
});

describe("money for people", () => {
  const table: [number, boolean, string, string][] = [
    [10, false, "10 ct", "10c"],
    [120, false, "1,20 €", "€1.20"],
    [-40, true, "−40 ct", "−40c"],
    [1005, true, "+10,05 €", "+€10.05"],
    [0, true, "0 ct", "0c"],
  ];
  it.each(table)("%i cents (signed %s)", (cents, signed, de, en) => {
    expect(moneyText(cents, "de", signed)).toBe(de);
    expect(moneyText(cents, "en", signed)).toBe(en);
  });
});

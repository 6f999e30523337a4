import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  type Action,
  type Card,
  type GameRecord,
  type MatchState,
  DEFAULT_RULES,
  Rng,
  applyAction,
  dealRound,
  deckCards,
  makeRecord,
  newMatch,
  replayRecord,
  viewFor,
} from "@schwimmen/rules";
import {
  type DecisionAnalysis,
  LABEL_LIMITS,
  accuracyOf,
  analyseRecord,
  analysisExpertOptions,
  analysisSteps,
  decisionSeed,
  labelOf,
  planAnalysis,
  worstDecisions,
} from "../src/analysis.js";
import { createBot, expertBot } from "../src/index.js";

const cards = (text: string): Card[] => text.split(" ") as Card[];

/** A record of one round from a given deal (the stock: every other card in the deck's order). */
function oneRound(hands: string[], middle: string, actions: object[]): GameRecord {
  const dealt = hands.map(cards);
  const open = cards(middle);
  const used = new Set<Card>([...dealt.flat(), ...open]);
  const stock = deckCards("skat32").filter((card) => !used.has(card));
  return {
    rules: {},
    players: hands.map((_, seat) => `P${seat}`),
    dealer: hands.length - 1,
    rounds: [{ deal: { hands: dealt, middle: open, stock }, actions: actions as Action[] }],
  };
}

function analysed(record: unknown, seat: number, worlds?: number): DecisionAnalysis[] {
  const result = analyseRecord(record, seat, worlds === undefined ? {} : { worlds });
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return [...result.value.decisions];
}

describe("labels", () => {
  it("follow the documented limits", () => {
    expect(labelOf(0)).toBe("best");
    expect(labelOf(LABEL_LIMITS.best - 0.01)).toBe("best");
    expect(labelOf(LABEL_LIMITS.best)).toBe("good");
    expect(labelOf(LABEL_LIMITS.good)).toBe("inaccuracy");
    expect(labelOf(LABEL_LIMITS.inaccuracy)).toBe("mistake");
    expect(labelOf(LABEL_LIMITS.mistake - 0.01)).toBe("mistake");
    expect(labelOf(LABEL_LIMITS.mistake)).toBe("blunder");
    expect(labelOf(40)).toBe("blunder");
  });

  it("give the accuracy and the worst decisions", () => {
    const d = (loss: number, round: number): DecisionAnalysis =>
      ({ round, action: 0, loss, label: labelOf(loss) }) as unknown as DecisionAnalysis;
    const list = [d(0, 0), d(1, 1), d(3, 2), d(20, 3), d(0, 4)];
    expect(accuracyOf(list)).toBe(0.6);
    expect(accuracyOf([])).toBeNull();
    expect(worstDecisions(list).map((x) => x.round)).toEqual([3, 2, 1]);
  });
});

describe("analysis of one decision", () => {
  // Heads-up, seat 0 first to act, holding the ace and king of hearts; the ten of hearts lies in the middle.
  const hands = ["Ah Kh 7c", "8s 9d Jc"];
  const middle = "Th 8c 9s";

  it("calls a knock a blunder when taking the ten makes 31", () => {
    const [decision] = analysed(oneRound(hands, middle, [{ seat: 0, type: "knock" }]), 0);
    expect(decision!.label).toBe("blunder");
    expect(decision!.played).toEqual({ seat: 0, type: "knock" });
    expect(decision!.best).toEqual({ seat: 0, type: "swap", give: "7c", take: "Th" });
    expect(decision!.loss).toBeGreaterThanOrEqual(LABEL_LIMITS.mistake);
    const option = (type: string) => decision!.options.find((o) => o.action.type === type)!;
    // 31 ends the round at once: the seat cannot lose a life this round.
    expect(decision!.options[0]!.loseLife).toBe(0);
    expect(option("knock").loseLife).toBeGreaterThan(0.2);
    expect(decision!.options).toHaveLength(12);
    for (const o of decision!.options) {
      expect(o.loseLife).toBeGreaterThanOrEqual(0);
      expect(o.loseLife).toBeLessThanOrEqual(1);
      expect(o.winMatch).toBeGreaterThanOrEqual(0);
      expect(o.winMatch).toBeLessThanOrEqual(1);
    }
  });

  it("calls taking the ten best", () => {
    const record = oneRound(hands, middle, [{ seat: 0, type: "swap", give: "7c", take: "Th" }]);
    const [decision] = analysed(record, 0);
    expect(decision!.label).toBe("best");
    expect(decision!.loss).toBe(0);
    expect(decision!.best).toEqual(decision!.played);
  });

  it("reports record errors exactly as replay does, and a seat the record does not have", () => {
    const bad = oneRound(hands, middle, [{ seat: 1, type: "knock" }]);
    const replayed = replayRecord(bad);
    expect(replayed.ok).toBe(false);
    expect(planAnalysis(bad, 0)).toEqual(replayed);
    const plan = planAnalysis(oneRound(hands, middle, []), 2);
    expect(plan.ok ? null : plan.error.code).toBe("NO_SUCH_SEAT");
  });
});

/**
 * Plays a whole match: seat 0 as the expert set up as the analysis searches and seeded as it seeds, the others
 * greedy. Returns the record and, per round, how many stock cards came into play.
 */
function playMatch(seed: string, seats: number, worlds: number, maxRounds = 1000) {
  const started = newMatch({ rules: DEFAULT_RULES, seats, seed });
  if (!started.ok) throw new Error(started.error.message);
  let state: MatchState = started.value;
  const bots = Array.from({ length: seats }, (_, seat) =>
    seat === 0 ? expertBot(analysisExpertOptions(worlds)) : createBot("greedy"),
  );
  const stockUsed: number[] = [];
  while (!state.over && stockUsed.length < maxRounds) {
    const dealt = dealRound(state);
    if (!dealt.ok) throw new Error(dealt.error.message);
    state = dealt.value.state;
    while (state.round!.endReason === null) {
      const seat = state.round!.toAct;
      const view = viewFor(state, seat);
      const action = bots[seat]!.decide(view, { rng: Rng.fromSeed(decisionSeed(view)) });
      const next = applyAction(state, action);
      if (!next.ok) throw new Error(next.error.message);
      state = next.value.state;
    }
    stockUsed.push(state.round!.stockTop);
  }
  return {
    record: makeRecord(
      state,
      Array.from({ length: seats }, (_, s) => `P${s}`),
    ),
    stockUsed,
  };
}

describe("analysis of a whole match", () => {
  it("gives a seat that always plays the expert's own choice an accuracy of 100%", () => {
    const worlds = 80;
    const { record } = playMatch("analysis-expert", 2, worlds);
    const result = analyseRecord(record, 0, { worlds });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.decisions.length).toBeGreaterThan(5);
    expect(result.value.decisions.every((d) => d.label === "best" && d.loss === 0)).toBe(true);
    expect(result.value.accuracy).toBe(1);
    expect(result.value.stopped).toBe(false);
  }, 120_000);

  it("never depends on what the seat could not see", () => {
    const worlds = 60;
    const { record, stockUsed } = playMatch("analysis-hidden", 4, 1, 3);
    // Cut the last round after its first few actions, so that its hands are never shown.
    const last = record.rounds.length - 1;
    const rounds = record.rounds.map((round, r) =>
      r === last ? { ...round, actions: round.actions.slice(0, 6) } : round,
    );
    const base: GameRecord = { ...record, rounds };
    const seat = 1;
    const expected = analysed(base, seat, worlds);
    expect(expected.length).toBeGreaterThan(2);

    // 1. Every round's stock cards that never came into play, in another order.
    const reordered: GameRecord = {
      ...base,
      rounds: base.rounds.map((round, r) => {
        // The last round was cut short: the full round's count still covers every card it brought into play.
        const used = stockUsed[r]!;
        const stock = [...round.deal.stock.slice(0, used), ...round.deal.stock.slice(used).toReversed()];
        return { ...round, deal: { ...round.deal, stock } };
      }),
    };
    expect(JSON.stringify(reordered)).not.toBe(JSON.stringify(base));
    expect(analysed(reordered, seat, worlds)).toEqual(expected);

    // 2. In the unfinished last round, a card of another hand that no action names, swapped with an unused stock card.
    const round = base.rounds[last]!;
    const named = new Set(round.actions.flatMap((a) => (a.type === "swap" ? [a.give, a.take] : [])));
    let changed: GameRecord | null = null;
    for (const other of [0, 2, 3]) {
      for (const card of round.deal.hands[other]!.filter((c) => !named.has(c))) {
        for (const spare of round.deal.stock.slice(Math.max(stockUsed[last]!, round.deal.stock.length - 5))) {
          const hands = round.deal.hands.map((hand, s) =>
            s === other ? hand!.map((c) => (c === card ? spare : c)) : hand,
          );
          const stock = round.deal.stock.map((c) => (c === spare ? card : c));
          const candidate = {
            ...base,
            rounds: [...base.rounds.slice(0, last), { ...round, deal: { ...round.deal, hands, stock } }],
          };
          if (replayRecord(candidate).ok && !changed) changed = candidate;
        }
      }
    }
    expect(changed).not.toBeNull();
    expect(analysed(changed, seat, worlds)).toEqual(expected);
  }, 120_000);

  it("reports progress, stops when asked, and gives the same analysis twice", () => {
    const { record } = playMatch("analysis-steps", 3, 1, 2);
    const plan = planAnalysis(record, 1);
    if (!plan.ok) throw new Error(plan.error.message);
    expect(plan.value.decisions).toBeGreaterThan(1);
    const progress: number[] = [];
    const all = [...analysisSteps(plan.value, { worlds: 40, onProgress: (done) => progress.push(done) })];
    expect(all).toHaveLength(plan.value.decisions);
    expect(progress).toEqual(all.map((_, i) => i + 1));
    expect([...analysisSteps(plan.value, { worlds: 40 })]).toEqual(all);
    const controller = new AbortController();
    const some: DecisionAnalysis[] = [];
    for (const step of analysisSteps(plan.value, { worlds: 40, signal: controller.signal })) {
      some.push(step);
      controller.abort();
    }
    expect(some).toEqual(all.slice(0, 1));
    const stopped = analyseRecord(record, 1, { worlds: 40, shouldStop: () => true });
    expect(stopped.ok && stopped.value.stopped && stopped.value.decisions.length === 0).toBe(true);
  }, 120_000);
});

describe("the analysis can run in a browser", () => {
  it("uses no Node module in the bots' sources", () => {
    const dir = new URL("../src/", import.meta.url);
    for (const name of readdirSync(dir)) {
      const text = readFileSync(new URL(name, dir), "utf8");
      expect(text, name).not.toMatch(/from "node:|require\(|process\./);
    }
  });
});

import { analyseRecord, createBot } from "@schwimmen/bots";
import {
  type Action,
  type Card,
  type GameRecord,
  DEFAULT_RULES,
  Rng,
  applyAction,
  dealRound,
  makeRecord,
  newMatch,
  viewFor,
} from "@schwimmen/rules";
import { describe, expect, it } from "vitest";
import { createAnalysisRun, idleAnalysis, inPageWorker, withReply } from "../src/analysis/client.js";
import { type AnalysisReply, type JudgedDecision, sameAction } from "../src/analysis/protocol.js";
import { ownSeat } from "../src/analysis/replay-analysis.js";
import { analysisReplies } from "../src/analysis/runner.js";
import {
  betterWords,
  cardsOf,
  chartPoints,
  optionWords,
  percent,
  playedOption,
  stepOfDecision,
  stepOfMove,
} from "../src/analysis/words.js";
import { framesOf, roundsOf } from "../src/game/replay-frames.js";
import { answer } from "../src/game/bot-brain.js";
import { defaultSettings, readSettings } from "../src/settings.js";

/** Few worlds keep these tests quick; the judgements are still those of the engine at that count. */
const WORLDS = 30;

/** A short finished match of three greedy bots (two lives), as a record. */
function greedyMatch(seed: string): GameRecord {
  const rng = Rng.fromSeed(seed);
  const created = newMatch({ seats: 3, dealer: 0, rules: { ...DEFAULT_RULES, lives: 2 } });
  if (!created.ok) throw new Error(created.error.message);
  let state = created.value;
  const bots = [0, 1, 2].map(() => createBot("greedy"));
  for (let guard = 0; !state.over && guard < 3000; guard++) {
    if (!state.round || state.round.endReason !== null) {
      const dealt = dealRound(state, { seed: rng.nextSeed() });
      if (!dealt.ok) throw new Error(dealt.error.message);
      state = dealt.value.state;
      continue;
    }
    const seat = state.round.toAct!;
    const action = bots[seat]!.decide(viewFor(state, seat), { rng, budgetMs: 50 });
    const next = applyAction(state, action);
    if (!next.ok) throw new Error(next.error.message);
    state = next.value.state;
  }
  return makeRecord(state, ["Ich", "Lena", "Tom"]);
}

const RECORD = greedyMatch("web analysis");

const collect = (from: number): AnalysisReply[] => [
  ...analysisReplies({ id: 1, record: RECORD, seat: 0, from, worlds: WORLDS }),
];

/** Resolves once `done` holds for the store's value. */
function until<T>(store: { get(): T; subscribe(f: (v: T) => void): () => void }, done: (v: T) => boolean) {
  return new Promise<T>((resolve, reject) => {
    if (done(store.get())) return resolve(store.get());
    const timer = setTimeout(() => reject(new Error("timed out")), 20_000);
    const stop = store.subscribe((v) => {
      if (!done(v)) return;
      clearTimeout(timer);
      stop();
      resolve(v);
    });
  });
}

describe("the analysis worker's replies", () => {
  it("plans, sends every decision in order and ends; the same as the engine's whole analysis", () => {
    const replies = collect(0);
    const plan = replies[0]!;
    expect(plan.kind).toBe("plan");
    const total = plan.kind === "plan" ? plan.total : -1;
    expect(total).toBeGreaterThan(2);
    const decisions = replies.flatMap((r) => (r.kind === "decision" ? [r] : []));
    expect(decisions.map((d) => d.index)).toEqual([...Array(total).keys()]);
    expect(replies.at(-1)!.kind).toBe("done");
    const engine = analyseRecord(RECORD, 0, { worlds: WORLDS });
    expect(engine.ok && engine.value.decisions).toEqual(decisions.map((d) => d.decision));
  });

  it("resumed at a later decision, judges it as an unbroken run does", () => {
    const whole = collect(0).flatMap((r) => (r.kind === "decision" ? [r] : []));
    const resumed = collect(2).flatMap((r) => (r.kind === "decision" ? [r] : []));
    expect(resumed).toEqual(whole.slice(2));
  });

  it("reports a bad record or seat as an error, with the engine's code", () => {
    const bad = [...analysisReplies({ id: 4, record: { nonsense: true }, seat: 0, from: 0 })];
    expect(bad).toHaveLength(1);
    expect(bad[0]).toMatchObject({ id: 4, kind: "error", code: "INVALID_RECORD" });
    const seat = [...analysisReplies({ id: 5, record: RECORD, seat: 7, from: 0 })];
    expect(seat[0]).toMatchObject({ kind: "error", code: "NO_SUCH_SEAT" });
  });
});

describe("the page's side of the analysis", () => {
  const replies = collect(0);
  const decisionAt = (i: number) =>
    replies.flatMap((r) => (r.kind === "decision" ? [r.decision] : []))[i] as JudgedDecision;

  it("takes decisions only in order and finishes on the plan when nothing is left", () => {
    let state = withReply(idleAnalysis(0), { id: 1, kind: "plan", total: 2 });
    expect(state).toMatchObject({ status: "running", total: 2 });
    state = withReply(state, { id: 1, kind: "decision", index: 1, decision: decisionAt(1) });
    expect(state.decisions).toHaveLength(0);
    state = withReply(state, { id: 1, kind: "decision", index: 0, decision: decisionAt(0) });
    state = withReply(state, { id: 1, kind: "decision", index: 0, decision: decisionAt(0) });
    expect(state.decisions).toHaveLength(1);
    const known = { ...idleAnalysis(0), decisions: [decisionAt(0)] };
    expect(withReply(known, { id: 2, kind: "plan", total: 1 }).status).toBe("done");
    expect(withReply(state, { id: 1, kind: "error", code: "X", message: "y" })).toMatchObject({
      status: "error",
      error: "X: y",
    });
  });

  it("shows progress, stops at once keeping what it has, goes on and ends with the whole analysis", async () => {
    const run = createAnalysisRun(RECORD, 0, inPageWorker, WORLDS);
    const seen: number[] = [];
    run.store.subscribe((s) => seen.push(s.decisions.length));
    run.start();
    expect(run.store.get().status).toBe("running");
    await until(run.store, (s) => s.decisions.length >= 2);
    run.stop();
    const stopped = run.store.get();
    expect(stopped.status).toBe("stopped");
    const kept = stopped.decisions.length;
    // Nothing more arrives after a stop.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(run.store.get().decisions).toHaveLength(kept);
    run.start();
    const done = await until(run.store, (s) => s.status === "done");
    expect(done.decisions).toEqual(replies.flatMap((r) => (r.kind === "decision" ? [r.decision] : [])));
    expect(done.total).toBe(done.decisions.length);
    // Progress came one decision at a time.
    expect(seen.filter((n, i) => i > 0 && n > seen[i - 1]! + 1)).toEqual([]);
    run.dispose();
  });

  it("maps decisions to the chart (the win chance as played) and to the replay's steps", () => {
    const decisions = replies.flatMap((r) => (r.kind === "decision" ? [r.decision] : []));
    const chart = chartPoints(decisions);
    expect(chart.map((p) => p.index)).toEqual(decisions.map((_, i) => i));
    for (const [i, point] of chart.entries()) {
      expect(point.label).toBe(decisions[i]!.label);
      expect(point.win).toBe(playedOption(decisions[i]!)!.winMatch);
    }
    // At a decision's step the seat is to act, and the record's next action is the one it played.
    const frames = framesOf(RECORD);
    if (!frames.ok) throw new Error(frames.message);
    const firsts = roundsOf(frames.frames).map((r) => r.first);
    for (const d of decisions) {
      const at = stepOfDecision(d, firsts);
      expect(frames.frames[at]!.state.round!.toAct).toBe(0);
      expect(frames.frames[at]!.round).toBe(d.round);
      expect(sameAction(RECORD.rounds[d.round]!.actions[d.action]! as Action, d.played)).toBe(true);
      // Its judgement shows one step on, where the caption tells the move this seat made (never another seat's move,
      // nor a deal).
      const shown = frames.frames[stepOfMove(d, firsts)]!;
      expect(shown.events[0]).toMatchObject({ seat: 0 });
      expect(shown.events.some((e) => e.type === "roundStarted")).toBe(false);
    }
  });

  it("names the cards of a better move and finds the player's own seat by name", () => {
    const swap: Action = { seat: 0, type: "swap", give: "7h" as Card, take: "As" as Card };
    expect(cardsOf(swap, [], [])).toEqual(["7h", "As"]);
    expect(cardsOf({ seat: 0, type: "swapAll" }, ["7h"] as Card[], ["As"] as Card[])).toEqual(["7h", "As"]);
    expect(cardsOf({ seat: 0, type: "knock" }, ["7h"] as Card[], [])).toEqual([]);
    expect(sameAction(swap, { type: "swap", take: "As" as Card, give: "7h" as Card, seat: 0 })).toBe(true);
    expect(sameAction(swap, { ...swap, take: "Ks" as Card })).toBe(false);
    expect(ownSeat(["Lena", "Ich", "Tom"], "Ich")).toBe(1);
    expect(ownSeat(["Ich", "Ich"], "Ich")).toBeNull();
    expect(ownSeat(["Lena"], "Ich")).toBeNull();
  });
});

describe("the estimates in plain words", () => {
  const de = { lang: "de", faces: "french", names: ["Ich"], me: null } as const;
  const en = { ...de, lang: "en" } as const;
  const knock = { action: { seat: 0, type: "knock" } as Action, loseLife: 0.18, winMatch: 0.342 };
  const take = {
    action: { seat: 0, type: "swap", give: "7c", take: "Kh" } as Action,
    loseLife: 0.09,
    winMatch: 0.4249,
  };

  it("says each move's risk of losing a life and its chance to win, in German and English", () => {
    expect(optionWords(knock, de)).toBe("Klopfen: 18\u00a0% Risiko, ein Leben zu verlieren · Siegchance 34\u00a0%");
    expect(optionWords(knock, en)).toBe("Knock: 18% risk of losing a life · 34% chance to win the match");
    expect(optionWords(take, de)).toMatch(/^Kreuz 7 gegen Herz-König tauschen: 9\u00a0% Risiko/);
    expect(optionWords(take, en)).toMatch(/^Swap 7 of clubs for king of hearts: 9% risk/i);
    expect(percent(0.005, "de")).toBe("1\u00a0%");
    expect(percent(1, "en")).toBe("100%");
  });

  it("names the better move and what the played one cost, and nothing after the best", () => {
    const decision = {
      round: 0,
      action: 1,
      played: knock.action,
      best: take.action,
      loss: 8.25,
      label: "blunder",
      options: [take, knock],
      worlds: 600,
    } as const;
    expect(betterWords(decision, de)).toBe("Besser: Kreuz 7 gegen Herz-König tauschen (Verlust 8,3 Prozentpunkte)");
    expect(betterWords(decision, en)).toMatch(/^Better: swap 7 of clubs for king of hearts \(loses 8\.3 percentage/i);
    expect(betterWords({ ...decision, played: take.action, loss: 0, label: "best" }, de)).toBeNull();
    // One point is one: "1 Prozentpunkt", "1 percentage point" (a play-test read "Verlust 1 Prozentpunkte").
    const one = { ...decision, loss: 1.02, label: "mistake" } as const;
    expect(betterWords(one, de)).toBe("Besser: Kreuz 7 gegen Herz-König tauschen (Verlust 1 Prozentpunkt)");
    expect(betterWords(one, en)).toMatch(/\(loses 1 percentage point\)$/);
  });
});

describe("the coach at the table", () => {
  const decisions = [...analysisReplies({ id: 1, record: RECORD, seat: 0, from: 0, worlds: WORLDS })].flatMap((r) =>
    r.kind === "decision" ? [r.decision] : [],
  );

  it("gives every legal move's estimates, best first, and judges a move played from the view before it", () => {
    const record = RECORD;
    const frames = framesOf(record);
    if (!frames.ok) throw new Error(frames.message);
    const firsts = roundsOf(frames.frames).map((r) => r.first);
    const decision = decisions[0]!;
    const view = viewFor(frames.frames[stepOfDecision(decision, firsts)]!.state, 0);
    const reply = answer({ id: 9, kind: "coach", view });
    expect(reply.ok).toBe(true);
    if (!reply.ok) return;
    expect(reply.options).toHaveLength(view.legal.length);
    const wins = reply.options!.map((o) => o.winMatch);
    expect(wins).toEqual(wins.toSorted((a, b) => b - a));
    expect(reply.judged).toBeUndefined();
    // A move given as the table sends it (fields in another order) is found among the legal ones and judged.
    const { seat, ...move } = decision.played;
    const judged = answer({ id: 10, kind: "coach", view, played: { ...move, seat } as Action });
    expect(judged.ok && judged.judged?.label).toMatch(/^(best|good|inaccuracy|mistake|blunder)$/);
    expect(judged.ok && judged.id).toBe(10);
  }, 30_000);

  it("keeps the marks after your moves off until switched on, and remembers them", () => {
    expect(defaultSettings(["de"]).coachMarks).toBe(false);
    const base = defaultSettings(["en"]);
    expect(readSettings(JSON.stringify({ coachMarks: true }), base).coachMarks).toBe(true);
    expect(readSettings(JSON.stringify({ coachMarks: "yes" }), base).coachMarks).toBe(false);
  });
});

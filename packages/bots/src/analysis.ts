import {
  type Action,
  type RecordError,
  type ReplayObserver,
  type Result,
  type TableView,
  RULE_KEYS,
  Rng,
  err,
  ok,
  replayRecord,
  replayRecordText,
  viewFor,
} from "@schwimmen/rules";
import { leavesWeakerHand, sensibleMoves } from "./choices.js";
import { ActionSearch } from "./evaluate.js";
import { EXPERT_DEFAULTS, type ExpertOptions, expertModel } from "./expert.js";
import { legalMatch } from "./moves.js";
import { KnockMemory } from "./opponents.js";

/**
 * Game analysis: every decision of one seat in a record, judged from that seat's view alone with the expert's own
 * evaluation (`ActionSearch` with `expertModel`), over every legal action. Pure and synchronous, so a browser's
 * Web Worker can run it as well as the terminal: `analysisSteps` yields one decision at a time (report progress,
 * stop, or wait between them), and a search stops within one world once `shouldStop` or `signal` says so.
 */

/**
 * Worlds per decision. With common random numbers, two actions that play alike score alike, and the loss of a
 * decision moves little with the seed: over 72 decisions of two 4-seat matches, analysed with four seeds each, its
 * standard deviation was 0 at the median, 0.27 points at the 90th percentile and 1.3 at most (late in a match,
 * where a life decides it) — well inside the 2 points of `good`.
 */
export const ANALYSIS_WORLDS = 600;

/**
 * The expert as the analysis searches: every legal action, `worlds` worlds, no second pass. A seat that plays as
 * this bot, seeded with `decisionSeed` at each decision, plays the analysis's best action every time.
 */
export const analysisExpertOptions = (
  worlds = ANALYSIS_WORLDS,
  base: ExpertOptions = EXPERT_DEFAULTS,
): ExpertOptions => ({
  ...base,
  worlds,
  maxSwaps: Number.POSITIVE_INFINITY,
  refine: 0,
});

export const LABELS = ["best", "good", "inaccuracy", "mistake", "blunder"] as const;
export type Label = (typeof LABELS)[number];

/**
 * Upper limits (exclusive) of the loss, in match-win percentage points, for each label but `blunder`. A life is
 * worth about 9 points at the start of a four-seat match and about 14 heads-up (more as lives run out), so: `best`
 * is the top action (or equal to it after rounding); `good` stays within the sampling noise (see
 * `ANALYSIS_WORLDS`); an `inaccuracy` gives away up to about half a life at four seats; a `mistake` up to most of a
 * life at four seats (over half of one heads-up); a `blunder` more.
 */
export const LABEL_LIMITS: Readonly<Record<Exclude<Label, "blunder">, number>> = {
  best: 0.05,
  good: 2,
  inaccuracy: 5,
  mistake: 8,
};

/**
 * The label a move gets at least when it throws hand away on the last turn (`leavesWeakerHand`): it leaves a weaker
 * hand than the seat could keep although the rules never make a weaker hand better. The worlds can show such a move
 * to cost little or nothing (other hands as weak, or play-outs in which its cards happen to help nobody), but it is
 * never the right move, so it is never `best` or `good`.
 */
export const WEAKER_HAND_LABEL: Label = "inaccuracy";

const atLeast = (label: Label, floor: Label): Label => (LABELS.indexOf(label) >= LABELS.indexOf(floor) ? label : floor);

export function labelOf(loss: number): Label {
  if (loss < LABEL_LIMITS.best) return "best";
  if (loss < LABEL_LIMITS.good) return "good";
  if (loss < LABEL_LIMITS.inaccuracy) return "inaccuracy";
  if (loss < LABEL_LIMITS.mistake) return "mistake";
  return "blunder";
}

/** One action of the analysed seat as the record has it, with the seat's view just before it. */
export interface DecisionPoint {
  /** Index of the round in the record, and of the action in that round's action list. */
  readonly round: number;
  readonly index: number;
  readonly view: TableView;
  /** The engine's own object for the action played (one of `view.legal`). */
  readonly played: Action;
}

export interface AnalysisPlan {
  readonly seat: number;
  readonly players: readonly string[];
  /** Every action of the seat in order, forced ones included (the expert's memory sees them all). */
  readonly points: readonly DecisionPoint[];
  /** How many of them offered a choice: the decisions that get analysed. */
  readonly decisions: number;
}

export type AnalysisError = RecordError | { readonly code: "NO_SUCH_SEAT"; readonly message: string };

/** Replays a parsed record (errors exactly as `replay` reports them) and collects the seat's decisions. */
export const planAnalysis = (input: unknown, seat: number): Result<AnalysisPlan, AnalysisError> =>
  planWith((observe) => replayRecord(input, observe), seat);

/** The same from the record's text (not JSON: `INVALID_RECORD`, as for `replay`). */
export const planAnalysisText = (text: string, seat: number): Result<AnalysisPlan, AnalysisError> =>
  planWith((observe) => replayRecordText(text, observe), seat);

function planWith(
  replay: (observe: ReplayObserver) => ReturnType<typeof replayRecord>,
  seat: number,
): Result<AnalysisPlan, AnalysisError> {
  const points: DecisionPoint[] = [];
  const replayed = replay((before, action, round, index) => {
    if (action.seat !== seat) return;
    const view = viewFor(before, seat);
    // The engine accepted the action, so it is one of the legal ones.
    const played = legalMatch(view, action)!;
    points.push({ round, index, view, played });
  });
  if (!replayed.ok) return replayed;
  const { players } = replayed.value;
  if (!Number.isInteger(seat) || seat < 0 || seat >= players.length) {
    const most = players.length - 1;
    return err({ code: "NO_SUCH_SEAT", message: `seat ${seat} is not in the record (its seats are 0 to ${most})` });
  }
  return ok({ seat, players, points, decisions: points.filter((p) => p.view.legal.length > 1).length });
}

/**
 * The seed of a decision's search: a hash of everything the seat saw, so the same record gives the same analysis
 * and nothing the seat could not see (other hands, the stock's order) can change it.
 */
export function decisionSeed(view: TableView): string {
  const { rules, legal: _derived, ...rest } = view;
  return `analysis ${JSON.stringify({ rules: RULE_KEYS.map((key) => rules[key]), ...rest })}`;
}

export interface OptionAnalysis {
  readonly action: Action;
  /** The chance that the seat loses a life this round after this action. */
  readonly loseLife: number;
  /** The chance to win the match after this action (the rest of the match counted as even play). */
  readonly winMatch: number;
}

export interface DecisionAnalysis {
  readonly round: number;
  readonly action: number;
  readonly played: Action;
  readonly best: Action;
  /** Match-win percentage points between the best action and the one played (0 or more). */
  readonly loss: number;
  readonly label: Label;
  /** Every legal action, best first. */
  readonly options: readonly OptionAnalysis[];
  /** Worlds searched per action (fewer than asked when stopped). */
  readonly worlds: number;
}

export interface AnalysisOptions {
  /** Worlds per decision (default `ANALYSIS_WORLDS`). */
  readonly worlds?: number;
  /** The expert's settings (default `EXPERT_DEFAULTS`; `worlds` and `maxSwaps` are not used). */
  readonly expert?: ExpertOptions;
  /** Stops the analysis (an AbortSignal will do), checked between worlds. */
  readonly signal?: { readonly aborted: boolean };
  readonly shouldStop?: () => boolean;
  /** Hears how many decisions are done, of how many. */
  readonly onProgress?: (done: number, total: number) => void;
}

const round4 = (p: number): number => Math.round(p * 10_000) / 10_000;
const round2 = (x: number): number => Math.round(x * 100) / 100;

/** Judges one decision: every legal action searched in the same worlds, the played one against the best. */
export function analyseDecision(
  point: DecisionPoint,
  memory: KnockMemory,
  worlds: number,
  expert: ExpertOptions,
  stop?: () => boolean,
): DecisionAnalysis {
  const { view } = point;
  const search = new ActionSearch(
    view,
    view.legal,
    expertModel(view, expert, memory),
    Rng.fromSeed(decisionSeed(view)),
  );
  const played = search.play(worlds, undefined, stop);
  // The actions the expert weighs come first (see `sensibleMoves`): on the last turn a move that leaves a weaker
  // hand than the seat could keep, or a copy swap where passing does the same, is never the best.
  const sensible = new Set(sensibleMoves(view, view.legal));
  const ranked = search.ranking();
  const ranking = [
    ...ranked.filter((i) => sensible.has(view.legal[i]!)),
    ...ranked.filter((i) => !sensible.has(view.legal[i]!)),
  ];
  const options = ranking.map((i) => {
    const estimate = search.estimate(i);
    return { action: estimate.action, loseLife: round4(estimate.loseLife), winMatch: round4(estimate.winMatch) };
  });
  const playedAt = view.legal.indexOf(point.played);
  const best = ranking[0]!;
  const loss = round2(Math.max(0, search.mean(best) - search.mean(playedAt)) * 100);
  // Throwing hand away on the last turn never pays under these rules, however little the worlds show it to cost.
  const label = leavesWeakerHand(view, point.played) ? atLeast(labelOf(loss), WEAKER_HAND_LABEL) : labelOf(loss);
  return {
    round: point.round,
    action: point.index,
    played: point.played,
    best: view.legal[best]!,
    loss,
    label,
    options,
    worlds: played,
  };
}

/**
 * The decisions of a plan, analysed one at a time in order (a caller may stop between them). The expert's memory
 * of how the others knock follows the seat's views as the expert's own would in that seat.
 */
export function* analysisSteps(plan: AnalysisPlan, options: AnalysisOptions = {}): Generator<DecisionAnalysis> {
  const worlds = options.worlds ?? ANALYSIS_WORLDS;
  const expert = options.expert ?? EXPERT_DEFAULTS;
  const stop = (): boolean => options.signal?.aborted === true || options.shouldStop?.() === true;
  const memory = new KnockMemory();
  let done = 0;
  for (const point of plan.points) {
    memory.observe(point.view);
    if (point.view.legal.length <= 1) continue;
    if (stop()) return;
    const analysis = analyseDecision(point, memory, worlds, expert, stop);
    if (stop()) return;
    done++;
    options.onProgress?.(done, plan.decisions);
    yield analysis;
  }
}

export interface RecordAnalysis {
  readonly seat: number;
  readonly decisions: readonly DecisionAnalysis[];
  /** Share of decisions labelled `best` or `good`; null without decisions. */
  readonly accuracy: number | null;
  /** True when stopped before the last decision. */
  readonly stopped: boolean;
}

/** Share of decisions labelled `best` or `good` (null for none). */
export function accuracyOf(decisions: readonly DecisionAnalysis[]): number | null {
  if (decisions.length === 0) return null;
  return round4(decisions.filter((d) => d.label === "best" || d.label === "good").length / decisions.length);
}

/** The worst decisions, biggest loss first (ties: earlier first); only those that lost something. */
export const worstDecisions = (decisions: readonly DecisionAnalysis[], count = 3): DecisionAnalysis[] =>
  decisions
    .filter((d) => d.loss > 0)
    .sort((a, b) => b.loss - a.loss || a.round - b.round || a.action - b.action)
    .slice(0, count);

/** The whole analysis of a parsed record for one seat. */
export function analyseRecord(
  input: unknown,
  seat: number,
  options: AnalysisOptions = {},
): Result<RecordAnalysis, AnalysisError> {
  const plan = planAnalysis(input, seat);
  if (!plan.ok) return plan;
  const decisions = [...analysisSteps(plan.value, options)];
  return ok({ seat, decisions, accuracy: accuracyOf(decisions), stopped: decisions.length < plan.value.decisions });
}

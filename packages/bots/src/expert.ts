import type { Action, Rng, TableView } from "@schwimmen/rules";
import { greedyBot, greedyMove, hiddenGreedyMove, situationOfView } from "./greedy.js";
import type { Bot, DecisionContext } from "./bot.js";
import { lowerHandMayPay, sensibleMoves } from "./choices.js";
import { keepOptions, loopCap, swapOptions, valueOf } from "./hand.js";
import { samePair } from "./moves.js";
import { type PlayoutPolicy, greedyPolicy } from "./rollout.js";
import type { Doubts } from "./sampler.js";
import { type ActionEstimate, ActionSearch, type SearchModel } from "./evaluate.js";
import { explainAction } from "./explain.js";
import { KnockMemory } from "./opponents.js";
import { calibrateLoseLife } from "./calibration-map.js";

export interface ExpertOptions {
  /** Sampled worlds per decision (each candidate action is played out in every world: common random numbers). */
  readonly worlds: number;
  /** Most single-card swaps considered, best by the hand they leave. */
  readonly maxSwaps: number;
  /** Knock value of the play-out policy, for the expert's own seat and for the others. */
  readonly ownKnockAt: number;
  readonly otherKnockAt: number;
  /**
   * Play-outs: how likely another seat knocks when it may and holds its knock value or more (below 1: it sometimes
   * plays on, as careful players do), and how likely it knocks with 20 or more below that.
   */
  readonly otherKnockHigh: number;
  readonly otherKnockLow: number;
  /** 1: the play-outs let the expert itself knock where it has been seen to knock in this match (0: `ownKnockAt`). */
  readonly learnOwnKnock: number;
  /** Extra worlds for the two best actions after the first pass (0: none). */
  readonly refine: number;
  /** 1: the sampler also expects each seat to knock where it has been seen to knock (0: at 27). */
  readonly modelKnocks: number;
  /** How steeply the share of the match grows with the losses a seat can still afford (see `equity`). */
  readonly equityPower: number;
  /** Sampler: draws per opponent hand, and how many of each opponent's latest turns it checks. */
  readonly sampleTries: number;
  readonly turnsChecked: number;
  /**
   * Sampler: how much a drawn hand is doubted for each turn the opponent model would not have played with it (see
   * `Doubts`). Tuned by how closely sampled hands matched the true ones in recorded expert-against-tactician
   * positions: careful players often play on with 27 or more, so that says nothing, while a swap that did not raise
   * the hand, or raised it less than the best swap, speaks strongly against the drawn hand.
   */
  readonly doubtKnockWeak: number;
  readonly doubtKnockMissed: number;
  readonly doubtKnockMissedForGain: number;
  readonly doubtPassMissed: number;
  readonly doubtSwapWorse: number;
  readonly doubtSwapNotBest: number;
  /** 1: the chances of losing a life it reports go through `LOSE_LIFE_MAP` (0: the raw share of worlds). */
  readonly calibrated: number;
  /**
   * Seats in the round up to which `worlds` and `sampleTries` are used in full. A larger table has a longer round
   * and more hands to draw per world, so beyond this both shrink in proportion to the seats squared (never below
   * `minWorlds` and `minTries`): at 20 seats the expert still decides well within 200 ms.
   */
  readonly fullWorldSeats: number;
  readonly minWorlds: number;
  readonly minTries: number;
}

export const EXPERT_DEFAULTS: ExpertOptions = {
  worlds: 200,
  maxSwaps: 3,
  ownKnockAt: 27,
  otherKnockAt: 27,
  learnOwnKnock: 0,
  otherKnockHigh: 0.65,
  otherKnockLow: 0.1,
  refine: 0,
  modelKnocks: 0,
  equityPower: 2,
  sampleTries: 64,
  turnsChecked: 10,
  // The cubes of 0.3, 0.12 and 0.15: the greedy model's doubts, sharpened.
  doubtKnockWeak: 0.027,
  doubtKnockMissed: 1,
  doubtKnockMissedForGain: 0.001728,
  doubtPassMissed: 0.003375,
  doubtSwapWorse: 0.005,
  doubtSwapNotBest: 0.05,
  calibrated: 1,
  fullWorldSeats: 6,
  minWorlds: 24,
  minTries: 8,
};

/** How much of the full work a table of `seats` seats in the round gets (see `fullWorldSeats`). */
const shareAt = (options: ExpertOptions, seats: number): number =>
  seats <= options.fullWorldSeats ? 1 : (options.fullWorldSeats / seats) ** 2;

/** The worlds searched and the sampler's draws per hand at a table of `seats` seats in the round. */
export const worldsAt = (options: ExpertOptions, seats: number): number =>
  Math.max(Math.min(options.worlds, options.minWorlds), Math.round(options.worlds * shareAt(options, seats)));
export const triesAt = (options: ExpertOptions, seats: number): number =>
  Math.max(Math.min(options.sampleTries, options.minTries), Math.round(options.sampleTries * shareAt(options, seats)));

/** The sampler's doubts from the expert's options. */
export const doubtsOf = (options: ExpertOptions): Doubts => ({
  knockWeak: options.doubtKnockWeak,
  knockMissed: options.doubtKnockMissed,
  knockMissedForGain: options.doubtKnockMissedForGain,
  passMissed: options.doubtPassMissed,
  swapWorse: options.doubtSwapWorse,
  swapNotBest: options.doubtSwapNotBest,
});

/**
 * The legal actions worth searching: the sensible ones (see `sensibleMoves`: on the last turn never a weaker hand
 * than the seat can keep, no copy swap where a pass does the same), and of those all but the weakest single swaps
 * (in a hidden deal: the weakest keeps).
 */
export function candidates(view: TableView, maxSwaps: number): Action[] {
  return sensibleMoves(view, searchable(view, maxSwaps));
}

function searchable(view: TableView, maxSwaps: number): Action[] {
  if (view.packet) {
    const keeps = keepOptions(view.hand ?? [], view.packet, view.rules).slice(0, maxSwaps);
    return view.legal.filter((a) => a.type !== "passOn" || keeps.some((o) => samePair(o.give, a.give)));
  }
  const swaps = view.legal.filter((a) => a.type === "swap");
  if (swaps.length <= maxSwaps) return view.legal.slice();
  const hand = view.hand ?? [];
  const middle = view.middle ?? [];
  const all = swapOptions(hand, middle, view.rules)
    .filter((o) => o.move.type === "swap")
    .sort((a, b) => b.value - a.value);
  const ranked = all.slice(0, maxSwaps);
  // With `twentyOrLess`, throwing points away (Reißen) can pay: keep the weakest swap in the search too.
  if (lowerHandMayPay(view.rules) && all.length > maxSwaps) ranked.push(all[all.length - 1]!);
  const keep = new Set(ranked.map((o) => (o.move.type === "swap" ? o.move.give + o.move.take : "")));
  return view.legal.filter((a) => a.type !== "swap" || keep.has(a.give + a.take));
}

/** The expert's view of the rest of the round for one decision: its sampler, its play-outs, its match share. */
export function expertModel(view: TableView, options: ExpertOptions, memory: KnockMemory): SearchModel {
  const me = view.viewer;
  const knockAt = (seat: number): number =>
    seat === me && !options.learnOwnKnock ? options.ownKnockAt : memory.knockAt(seat);
  const careful = options.otherKnockHigh < 1 || options.otherKnockLow > 0;
  const doubts = doubtsOf(options);
  return {
    sampler: {
      tries: triesAt(options, view.seatsInRound),
      knockAt: options.modelKnocks ? (seat) => memory.knockAt(seat) : undefined,
      doubts: () => doubts,
      turnsChecked: options.turnsChecked,
    },
    policy: careful ? (rng) => carefulPolicy(me, knockAt, options, rng) : () => greedyPolicy(knockAt),
    equityPower: options.equityPower,
    seen: memory.middles.seenBefore(view),
    calibrate: options.calibrated ? (raw) => calibrateLoseLife(raw, view.knocker !== null) : undefined,
  };
}

/** Fewer worlds than this for every candidate say too little to choose by; see `decideByPlayouts`. */
export const FEW_WORLDS = 24;

/** What the expert decided and, when it searched, its estimates for the action it took. */
export interface ExpertDecision {
  readonly action: Action;
  readonly estimate: ActionEstimate | null;
}

/**
 * Determinized Monte Carlo over the candidate actions (see `ActionSearch`): the best mean share of the match wins.
 * Deterministic for a given rng; `budgetMs`, when given, also stops sampling early.
 */
export function decideByPlayouts(
  view: TableView,
  context: DecisionContext,
  options: ExpertOptions,
  model: SearchModel,
): ExpertDecision {
  const actions = candidates(view, options.maxSwaps);
  if (actions.length === 1) return { action: actions[0]!, estimate: null };
  const started = performance.now();
  const outOfTime = (): boolean => context.budgetMs !== undefined && performance.now() - started > context.budgetMs;
  const search = new ActionSearch(view, actions, model, context.rng);
  const wanted = worldsAt(options, view.seatsInRound);
  const played = search.play(wanted, undefined, outOfTime);
  // Out of time after a handful of worlds (a slow or busy device), or no world at all: the means are noise, and
  // the search could pick a move that throws points away. The baseline's move is sound then (a hint must be).
  if (played < Math.min(FEW_WORLDS, wanted))
    return { action: greedyBot(options.ownKnockAt).decide(view, context), estimate: null };
  // Successive halving: the two best so far get more worlds, so that close calls are decided on more evidence.
  if (options.refine > 0 && actions.length > 2) search.play(options.refine, search.ranking().slice(0, 2), outOfTime);
  const best = search.ranking()[0]!;
  return { action: actions[best]!, estimate: search.estimate(best) };
}

/** Greedy play-outs in which the other seats knock by chance: often with a strong hand, now and then with less. */
export function carefulPolicy(
  me: number | null,
  knockAt: (seat: number) => number,
  options: ExpertOptions,
  rng: Rng,
): PlayoutPolicy {
  const never = 99;
  return (turn) => {
    const at = knockAt(turn.seat);
    if (turn.seat === me || !turn.canKnock) return greedyMove(turn, at);
    const value = valueOf(turn.hand, turn.rules);
    const roll = rng.below(1 << 16) / (1 << 16);
    if (value >= at) return greedyMove(turn, roll < options.otherKnockHigh ? at : never);
    return greedyMove(turn, value >= 20 && roll < options.otherKnockLow ? value : never);
  };
}

/** Hears the expert's estimate for each action it chose by search (for calibration). */
export type EstimateListener = (view: TableView, estimate: ActionEstimate) => void;

export function expertBot(options: ExpertOptions = EXPERT_DEFAULTS, onEstimate?: EstimateListener): Bot {
  const memory = new KnockMemory();
  return {
    name: "expert",
    decide(view, context) {
      memory.observe(view);
      if (view.legal.length === 1) return view.legal[0]!;
      // A round that drags on ends by a knock, as with every bot (the rules may let it loop for ever).
      const knock = view.legal.find((a) => a.type === "knock");
      if (knock && view.turns >= loopCap(view.seatsInRound)) return knock;
      // A hidden deal: few cards come round, so a hand of its knock value is knocked with at once (the search
      // decides below it: the keep, and whether an earlier knock pays).
      if (
        knock &&
        view.packet &&
        hiddenGreedyMove(situationOfView(view), view.packet, options.ownKnockAt).type === "knock"
      )
        return knock;
      const decision = decideByPlayouts(view, context, options, expertModel(view, options, memory));
      if (decision.estimate && onEstimate) onEstimate(view, decision.estimate);
      return decision.action;
    },
    explain: explainAction,
  };
}

import { type Action, type Rng, type TableView, applyAction, worldFromView } from "@schwimmen/rules";
import { greedyMove } from "./greedy.js";
import type { Bot, DecisionContext } from "./bot.js";
import { swapOptions, valueOf } from "./hand.js";
import { type PlayoutPolicy, equity, greedyPolicy, playOut } from "./rollout.js";
import { type Doubts, sampleWorld } from "./sampler.js";
import { trackRound } from "./tracker.js";
import { explainAction } from "./explain.js";
import { KnockMemory } from "./opponents.js";

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
};

/** The sampler's doubts from the expert's options. */
export const doubtsOf = (options: ExpertOptions): Doubts => ({
  knockWeak: options.doubtKnockWeak,
  knockMissed: options.doubtKnockMissed,
  knockMissedForGain: options.doubtKnockMissedForGain,
  passMissed: options.doubtPassMissed,
  swapWorse: options.doubtSwapWorse,
  swapNotBest: options.doubtSwapNotBest,
});

/** The legal actions worth searching: all but the weakest single swaps. */
function candidates(view: TableView, maxSwaps: number): Action[] {
  const swaps = view.legal.filter((a) => a.type === "swap");
  if (swaps.length <= maxSwaps) return view.legal.slice();
  const hand = view.hand ?? [];
  const middle = view.middle ?? [];
  const all = swapOptions(hand, middle, view.rules)
    .filter((o) => o.move.type === "swap")
    .sort((a, b) => b.value - a.value);
  const ranked = all.slice(0, maxSwaps);
  // With `twentyOrLess`, throwing points away (Reißen) can pay: keep the weakest swap in the search too.
  if (view.rules.losers === "twentyOrLess" && all.length > maxSwaps) ranked.push(all[all.length - 1]!);
  const keep = new Set(ranked.map((o) => (o.move.type === "swap" ? o.move.give + o.move.take : "")));
  return view.legal.filter((a) => a.type !== "swap" || keep.has(a.give + a.take));
}

/**
 * Determinized Monte Carlo: sample worlds that agree with the seat's knowledge, play every candidate action out in
 * each world with fast policies for all seats, and take the action with the best average share of the match.
 * Deterministic for a given rng; `budgetMs`, when given, also stops sampling early.
 */
export function chooseByPlayouts(
  view: TableView,
  context: DecisionContext,
  options: ExpertOptions,
  policyFor?: (view: TableView) => PlayoutPolicy,
  knockAt?: (seat: number) => number,
): Action {
  const me = view.viewer!;
  const actions = candidates(view, options.maxSwaps);
  if (actions.length === 1) return actions[0]!;
  const tracking = trackRound(view);
  const policy = policyFor?.(view) ?? greedyPolicy((seat) => (seat === me ? options.ownKnockAt : options.otherKnockAt));
  const totals = new Array<number>(actions.length).fill(0);
  const counts = new Array<number>(actions.length).fill(0);
  const started = performance.now();
  const doubts = doubtsOf(options);
  const outOfTime = (): boolean => context.budgetMs !== undefined && performance.now() - started > context.budgetMs;
  const playWorlds = (worlds: number, which: readonly number[]): void => {
    for (let w = 0; w < worlds && !outOfTime(); w++) {
      const world = worldFromView(
        view,
        sampleWorld(view, tracking, context.rng, {
          tries: options.sampleTries,
          knockAt: options.modelKnocks ? knockAt : undefined,
          doubts: () => doubts,
          turnsChecked: options.turnsChecked,
        }),
      );
      if (!world) return;
      for (const i of which) {
        const next = applyAction(world, actions[i]!);
        totals[i]! += next.ok ? equity(playOut(next.value.state, policy), me, options.equityPower) : -1;
        counts[i]!++;
      }
    }
  };
  const mean = (i: number): number => (counts[i]! > 0 ? totals[i]! / counts[i]! : -Infinity);
  const ranking = (): number[] => actions.map((_, i) => i).sort((a, b) => mean(b) - mean(a) || a - b);
  playWorlds(options.worlds, ranking());
  // Successive halving: the two best so far get more worlds, so that close calls are decided on more evidence.
  if (options.refine > 0 && actions.length > 2) playWorlds(options.refine, ranking().slice(0, 2));
  return actions[ranking()[0]!]!;
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

export function expertBot(options: ExpertOptions = EXPERT_DEFAULTS): Bot {
  const memory = new KnockMemory();
  return {
    name: "expert",
    decide(view, context) {
      memory.observe(view);
      if (view.legal.length === 1) return view.legal[0]!;
      const me = view.viewer;
      const knockAt = (seat: number): number =>
        seat === me && !options.learnOwnKnock ? options.ownKnockAt : memory.knockAt(seat);
      const policy =
        options.otherKnockHigh < 1 || options.otherKnockLow > 0
          ? carefulPolicy(me, knockAt, options, context.rng)
          : greedyPolicy(knockAt);
      return chooseByPlayouts(
        view,
        context,
        options,
        () => policy,
        (seat) => memory.knockAt(seat),
      );
    },
    explain: explainAction,
  };
}

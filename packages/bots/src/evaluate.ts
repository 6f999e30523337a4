import { type Action, type MatchState, Rng, type TableView, applyAction, worldFromView } from "@schwimmen/rules";
import { tieOrder } from "./choices.js";
import { type PlayoutPolicy, equity, playOut } from "./rollout.js";
import { type SamplerModel, sampleWorld } from "./sampler.js";
import { type SeenMiddle, type Tracking, trackRound } from "./tracker.js";

/**
 * The one evaluation behind the expert's choice and the game analysis: determinized Monte Carlo. Worlds are drawn
 * to agree with one seat's view, each action is played out in every world, and per action the mean share of the
 * match after the round (`winMatch`) and the share of worlds in which the seat lost a life (`loseLife`) are kept.
 *
 * Common random numbers: each world gets two seeds from the search's generator, one for drawing the hidden cards
 * and one for the chances of the play-out policy, and every action of that world is played out with the same
 * chances. So two actions that lead to the same play are scored exactly alike, and the estimate of an action does
 * not depend on which other actions are searched: the analysis (every legal action) and the expert (its candidates)
 * agree on the actions both search when they start from the same seed and play the same number of worlds.
 */

/** How a search sees the rest of the round. */
export interface SearchModel {
  /** How the sampler reads the other seats' turns. */
  readonly sampler: SamplerModel;
  /** A play-out policy for every seat that draws its chances from `rng`. */
  policy(rng: Rng): PlayoutPolicy;
  /** How steeply the share of the match grows with the losses a seat can still afford (see `equity`). */
  readonly equityPower: number;
  /** What the seat saw at its earlier turns of the round (see `MiddleMemory`); none when absent. */
  readonly seen?: readonly SeenMiddle[];
  /** Maps a raw chance of losing a life to a calibrated one (identity when absent); see `calibration.ts`. */
  readonly calibrate?: (raw: number) => number;
}

export interface ActionEstimate {
  readonly action: Action;
  /** The mean share of the match after the round: the chance to win it if the rest is played evenly. */
  readonly winMatch: number;
  /** The chance that the seat loses a life (one or more) this round. */
  readonly loseLife: number;
  /** Worlds this action was played out in. */
  readonly worlds: number;
}

/** True when the seat lost one or more lives in the round that `after` ended (false while it runs). */
function lostLife(after: MatchState, seat: number): boolean {
  const last = after.finished[after.finished.length - 1];
  return last !== undefined && last.result.lifeLosses[seat]! > 0;
}

/** A running search over some actions of one view; more worlds can be added for all or some of them. */
export class ActionSearch {
  private readonly totals: number[];
  private readonly losses: number[];
  private readonly counts: number[];
  private readonly ties: number[];
  private readonly tracking: Tracking;
  private readonly me: number;
  /** False once the view allowed no world (no round in play). */
  private possible = true;

  constructor(
    private readonly view: TableView,
    readonly actions: readonly Action[],
    private readonly model: SearchModel,
    private readonly rng: Rng,
  ) {
    if (view.viewer === null) throw new Error("a search needs a seat's view, not a spectator's");
    this.me = view.viewer;
    this.totals = actions.map(() => 0);
    this.losses = actions.map(() => 0);
    this.counts = actions.map(() => 0);
    this.ties = actions.map((action) => tieOrder(view, action));
    this.tracking = trackRound(view, model.seen);
  }

  /**
   * Plays `worlds` more worlds for the actions at `which` (default: all), stopping early once `stop` says so.
   * Returns the worlds played.
   */
  play(worlds: number, which: readonly number[] = this.actions.map((_, i) => i), stop?: () => boolean): number {
    let played = 0;
    for (; played < worlds && this.possible; played++) {
      if (stop?.()) break;
      const drawRng = new Rng(this.rng.nextSeedState());
      const chances = this.rng.nextSeedState();
      const world = worldFromView(this.view, sampleWorld(this.view, this.tracking, drawRng, this.model.sampler));
      if (!world) {
        this.possible = false;
        break;
      }
      for (const i of which) {
        const next = applyAction(world, this.actions[i]!);
        this.counts[i]!++;
        if (!next.ok) {
          this.totals[i]! -= 1;
          continue;
        }
        const after = playOut(next.value.state, this.model.policy(new Rng(chances)));
        this.totals[i]! += equity(after, this.me, this.model.equityPower);
        if (lostLife(after, this.me)) this.losses[i]!++;
      }
    }
    return played;
  }

  /** The mean share of the match of action i so far (-Infinity before any world). */
  mean(i: number): number {
    return this.counts[i]! > 0 ? this.totals[i]! / this.counts[i]! : -Infinity;
  }

  /**
   * Action indexes, best mean first. Ties (actions that played out alike in every world) go to the stronger hand
   * left, then to a pass before a swap to the same hand (`tieOrder`), then keep the order of `actions`.
   */
  ranking(): number[] {
    return this.actions
      .map((_, i) => i)
      .sort((a, b) => this.mean(b) - this.mean(a) || this.ties[a]! - this.ties[b]! || a - b);
  }

  estimate(i: number): ActionEstimate {
    const count = this.counts[i]!;
    const raw = count > 0 ? this.losses[i]! / count : 0;
    return {
      action: this.actions[i]!,
      winMatch: count > 0 ? this.totals[i]! / count : 0,
      loseLife: this.model.calibrate ? this.model.calibrate(raw) : raw,
      worlds: count,
    };
  }

  estimates(): ActionEstimate[] {
    return this.actions.map((_, i) => this.estimate(i));
  }
}

import type { RoundResult, TableView } from "@schwimmen/rules";
import type { ActionEstimate } from "./evaluate.js";

/**
 * Calibration of the expert's chance of losing a life this round: predictions, bucketed into tenths, against what
 * happened. The counts add up, so tallies of disjoint runs (arena workers) merge by addition.
 */

export const CALIBRATION_BUCKETS = 10;

export interface CalibrationTally {
  /** Per bucket (predictions in [k/10, (k+1)/10), the last one closed): decisions, summed predictions, losses. */
  readonly count: number[];
  readonly predicted: number[];
  readonly lost: number[];
  /** Summed squared errors (prediction minus 0 or 1), for the Brier score. */
  brier: number;
}

export const emptyCalibration = (): CalibrationTally => ({
  count: new Array<number>(CALIBRATION_BUCKETS).fill(0),
  predicted: new Array<number>(CALIBRATION_BUCKETS).fill(0),
  lost: new Array<number>(CALIBRATION_BUCKETS).fill(0),
  brier: 0,
});

export const bucketOf = (p: number): number =>
  Math.min(CALIBRATION_BUCKETS - 1, Math.max(0, Math.floor(p * CALIBRATION_BUCKETS)));

export function addPrediction(tally: CalibrationTally, p: number, lost: boolean): void {
  const bucket = bucketOf(p);
  tally.count[bucket]!++;
  tally.predicted[bucket]! += p;
  if (lost) tally.lost[bucket]!++;
  tally.brier += (p - (lost ? 1 : 0)) ** 2;
}

export function mergeCalibration(into: CalibrationTally, other: CalibrationTally): CalibrationTally {
  for (let b = 0; b < CALIBRATION_BUCKETS; b++) {
    into.count[b]! += other.count[b]!;
    into.predicted[b]! += other.predicted[b]!;
    into.lost[b]! += other.lost[b]!;
  }
  into.brier += other.brier;
  return into;
}

export interface CalibrationRow {
  /** The bucket's lower edge (0, 0.1, ... 0.9). */
  readonly from: number;
  readonly count: number;
  /** Mean prediction and share of decisions followed by a lost life (null for an empty bucket). */
  readonly predicted: number | null;
  readonly observed: number | null;
}

export function calibrationRows(tally: CalibrationTally): CalibrationRow[] {
  return tally.count.map((count, b) => ({
    from: b / CALIBRATION_BUCKETS,
    count,
    predicted: count > 0 ? tally.predicted[b]! / count : null,
    observed: count > 0 ? tally.lost[b]! / count : null,
  }));
}

export function brierScore(tally: CalibrationTally): number | null {
  const total = tally.count.reduce((a, b) => a + b, 0);
  return total > 0 ? tally.brier / total : null;
}

/**
 * Collects the predictions of the seats' experts during one round and scores them when the round ends. Give
 * `listener` to `expertBot`, and `roundEnded` each round's result (null for a round stopped unscored: dropped).
 */
export class CalibrationRecorder {
  readonly tally: CalibrationTally = emptyCalibration();
  private pending: { seat: number; p: number }[] = [];

  readonly listener = (view: TableView, estimate: ActionEstimate): void => {
    if (view.viewer !== null) this.pending.push({ seat: view.viewer, p: estimate.loseLife });
  };

  readonly roundEnded = (result: RoundResult | null): void => {
    if (result) for (const { seat, p } of this.pending) addPrediction(this.tally, p, result.lifeLosses[seat]! > 0);
    this.pending = [];
  };
}

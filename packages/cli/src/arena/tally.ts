import {
  type ArenaEntry,
  type ArenaMatchResult,
  type CalibrationTally,
  CalibrationRecorder,
  emptyCalibration,
  mergeCalibration,
  playArenaMatch,
} from "@schwimmen/bots";
import { arenaEntry } from "./lineup.js";
import type { Rules } from "@schwimmen/rules";

/**
 * Counts that add up: a shard of matches gives a tally, and tallies of disjoint shards merge by addition, so any
 * split over workers gives the same totals as one worker (decision times aside, which are measured).
 */

/** Decision times on a log scale: bin 0 holds times below BASE_MS, bin k >= 1 holds [BASE·R^(k-1), BASE·R^k). */
const BASE_MS = 1e-4;
const RATIO = 1.02;
export const HISTOGRAM_BINS = 1200; // up to about 2 minutes

export function binOf(ms: number): number {
  if (!(ms >= BASE_MS)) return 0;
  return Math.min(HISTOGRAM_BINS - 1, Math.floor(Math.log(ms / BASE_MS) / Math.log(RATIO)) + 1);
}

/** A bin's representative time: its geometric middle (within 1% of every time in it). */
export const binValue = (bin: number): number => (bin === 0 ? BASE_MS / 2 : BASE_MS * RATIO ** (bin - 0.5));

/** The nearest-rank percentile (0 < q <= 1) of a histogram; null when it is empty. */
export function histogramPercentile(histogram: ArrayLike<number>, q: number): number | null {
  let total = 0;
  for (let i = 0; i < histogram.length; i++) total += histogram[i]!;
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (let i = 0; i < histogram.length; i++) {
    seen += histogram[i]!;
    if (seen >= rank) return binValue(i);
  }
  return binValue(histogram.length - 1);
}

export interface SeatTally {
  wins: number;
  draws: number;
  /** Sum of places over matches (places are whole or half numbers, so the sum is exact). */
  placeSum: number;
  decisions: number;
  maxMs: number;
  histogram: number[];
}

export interface ArenaTally {
  matches: number;
  draws: number;
  unfinished: number;
  rounds: number;
  cappedRounds: number;
  actions: number;
  seats: SeatTally[];
  /** `occupancy[e][s]`: matches in which lineup entry e sat at table seat s. */
  occupancy: number[][];
  /** With `--calibration`: the experts' chances of losing a life against what happened. */
  calibration: CalibrationTally | null;
}

export function emptyTally(seats: number): ArenaTally {
  return {
    matches: 0,
    draws: 0,
    unfinished: 0,
    rounds: 0,
    cappedRounds: 0,
    actions: 0,
    seats: Array.from({ length: seats }, () => ({
      wins: 0,
      draws: 0,
      placeSum: 0,
      decisions: 0,
      maxMs: 0,
      histogram: new Array<number>(HISTOGRAM_BINS).fill(0),
    })),
    occupancy: Array.from({ length: seats }, () => new Array<number>(seats).fill(0)),
    calibration: null,
  };
}

export function addMatch(tally: ArenaTally, match: ArenaMatchResult): void {
  tally.matches++;
  if (match.draw) tally.draws++;
  if (match.unfinished) tally.unfinished++;
  tally.rounds += match.rounds;
  tally.cappedRounds += match.cappedRounds;
  tally.actions += match.actions;
  tally.seats.forEach((seat, entry) => {
    if (match.winner === entry) seat.wins++;
    if (match.drawnBy.includes(entry)) seat.draws++;
    seat.placeSum += match.places[entry]!;
    for (const ms of match.decisionMs[entry]!) {
      seat.decisions++;
      seat.histogram[binOf(ms)]!++;
      if (ms > seat.maxMs) seat.maxMs = ms;
    }
    tally.occupancy[entry]![match.tableSeatOf[entry]!]!++;
  });
}

export function mergeTallies(into: ArenaTally, other: ArenaTally): ArenaTally {
  into.matches += other.matches;
  into.draws += other.draws;
  into.unfinished += other.unfinished;
  into.rounds += other.rounds;
  into.cappedRounds += other.cappedRounds;
  into.actions += other.actions;
  into.seats.forEach((seat, entry) => {
    const more = other.seats[entry]!;
    seat.wins += more.wins;
    seat.draws += more.draws;
    seat.placeSum += more.placeSum;
    seat.decisions += more.decisions;
    seat.maxMs = Math.max(seat.maxMs, more.maxMs);
    for (let i = 0; i < HISTOGRAM_BINS; i++) seat.histogram[i]! += more.histogram[i]!;
    other.occupancy[entry]!.forEach((count, tableSeat) => (into.occupancy[entry]![tableSeat]! += count));
  });
  if (other.calibration) into.calibration = mergeCalibration(into.calibration ?? emptyCalibration(), other.calibration);
  return into;
}

/** What one shard needs: plain data, so it can be posted to a worker. */
export interface ShardSpec {
  readonly names: readonly string[];
  readonly rules: Rules;
  readonly seed: string;
  /** Matches [start, end) of the run. */
  readonly start: number;
  readonly end: number;
  readonly capActions: number;
  readonly maxRounds: number;
  readonly budgetMs?: number;
  /** Record the experts' estimates for a calibration table. */
  readonly calibration?: boolean;
}

/** Plays a shard's matches in order; `onMatch` hears after each one (for progress). */
export function runShard(spec: ShardSpec, lineup: readonly ArenaEntry[], onMatch?: (done: number) => void): ArenaTally {
  const tally = emptyTally(lineup.length);
  const recorder = spec.calibration ? new CalibrationRecorder() : null;
  // The same lineup, with experts that tell their estimates to the recorder.
  const entries = recorder ? lineup.map((entry) => arenaEntry(entry.name, recorder.listener) ?? entry) : lineup;
  for (let matchIndex = spec.start; matchIndex < spec.end; matchIndex++) {
    const match = playArenaMatch({
      lineup: entries,
      rules: spec.rules,
      seed: spec.seed,
      matchIndex,
      capActions: spec.capActions,
      maxRounds: spec.maxRounds,
      ...(spec.budgetMs === undefined ? {} : { budgetMs: spec.budgetMs }),
      ...(recorder ? { onRoundEnd: recorder.roundEnded } : {}),
    });
    addMatch(tally, match);
    onMatch?.(matchIndex - spec.start + 1);
  }
  if (recorder) tally.calibration = recorder.tally;
  return tally;
}

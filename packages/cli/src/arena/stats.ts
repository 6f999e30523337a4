import { type Rules, makeRules } from "@schwimmen/rules";
import { type ArenaTally, histogramPercentile } from "./tally.js";

/** The normal quantile for a two-sided 95% interval. */
const Z95 = 1.959963984540054;

/** Wilson score interval for `successes` out of `trials`: stays inside [0, 1] and behaves near 0% and 100%. */
export function wilsonInterval(successes: number, trials: number, z = Z95): [number, number] {
  if (trials <= 0) return [0, 1];
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

const round = (value: number, digits: number): number => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

/** Milliseconds to four significant digits: fast bots decide in microseconds, slow ones in hundreds of ms. */
const roundMs = (ms: number | null): number | null => (ms === null ? null : Number(ms.toPrecision(4)));

export interface SeatSummary {
  readonly bot: string;
  readonly wins: number;
  readonly draws: number;
  readonly winRate: number;
  readonly ci95: readonly [number, number];
  readonly decisionMs: { readonly p50: number | null; readonly p95: number | null; readonly max: number | null };
  readonly label: string;
  readonly position: number;
  readonly averagePlace: number;
  readonly decisions: number;
  /** Matches played at each table seat (seat 0 deals the first round): equal when the rotation is fair. */
  readonly positions: readonly number[];
}

/** The JSON the command writes: `matches` and `seats` first, as the issue asks; the rest is extra detail. */
export interface ArenaSummary {
  readonly matches: number;
  readonly seats: readonly SeatSummary[];
  readonly seed: string;
  readonly rules: Partial<Rules>;
  readonly draws: number;
  readonly unfinished: number;
  /** The share a seat would win if all were equal: decided matches over seats. */
  readonly fairShare: number;
  readonly rounds: number;
  readonly cappedRounds: number;
  readonly capActions: number;
  readonly maxRounds: number;
  readonly actions: number;
}

export interface SummaryInput {
  readonly tally: ArenaTally;
  readonly names: readonly string[];
  readonly labels: readonly string[];
  readonly seed: string;
  readonly rules: Rules;
  readonly capActions: number;
  readonly maxRounds: number;
}

export function summarize(input: SummaryInput): ArenaSummary {
  const { tally, names, labels } = input;
  const n = tally.matches;
  const seats = tally.seats.map((seat, entry): SeatSummary => {
    const [low, high] = wilsonInterval(seat.wins, n);
    return {
      bot: names[entry]!,
      wins: seat.wins,
      draws: seat.draws,
      winRate: n === 0 ? 0 : round(seat.wins / n, 4),
      ci95: [round(low, 4), round(high, 4)],
      decisionMs: {
        p50: roundMs(histogramPercentile(seat.histogram, 0.5)),
        p95: roundMs(histogramPercentile(seat.histogram, 0.95)),
        max: seat.decisions === 0 ? null : roundMs(seat.maxMs),
      },
      label: labels[entry]!,
      position: entry,
      averagePlace: n === 0 ? 0 : round(seat.placeSum / n, 3),
      decisions: seat.decisions,
      positions: tally.occupancy[entry]!,
    };
  });
  const decided = n - tally.draws - tally.unfinished;
  return {
    matches: n,
    seats,
    seed: input.seed,
    rules: makeRules(input.rules),
    draws: tally.draws,
    unfinished: tally.unfinished,
    fairShare: n === 0 ? 0 : round(decided / n / seats.length, 4),
    rounds: tally.rounds,
    cappedRounds: tally.cappedRounds,
    capActions: input.capActions,
    maxRounds: input.maxRounds,
    actions: tally.actions,
  };
}

const percent = (share: number): string => `${(share * 100).toFixed(1)}%`;
/** Times for the table: three decimals, or "<0.001" for a bot that decides in under a microsecond. */
const ms = (value: number | null): string =>
  value === null ? "-" : value < 0.001 ? "<0.001" : value < 100 ? value.toFixed(3) : value.toFixed(1);

/** The table for standard output: one row per lineup entry, then a line on draws, fair share and stopped rounds. */
export function formatTable(summary: ArenaSummary): string {
  const header = ["seat", "wins", "draws", "win share", "95% CI", "avg place", "p50 ms", "p95 ms"];
  const rows = summary.seats.map((seat) => [
    seat.label,
    String(seat.wins),
    String(seat.draws),
    percent(seat.winRate),
    `${percent(seat.ci95[0])} - ${percent(seat.ci95[1])}`,
    seat.averagePlace.toFixed(2),
    ms(seat.decisionMs.p50),
    ms(seat.decisionMs.p95),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join("  ");
  const notes = [
    `${summary.matches} matches, seed ${summary.seed}; fair share ${percent(summary.fairShare)}`,
    `draws ${summary.draws}, unfinished ${summary.unfinished} (over ${summary.maxRounds} rounds)`,
    `rounds ${summary.rounds}, stopped by the cap of ${summary.capActions} actions: ${summary.cappedRounds}`,
  ];
  return [line(header), ...rows.map(line), "", ...notes].join("\n") + "\n";
}

import { type CalibrationTally, brierScore, calibrationRows } from "@schwimmen/bots";
import { escapeXml, svgDocument } from "./chart.js";
import { wilsonInterval } from "./stats.js";

/**
 * `arena --calibration`: the expert's chance of losing a life this round against what happened, as a table for
 * standard output, a JSON summary and a reliability chart (SVG): one point per tenth of predictions, at the mean
 * prediction and the share of decisions followed by a lost life, with its 95% interval.
 */

/** The target: every bucket with this many decisions or more lies this close to the diagonal. */
export const CALIBRATION_MIN_COUNT = 200;
export const CALIBRATION_TOLERANCE = 0.05;

const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;

export interface CalibrationSummary {
  readonly decisions: number;
  readonly brier: number | null;
  readonly buckets: readonly {
    readonly from: number;
    readonly to: number;
    readonly count: number;
    readonly predicted: number | null;
    readonly observed: number | null;
    readonly ci95: readonly [number, number] | null;
    /** Counted in the target (enough decisions) and within the tolerance of the diagonal. */
    readonly withinTarget: boolean | null;
  }[];
}

export function summarizeCalibration(tally: CalibrationTally): CalibrationSummary {
  const rows = calibrationRows(tally);
  const brier = brierScore(tally);
  return {
    decisions: rows.reduce((sum, row) => sum + row.count, 0),
    brier: brier === null ? null : round4(brier),
    buckets: rows.map((row, b) => {
      const ci = row.count > 0 ? wilsonInterval(tally.lost[b]!, row.count) : null;
      const judged = row.count >= CALIBRATION_MIN_COUNT && row.predicted !== null && row.observed !== null;
      return {
        from: round4(row.from),
        to: round4(row.from + 0.1),
        count: row.count,
        predicted: row.predicted === null ? null : round4(row.predicted),
        observed: row.observed === null ? null : round4(row.observed),
        ci95: ci ? [round4(ci[0]), round4(ci[1])] : null,
        withinTarget: judged ? Math.abs(row.observed! - row.predicted!) <= CALIBRATION_TOLERANCE : null,
      };
    }),
  };
}

const percent = (p: number | null): string => (p === null ? "-" : `${(p * 100).toFixed(1)}%`);

export function formatCalibration(summary: CalibrationSummary): string {
  const header = ["predicted", "decisions", "mean predicted", "observed", "difference", "target"];
  const rows = summary.buckets.map((b) => [
    `${Math.round(b.from * 100)}-${Math.round(b.to * 100)}%`,
    String(b.count),
    percent(b.predicted),
    percent(b.observed),
    b.predicted === null || b.observed === null ? "-" : `${((b.observed - b.predicted) * 100).toFixed(1)} pts`,
    b.withinTarget === null ? "-" : b.withinTarget ? "ok" : "OFF",
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join("  ");
  return (
    [
      "",
      "Calibration: the expert's chance of losing a life this round (its estimate for each action it took)",
      line(header),
      ...rows.map(line),
      `${summary.decisions} decisions, Brier score ${summary.brier ?? "-"}; target: buckets with ` +
        `${CALIBRATION_MIN_COUNT}+ decisions within ${CALIBRATION_TOLERANCE * 100} points of the prediction`,
    ].join("\n") + "\n"
  );
}

const SIZE = 560;
const MARGIN = { top: 84, right: 40, bottom: 96, left: 84 };
const WIDTH = MARGIN.left + SIZE + MARGIN.right;
const HEIGHT = MARGIN.top + SIZE + MARGIN.bottom;
const fixed = (value: number): string => String(Math.round(value * 10) / 10);

/** The reliability chart: predicted against observed, the diagonal and its tolerance band, a point per bucket. */
export function calibrationChartSvg(summary: CalibrationSummary, subtitle: string): string {
  const x = (p: number): number => MARGIN.left + SIZE * p;
  const y = (p: number): number => MARGIN.top + SIZE * (1 - p);
  const parts: string[] = [];
  const text = (tx: number, ty: number, content: string, attributes = "") =>
    parts.push(`<text x="${fixed(tx)}" y="${fixed(ty)}"${attributes}>${escapeXml(content)}</text>`);
  text(
    WIDTH / 2,
    30,
    "The expert's chance of losing a life: predicted and observed",
    ' text-anchor="middle" class="title"',
  );
  text(WIDTH / 2, 52, subtitle, ' text-anchor="middle" class="note"');
  for (let i = 0; i <= 10; i++) {
    const p = i / 10;
    parts.push(
      `<line x1="${fixed(x(p))}" y1="${MARGIN.top}" x2="${fixed(x(p))}" y2="${MARGIN.top + SIZE}" class="grid"/>`,
      `<line x1="${MARGIN.left}" y1="${fixed(y(p))}" x2="${MARGIN.left + SIZE}" y2="${fixed(y(p))}" class="grid"/>`,
    );
    text(MARGIN.left - 8, y(p) + 4, `${i * 10}%`, ' text-anchor="end" class="tick"');
    text(x(p), MARGIN.top + SIZE + 18, `${i * 10}%`, ' text-anchor="middle" class="tick"');
  }
  const t = CALIBRATION_TOLERANCE;
  parts.push(
    `<polygon points="${fixed(x(0))},${fixed(y(t))} ${fixed(x(1 - t))},${fixed(y(1))} ${fixed(x(1))},${fixed(y(1))} ` +
      `${fixed(x(1))},${fixed(y(1 - t))} ${fixed(x(t))},${fixed(y(0))} ${fixed(x(0))},${fixed(y(0))}" class="band"/>`,
    `<line x1="${x(0)}" y1="${y(0)}" x2="${x(1)}" y2="${y(1)}" class="diagonal"/>`,
    `<rect x="${MARGIN.left}" y="${MARGIN.top}" width="${SIZE}" height="${SIZE}" class="frame"/>`,
  );
  text(
    WIDTH / 2,
    MARGIN.top + SIZE + 44,
    "predicted chance (mean of the bucket)",
    ' text-anchor="middle" class="label"',
  );
  const axisY = MARGIN.top + SIZE / 2;
  text(26, axisY, "observed share", ` text-anchor="middle" class="label" transform="rotate(-90 26 ${fixed(axisY)})"`);
  for (const b of summary.buckets) {
    if (b.predicted === null || b.observed === null || b.ci95 === null) continue;
    const [cx, cy] = [x(b.predicted), y(b.observed)];
    const radius = Math.max(3, Math.min(11, Math.sqrt(b.count) / 6));
    const kind = b.withinTarget === false ? "off" : b.withinTarget ? "ok" : "few";
    const tip = `${percent(b.from)}-${percent(b.to)}: ${b.count} decisions, predicted ${percent(b.predicted)}, observed ${percent(b.observed)} (95% interval ${percent(b.ci95[0])} to ${percent(b.ci95[1])})`;
    parts.push(
      `<line x1="${fixed(cx)}" y1="${fixed(y(b.ci95[0]))}" x2="${fixed(cx)}" y2="${fixed(y(b.ci95[1]))}" class="whisker"/>`,
      `<circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed(radius)}" class="point ${kind}"><title>${escapeXml(tip)}</title></circle>`,
    );
    // The count beside the point, on its left near the right edge.
    if (b.predicted > 0.85) text(cx - radius - 4, cy - radius - 2, String(b.count), ' text-anchor="end" class="count"');
    else text(cx + radius + 4, cy - radius - 2, String(b.count), ' class="count"');
  }
  text(
    WIDTH / 2,
    HEIGHT - 22,
    `Band: within ${t * 100} points of the diagonal. Whiskers: 95% Wilson interval. Labels: decisions per bucket. ` +
      `Brier score ${summary.brier ?? "-"}.`,
    ' text-anchor="middle" class="note"',
  );
  const style = [
    ".count { font-size: 11px; fill: #555; }",
    ".grid { stroke: #ececec; stroke-width: 1; }",
    ".frame { fill: none; stroke: #333; stroke-width: 1.2; }",
    ".band { fill: #dcebdc; }",
    ".diagonal { stroke: #2e7d32; stroke-width: 1.4; stroke-dasharray: 6 4; }",
    ".whisker { stroke: #111; stroke-width: 1.4; }",
    ".point { stroke: #fff; stroke-width: 1.2; }",
    ".ok { fill: #2b5fa8; }",
    ".off { fill: #c62828; }",
    ".few { fill: #9e9e9e; }",
  ];
  return svgDocument(WIDTH, HEIGHT, "Calibration of the expert's chance of losing a life this round", style, parts);
}

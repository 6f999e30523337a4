import type { ArenaSummary } from "./stats.js";

/**
 * The win shares as a self-contained SVG bar chart: one bar per lineup entry with its 95% interval as a whisker,
 * a dashed line at the fair share, a title saying what was played, and a labelled axis.
 */

const WIDTH = 760;
const HEIGHT = 460;
const MARGIN = { top: 78, right: 112, bottom: 92, left: 78 };
const PLOT_W = WIDTH - MARGIN.left - MARGIN.right;
const PLOT_H = HEIGHT - MARGIN.top - MARGIN.bottom;

export const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

const fixed = (value: number): string => String(Math.round(value * 10) / 10);
const percent = (share: number): string => `${(share * 100).toFixed(1)}%`;

/** The axis top: a little above the highest whisker or the fair line, on a whole tick. */
function axisScale(summary: ArenaSummary): { top: number; step: number } {
  const highest = Math.max(summary.fairShare, ...summary.seats.map((seat) => seat.ci95[1]));
  const step = highest <= 0.35 ? 0.05 : 0.1;
  const top = Math.min(1, Math.max(step, Math.ceil((highest + step / 2) / step - 1e-9) * step));
  return { top, step };
}

/** A self-contained SVG document: the text styles the arena's charts share and `styles`, a white ground, `parts`. */
export function svgDocument(
  width: number,
  height: number,
  title: string,
  styles: readonly string[],
  parts: readonly string[],
): string {
  const style = [
    "text { font-family: Helvetica, Arial, sans-serif; fill: #222; }",
    ".title { font-size: 19px; font-weight: bold; }",
    ".note { font-size: 12px; fill: #555; }",
    ".tick { font-size: 12px; fill: #444; }",
    ".label { font-size: 14px; }",
    ...styles,
  ].join("\n    ");
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">
  <title>${escapeXml(title)}</title>
  <style>
    ${style}
  </style>
  <rect width="${width}" height="${height}" fill="#ffffff"/>
  ${parts.join("\n  ")}
</svg>
`;
}

export function arenaChartSvg(summary: ArenaSummary): string {
  const { top, step } = axisScale(summary);
  const y = (share: number): number => MARGIN.top + PLOT_H * (1 - share / top);
  const slot = PLOT_W / Math.max(1, summary.seats.length);
  const barWidth = Math.min(90, slot * 0.6);
  const crowded = summary.seats.some((seat) => seat.label.length * 8.5 > slot - 6);
  const parts: string[] = [];
  const text = (x: number, yy: number, content: string, attributes = "") =>
    parts.push(`<text x="${fixed(x)}" y="${fixed(yy)}"${attributes}>${escapeXml(content)}</text>`);

  const rules = Object.keys(summary.rules).length === 0 ? "standard rules" : `rules ${JSON.stringify(summary.rules)}`;
  text(WIDTH / 2, 30, "Share of matches won, with 95% intervals", ' text-anchor="middle" class="title"');
  text(
    WIDTH / 2,
    52,
    `${summary.matches} matches, seats rotated, seed ${summary.seed}; ${rules}; draws ${summary.draws}`,
    ' text-anchor="middle" class="note"',
  );

  // Grid and axis ticks.
  const ticks = Math.round(top / step);
  for (let i = 0; i <= ticks; i++) {
    const share = i * step;
    const yy = y(share);
    parts.push(
      `<line x1="${MARGIN.left}" y1="${fixed(yy)}" x2="${WIDTH - MARGIN.right}" y2="${fixed(yy)}" class="grid"/>`,
    );
    text(MARGIN.left - 8, yy + 4, `${Math.round(share * 100)}%`, ' text-anchor="end" class="tick"');
  }
  parts.push(
    `<line x1="${MARGIN.left}" y1="${MARGIN.top}" x2="${MARGIN.left}" y2="${MARGIN.top + PLOT_H}" class="axis"/>`,
    `<line x1="${MARGIN.left}" y1="${MARGIN.top + PLOT_H}" x2="${WIDTH - MARGIN.right}" y2="${MARGIN.top + PLOT_H}" class="axis"/>`,
  );
  const axisY = MARGIN.top + PLOT_H / 2;
  text(22, axisY, "matches won", ` text-anchor="middle" class="label" transform="rotate(-90 22 ${fixed(axisY)})"`);

  summary.seats.forEach((seat, i) => {
    const centre = MARGIN.left + slot * (i + 0.5);
    const barTop = y(seat.winRate);
    const [low, high] = [y(seat.ci95[0]), y(seat.ci95[1])];
    parts.push(
      `<rect x="${fixed(centre - barWidth / 2)}" y="${fixed(barTop)}" width="${fixed(barWidth)}" height="${fixed(MARGIN.top + PLOT_H - barTop)}" class="bar"><title>${escapeXml(`${seat.label}: ${seat.wins} of ${summary.matches} won (${percent(seat.winRate)}, 95% interval ${percent(seat.ci95[0])} to ${percent(seat.ci95[1])})`)}</title></rect>`,
      `<line x1="${fixed(centre)}" y1="${fixed(low)}" x2="${fixed(centre)}" y2="${fixed(high)}" class="whisker"/>`,
      `<line x1="${fixed(centre - 8)}" y1="${fixed(low)}" x2="${fixed(centre + 8)}" y2="${fixed(low)}" class="whisker"/>`,
      `<line x1="${fixed(centre - 8)}" y1="${fixed(high)}" x2="${fixed(centre + 8)}" y2="${fixed(high)}" class="whisker"/>`,
    );
    text(centre, high - 8, percent(seat.winRate), ' text-anchor="middle" class="value"');
    const labelY = MARGIN.top + PLOT_H + 20;
    if (crowded) {
      // Slanted names fit many seats; the counts stay in the bar's tooltip.
      text(
        centre + 4,
        labelY - 4,
        seat.label,
        ` text-anchor="end" class="label" transform="rotate(-30 ${fixed(centre + 4)} ${fixed(labelY - 4)})"`,
      );
    } else {
      text(centre, labelY, seat.label, ' text-anchor="middle" class="label"');
      text(centre, labelY + 18, `${seat.wins} won`, ' text-anchor="middle" class="note"');
    }
  });

  const fairY = y(summary.fairShare);
  parts.push(
    `<line x1="${MARGIN.left}" y1="${fixed(fairY)}" x2="${WIDTH - MARGIN.right}" y2="${fixed(fairY)}" class="fair"/>`,
  );
  // Right of the plot, where no bar can cover it.
  text(WIDTH - MARGIN.right + 6, fairY - 3, "fair share", ' class="fairlabel"');
  text(WIDTH - MARGIN.right + 6, fairY + 12, percent(summary.fairShare), ' class="fairlabel"');
  text(
    WIDTH / 2,
    HEIGHT - 18,
    "Bars: share of all matches won. Whiskers: 95% Wilson interval. Dashed: decided matches / seats.",
    ' text-anchor="middle" class="note"',
  );

  const style = [
    ".value { font-size: 13px; font-weight: bold; paint-order: stroke; stroke: #fff; stroke-width: 4px; }",
    ".grid { stroke: #e3e3e3; stroke-width: 1; }",
    ".axis { stroke: #333; stroke-width: 1.2; }",
    ".bar { fill: #4a78b5; }",
    ".whisker { stroke: #111; stroke-width: 1.6; }",
    ".fair { stroke: #d2691e; stroke-width: 1.6; stroke-dasharray: 7 5; }",
    ".fairlabel { font-size: 12px; fill: #b0520f; }",
  ];
  return svgDocument(WIDTH, HEIGHT, `Arena: share of ${summary.matches} matches won per seat`, style, parts);
}

import type { Ui } from "../ui.js";
import type { JudgedDecision } from "./protocol.js";
import { type ChartPoint, LABEL_MARK, chartPoints, percent } from "./words.js";

const W = 320;
const H = 76;
const PAD = 10;

/** The seat's chance to win the match after each decision as played, as a line over the match; marks jump there. */
export function WinChart({
  decisions,
  total,
  current,
  onPick,
  ui,
}: {
  decisions: readonly JudgedDecision[];
  /** Decisions the whole analysis will have: the x axis is fixed from the start. */
  total: number;
  current: number | null;
  onPick: (index: number) => void;
  ui: Ui;
}) {
  const pts = chartPoints(decisions);
  const span = Math.max(1, total - 1);
  const slot = Math.max(6, (W - 2 * PAD) / span);
  const x = (p: ChartPoint) => PAD + (p.index / span) * (W - 2 * PAD);
  const y = (p: ChartPoint) => PAD + (1 - p.win) * (H - 2 * PAD);
  const line = pts.map((p) => `${x(p).toFixed(1)},${y(p).toFixed(1)}`).join(" ");
  const last = pts[pts.length - 1];
  const first = pts[0];
  const area = first && last ? `${x(first)},${H - PAD} ${line} ${x(last)},${H - PAD}` : "";
  return (
    <svg class="win-chart" viewBox={`0 0 ${W} ${H}`} role="group" aria-label={ui.tr("analysisChart")} data-win-chart="">
      <line class="win-chart__half" x1={PAD} x2={W - PAD} y1={H / 2} y2={H / 2} />
      <text class="win-chart__axis" x={2} y={PAD + 3}>
        {percent(1, ui.lang)}
      </text>
      <text class="win-chart__axis" x={2} y={H - PAD + 3}>
        {percent(0, ui.lang)}
      </text>
      {area ? <polygon class="win-chart__area" points={area} /> : null}
      {line ? <polyline class="win-chart__line" points={line} /> : null}
      {pts.map((p) => {
        const marked = p.label !== "best" && p.label !== "good";
        const title = `${ui.tr("analysisDecision", { n: p.index + 1 })}: ${ui.tr(`label_${p.label}`)}, ${percent(p.win, ui.lang)}`;
        return (
          <g
            class={`win-chart__mark label--${p.label}${current === p.index ? " is-current" : ""}`}
            role="button"
            tabIndex={0}
            aria-label={title}
            data-decision={p.index}
            data-label={p.label}
            onClick={() => onPick(p.index)}
            onKeyDown={(e) => (e.key === "Enter" || e.key === " ") && (e.preventDefault(), onPick(p.index))}
          >
            <title>{title}</title>
            {/* The whole column of a decision takes a tap, not just its small dot. */}
            <rect class="win-chart__hit" x={x(p) - slot / 2} y={0} width={slot} height={H} />
            <circle cx={x(p)} cy={y(p)} r={marked ? 5 : 3.2} />
            {marked ? (
              <text x={x(p)} y={y(p) - 8} text-anchor="middle">
                {LABEL_MARK[p.label]}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

import { type DecisionAnalysis, LABEL_LIMITS, worstDecisions } from "@schwimmen/bots";
import type { Action } from "@schwimmen/rules";

/** The analysis as the command prints it: the JSON of the contract in the help, or a table for people. */

export interface AnalysisReport {
  readonly seat: number;
  readonly decisions: readonly DecisionAnalysis[];
  readonly accuracy: number | null;
}

/** Exactly `{"seat", "decisions": [{"round", "action", "played", "best", "loss", "label", "options"}], "accuracy"}`. */
export function analysisJson(report: AnalysisReport): string {
  const decisions = report.decisions.map((d) => ({
    round: d.round,
    action: d.action,
    played: d.played,
    best: d.best,
    loss: d.loss,
    label: d.label,
    options: d.options.map((o) => ({ action: o.action, loseLife: o.loseLife, winMatch: o.winMatch })),
  }));
  return JSON.stringify({ seat: report.seat, decisions, accuracy: report.accuracy }) + "\n";
}

/** An action in a few words: "swap 7c for Th", "knock", "keep the first packet". */
export function actionText(action: Action): string {
  switch (action.type) {
    case "swap":
      return `swap ${action.give} for ${action.take}`;
    case "swapAll":
      return "swap all three";
    case "pass":
      return "pass";
    case "knock":
      return "knock";
    case "redeal":
      return "new middle";
    case "passOn":
      return `pass on ${action.give.join(" and ")}`;
    case "choose":
      return action.packet === "first" ? "keep the first packet" : "take the second packet";
  }
}

/** "best (under 0.05), good (under 2), ..., blunder (10 or more)" from the analysis's own limits. */
export function labelLimits(): string {
  const { best, good, inaccuracy, mistake } = LABEL_LIMITS;
  return (
    `best (under ${best}), good (under ${good}), inaccuracy (under ${inaccuracy}),\n` +
    `mistake (under ${mistake}), blunder (${mistake} or more)`
  );
}

const percent = (p: number): string => `${(p * 100).toFixed(1)}%`;
const sameAction = (a: Action, b: Action): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The chance to win the match after the played action, as the analysis estimated it. */
function winAfter(d: DecisionAnalysis, action: Action): string {
  const option = d.options.find((o) => sameAction(o.action, action));
  return option ? percent(option.winMatch) : "-";
}

const describe = (d: DecisionAnalysis): string =>
  `round ${d.round}, action ${d.action}: ${actionText(d.played)}, best ${actionText(d.best)} ` +
  `(-${d.loss.toFixed(2)} points, ${d.label})`;

/** A table of every decision and a summary: accuracy and the three worst decisions. */
export function analysisTable(report: AnalysisReport, player: string, worlds: number): string {
  const header = ["round", "action", "played", "win", "best", "win", "loss", "label"];
  const rows = report.decisions.map((d) => [
    String(d.round),
    String(d.action),
    actionText(d.played),
    winAfter(d, d.played),
    sameAction(d.played, d.best) ? "=" : actionText(d.best),
    winAfter(d, d.best),
    d.loss.toFixed(2),
    d.label,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const leftAligned = new Set([2, 4, 7]);
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (leftAligned.has(column) ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join("  ")
      .trimEnd();
  const count = report.decisions.length;
  const good = report.decisions.filter((d) => d.label === "best" || d.label === "good").length;
  const out = [
    `Analysis of seat ${report.seat} (${player}): ${count} decisions, ${worlds} sampled worlds each, from the seat's view`,
    "win: chance to win the match after the action; loss: match-win percentage points given away against the best",
    "",
    line(header),
    ...rows.map(line),
    "",
    report.accuracy === null
      ? "accuracy: no decisions to judge"
      : `accuracy ${percent(report.accuracy)} (${good} of ${count} decisions best or good)`,
  ];
  const worst = worstDecisions(report.decisions);
  if (worst.length > 0) out.push("worst decisions:", ...worst.map((d) => `  ${describe(d)}`));
  out.push("", `labels by loss in points: ${labelLimits().replace("\n", " ")}`);
  return out.join("\n") + "\n";
}

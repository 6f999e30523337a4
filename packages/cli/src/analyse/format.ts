import { type DecisionAnalysis, type DecisionPoint, type Label, LABEL_LIMITS, worstDecisions } from "@schwimmen/bots";
import { type Action, type Card, type TableView, cardName } from "@schwimmen/rules";
import type { Lang } from "../play/text.js";
import { HELP_WIDTH } from "../wrap.js";
import { ANALYSE_WORDS } from "./words.js";

/** The analysis as the command prints it: the JSON of the contract in the help, or a report for people. */

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

/** "best (under 0.05), good (under 2), ..., blunder (10 or more)" from the analysis's own limits. */
export function labelLimits(): string {
  const { best, good, inaccuracy, mistake } = LABEL_LIMITS;
  return (
    `best (under ${best}), good (under ${good}), inaccuracy (under ${inaccuracy}),\n` +
    `mistake (under ${mistake}), blunder (${mistake} or more)`
  );
}

/** Where a decision was made, as a player finds it again: the round and the seat's own turn in it, and its view. */
export interface Moment {
  /** From 1, as the game's screen counts. */
  readonly round: number;
  /** The seat's own turn in the round, from 1 (a redeal and the turn after it are one); null for the dealer's choice. */
  readonly turn: number | null;
  readonly view: TableView;
}

const momentKey = (round: number, action: number): string => `${round}/${action}`;

/** Every action of the seat (its decisions among them) with the moment it was made, by round and index. */
export function momentsOf(points: readonly DecisionPoint[]): Map<string, Moment> {
  const moments = new Map<string, Moment>();
  let round = -1;
  let done = 0;
  for (const point of points) {
    if (point.round !== round) {
      round = point.round;
      done = 0;
    }
    // `choose` is no turn; `redeal` is part of the turn it starts.
    const turn = point.played.type === "choose" ? null : done + 1;
    if (point.played.type !== "choose" && point.played.type !== "redeal") done++;
    moments.set(momentKey(point.round, point.index), { round: point.round + 1, turn, view: point.view });
  }
  return moments;
}

/** A number with `digits` decimals as the language writes it: 12.5 or 12,5. */
const decimal = (x: number, digits: number, lang: Lang): string =>
  lang === "de" ? x.toFixed(digits).replace(".", ",") : x.toFixed(digits);

/** A chance: "12.5%", "12,5 %" (the space does not break). */
const percent = (p: number, lang: Lang): string =>
  lang === "de" ? `${decimal(p * 100, 1, lang)}\u00a0%` : `${decimal(p * 100, 1, lang)}%`;

const sameAction = (a: Action, b: Action): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Words filled into lines of at most 80 columns, the first after `first`, the rest after `rest`. */
function wrapped(text: string, first = "", rest = first): string[] {
  const lines: string[] = [];
  let line = first;
  for (const word of text.split(" ").filter((w) => w !== "")) {
    if (line.trim() !== "" && line.length + 1 + word.length > HELP_WIDTH) {
      lines.push(line);
      line = rest + word;
    } else line = line.trim() === "" ? line + word : `${line} ${word}`;
  }
  if (line.trim() !== "") lines.push(line);
  return lines;
}

/** The report in the reader's language: each decision where it was made, what the seat saw, played and best. */
export function analysisText(
  report: AnalysisReport,
  plan: { readonly players: readonly string[]; readonly points: readonly DecisionPoint[] },
  worlds: number,
  lang: Lang,
): string {
  const w = ANALYSE_WORDS[lang];
  const moments = momentsOf(plan.points);
  const card = (c: Card) => cardName(c, lang);
  const cards = (list: readonly Card[]) => list.map(card).join(", ");
  const act = (action: Action) => w.action(action, card);
  const where = (d: DecisionAnalysis): string => {
    const moment = moments.get(momentKey(d.round, d.action));
    if (moment === undefined) return w.moment(d.round + 1, 0);
    return moment.turn === null ? w.choice(moment.round) : w.moment(moment.round, moment.turn);
  };
  const chances = (d: DecisionAnalysis, action: Action): string => {
    const option = d.options.find((o) => sameAction(o.action, action));
    return option ? ` (${w.chances(percent(option.loseLife, lang), percent(option.winMatch, lang))})` : "";
  };
  const count = report.decisions.length;
  const out = [
    ...wrapped(w.title(report.seat, plan.players[report.seat] ?? "", count, worlds), "", "  "),
    ...w.legend.flatMap((line) => wrapped(line, "", "  ")),
  ];
  for (const d of report.decisions) {
    const view = moments.get(momentKey(d.round, d.action))?.view;
    out.push("", where(d));
    if (view?.hand) out.push(...wrapped(`${w.hand}: ${cards(view.hand)}`, "  ", "    "));
    if (view?.middle) out.push(...wrapped(`${w.middle}: ${cards(view.middle)}`, "  ", "    "));
    if (view?.packet) out.push(...wrapped(`${w.packet}: ${cards(view.packet)}`, "  ", "    "));
    out.push(...wrapped(`${w.played}: ${act(d.played)}${chances(d, d.played)}`, "  ", "    "));
    if (sameAction(d.played, d.best)) out.push(`  ${w.wasBest}`);
    else {
      out.push(...wrapped(`${w.best}: ${act(d.best)}${chances(d, d.best)}`, "  ", "    "));
      out.push(`  ${w.loss(decimal(d.loss, 2, lang), w.labels[d.label])}`);
    }
  }
  const good = report.decisions.filter((d) => d.label === "best" || d.label === "good").length;
  out.push("", report.accuracy === null ? w.noDecisions : w.accuracy(percent(report.accuracy, lang), good, count));
  const worst = worstDecisions(report.decisions);
  if (worst.length > 0) {
    out.push(w.worst);
    for (const d of worst) {
      const line = w.worstLine(where(d), act(d.played), act(d.best), decimal(d.loss, 2, lang), w.labels[d.label]);
      out.push(...wrapped(line, "  ", "    "));
    }
  }
  const { best, good: goodLimit, inaccuracy, mistake } = LABEL_LIMITS;
  const shown = (x: number) => (lang === "de" ? String(x).replace(".", ",") : String(x));
  const limit = (label: Label, word: string, x: number) => `${w.labels[label]} (${word} ${shown(x)})`;
  const limits = [
    limit("best", w.under, best),
    limit("good", w.under, goodLimit),
    limit("inaccuracy", w.under, inaccuracy),
    limit("mistake", w.under, mistake),
    limit("blunder", w.from, mistake),
  ];
  out.push("", ...wrapped(`${w.limitsTitle} ${limits.join(", ")}`, "", "  "));
  return out.join("\n") + "\n";
}

import type { Action, Card, Move } from "@schwimmen/rules";
import { translator } from "../i18n/index.js";
import type { Lang } from "../settings.js";
import { type Speech, describeMove } from "../table/announce.js";
import { type DecisionLabel, type JudgedDecision, type OptionEstimate, sameAction } from "./protocol.js";

/** The short mark of each label, as chess players know them, and the text key of its name. */
export const LABEL_MARK: Readonly<Record<DecisionLabel, string>> = {
  best: "✓",
  good: "✓",
  inaccuracy: "?!",
  mistake: "?",
  blunder: "??",
};

/** The move of an action (without its seat), for the table's words. */
export const moveOf = ({ seat: _seat, ...move }: Action): Move => move as Move;

/** "18 %" in German (a space that never breaks the line), "18%" in English: a chance as a whole percentage. */
export function percent(p: number, lang: Lang): string {
  const whole = Math.round(p * 100);
  return lang === "de" ? `${whole}\u00a0%` : `${whole}%`;
}

/** Percentage points with at most one decimal, as the language writes numbers, and the unit in the right number. */
export function points(x: number, lang: Lang): string {
  const rounded = Math.round(x * 10) / 10;
  const one = new Intl.PluralRules(lang).select(rounded) === "one";
  return translator(lang)(one ? "pointOne" : "pointMany", { n: new Intl.NumberFormat(lang).format(rounded) });
}

const capital = (text: string): string => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** One alternative in plain words: "Klopfen: 18 % Risiko, ein Leben zu verlieren; Siegchance 34 %". */
export function optionWords(option: OptionEstimate, speech: Speech): string {
  return translator(speech.lang)("coachOption", {
    move: capital(describeMove(moveOf(option.action), speech)),
    risk: percent(option.loseLife, speech.lang),
    win: percent(option.winMatch, speech.lang),
  });
}

/** The sentence under a decision that was not the best: "Besser: Herz-König nehmen (Verlust 8 Prozentpunkte)". */
export function betterWords(decision: JudgedDecision, speech: Speech): string | null {
  if (decision.label === "best" || sameAction(decision.best, decision.played)) return null;
  return translator(speech.lang)("analysisBetter", {
    move: describeMove(moveOf(decision.best), speech),
    loss: points(decision.loss, speech.lang),
  });
}

/** The estimate of the action that was played (every decision has it among its options). */
export const playedOption = (decision: JudgedDecision): OptionEstimate | undefined =>
  decision.options.find((o) => sameAction(o.action, decision.played));

/** The cards a move names: those to show as the better move on the table. */
export function cardsOf(action: Action, hand: readonly Card[], middle: readonly Card[]): Card[] {
  switch (action.type) {
    case "swap":
      return [action.give, action.take];
    case "swapAll":
      return [...hand, ...middle];
    case "passOn":
      return [...action.give];
    default:
      return [];
  }
}

/** A point of the win-chance chart: the seat's chance to win the match after each decision as played. */
export interface ChartPoint {
  readonly index: number;
  readonly win: number;
  readonly label: DecisionLabel;
}

export const chartPoints = (decisions: readonly JudgedDecision[]): ChartPoint[] =>
  decisions.map((d, index) => ({ index, win: playedOption(d)?.winMatch ?? 0, label: d.label }));

/** The replay step at which a decision is to be made: its round's deal, then one step per action before it. */
export const stepOfDecision = (decision: JudgedDecision, roundFirsts: readonly (number | undefined)[]): number =>
  (roundFirsts[decision.round] ?? 0) + decision.action;

/**
 * The replay step that shows a decision's move as played (the step after the one where it was to be made): its
 * judgement belongs there, under the caption that names the move, never under another seat's move.
 */
export const stepOfMove = (decision: JudgedDecision, roundFirsts: readonly (number | undefined)[]): number =>
  stepOfDecision(decision, roundFirsts) + 1;

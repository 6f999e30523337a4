import { type Card, rankOf, suitOf } from "@schwimmen/rules";
import type { Lang } from "./text.js";

/**
 * Terminal styling that can be switched off as a whole: with `color: false` every helper returns its text unchanged,
 * so pipes, tests and NO_COLOR terminals get plain text with the same layout.
 */
export interface Style {
  readonly color: boolean;
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
  green(text: string): string;
  inverse(text: string): string;
}

const wrap =
  (open: string, color: boolean) =>
  (text: string): string =>
    color && text !== "" ? `\x1b[${open}m${text}\x1b[0m` : text;

export function makeStyle(color: boolean): Style {
  return {
    color,
    bold: wrap("1", color),
    dim: wrap("2", color),
    red: wrap("31", color),
    yellow: wrap("1;33", color),
    cyan: wrap("36", color),
    green: wrap("1;32", color),
    inverse: wrap("7", color),
  };
}

// Built from a string so that the escape character is not written into a regular expression literal.
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[A-Za-z]`, "g");

export const stripAnsi = (text: string): string => text.replace(ANSI, "");

/** Columns a string takes on screen (every character we print is one column wide). */
export const widthOf = (text: string): number => [...stripAnsi(text)].length;

/** Pads with spaces to `width` columns (never cuts). */
export const padEnd = (text: string, width: number): string => text + " ".repeat(Math.max(0, width - widthOf(text)));
export const padStart = (text: string, width: number): string => " ".repeat(Math.max(0, width - widthOf(text))) + text;

/** Cuts plain text to `width` columns, marking the cut with an ellipsis. */
export function truncate(text: string, width: number): string {
  const chars = [...text];
  return chars.length <= width ? text : chars.slice(0, Math.max(0, width - 1)).join("") + "…";
}

const SUIT_SYMBOLS = { c: "♣", s: "♠", h: "♥", d: "♦" } as const;
/** Rank letters as people in each language write them on a score sheet (Bube, Dame, König, Ass). */
const RANK_LETTERS: Record<Lang, Record<string, string>> = {
  en: { T: "10", J: "J", Q: "Q", K: "K", A: "A" },
  de: { T: "10", J: "B", Q: "D", K: "K", A: "A" },
};

/** A card's short face, e.g. "K♥" or "10♣" (without colour). */
export const cardFace = (card: Card, lang: Lang): string => {
  const rank = rankOf(card);
  return (RANK_LETTERS[lang][rank] ?? rank) + SUIT_SYMBOLS[suitOf(card)];
};

/** The face in its suit's colour: hearts and diamonds red, clubs and spades the terminal's own colour. */
export const cardText = (card: Card, lang: Lang, style: Style): string => {
  const face = cardFace(card, lang);
  const suit = suitOf(card);
  return style.bold(suit === "h" || suit === "d" ? style.red(face) : face);
};

/** A hand value for people: 30.5 as "30½". */
export const valueText = (value: number): string => (Number.isInteger(value) ? String(value) : `${Math.floor(value)}½`);

import { type Card, rankOf, suitOf } from "@schwimmen/rules";
import stringWidth from "string-width";
import wrapAnsi from "wrap-ansi";
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

/**
 * Columns a string takes in a terminal, by the Unicode width tables (a kept library): wide characters such as CJK
 * and most emoji take 2, combining marks and escape codes 0. Characters of ambiguous width (●, ♥, ─) count 1, as in
 * every terminal outside East Asian locales. (string-width 8, not 9: 9 needs Node 22, the project runs on 20.)
 */
export function widthOf(text: string): number {
  if (PRINTABLE_ASCII.test(text)) return text.length;
  let width = widths.get(text);
  if (width === undefined) {
    // The library is thorough but not quick (about 40 µs a line); screens repeat the same strings, so keep some.
    if (widths.size >= 4096) widths.clear();
    width = stringWidth(text);
    widths.set(text, width);
  }
  return width;
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const widths = new Map<string, number>();

const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** The user-perceived characters of a text: a letter with its combining marks, or a whole emoji sequence, is one. */
export const graphemesOf = (text: string): string[] => Array.from(GRAPHEMES.segment(text), (s) => s.segment);

/** Pads with spaces to `width` columns (never cuts). */
export const padEnd = (text: string, width: number): string => text + " ".repeat(Math.max(0, width - widthOf(text)));
export const padStart = (text: string, width: number): string => " ".repeat(Math.max(0, width - widthOf(text))) + text;

/** Cuts plain text to at most `width` columns between whole characters, marking the cut with an ellipsis. */
export function truncate(text: string, width: number): string {
  if (widthOf(text) <= width) return text;
  let cut = "";
  let used = 0;
  for (const grapheme of graphemesOf(text)) {
    const w = widthOf(grapheme);
    if (used + w > width - 1) break;
    cut += grapheme;
    used += w;
  }
  return cut + "…";
}

/**
 * Word-wraps text (escape codes allowed) into lines of at most `width` columns; a word longer than a line is broken.
 * The kept wrap-ansi measures with the same width tables as `widthOf`.
 */
export function wrapText(text: string, width: number): string[] {
  if (widthOf(text) <= width && text.trim() === text && !text.includes("\n")) return [text];
  // Redrawn screens wrap the same log lines again and again: keep some (a bounded number) wrapped.
  const key = `${width} ${text}`;
  let lines = wrapped.get(key);
  if (lines === undefined) {
    if (wrapped.size >= 1024) wrapped.clear();
    lines = wrapAnsi(text, Math.max(1, width), { hard: true, trim: true }).split("\n");
    wrapped.set(key, lines);
  }
  return [...lines];
}

const wrapped = new Map<string, readonly string[]>();

/**
 * Text from outside (a typed name or line) made safe to print: runs of white space become one space, and control,
 * format (bidi overrides, soft hyphens), private and unassigned characters are dropped, so no escape code or tab
 * reaches the terminal and every column is counted. Emoji sequences that terminals draw at different widths (joined
 * by U+200D, with a skin tone, with a presentation selector) fall apart into their plain emoji, two columns in every
 * terminal, so a name never takes more room on screen than `widthOf` says.
 */
export const printable = (text: string): string =>
  text
    .normalize("NFC")
    .replace(/\s+/gu, " ")
    .replace(/\p{Emoji_Modifier}|\p{Variation_Selector}|(?!\u200c)[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/gu, "");

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

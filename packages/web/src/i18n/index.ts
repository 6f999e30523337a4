import type { Lang } from "../settings.js";
import { de } from "./de.js";
import { en, type TextKey, type Texts } from "./en.js";

export type { TextKey, Texts };
export const TEXTS: Readonly<Record<Lang, Texts>> = { de, en };

/** Fills `{field}` placeholders. */
export function fmt(text: string, fields: Readonly<Record<string, string | number>> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in fields ? String(fields[name]) : whole));
}

/** A translator for one language: `tr("lives", { n: 2 })`. */
export function translator(lang: Lang): (key: TextKey, fields?: Readonly<Record<string, string | number>>) => string {
  const texts = TEXTS[lang];
  return (key, fields) => fmt(texts[key], fields);
}

/**
 * A translator over a folder's own text table (its keys in both languages, e.g. chat/chat-texts.ts): `for(lang)(key,
 * fields)`, filling placeholders like `translator`.
 */
export const textsTranslator =
  <K extends string>(texts: Readonly<Record<Lang, Readonly<Record<K, string>>>>) =>
  (lang: Lang) =>
  (key: K, fields?: Readonly<Record<string, string | number>>): string =>
    fmt(texts[lang][key], fields);

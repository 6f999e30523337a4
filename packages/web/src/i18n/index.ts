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

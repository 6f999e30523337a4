// Named rule sets ("presets"): docs/presets.md describes them for people and ends with a JSON block for programs.
// Reading that block is pure and lives here, so that the web table and the terminal read it the same way.
import { type Rules, parseRules } from "./rules.js";

export interface Preset {
  readonly id: string;
  readonly name: { readonly de: string; readonly en: string };
  /** Only the keys that differ from the defaults. */
  readonly rules: Partial<Rules>;
}

/** When the document is missing or unreadable: at least the default set. */
const FALLBACK: readonly Preset[] = [{ id: "standard", name: { de: "Standard", en: "Standard" }, rules: {} }];

/**
 * The presets of the first JSON block in a presets document. An entry without an id or both names, or whose rules
 * are not a valid rule set, is left out; with none left (or no block, or no valid JSON) the default set alone.
 */
export function presetsFromMarkdown(text: string | undefined): Preset[] {
  const block = text?.match(/```json\s*\n([\s\S]*?)```/)?.[1];
  if (!block) return [...FALLBACK];
  let parsed: unknown;
  try {
    parsed = JSON.parse(block);
  } catch {
    return [...FALLBACK];
  }
  if (!Array.isArray(parsed)) return [...FALLBACK];
  const presets: Preset[] = [];
  for (const entry of parsed as unknown[]) {
    if (typeof entry !== "object" || entry === null) continue;
    const { id, name, rules } = entry as Record<string, unknown>;
    const names = name as Record<string, unknown> | undefined;
    if (typeof id !== "string" || typeof names?.de !== "string" || typeof names.en !== "string") continue;
    if (!parseRules(rules ?? {}).ok) continue;
    presets.push({ id, name: { de: names.de, en: names.en }, rules: (rules ?? {}) as Partial<Rules> });
  }
  return presets.length > 0 ? presets : [...FALLBACK];
}

import { type Rules, type RuleKey, DEFAULT_RULES, RULE_KEYS, parseRules } from "@schwimmen/rules";
import { botRuleValues } from "@schwimmen/bots";
import type { Lang } from "./settings.js";

export interface Preset {
  readonly id: string;
  readonly name: Readonly<Record<Lang, string>>;
  /** Only the keys that differ from the defaults. */
  readonly rules: Partial<Rules>;
}

/** Used when docs/presets.md is missing or unreadable: at least the default set. */
const FALLBACK: readonly Preset[] = [{ id: "standard", name: { de: "Standard", en: "Standard" }, rules: {} }];

// docs/presets.md describes the presets for people and ends with a JSON block for programs: that block is read here.
const DOCS = import.meta.glob<string>("../../../docs/presets.md", { query: "?raw", import: "default", eager: true });

/** The presets of the JSON block in the presets document; entries that are not valid rule sets are left out. */
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

export const PRESETS: readonly Preset[] = presetsFromMarkdown(Object.values(DOCS)[0]);

/** The full rule set of a partial one (unknown keys are dropped). */
export function fullRules(partial: Readonly<Record<string, unknown>>): Rules {
  const out: Record<string, unknown> = { ...DEFAULT_RULES };
  // Stored settings are input: a value the contract does not know, or one the bots do not play yet, is left out.
  for (const key of RULE_KEYS) {
    if (key in partial && (botRuleValues(key) as readonly unknown[]).includes(partial[key])) out[key] = partial[key];
  }
  return out as unknown as Rules;
}

/** The keys of a rule set that differ from the defaults, in contract order. */
export function changedKeys(rules: Readonly<Record<string, unknown>>): RuleKey[] {
  return RULE_KEYS.filter((key) => key in rules && rules[key] !== DEFAULT_RULES[key]);
}

/** The preset whose rules are exactly these, if any. */
export function matchingPreset(rules: Readonly<Record<string, unknown>>): Preset | undefined {
  const changed = changedKeys(rules);
  return PRESETS.find((preset) => {
    const keys = changedKeys(preset.rules as Record<string, unknown>);
    return keys.length === changed.length && keys.every((key) => preset.rules[key] === rules[key]);
  });
}

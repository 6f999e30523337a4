import { type Preset, type Rules, type RuleKey, DEFAULT_RULES, RULE_KEYS, presetsFromMarkdown } from "@schwimmen/rules";
import { botRuleValues } from "@schwimmen/bots";

// The presets document is read by the engine's presetsFromMarkdown (the terminal reads it the same way).
export { type Preset, presetsFromMarkdown };

// docs/presets.md describes the presets for people and ends with a JSON block for programs: that block is read here.
const DOCS = import.meta.glob<string>("../../../docs/presets.md", { query: "?raw", import: "default", eager: true });

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

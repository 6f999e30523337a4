/**
 * The rule values the bots cannot play yet: none today (every level plays the hidden deal and two decks too). The
 * list stays the one place to name such values, should the rules grow a game the bots do not know: every place that
 * seats a bot (server tables, the page's local game, the terminal game) asks here first, so a player never meets a
 * bot that stalls, and the arena and the property tests leave those values out for the same reason.
 */
import { type RuleKey, type Rules, RULE_VALUES } from "@schwimmen/rules";

export const NOT_PLAYED_BY_BOTS: Readonly<Partial<Record<RuleKey, readonly unknown[]>>> = {};

/** The values of `key` the bots play (`left`: the values they do not, for tests of the mechanism). */
export function botRuleValues<K extends RuleKey>(
  key: K,
  left: Partial<Record<RuleKey, readonly unknown[]>> = NOT_PLAYED_BY_BOTS,
): readonly Rules[K][] {
  const out: readonly unknown[] = left[key] ?? [];
  return (RULE_VALUES[key] as readonly Rules[K][]).filter((value) => !out.includes(value));
}

/** Null when bots can play a match under `rules`; otherwise which key and value they cannot play, in words. */
export function unplayableByBots(
  rules: Rules,
  left: Partial<Record<RuleKey, readonly unknown[]>> = NOT_PLAYED_BY_BOTS,
): string | null {
  for (const [key, values] of Object.entries(left) as [RuleKey, readonly unknown[]][]) {
    if (values.includes(rules[key])) {
      return `the bots do not play ${key} ${JSON.stringify(rules[key])} yet`;
    }
  }
  return null;
}

/**
 * The rule values the bots cannot play yet. The engine knows the hidden deal and two decks (the record contract), but
 * no bot chooses the two cards to pass on, and none tracks a card that may be in play twice. Every place that seats a
 * bot (server tables, the page's local game, the terminal game) asks here first, so a player never meets a bot that
 * stalls; the arena and the property tests leave these values out for the same reason.
 */
import { type RuleKey, type Rules, RULE_VALUES } from "@schwimmen/rules";

export const NOT_PLAYED_BY_BOTS: Readonly<Partial<Record<RuleKey, readonly unknown[]>>> = {
  deal: ["hidden"],
  decks: [2],
};

/** The values of `key` the bots play. */
export function botRuleValues<K extends RuleKey>(key: K): readonly Rules[K][] {
  const left: readonly unknown[] = NOT_PLAYED_BY_BOTS[key] ?? [];
  return (RULE_VALUES[key] as readonly Rules[K][]).filter((value) => !left.includes(value));
}

/** Null when bots can play a match under `rules`; otherwise which key and value they cannot play, in words. */
export function unplayableByBots(rules: Rules): string | null {
  for (const [key, values] of Object.entries(NOT_PLAYED_BY_BOTS) as [RuleKey, readonly unknown[]][]) {
    if (values.includes(rules[key])) {
      return `the bots do not play ${key} ${JSON.stringify(rules[key])} yet`;
    }
  }
  return null;
}

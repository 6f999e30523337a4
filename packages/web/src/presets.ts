import { type Rules, type RuleKey, DEFAULT_RULES, RULE_KEYS } from "@schwimmen/rules";
import type { Lang } from "./settings.js";

export interface Preset {
  readonly id: string;
  readonly name: Readonly<Record<Lang, string>>;
  readonly about: Readonly<Record<Lang, string>>;
  /** Only the keys that differ from the defaults. */
  readonly rules: Partial<Rules>;
}

/** The default set and house-rule sets taken from the other rule documents. */
export const PRESETS: readonly Preset[] = [
  {
    id: "default",
    name: { de: "Bei uns gilt", en: "House standard" },
    about: {
      de: "Die Grundregeln: offene Mitte, 3 Leben, alle schwimmen.",
      en: "The base rules: open middle, 3 lives, everyone swims.",
    },
    rules: {},
  },
  {
    id: "twoPackets",
    name: { de: "Zwei Päckchen", en: "Two packets" },
    about: { de: "Der Geber wählt eines von zwei Päckchen.", en: "The dealer picks one of two packets." },
    rules: { deal: "dealerChooses" },
  },
  {
    id: "schnauz",
    name: { de: "Schnauz", en: "Schnauz" },
    about: {
      de: "Geber wählt, Klopfen erst nach der ersten Runde, neue Mitte auf Wunsch und bei 7-8-9.",
      en: "Dealer chooses, knock after the first lap, new middle on request and for 7-8-9.",
    },
    rules: { deal: "dealerChooses", knock: "afterFirstLap", allPass: "onRequest", lowMiddleRedeal: true },
  },
  {
    id: "stop",
    name: { de: "Stop", en: "Stop" },
    about: {
      de: "Drei Asse zählen 31 und beenden die Runde, 31 allein beendet nichts, Stop erst nach der ersten Runde.",
      en: "Three aces count 31 and end the round, 31 alone ends nothing, stop only after the first lap.",
    },
    rules: { fire: "endsRound", thirtyOne: "noEnd", knock: "afterFirstLap", lowMiddleRedeal: true },
  },
  {
    id: "strict",
    name: { de: "Streng", en: "Strict" },
    about: {
      de: "Bei 31 verlieren alle anderen, ein verlierender Klopfer zahlt doppelt.",
      en: "At 31 all others lose, a losing knocker pays twice.",
    },
    rules: { thirtyOne: "allOthersLose", knockerPays: 2, knock: "afterFirstLap", deal: "dealerChooses" },
  },
  {
    id: "manyLosers",
    name: { de: "Viele Verlierer", en: "Many losers" },
    about: {
      de: "Alle mit 20 oder weniger verlieren, nur der Erste darf schwimmen.",
      en: "Everyone on 20 or less loses, only the first may swim.",
    },
    rules: { losers: "twentyOrLess", swimming: "firstOnly" },
  },
];

/** The full rule set of a partial one (unknown keys are dropped). */
export function fullRules(partial: Readonly<Record<string, unknown>>): Rules {
  const out: Record<string, unknown> = { ...DEFAULT_RULES };
  for (const key of RULE_KEYS) if (key in partial) out[key] = partial[key];
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

import type { DeckName } from "./cards.js";
import { type Result, type EngineError, ok, err, engineError } from "./result.js";

/** Every rule key of the game-record contract. Defaults are the "bei uns gilt" rules of the seed document. */
export interface Rules {
  readonly deck: DeckName;
  readonly direction: "clockwise" | "counterclockwise";
  readonly deal: "openMiddle" | "dealerChooses" | "hidden";
  readonly lives: number;
  readonly swimming: "everyone" | "firstOnly" | "off";
  readonly knock: "anytime" | "afterFirstLap";
  readonly allPass: "newMiddle" | "onRequest" | "nothing" | "forbidden";
  readonly swapAll: boolean;
  readonly lowMiddleRedeal: boolean;
  readonly scoring: "suit" | "suitOrRank";
  readonly threeOfAKindTies: "equal" | "higherRank";
  readonly fire: "allOthersLose" | "endsRound" | "off";
  readonly thirtyOne: "endsRound" | "allOthersLose" | "noEnd";
  readonly knockerPays: 1 | 2;
  readonly losers: "lowest" | "twentyOrLess";
  /** How many copies of the deck are shuffled together (more seats need a second pack). */
  readonly decks: 1 | 2;
}

export type RuleKey = keyof Rules;

export const DEFAULT_RULES: Rules = Object.freeze({
  deck: "skat32",
  direction: "clockwise",
  deal: "openMiddle",
  lives: 3,
  swimming: "everyone",
  knock: "anytime",
  allPass: "newMiddle",
  swapAll: true,
  lowMiddleRedeal: false,
  scoring: "suit",
  threeOfAKindTies: "equal",
  fire: "allOthersLose",
  thirtyOne: "endsRound",
  knockerPays: 1,
  losers: "lowest",
  decks: 1,
});

const DEFAULTS = ok(DEFAULT_RULES);

/** The allowed values of each key; `lives` is any whole number from 1 to 9. */
export const RULE_VALUES: { readonly [K in RuleKey]: readonly Rules[K][] } = {
  deck: ["skat32", "french52", "jass36"],
  direction: ["clockwise", "counterclockwise"],
  deal: ["openMiddle", "dealerChooses", "hidden"],
  lives: [1, 2, 3, 4, 5, 6, 7, 8, 9],
  swimming: ["everyone", "firstOnly", "off"],
  knock: ["anytime", "afterFirstLap"],
  allPass: ["newMiddle", "onRequest", "nothing", "forbidden"],
  swapAll: [true, false],
  lowMiddleRedeal: [false, true],
  scoring: ["suit", "suitOrRank"],
  threeOfAKindTies: ["equal", "higherRank"],
  fire: ["allOthersLose", "endsRound", "off"],
  thirtyOne: ["endsRound", "allOthersLose", "noEnd"],
  knockerPays: [1, 2],
  losers: ["lowest", "twentyOrLess"],
  decks: [1, 2],
};

export const RULE_KEYS = Object.keys(RULE_VALUES) as RuleKey[];

const isRuleKey = (key: string): key is RuleKey => Object.prototype.hasOwnProperty.call(RULE_VALUES, key);

/**
 * Reads a rule set: any subset of the keys, the rest take their defaults.
 * Unknown keys and values are errors (unlike elsewhere in a record) so that a typo never silently plays other rules.
 */
export function parseRules(input: unknown): Result<Rules, EngineError> {
  if (input === undefined) return DEFAULTS;
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return err(engineError("INVALID_RECORD", "rules must be an object of rule keys"));
  }
  const entries = Object.entries(input);
  // Most records play the defaults: one shared rule set, not a copy each.
  if (entries.length === 0) return DEFAULTS;
  const rules: Record<string, unknown> = { ...DEFAULT_RULES };
  for (const [key, value] of entries) {
    if (!isRuleKey(key)) return err(engineError("INVALID_RECORD", `unknown rule key "${key}"`));
    const allowed = RULE_VALUES[key] as readonly unknown[];
    // Whole numbers may be written 3 or 3.0; JSON already reads both as 3, and true is never a number.
    if (!allowed.includes(value)) {
      const shown = allowed.map((v) => JSON.stringify(v)).join(", ");
      return err(engineError("INVALID_RECORD", `rule "${key}" cannot be ${JSON.stringify(value)}; allowed: ${shown}`));
    }
    rules[key] = value;
  }
  return ok(Object.freeze(rules as unknown as Rules));
}

/** The keys whose values differ from the defaults: the short form a record or a table shows. */
export function makeRules(rules: Rules): Partial<Rules> {
  const out: Record<string, unknown> = {};
  for (const key of RULE_KEYS) if (rules[key] !== DEFAULT_RULES[key]) out[key] = rules[key];
  return out as Partial<Rules>;
}

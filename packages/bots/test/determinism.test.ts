import { describe, expect, it } from "vitest";
import { DEFAULT_RULES, parseRules } from "@schwimmen/rules";
import { PLAYER_BOT_LEVELS, createBot } from "../src/index.js";
import { playChecked } from "./helpers.js";

describe("bots are deterministic for a given rng", () => {
  it.each([
    ["default rules", DEFAULT_RULES],
    ["dealerChooses, twentyOrLess", parseRules({ deal: "dealerChooses", losers: "twentyOrLess" })],
    ["hidden deal, two decks", parseRules({ deal: "hidden", decks: 2 })],
  ])(
    "replays the same match from the same seeds (%s)",
    (_name, rules) => {
      const r = "ok" in rules ? (rules.ok ? rules.value : DEFAULT_RULES) : rules;
      const run = () =>
        playChecked(
          PLAYER_BOT_LEVELS.map((level) => createBot(level)),
          r,
          "same",
          3,
        ).actions;
      const first = run();
      expect(first.length).toBeGreaterThan(0);
      expect(run()).toEqual(first);
    },
    60_000,
  );
});

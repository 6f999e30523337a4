import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_RULES, parseRules } from "@schwimmen/rules";
import { PLAYER_BOT_LEVELS, createBot } from "../src/index.js";
import { playChecked, tableArb } from "./helpers.js";

const LEVELS = PLAYER_BOT_LEVELS;

describe("bots play only legal actions and end every round", () => {
  it("under random rule sets and every seat count (cheap bots, whole matches)", () => {
    fc.assert(
      fc.property(tableArb(12), fc.nat(), ({ rules, seats }, seed) => {
        const bots = Array.from({ length: seats }, (_, i) => createBot(LEVELS[(i + seed) % 3]!));
        playChecked(bots, rules, `legal-${seed}`);
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it("under random rule sets with the searching bots at the table (first rounds)", () => {
    fc.assert(
      fc.property(tableArb(), fc.nat(), ({ rules, seats }, seed) => {
        const n = Math.min(seats, 6);
        const bots = Array.from({ length: n }, (_, i) => createBot(LEVELS[(i + seed) % LEVELS.length]!));
        playChecked(bots, rules, `search-${seed}`, 2);
      }),
      { numRuns: 25 },
    );
  }, 60_000);

  it.each([
    ["nothing", { allPass: "nothing" }],
    ["forbidden", { allPass: "forbidden" }],
    ["forbidden after the first lap", { allPass: "forbidden", knock: "afterFirstLap", thirtyOne: "noEnd" }],
  ])(
    "ends rounds that could loop for ever (allPass %s)",
    (_name, partial) => {
      const parsed = parseRules(partial);
      if (!parsed.ok) throw new Error(parsed.error.message);
      for (const level of ["greedy", "tactician", "expert"] as const) {
        const played = playChecked(
          [createBot(level), createBot(level), createBot(level)],
          parsed.value,
          `loop-${level}`,
          4,
        );
        expect(played.longestRound).toBeLessThan(200);
      }
    },
    60_000,
  );

  it("plays a whole default match among the four player levels", () => {
    const played = playChecked(
      LEVELS.map((level) => createBot(level)),
      DEFAULT_RULES,
      "whole",
    );
    expect(played.state.over).toBe(true);
  }, 60_000);
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assertProperty } from "./property.js";
import {
  type Action,
  type RngState,
  DEFAULT_RULES,
  applyAction,
  dealRound,
  deckCards,
  legalActions,
  newMatch,
  rngFromSeed,
  seedText,
} from "../src/index.js";

/**
 * The speed-ups of the engine's hot path hold to what they replace: the canonical actions keep the plain public
 * shape (their mark is hidden and never copied), a seed's text is the plain hex formatting, and the cards of the
 * engine's decks equal the cards anybody else writes.
 */

function startedRound() {
  const match = newMatch({ rules: DEFAULT_RULES, seats: 4, seed: "shortcuts" });
  if (!match.ok) throw new Error(match.error.message);
  for (let state = match.value; ;) {
    const dealt = dealRound(state);
    if (!dealt.ok) throw new Error(dealt.error.message);
    if (dealt.value.state.round!.endReason === null) return dealt.value.state;
    state = dealt.value.state;
  }
}

describe("canonical actions", () => {
  it("have exactly the keys of their type, in order, and are frozen", () => {
    const state = startedRound();
    const kinds = new Set<string>();
    for (const action of legalActions(state)) {
      kinds.add(action.type);
      const keys = action.type === "swap" ? ["seat", "type", "give", "take"] : ["seat", "type"];
      expect(Object.keys(action)).toEqual(keys);
      expect(Object.isFrozen(action)).toBe(true);
      expect(JSON.parse(JSON.stringify(action))).toEqual(action);
    }
    expect(kinds).toEqual(new Set(["swap", "swapAll", "pass", "knock"]));
  });

  it("lose their mark when copied: a changed copy is checked like any other object", () => {
    const state = startedRound();
    const swap = legalActions(state).find((a) => a.type === "swap")!;
    const copy = { ...swap, take: "Xx" } as unknown as Action;
    expect(Object.getOwnPropertySymbols(copy)).toEqual([]);
    const result = applyAction(state, copy);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe("INVALID_RECORD");
    // The copy of a legal action is played like the original, and the log keeps the engine's own object.
    const played = applyAction(state, { ...swap });
    expect(played.ok).toBe(true);
    if (played.ok) expect(played.value.state.round!.actions!.action).toBe(swap);
  });
});

describe("seedText", () => {
  it("is the plain 32-digit hex text of the state, which rngFromSeed reads back", async () => {
    const word = fc.integer({ min: 0, max: 0xffffffff });
    await assertProperty(
      fc.property(fc.tuple(word, word, word, word), (state) => {
        const text = seedText(state as unknown as RngState);
        expect(text).toBe(state.map((w) => w.toString(16).padStart(8, "0")).join(""));
        expect(rngFromSeed(text)).toEqual(state);
      }),
    );
  });
});

describe("the decks' cards", () => {
  it("are the same strings as cards written anywhere else", () => {
    const written = JSON.parse(JSON.stringify(deckCards("french52").map((card) => `${card[0]}${card[1]}`)));
    expect(deckCards("french52")).toEqual(written);
    expect(new Set(deckCards("french52")).size).toBe(52);
  });
});

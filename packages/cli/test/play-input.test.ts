import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Action, type TableView, phaseOf, viewFor } from "@schwimmen/rules";
import { keyItems, parseInput } from "../src/play/commands.js";
import { TEXTS } from "../src/play/text.js";
import { statesOfRandomMatches } from "./play-states.js";
import { assertProperty } from "./property.js";

const en = TEXTS.en;

/** The line a person types for a legal action, from the view's own cards. */
function lineFor(action: Action, view: TableView): string {
  switch (action.type) {
    case "swap":
      return `${view.hand!.indexOf(action.give) + 1}${"abc"[view.middle!.indexOf(action.take)]}`;
    case "swapAll":
      return "A";
    case "pass":
      return "P";
    case "knock":
      return "K";
    case "redeal":
      return "R";
    case "choose":
      return action.packet === "first" ? "1" : "2";
    case "passOn": {
      // The five cards are the hand (1-3) and the packet (4, 5); with two decks a card may be there twice.
      const five = [...view.hand!, ...view.packet!];
      const first = five.indexOf(action.give[0]!);
      const second = five.findIndex((card, i) => i !== first && card === action.give[1]);
      return `${first + 1}${second + 1}`;
    }
  }
}

/** Views of the seat to act along random matches under random house rules. */
function* actingViews(seed: string, matches: number): Generator<TableView> {
  for (const state of statesOfRandomMatches(seed, matches, 250)) {
    const phase = phaseOf(state);
    if (phase === "playing" || phase === "choosing") yield viewFor(state, state.round!.toAct);
  }
}

describe("input from the keys of the legal actions", () => {
  it("reaches every legal action by its key, offers only the legal ones, and never yields an illegal action", () => {
    assertProperty(
      fc.property(
        fc.string({ minLength: 1, maxLength: 8 }),
        fc.array(fc.string({ maxLength: 4 }), { maxLength: 6 }),
        (seed, noise) => {
          for (const view of actingViews(seed, 2)) {
            for (const action of view.legal) {
              const parsed = parseInput(lineFor(action, view), view, en, null);
              expect(parsed).toEqual({ kind: "action", action });
            }
            const keys = keyItems(view, en).map((item) => item.key);
            const types = new Set(view.legal.map((a) => a.type));
            expect(keys.includes("K")).toBe(types.has("knock"));
            expect(keys.includes("P")).toBe(types.has("pass"));
            expect(keys.includes("A")).toBe(types.has("swapAll"));
            expect(keys.includes("R")).toBe(types.has("redeal"));
            expect(keys.some((k) => k.includes("a-c"))).toBe(types.has("swap"));
            expect(keys.includes("1-5")).toBe(types.has("passOn"));
            for (const line of [...noise, "K", "P", "A", "R", "1", "2", "1a", "3c", "c3", "kk", "x"]) {
              const parsed = parseInput(line, view, en, null);
              if (parsed.kind === "action") expect(view.legal).toContainEqual(parsed.action);
            }
          }
        },
      ),
      { numRuns: 10 },
    );
  });

  it("takes a swap in two steps, goes back on an empty line, and explains what is wrong", () => {
    let view: TableView | undefined;
    for (const v of actingViews("two-steps", 1)) {
      if (v.legal.some((a) => a.type === "knock") && v.legal.some((a) => a.type === "swap") && v.phase === "playing") {
        view = v;
        break;
      }
    }
    if (!view) throw new Error("no playing view found");
    const hand = view.hand!;
    const middle = view.middle!;
    const pick = parseInput("2", view, en, null);
    expect(pick).toEqual({ kind: "pick", give: hand[1] });
    const done = parseInput("B", view, en, hand[1]!);
    expect(done).toEqual({
      kind: "action",
      action: { seat: view.toAct, type: "swap", give: hand[1], take: middle[1] },
    });
    expect(parseInput("", view, en, hand[1]!)).toEqual({ kind: "back" });
    expect(parseInput("b2", view, en, null)).toEqual(parseInput("2b", view, en, null));
    expect(parseInput(" 2   b ", view, en, null)).toEqual(parseInput("2b", view, en, null));
    expect(parseInput("knock", view, en, null)).toMatchObject({ kind: "action", action: { type: "knock" } });
    expect(parseInput("klopfen", view, en, null)).toMatchObject({ kind: "action", action: { type: "knock" } });
    expect(parseInput("?", view, en, null)).toEqual({ kind: "help" });
    expect(parseInput("q", view, en, null)).toEqual({ kind: "quit" });
    const hint = (line: string) => {
      const parsed = parseInput(line, view, en, null);
      return parsed.kind === "hint" ? parsed.hint : `not a hint: ${parsed.kind}`;
    };
    expect(hint("7")).toBe("Your hand cards are 1-3.");
    expect(hint("4a")).toBe("Your hand cards are 1-3.");
    expect(hint("1d")).toBe("The middle cards are a-c.");
    expect(hint("a")).toContain("Swap all: A (capital)");
    expect(hint("c")).toContain("e.g. 1c");
    expect(hint("")).toBe("Please type a move (? shows the help).");
    expect(hint("hello there, this is a long line")).toBe(
      '"hello there, this i…" is not a move here. ? shows the help.',
    );
    // German hints come from the same place.
    const de = parseInput("x", view, TEXTS.de, null);
    expect(de).toEqual({ kind: "hint", hint: "»x« verstehe ich nicht. ? zeigt die Hilfe." });
  });

  it("passes on two of the five cards in a hidden deal, by their numbers in either order, or explains how", () => {
    let view: TableView | undefined;
    for (const state of statesOfRandomMatches("hidden-input", 40, 60)) {
      const v = phaseOf(state) === "playing" ? viewFor(state, state.round!.toAct) : null;
      if (v?.packet && v.legal.some((a) => a.type === "knock")) {
        view = v;
        break;
      }
    }
    if (!view) throw new Error("no hidden deal's turn found");
    const [a, b, c] = view.hand!;
    const [d, e] = view.packet!;
    const passed = (line: string) => {
      const parsed = parseInput(line, view, en, null);
      return parsed.kind === "action" && parsed.action.type === "passOn" ? [...parsed.action.give].sort() : parsed;
    };
    expect(passed("45")).toEqual([d, e].sort());
    expect(passed("5 4")).toEqual([d, e].sort());
    expect(passed("1,4")).toEqual([a, d].sort());
    expect(passed("23")).toEqual([b, c].sort());
    const hint = { kind: "hint", hint: en.hints.passOnTwo };
    for (const line of ["4", "44", "16", "9"]) expect(parseInput(line, view, en, null)).toEqual(hint);
    // There is no middle: a middle letter or a swap gets the hidden deal's own help, in both languages.
    for (const line of ["a", "c", "1a", "b2", "A"]) {
      const why = () => en.hints.hidden;
      expect(parseInput(line, view, en, null, why), line).toEqual({ kind: "hint", hint: en.hints.hidden });
    }
    expect(parseInput("a", view, TEXTS.de, null)).toEqual({ kind: "hint", hint: TEXTS.de.hints.hidden });
    expect(TEXTS.de.hints.hidden).toMatch(/keine Mitte.*z\. B\. 45/);
    expect(en.hints.hidden).not.toMatch(/middle card:|1a/);
    expect(parseInput("P", view, en, null)).toEqual({ kind: "hint", hint: en.hints.notAllowed });
    expect(parseInput("K", view, en, null)).toMatchObject({ kind: "action", action: { type: "knock" } });
    expect(keyItems(view, en).map((item) => item.key)).toEqual(["1-5", "K", "?", "Q"]);
  });

  it("refuses a move the engine does not offer now", () => {
    for (const view of actingViews("not-now", 3)) {
      if (view.phase === "playing" && view.knocker !== null) {
        expect(parseInput("K", view, en, null)).toEqual({ kind: "hint", hint: en.hints.notAllowed });
        return;
      }
    }
    throw new Error("no view after a knock found");
  });
});

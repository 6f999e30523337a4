/**
 * The terminal's words for stakes and the lot: the sharers of a drawn match named as one says them, and a big round's
 * draw for the first dealer laid out to fit an 80x24 terminal.
 */
import { describe, expect, it } from "vitest";
import { type MatchState, DEFAULT_RULES, drawForDealer, newMatch } from "@schwimmen/rules";
import { WIDTH } from "../src/play/render.js";
import { lotLines, nameList, stakeLines } from "../src/play/stakes.js";
import { widthOf } from "../src/play/style.js";

const WIDE = "漢".repeat(20);

describe("schwimmen play: a draw's sharers", () => {
  it("joins the names with 'und' / 'and'", () => {
    expect(nameList(["Anna", "Ben"], "de")).toBe("Anna und Ben");
    expect(nameList(["Anna", "Ben", "Cleo"], "de")).toBe("Anna, Ben und Cleo");
    expect(nameList(["Anna", "Ben"], "en")).toBe("Anna and Ben");
  });
});

describe("schwimmen play: the draw for the first dealer at a big round", () => {
  it("fits 20 seats on an 80x24 terminal: two columns, no line wider than the screen's", () => {
    const names = ["Maximilian-Alexander", ...Array.from({ length: 19 }, (_, i) => `Bot ${i + 2}`)];
    for (const lang of ["de", "en"] as const) {
      for (let seed = 0; seed < 20; seed++) {
        const lot = drawForDealer(20, "skat32", 2, `lot-${seed}`);
        const lines = lotLines(lot, names, lang, true);
        expect(lines.length, lines.join("\n")).toBeLessThanOrEqual(22);
        for (const line of lines) expect(widthOf(line), line).toBeLessThanOrEqual(WIDTH);
        // Every seat is there, once per pass it drew in.
        const drawn = lot.draws.reduce((n, d) => n + d.seats.length, 0);
        expect(lotLines(lot, names, lang).join("\n").match(/: /g)).toHaveLength(drawn);
      }
    }
  });

  it("measures names in terminal columns (found by the width property: wide names, 9 and 10 seats)", () => {
    for (const seats of [9, 10, 20]) {
      const names = [WIDE, ...Array.from({ length: seats - 1 }, (_, i) => ["Ben", "Nina", "Maximilian"][i % 3]!)];
      for (const lang of ["de", "en"] as const) {
        for (let seed = 0; seed < 10; seed++) {
          const lines = lotLines(drawForDealer(seats, "skat32", 2, `wide-${seed}`), names, lang, true);
          for (const line of lines) expect(widthOf(line), line).toBeLessThanOrEqual(WIDTH);
        }
      }
    }
  });

  it("keeps one column for a small table", () => {
    const lot = drawForDealer(4, "skat32", 1, "small");
    const lines = lotLines(lot, ["Du", "Lena", "Tom", "Mia"], "de");
    expect(lines.filter((l) => l.startsWith("   ")).length).toBe(lot.draws.reduce((n, d) => n + d.seats.length, 0));
  });
});

describe("schwimmen play: who deals after the draw", () => {
  it("addresses the person's own seat as du/you, the others by name", () => {
    const lots = Array.from({ length: 40 }, (_, i) => drawForDealer(3, "skat32", 1, `who-${i}`));
    const mine = lots.find((lot) => lot.dealer === 0)!;
    const theirs = lots.find((lot) => lot.dealer === 1)!;
    const names = ["Anna", "Lena", "Tom"];
    expect(lotLines(mine, names, "de").join("\n")).toContain("Du hast die höchste Karte und gibst.");
    expect(lotLines(mine, names, "en").join("\n")).toContain("You have the highest card and deal.");
    expect(lotLines(theirs, names, "de").join("\n")).toContain("Lena hat die höchste Karte und gibt.");
    expect(lotLines(theirs, names, "en").join("\n")).toContain("Lena has the highest card and deals.");
  });
});

describe("schwimmen play: the pot and the balances at the end", () => {
  /** A finished match of `seats` seats that seat 1 won, each other seat out after all its lives. */
  function finished(seats: number): MatchState {
    const rules = {
      ...DEFAULT_RULES,
      lives: 1,
      swimming: "off" as const,
      decks: seats > 9 ? (2 as const) : (1 as const),
    };
    const made = newMatch({ rules, seats, seed: "end" });
    if (!made.ok) throw new Error(made.error.message);
    const losses = Array.from({ length: seats }, (_, seat) => (seat === 1 ? 0 : 1));
    const lives = losses.map((l) => 1 - l);
    const state = losses.map((l) => (l === 1 ? ("out" as const) : ("alive" as const)));
    const result = { dealer: 0, endReason: "knock" as const, hands: [], values: [], lifeLosses: losses, lives, state };
    return {
      ...made.value,
      over: true,
      winner: 1,
      lives,
      status: state,
      finished: [{ deal: { hands: [], stock: [] }, actions: [], result }],
    };
  }

  it("wraps the pot's sentence and keeps every line on the screen, in two columns for a big round", () => {
    for (const seats of [2, 4, 9, 20]) {
      const names = Array.from({ length: seats }, (_, i) => (i === 1 ? WIDE : `Spieler ${i + 1}`));
      for (const lang of ["de", "en"] as const) {
        const lines = stakeLines(finished(seats), 1000, names, lang);
        for (const line of lines) expect(widthOf(line), line).toBeLessThanOrEqual(WIDTH);
        // The winner's name is there whole, and every player's balance.
        expect(lines.join(" ")).toContain(WIDE);
        expect(lines.join("\n").match(/[+−]?(€|\d+,\d\d €|\d+ ?c)/g)?.length).toBeGreaterThanOrEqual(seats);
        expect(lines.length).toBeLessThanOrEqual(seats > 8 ? 4 + Math.ceil(seats / 2) : 4 + seats);
      }
    }
  });
});

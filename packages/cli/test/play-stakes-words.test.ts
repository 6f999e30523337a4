/**
 * The terminal's words for stakes and the lot: the sharers of a drawn match named as one says them, and a big round's
 * draw for the first dealer laid out to fit an 80x24 terminal.
 */
import { describe, expect, it } from "vitest";
import { drawForDealer } from "@schwimmen/rules";
import { lotLines, nameList } from "../src/play/stakes.js";

describe("schwimmen play: a draw's sharers", () => {
  it("joins the names with 'und' / 'and'", () => {
    expect(nameList(["Anna", "Ben"], "de")).toBe("Anna und Ben");
    expect(nameList(["Anna", "Ben", "Cleo"], "de")).toBe("Anna, Ben und Cleo");
    expect(nameList(["Anna", "Ben"], "en")).toBe("Anna and Ben");
  });
});

describe("schwimmen play: the draw for the first dealer at a big round", () => {
  it("fits 20 seats on an 80x24 terminal: two columns, no line wider than 79", () => {
    const names = ["Maximilian-Alexander", ...Array.from({ length: 19 }, (_, i) => `Bot ${i + 2}`)];
    for (const lang of ["de", "en"] as const) {
      for (let seed = 0; seed < 20; seed++) {
        const lot = drawForDealer(20, "skat32", 2, `lot-${seed}`);
        const lines = lotLines(lot, names, lang, true);
        expect(lines.length, lines.join("\n")).toBeLessThanOrEqual(22);
        for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(79);
        // Every seat is there, once per pass it drew in.
        const drawn = lot.draws.reduce((n, d) => n + d.seats.length, 0);
        expect(lotLines(lot, names, lang).join("\n").match(/: /g)).toHaveLength(drawn);
      }
    }
  });

  it("keeps one column for a small table", () => {
    const lot = drawForDealer(4, "skat32", 1, "small");
    const lines = lotLines(lot, ["Du", "Lena", "Tom", "Mia"], "de");
    expect(lines.filter((l) => l.startsWith("   ")).length).toBe(lot.draws.reduce((n, d) => n + d.seats.length, 0));
  });
});

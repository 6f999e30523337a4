/** The names that share a pot after a draw, said as one says them in German and English (not "Anna, Ben"). */
import { describe, expect, it } from "vitest";
import { nameList, stakeText } from "../src/stakes/texts.js";

describe("a draw's sharers in the Kasse", () => {
  it("joins the names with 'und' / 'and'", () => {
    const line = (lang: "de" | "en", names: string[]) =>
      stakeText(lang, "potShared", { names: nameList(lang, names), pot: "20 ct" });
    expect(line("de", ["Anna", "Ben"])).toBe("Unentschieden: Anna und Ben teilen sich den Pott (20 ct)");
    expect(line("de", ["Anna", "Ben", "Cleo"])).toBe("Unentschieden: Anna, Ben und Cleo teilen sich den Pott (20 ct)");
    expect(line("en", ["Anna", "Ben"])).toBe("A draw: Anna and Ben share the pot (20 ct)");
  });
});

import { describe, expect, it } from "vitest";
import { botNames } from "../src/names.js";

describe("the computer players' names", () => {
  it("never repeat the player's own name, in any case, even at a table of 20", () => {
    for (const own of ["Lena", "lena", " LENA ", "Mia", "Karl", "Zoe"]) {
      const names = botNames(own, 19);
      expect(names).toHaveLength(19);
      expect(names.map((n) => n.toLowerCase())).not.toContain(own.trim().toLowerCase());
      expect(new Set([own.trim(), ...names]).size).toBe(20);
      expect(names.some((n) => n.startsWith("Bot"))).toBe(false);
    }
  });

  it("keep their order for small tables, skipping only the player's name", () => {
    expect(botNames("Zoe", 2)).toEqual(["Lena", "Tom"]);
    expect(botNames("Tom", 2)).toEqual(["Lena", "Mia"]);
    expect(botNames("", 3)).toEqual(["Lena", "Tom", "Mia"]);
  });
});

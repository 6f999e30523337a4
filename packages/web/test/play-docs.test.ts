import { readFileSync } from "node:fs";
import { DEFAULT_RULES, handValue } from "@schwimmen/rules";
import type { Code, Heading } from "mdast";
import { describe, expect, it } from "vitest";
import { cardLines } from "../src/card-lines.js";
import { inGermanFaces } from "../src/cards/names.js";
import { parseMarkdown, plainText } from "../src/markdown.js";

const text = (lang: string) => readFileSync(new URL(`../../../docs/play.${lang}.md`, import.meta.url), "utf8");
const blocksOf = (lang: string) =>
  parseMarkdown(text(lang)).children.filter((n): n is Code => n.type === "code" && n.lang === "cards");

describe("the short rules pages (docs/play.*.md)", () => {
  it("state hand values the rules engine agrees with", () => {
    for (const lang of ["de", "en"]) {
      const lines = blocksOf(lang).flatMap((block) => cardLines(block.value));
      const valued = lines.filter((line) => /=\s*\d/.test(line.caption));
      expect(valued.length, lang).toBeGreaterThanOrEqual(10);
      for (const { cards, caption } of valued) {
        const stated = Number(caption.match(/=\s*(\d+(?:[.,]5)?)/)![1]!.replace(",", "."));
        expect(handValue(cards, DEFAULT_RULES), `${lang}: ${cards.join(" ")} ${caption}`).toBe(stated);
      }
    }
  });

  it("show the same cards and sections in German and English, and are a two-minute read", () => {
    const cards = (lang: string) => blocksOf(lang).map((b) => cardLines(b.value).map((l) => l.cards.join(" ")));
    expect(cards("en")).toEqual(cards("de"));
    const headings = (lang: string) =>
      parseMarkdown(text(lang)).children.filter((n): n is Heading => n.type === "heading");
    expect(headings("en").map((h) => h.depth)).toEqual(headings("de").map((h) => h.depth));
    for (const lang of ["de", "en"]) {
      const words = plainText(parseMarkdown(text(lang))).split(/\s+/).length;
      expect(words, lang).toBeLessThan(650);
      // Links to the full reference in the same language.
      expect(text(lang)).toContain(`](rules.${lang}.md)`);
    }
  });

  it("read right on German faces: no French suit or picture names are left", () => {
    for (const lang of ["de", "en"] as const) {
      const german = inGermanFaces(plainText(parseMarkdown(text(lang))), lang);
      expect(german, lang).not.toMatch(/\b(Kreuz|Pik|Karo|Damen?|Buben?|clubs|spades|diamonds|queens?|jacks?)\b/);
    }
  });

  it("the worked example is a real round: every swap trades a hand card for a middle card", () => {
    const [deal, after] = blocksOf("de")
      .slice(1)
      .map((b) => cardLines(b.value));
    const before = deal!.flatMap((l) => l.cards).sort();
    const later = after!.flatMap((l) => l.cards).sort();
    // The same twelve cards, only moved between hands and the middle.
    expect(later).toEqual(before);
    expect(new Set(before).size).toBe(12);
  });
});

describe("card lines", () => {
  it("split cards from their caption and skip lines without cards", () => {
    expect(cardLines("Ah Kh 8h = 29: alle drei\n\nnur Text\nTd")).toEqual([
      { cards: ["Ah", "Kh", "8h"], caption: "= 29: alle drei" },
      { cards: ["Td"], caption: "" },
    ]);
  });
});

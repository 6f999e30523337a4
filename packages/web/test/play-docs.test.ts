import { readFileSync } from "node:fs";
import {
  type Action,
  type Move,
  type Card,
  type Rules,
  DEFAULT_RULES,
  applyAction,
  dealRound,
  deckCards,
  handValue,
  newMatch,
} from "@schwimmen/rules";
import type { Code, Heading } from "mdast";
import { describe, expect, it } from "vitest";
import { cardLines } from "../src/card-lines.js";
import { inGermanFaces } from "../src/cards/names.js";
import { parseMarkdown, plainText } from "../src/markdown.js";

const text = (lang: string) => readFileSync(new URL(`../../../docs/play.${lang}.md`, import.meta.url), "utf8");
const blocksOf = (lang: string) =>
  parseMarkdown(text(lang)).children.filter((n): n is Code => n.type === "code" && n.lang === "cards");

describe("the short rules pages (docs/play.*.md)", () => {
  it("state hand values the rules engine agrees with (two decks' cap of 31 included)", () => {
    for (const lang of ["de", "en"]) {
      const lines = blocksOf(lang).flatMap((block) => cardLines(block.value));
      const valued = lines.filter((line) => /=\s*\d/.test(line.caption));
      expect(valued.length, lang).toBeGreaterThanOrEqual(10);
      for (const { cards, caption } of valued) {
        const stated = Number(caption.match(/=\s*(\d+(?:[.,]5)?)/)![1]!.replace(",", "."));
        // No sum counts above 31 (only two decks hold a one-suit 32: two aces and a king).
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
      // The open game in two minutes; the hidden deal, two decks and play money take a minute more.
      expect(words, lang).toBeLessThan(960);
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

/** Plays a round of three (Ben deals, you start) from the deal of a page's example and returns how it ended. */
function playExample(
  rules: Partial<Rules>,
  deal: readonly (readonly Card[])[],
  middle: readonly Card[] | null,
  actions: readonly Move[],
) {
  const full = { ...DEFAULT_RULES, ...rules };
  const made = newMatch({ rules: full, seats: 3, dealer: 2 });
  if (!made.ok) throw new Error(made.error.message);
  const packet = middle === null ? deal[1]! : null;
  const hands = middle === null ? [deal[0]!, deal[2]!, deal[3]!] : deal.slice(0, 3);
  // The rest of the deck (each card `decks` times) is the stock.
  const stock = [...deckCards(full.deck, full.decks)];
  for (const card of [...hands.flat(), ...(middle ?? []), ...(packet ?? [])]) stock.splice(stock.indexOf(card), 1);
  const dealt = dealRound(made.value, { deal: { hands, middle, packet, stock } });
  if (!dealt.ok) throw new Error(dealt.error.message);
  let state = dealt.value.state;
  let seat = 0;
  for (const action of actions) {
    const applied = applyAction(state, { ...action, seat } as Action);
    if (!applied.ok) throw new Error(`${applied.error.code}: ${applied.error.message}`);
    state = applied.value.state;
    seat = (seat + 1) % 3;
  }
  return state.finished[state.finished.length - 1]?.result ?? null;
}

describe("the short rules pages' examples of the hidden deal and two decks", () => {
  const examples = () => blocksOf("de").map((b) => cardLines(b.value).map((l) => l.cards));

  it("the hidden deal is a real round: the packet goes round and the hands end as shown", () => {
    const [deal, after] = examples().slice(3, 5);
    const result = playExample({ deal: "hidden" }, deal!, null, [
      { type: "passOn", give: ["8s", "9h"] },
      { type: "passOn", give: ["Tc", "8h"] },
      { type: "passOn", give: ["7d", "8h"] },
      { type: "knock" },
      { type: "passOn", give: ["7d", "8h"] },
      { type: "passOn", give: ["7d", "8h"] },
    ]);
    expect(result?.endReason).toBe("knock");
    expect(result?.hands.map((h) => [...h!].sort())).toEqual(after!.map((h) => [...h].sort()));
    expect(result?.lifeLosses).toEqual([0, 1, 0]);
  });

  it("the two decks' round ends with 31 from a card's copy", () => {
    const [deal, after] = examples().slice(5, 7);
    const result = playExample({ decks: 2 }, deal!.slice(0, 3), deal![3]!, [{ type: "swap", give: "7c", take: "Ah" }]);
    expect(result?.endReason).toBe("thirtyOne");
    expect([...result!.hands[0]!].sort()).toEqual([...after![0]!].sort());
    expect(result?.values).toEqual([31, 19, 20]);
    expect(result?.lifeLosses).toEqual([0, 1, 0]);
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

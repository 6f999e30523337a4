import { type Card, type Rank, type Suit, cardName, germanCardName, rankOf, suitOf } from "@schwimmen/rules";
import type { Faces, Lang } from "../settings.js";

/** German-suited cards: Eichel, Grün (Laub), Herz, Schellen stand for clubs, spades, hearts, diamonds. */
const GERMAN_SUITS: Readonly<Record<Lang, Readonly<Record<Suit, string>>>> = {
  de: { c: "Eichel", s: "Grün", h: "Herz", d: "Schellen" },
  en: { c: "acorns", s: "leaves", h: "hearts", d: "bells" },
};
// The ten is "10" on both faces, like every other number card ("Eichel 10", "10 of acorns").
const GERMAN_RANKS: Readonly<Record<Lang, Partial<Record<Rank, string>>>> = {
  de: { T: "10", J: "Unter", Q: "Ober", K: "König", A: "Ass" },
  en: { T: "10", J: "Unter", Q: "Ober", K: "king", A: "ace" },
};

/** A card's spoken name on the chosen faces: "Herz-Dame" on French faces, "Herz-Ober" on German ones. */
export function cardLabel(card: Card, lang: Lang, faces: Faces): string {
  if (faces === "french") return cardName(card, lang);
  const rank = rankOf(card);
  const rankName = GERMAN_RANKS[lang][rank] ?? rank;
  const suitName = GERMAN_SUITS[lang][suitOf(card)];
  return lang === "de" ? germanCardName(suitName, rankName) : `${rankName} of ${suitName}`;
}

/** The index printed in a card's corner: 7 8 9 10, then B D K A (German) or J Q K A (English) on French faces, U O K A on German faces. */
export function rankIndex(rank: Rank, lang: Lang, faces: Faces): string {
  if (rank === "T") return "10";
  const pictures: Partial<Record<Rank, string>> =
    faces === "german"
      ? { J: "U", Q: "O", K: "K", A: "A" }
      : lang === "de"
        ? { J: "B", Q: "D", K: "K", A: "A" }
        : { J: "J", Q: "Q", K: "K", A: "A" };
  return pictures[rank] ?? rank;
}

/** Red suits print red; on German faces leaves are green and acorns and bells keep their own colours. */
export function suitColour(suit: Suit, faces: Faces): string {
  if (faces === "french") return suit === "h" || suit === "d" ? "#c8102e" : "#1a1a1a";
  return { c: "#6b3f1d", s: "#2e7d32", h: "#c8102e", d: "#b8860b" }[suit];
}

const FRENCH_TO_GERMAN: Readonly<Record<Lang, readonly (readonly [RegExp, string])[]>> = {
  de: [
    [/\bKreuz\b/g, "Eichel"],
    [/\bPik\b/g, "Grün"],
    [/\bKaro\b/g, "Schellen"],
    [/\bDamen?\b/g, "Ober"],
    [/\bBuben?\b/g, "Unter"],
  ],
  en: [
    [/\bclubs\b/g, "acorns"],
    [/\bspades\b/g, "leaves"],
    [/\bdiamonds\b/g, "bells"],
    [/\bqueens?\b/g, "Ober"],
    [/\bjacks?\b/g, "Unter"],
  ],
};

/** Text that names cards the French way (e.g. a bot's reason), told in the names of German faces. */
export function inGermanFaces(text: string, lang: Lang): string {
  return FRENCH_TO_GERMAN[lang].reduce((out, [pattern, german]) => out.replace(pattern, german), text);
}

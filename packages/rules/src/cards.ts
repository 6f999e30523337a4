import { type Result, type EngineError, ok, err, engineError } from "./result.js";

export type Suit = "c" | "s" | "h" | "d";
export type Rank = "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "T" | "J" | "Q" | "K" | "A";
/** Two characters: rank then suit, e.g. "Ah" (ace of hearts), "Tc" (ten of clubs). */
export type Card = `${Rank}${Suit}`;
export type DeckName = "skat32" | "french52" | "jass36";

export const SUITS: readonly Suit[] = ["c", "s", "h", "d"];
/** Ranks from low to high; the index is the rank's strength (used for three-of-a-kind ties). */
export const RANKS: readonly Rank[] = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"];

const DECK_RANKS: Record<DeckName, readonly Rank[]> = {
  skat32: RANKS.slice(5),
  jass36: RANKS.slice(4),
  french52: RANKS,
};

/** Card points by rank character code: ace 11, pictures and ten 10, others their number. */
const POINTS = new Int8Array(128);
/** Rank strength by rank character code (2 is 0, ace is 12); -1 for no rank. */
const STRENGTH = new Int8Array(128).fill(-1);
RANKS.forEach((rank, index) => {
  const code = rank.charCodeAt(0);
  STRENGTH[code] = index;
  POINTS[code] = rank === "A" ? 11 : index >= 8 ? 10 : index + 2;
});

export const rankOf = (card: Card): Rank => card[0] as Rank;
export const suitOf = (card: Card): Suit => card[1] as Suit;
export const cardPoints = (card: string): number => POINTS[card.charCodeAt(0)] ?? 0;
export const rankStrength = (card: string): number => STRENGTH[card.charCodeAt(0)] ?? -1;

const DECKS: Record<DeckName, readonly Card[]> = {
  skat32: buildDeck("skat32"),
  jass36: buildDeck("jass36"),
  french52: buildDeck("french52"),
};

function buildDeck(name: DeckName): Card[] {
  const cards: Card[] = [];
  for (const suit of SUITS) for (const rank of DECK_RANKS[name]) cards.push(internalized(`${rank}${suit}`));
  return cards;
}

/**
 * The engine's own copy of a text (as used for property names, string literals and short strings read from JSON):
 * two such texts are equal only when they are the same object, so comparing cards, which the engine does on every
 * action, is one pointer comparison, not a call that compares characters.
 */
function internalized<T extends string>(text: T): T {
  return Object.keys({ [text]: 0 })[0] as T;
}

/** Two copies of each deck, one after the other (`"decks": 2`). */
const DOUBLE_DECKS: Record<DeckName, readonly Card[]> = {
  skat32: DECKS.skat32.concat(DECKS.skat32),
  jass36: DECKS.jass36.concat(DECKS.jass36),
  french52: DECKS.french52.concat(DECKS.french52),
};

/** The deck in a fixed order (suits c, s, h, d; ranks low to high); with two decks, every card twice. */
export const deckCards = (deck: DeckName, decks: 1 | 2 = 1): readonly Card[] =>
  decks === 2 ? DOUBLE_DECKS[deck] : DECKS[deck];

/** Most seats a deck (or two) serves: three cards each and three for the middle, whatever the deal. */
export const maxSeats = (deck: DeckName, decks: 1 | 2 = 1): number => Math.floor((DECKS[deck].length * decks - 3) / 3);

/** Suit index by suit character code (c 0, s 1, h 2, d 3); -1 for no suit. */
const SUIT_INDEX = new Int8Array(128).fill(-1);
SUITS.forEach((suit, index) => (SUIT_INDEX[suit.charCodeAt(0)] = index));
/** The weakest rank strength each deck holds (skat32 starts at the seven, jass36 at the six). */
const LOWEST_STRENGTH: Record<DeckName, number> = { skat32: 5, jass36: 4, french52: 0 };

/**
 * A card's number from 0 to 51 (rank strength * 4 + suit), or -1 for anything that is not a card.
 * Table lookups instead of string searches: the engine checks cards on every action.
 */
export function cardIndex(value: unknown): number {
  if (typeof value !== "string" || value.length !== 2) return -1;
  const rank = value.charCodeAt(0);
  const suit = value.charCodeAt(1);
  if (rank > 127 || suit > 127) return -1;
  const strength = STRENGTH[rank]!;
  const suitIndex = SUIT_INDEX[suit]!;
  return strength < 0 || suitIndex < 0 ? -1 : strength * 4 + suitIndex;
}

/** `cardIndex` for a value known to be a card (a hand or middle card of a state): no checks. */
export const indexOfCard = (card: Card): number => STRENGTH[card.charCodeAt(0)]! * 4 + SUIT_INDEX[card.charCodeAt(1)]!;

/** `cardIndex` for a card of `deck`; -1 for anything else (a card of a bigger deck too). */
export function deckCardIndex(value: unknown, deck: DeckName): number {
  const index = cardIndex(value);
  return index >= 0 && index >> 2 >= LOWEST_STRENGTH[deck] ? index : -1;
}

export const isCardOfDeck = (value: unknown, deck: DeckName): value is Card => deckCardIndex(value, deck) >= 0;

/** Parses the two-character notation, checking the card belongs to the deck. */
export function parseCard(text: string, deck: DeckName = "french52"): Result<Card, EngineError> {
  return isCardOfDeck(text, deck)
    ? ok(text)
    : err(engineError("INVALID_RECORD", `"${text}" is not a card of the ${deck} deck`));
}

export const makeCard = (card: Card): string => card;

const SUIT_NAMES = {
  en: { c: "clubs", s: "spades", h: "hearts", d: "diamonds" },
  de: { c: "Kreuz", s: "Pik", h: "Herz", d: "Karo" },
} as const;
const RANK_NAMES = {
  en: { T: "10", J: "jack", Q: "queen", K: "king", A: "ace" },
  de: { T: "10", J: "Bube", Q: "Dame", K: "König", A: "Ass" },
} as const;

/** A suit's name for people: "spades", "Pik". */
export const suitName = (suit: Suit, lang: "en" | "de" = "en"): string => SUIT_NAMES[lang][suit];

/**
 * A German card name from its suit and rank words, written as the rules pages write them: a picture card or an ace
 * with a hyphen ("Herz-Dame", "Pik-Ass"), a number card with a space ("Herz 9", "Kreuz 10").
 */
export const germanCardName = (suitText: string, rankText: string): string =>
  /^\d/.test(rankText) ? `${suitText} ${rankText}` : `${suitText}-${rankText}`;

/** A card's name for people and screen readers, e.g. "ace of hearts" or "Herz-Ass". */
export function cardName(card: Card, lang: "en" | "de" = "en"): string {
  const rank = rankOf(card);
  const rankName = (RANK_NAMES[lang] as Partial<Record<Rank, string>>)[rank] ?? rank;
  const suitText = suitName(suitOf(card), lang);
  return lang === "en" ? `${rankName} of ${suitText}` : germanCardName(suitText, rankName);
}

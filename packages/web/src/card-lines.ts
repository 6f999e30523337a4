import { type Card, isCardOfDeck } from "@schwimmen/rules";

/** One line of a ` ```cards ` block in the docs: the cards it shows (as in game records) and the words after them. */
export interface CardLine {
  readonly cards: readonly Card[];
  readonly caption: string;
}

/** The lines of a ` ```cards ` block, e.g. "Ah Kh 8h = 29: alle drei in Herz"; lines without a card are left out. */
export function cardLines(block: string): CardLine[] {
  const lines: CardLine[] = [];
  for (const line of block.split("\n")) {
    const words = line.trim().split(/\s+/);
    const count = words.findIndex((word) => !isCardOfDeck(word, "french52"));
    const cards = (count === -1 ? words : words.slice(0, count)) as Card[];
    if (cards.length > 0) lines.push({ cards, caption: count === -1 ? "" : words.slice(count).join(" ") });
  }
  return lines;
}

/**
 * The first dealer by lot (rule document 003: "Ein Geber wird durch das Ziehen einer Karte bestimmt"). Every seat
 * draws one card from a shuffled pack; the highest card deals. Highest means the rank order of document 003:
 * 7, 8, 9, 10, jack, queen, king, ace (with 2 to 6 below the seven in bigger decks). Suits have no order, so seats
 * that share the highest rank draw again among themselves from the rest of the pack, until one is highest. A pack
 * that runs short is gathered and shuffled again. Pure: the seed comes from outside.
 */
import { type Card, type DeckName, deckCards, rankStrength } from "./cards.js";
import { Rng, shuffled } from "./rng.js";

/** One pass of drawing: the seats that drew, in seat order, and the card each drew. */
export interface LotDraw {
  readonly seats: readonly number[];
  readonly cards: readonly Card[];
}

export interface Lot {
  /** The first pass has every seat; each later one only the seats tied for the highest card before. */
  readonly draws: readonly LotDraw[];
  readonly dealer: number;
}

/** The seats of a draw that hold its highest rank. */
export function highestOf(draw: LotDraw): number[] {
  const best = Math.max(...draw.cards.map(rankStrength));
  return draw.seats.filter((_, i) => rankStrength(draw.cards[i]!) === best);
}

/** Draws for the first dealer among `seats` seats from the given deck(s), shuffled from `seed`. */
export function drawForDealer(seats: number, deck: DeckName, decks: 1 | 2, seed: string): Lot {
  const rng = Rng.fromSeed(seed);
  const full = deckCards(deck, decks);
  let pack = shuffled(full, rng);
  const draws: LotDraw[] = [];
  let drawing = Array.from({ length: seats }, (_, seat) => seat);
  while (drawing.length > 1) {
    if (pack.length < drawing.length) pack = shuffled(full, rng);
    const cards = pack.slice(0, drawing.length);
    pack = pack.slice(drawing.length);
    const draw = { seats: drawing, cards };
    draws.push(draw);
    drawing = highestOf(draw);
  }
  return { draws, dealer: drawing[0] ?? 0 };
}

/** How long (ms) a client shows each pass of a lot, and the result after the last one. */
export const LOT_PASS_MS = 1800;
export const LOT_HOLD_MS = 1400;

/**
 * How long the lot is shown at the table: every pass in turn, then who deals. The first deal waits for it (the
 * server, and a game against the computer at a readable speed), so that nobody's turn runs under the show.
 */
export const lotShowMs = (lot: Lot): number => lot.draws.length * LOT_PASS_MS + LOT_HOLD_MS;

import { type Card, deckCardIndex, deckCards, isCardOfDeck, maxSeats } from "./cards.js";
import { type Rules, DEFAULT_RULES } from "./rules.js";
import { type Result, type EngineError, ok, err, engineError } from "./result.js";
import { Rng, seedText } from "./rng.js";
import {
  type Deal,
  type GameEvent,
  type MatchState,
  type RoundState,
  type SeatStatus,
  type Transition,
  copyMatch,
  listOf,
  nextSeat,
} from "./state.js";
import { checkDealEnd } from "./turn.js";

export interface MatchOptions {
  readonly rules?: Rules;
  readonly seats: number;
  /** The seat that deals the first round (default 0). */
  readonly dealer?: number;
  /** Seeds every round's shuffle from one string; without it, each deal needs a seed or an explicit deal. */
  readonly seed?: string;
}

export function newMatch(options: MatchOptions): Result<MatchState, EngineError> {
  const rules = options.rules ?? DEFAULT_RULES;
  const { seats } = options;
  const dealer = options.dealer ?? 0;
  const most = maxSeats(rules.deck, rules.decks);
  if (!Number.isInteger(seats) || seats < 2 || seats > most) {
    const decks = rules.decks === 2 ? ` (two decks)` : "";
    return err(engineError("INVALID_RECORD", `a ${rules.deck}${decks} match needs 2 to ${most} seats`));
  }
  if (!Number.isInteger(dealer) || dealer < 0 || dealer >= seats) {
    return err(engineError("INVALID_RECORD", `the dealer must be a seat from 0 to ${seats - 1}`));
  }
  return ok({
    rules,
    seatCount: seats,
    lives: listOf(seats, rules.lives),
    status: listOf<SeatStatus>(seats, "alive"),
    swimmingTaken: false,
    nextDealer: dealer,
    round: null,
    finished: [],
    over: false,
    winner: null,
    draw: false,
    rng: options.seed === undefined ? null : Rng.fromSeed(options.seed).state(),
  });
}

/** Where a round's cards come from: a seed to shuffle with, or the deal a record states. */
export type DealSource = { readonly seed: string } | { readonly deal: Deal };

/**
 * The deal a seed gives: shuffle the deck (or both), three cards to each seat in order, then the middle (or the
 * dealer's extra packet, or a hidden deal's packet of two), then the stock.
 */
export function dealFromSeed(state: MatchState, seed: string): Deal {
  return dealFromRng(state, Rng.fromSeed(seed));
}

function dealFromRng(state: MatchState, generator: Rng): Deal {
  const { rules } = state;
  const cards = generator.shuffle(deckCards(rules.deck, rules.decks));
  const status = state.status;
  const hands: (Card[] | null)[] = [];
  let next = 0;
  // Loops and array literals, no closures and no slices (a call into the array builtin per hand cost more than
  // the copy): every seeded round is dealt here.
  for (let seat = 0; seat < status.length; seat++) {
    if (status[seat] === "out") hands.push(null);
    else {
      hands.push([cards[next]!, cards[next + 1]!, cards[next + 2]!]);
      next += 3;
    }
  }
  const hidden = rules.deal === "hidden";
  const open = hidden ? [cards[next]!, cards[next + 1]!] : [cards[next]!, cards[next + 1]!, cards[next + 2]!];
  next += open.length;
  const stock = cards.slice(next);
  if (hidden) return { hands, packet: open, stock };
  return rules.deal === "dealerChooses" ? { hands, middle: null, extra: open, stock } : { hands, middle: open, stock };
}

/**
 * Checks that a deal fits the match: a hand of three for each seat still in, null for seats out, the open cards
 * the deal needs (middle, extra packet or hidden packet) and no others, and the exact deck (each card twice with
 * two decks).
 */
export function checkDeal(state: MatchState, deal: Deal): EngineError | null {
  const { rules } = state;
  if (deal.hands.length !== state.seatCount)
    return badDeal(`the deal has ${deal.hands.length} hands for ${state.seatCount} seats`);
  // How often each card has been seen so far, by card index (one table for all calls: every replayed round runs
  // this); `size` counts them all.
  const seen = SEEN.fill(0);
  let size = 0;
  for (let seat = 0; seat < state.seatCount; seat++) {
    const hand = deal.hands[seat];
    const out = state.status[seat] === "out";
    if (out && hand !== null) return badDeal(`seat ${seat} is out of the match and gets no hand`);
    if (out) continue;
    if (hand === null || hand === undefined) return badDeal(`seat ${seat} is in the match and needs a hand`);
    if (hand.length !== 3) return badDeal(`the hand of seat ${seat} has ${hand.length} cards, not 3`);
    const at = tally(hand, seen, rules);
    if (at >= 0) return notDealt(hand[at], `the hand of seat ${seat}`, rules);
    size += 3;
  }
  const chooses = rules.deal === "dealerChooses";
  const hidden = rules.deal === "hidden";
  const open = hidden ? deal.packet : chooses ? deal.extra : deal.middle;
  const openName = hidden ? "the hidden deal's packet" : chooses ? "the dealer's second packet (extra)" : "the middle";
  const openSize = hidden ? 2 : 3;
  if (!open || open.length !== openSize) return badDeal(`${openName} must be ${openSize} cards`);
  if ((chooses || hidden) && deal.middle) return badDeal(`a ${rules.deal} deal has no middle (it must be null)`);
  if (!chooses && deal.extra) return badDeal("only a dealerChooses deal has an extra packet");
  const atOpen = tally(open, seen, rules);
  if (atOpen >= 0) return notDealt(open[atOpen], openName, rules);
  const atStock = tally(deal.stock, seen, rules);
  if (atStock >= 0) return notDealt(deal.stock[atStock], "the stock", rules);
  size += open.length + deal.stock.length;
  const deckSize = deckCards(rules.deck, rules.decks).length;
  if (size !== deckSize) {
    const copies = rules.decks;
    const decks = copies === 2 ? "two decks" : `the ${rules.deck} deck`;
    return badDeal(`the deal holds ${size} cards, ${decks} ${copies === 2 ? "have" : "has"} ${deckSize}`);
  }
  return null;
}

const badDeal = (message: string): EngineError => engineError("INVALID_DEAL", message);

/** The error for a dealt value that `tally` stopped at: a card one copy too many, or no card of the deck. */
function notDealt(card: unknown, what: string, rules: Rules): EngineError {
  return isCardOfDeck(card, rules.deck)
    ? badDeal(`${String(card)} is dealt ${rules.decks === 1 ? "twice" : "more than twice"}`)
    : badDeal(`${what} holds ${JSON.stringify(card)}, not a card of the ${rules.deck} deck`);
}

/** `checkDeal`'s count of each card index, cleared at each call. */
const SEEN = new Uint8Array(52);

/**
 * Counts `cards` into `seen` (how often each card index has come so far); returns the position of the first that is
 * not a card of the deck or one copy too many, or -1. A plain loop: every replayed round runs it.
 */
function tally(cards: readonly unknown[], seen: Uint8Array, rules: Rules): number {
  const { deck, decks } = rules;
  for (let i = 0; i < cards.length; i++) {
    const index = deckCardIndex(cards[i], deck);
    if (index < 0 || seen[index] === decks) return i;
    seen[index] = seen[index]! + 1;
  }
  return -1;
}

/** How many seats are still in the match. */
function seatsIn(status: MatchState["status"]): number {
  let n = 0;
  for (const s of status) if (s !== "out") n++;
  return n;
}

/** Deals the next round. Ends it at once when a hand of 31 or Feuer is dealt (and the rules say so). */
export function dealRound(state: MatchState, source?: DealSource): Result<Transition, EngineError> {
  if (state.over) return err(engineError("MATCH_OVER", "the match is over; no further round is dealt"));
  if (state.round !== null && state.round.endReason === null) {
    return err(engineError("ACTION_NOT_ALLOWED", "the current round has not ended yet"));
  }
  let rng = state.rng;
  let seed: string | null = null;
  let deal: Deal;
  if (source && "deal" in source) {
    deal = source.deal;
    const problem = checkDeal(state, deal);
    if (problem) return err(problem);
  } else {
    if (source) {
      seed = source.seed;
      deal = dealFromSeed(state, seed);
    } else if (rng) {
      // The same deal as dealFromSeed(state, seed) would give, without reading the seed text back.
      // The match's generator goes on where it stopped (it was warmed up when the match began).
      const generator = new Rng(rng, false);
      const seedState = generator.nextSeedState();
      seed = seedText(seedState);
      rng = generator.state();
      deal = dealFromRng(state, new Rng(seedState));
    } else return err(engineError("INVALID_RECORD", "this match has no seed: give a seed or a deal"));
  }
  const dealer = state.nextDealer;
  const chooses = state.rules.deal === "dealerChooses";
  const hidden = state.rules.deal === "hidden";
  const round: RoundState = {
    index: state.round === null ? 0 : state.round.index + 1,
    dealer,
    deal,
    seed,
    hands: deal.hands,
    middle: chooses || hidden ? null : (deal.middle ?? null),
    extra: chooses ? (deal.extra ?? null) : null,
    packet: hidden ? (deal.packet ?? null) : null,
    stock: deal.stock,
    stockTop: 0,
    discarded: [],
    seatsInRound: seatsIn(state.status),
    toAct: chooses ? dealer : nextSeat(state, dealer),
    mustChoose: chooses,
    turns: 0,
    knocker: null,
    turnsAfterKnock: 0,
    passRun: 0,
    redealOffered: false,
    redealtThisTurn: false,
    actions: null,
    actionCount: 0,
    endReason: null,
  };
  const started: GameEvent = {
    type: "roundStarted",
    round: round.index,
    dealer,
    middle: round.middle,
    stockSize: deal.stock.length,
  };
  const next = copyMatch(state);
  next.rng = rng;
  next.round = round;
  return ok(chooses ? { state: next, events: [started] } : checkDealEnd(next, [started]));
}

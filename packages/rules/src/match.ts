import { type Card, deckCards, indexOfCard, isCardOfDeck, maxSeats } from "./cards.js";
import { type Rules, DEFAULT_RULES } from "./rules.js";
import { type Result, type EngineError, ok, err, engineError } from "./result.js";
import { Rng, seedText, shuffled } from "./rng.js";
import {
  type Deal,
  type GameEvent,
  type MatchState,
  type RoundState,
  type Transition,
  copyMatch,
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
  if (!Number.isInteger(seats) || seats < 2 || seats > maxSeats(rules.deck)) {
    return err(engineError("INVALID_RECORD", `a ${rules.deck} match needs 2 to ${maxSeats(rules.deck)} seats`));
  }
  if (!Number.isInteger(dealer) || dealer < 0 || dealer >= seats) {
    return err(engineError("INVALID_RECORD", `the dealer must be a seat from 0 to ${seats - 1}`));
  }
  return ok({
    rules,
    seatCount: seats,
    lives: new Array<number>(seats).fill(rules.lives),
    status: new Array<"alive">(seats).fill("alive"),
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

/** The deal a seed gives: shuffle the deck, three cards to each seat in order, then the middle (or extra), then the stock. */
export function dealFromSeed(state: MatchState, seed: string): Deal {
  return dealFromRng(state, Rng.fromSeed(seed));
}

function dealFromRng(state: MatchState, generator: Rng): Deal {
  const cards = shuffled(deckCards(state.rules.deck), generator);
  let next = 0;
  const take = (): Card[] => cards.slice(next, (next += 3));
  const hands = state.status.map((status) => (status === "out" ? null : take()));
  const open = take();
  const stock = cards.slice(next);
  return state.rules.deal === "dealerChooses"
    ? { hands, middle: null, extra: open, stock }
    : { hands, middle: open, stock };
}

/** Checks that a deal fits the match: a hand of three for each seat still in, null for seats out, the exact deck. */
export function checkDeal(state: MatchState, deal: Deal): EngineError | null {
  const bad = (message: string): EngineError => engineError("INVALID_DEAL", message);
  const { rules } = state;
  if (deal.hands.length !== state.seatCount)
    return bad(`the deal has ${deal.hands.length} hands for ${state.seatCount} seats`);
  // Cards seen so far, by card index; `size` counts them.
  const seen = new Uint8Array(52);
  let size = 0;
  const count = (cards: readonly unknown[], what: string): EngineError | null => {
    for (let i = 0; i < cards.length; i++) {
      const card = cards[i];
      if (!isCardOfDeck(card, rules.deck))
        return bad(`${what} holds ${JSON.stringify(card)}, not a card of the ${rules.deck} deck`);
      const index = indexOfCard(card);
      if (seen[index] === 1) return bad(`${card} is dealt twice`);
      seen[index] = 1;
      size++;
    }
    return null;
  };
  for (let seat = 0; seat < state.seatCount; seat++) {
    const hand = deal.hands[seat];
    const out = state.status[seat] === "out";
    if (out && hand !== null) return bad(`seat ${seat} is out of the match and gets no hand`);
    if (out) continue;
    if (hand === null || hand === undefined) return bad(`seat ${seat} is in the match and needs a hand`);
    if (hand.length !== 3) return bad(`the hand of seat ${seat} has ${hand.length} cards, not 3`);
    const problem = count(hand, `the hand of seat ${seat}`);
    if (problem) return problem;
  }
  const chooses = rules.deal === "dealerChooses";
  const open = chooses ? deal.extra : deal.middle;
  const openName = chooses ? "the dealer's second packet (extra)" : "the middle";
  if (!open || open.length !== 3) return bad(`${openName} must be 3 cards`);
  if (chooses && deal.middle) return bad("with dealerChooses there is no middle until the dealer has chosen");
  if (!chooses && deal.extra) return bad("only a dealerChooses deal has an extra packet");
  const problem = count(open, openName) ?? count(deal.stock, "the stock");
  if (problem) return problem;
  const deckSize = deckCards(rules.deck).length;
  if (size !== deckSize) return bad(`the deal holds ${size} cards, the ${rules.deck} deck has ${deckSize}`);
  return null;
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
  const round: RoundState = {
    index: state.round === null ? 0 : state.round.index + 1,
    dealer,
    deal,
    seed,
    hands: deal.hands,
    middle: chooses ? null : (deal.middle ?? null),
    extra: chooses ? (deal.extra ?? null) : null,
    stock: deal.stock,
    stockTop: 0,
    discarded: [],
    seatsInRound: state.status.filter((s) => s !== "out").length,
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

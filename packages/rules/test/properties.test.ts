import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anyRules, assertProperty } from "./property.js";
import {
  type Action,
  type Card,
  type DeckName,
  type MatchState,
  type TableView,
  Rng,
  applyAction,
  dealRound,
  deckCards,
  actionsOf,
  legalActions,
  makeRecord,
  maxSeats,
  newMatch,
  nextSeat,
  outcomeOf,
  phaseOf,
  replayRecordText,
  spectatorView,
  viewFor,
} from "../src/index.js";

/** Rules, a seat count the deck serves, a seed, and a turn after which the random player knocks when it may. */
const anyGame = fc.record({
  rules: anyRules,
  seatPick: fc.nat(),
  dealer: fc.nat(),
  seed: fc.string({ minLength: 1, maxLength: 12 }),
  knockAfter: fc.integer({ min: 1, max: 40 }),
  stopAfter: fc.integer({ min: 1, max: 400 }),
});

type Game = typeof anyGame extends fc.Arbitrary<infer G> ? G : never;

const ERROR_CODES = [
  "INVALID_RECORD",
  "NOT_YOUR_TURN",
  "ACTION_NOT_ALLOWED",
  "CARD_NOT_IN_HAND",
  "CARD_NOT_IN_MIDDLE",
  "ROUND_OVER",
];

/** `expect(actual).toEqual(expected)` for the hot loops, without the matcher's cost per call (JSON compared). */
function same(actual: unknown, expected: unknown, what = ""): void {
  const a = JSON.stringify(actual);
  const b = JSON.stringify(expected);
  if (a !== b) throw new Error(`${what ? `${what}: ` : ""}expected ${b}, got ${a}`);
}

const sortedDecks = new Map<string, string>();
const sortedDeck = (deck: DeckName, decks: 1 | 2): string => {
  const key = `${deck}/${decks}`;
  if (!sortedDecks.has(key)) sortedDecks.set(key, [...deckCards(deck, decks)].sort().join());
  return sortedDecks.get(key)!;
};

/**
 * Every card of the round exactly `decks` times across hands, middle or extra, a hidden deal's packet, the stock
 * from its top, and discarded; three cards in every hand, two in the packet.
 */
function checkCards(state: MatchState): void {
  const round = state.round!;
  const all: Card[] = [];
  for (const hand of round.hands) if (hand) all.push(...hand);
  if (round.middle) all.push(...round.middle);
  if (round.extra) all.push(...round.extra);
  if (round.packet) all.push(...round.packet);
  all.push(...round.stock.slice(round.stockTop), ...round.discarded);
  const deck = deckCards(state.rules.deck, state.rules.decks);
  same(deck.length, deckCards(state.rules.deck).length * state.rules.decks);
  same(all.length, deck.length);
  // Strings compared, not lists: this runs after every action.
  same(all.sort().join(), sortedDeck(state.rules.deck, state.rules.decks));
  for (const hand of round.hands) if (hand) same(hand.length, 3);
  same(round.packet === null ? null : round.packet.length, state.rules.deal === "hidden" ? 2 : null);
}

/**
 * A view holds nothing hidden: only its own hand, the open cards, the packet while it holds it, and no seed; of the
 * history's cards only those open or its own passed on; its legal actions are the engine's.
 */
function checkView(state: MatchState, view: TableView, viewer: number | null): void {
  const round = state.round!;
  const running = phaseOf(state) === "playing" || phaseOf(state) === "choosing";
  const hidden = state.rules.deal === "hidden";
  const text = JSON.stringify(view);
  if (round.seed !== null && running) same(text.includes(round.seed), false, "the seed is in a view");
  const { lastResult: _last, history, ...rest } = view;
  const shown = new Set<string>(JSON.stringify(rest).match(/"[2-9TJQKA][cshd]"/g) ?? []);
  const allowed = new Set<string>();
  const own = viewer === null ? null : round.hands[viewer];
  const holds = running && hidden && viewer === round.toAct;
  const seen = [...(own ?? []), ...(round.middle ?? []), ...round.discarded, ...(holds ? round.packet! : [])];
  for (const card of seen) allowed.add(`"${card}"`);
  for (const card of shown) same(allowed.has(card), true, `${card} shown to ${viewer}`);
  same(view.hand, viewer === null ? null : (own ?? null));
  same(view.packet, holds ? round.packet : null);
  same(view.packetHolder, running && hidden ? round.toAct : null);
  // The history: every action as played, except the cards another seat passed on.
  const played = actionsOf(round).map((a) => (a.type === "passOn" && a.seat !== viewer ? { ...a, give: [] } : a));
  same(JSON.stringify(history), JSON.stringify(played));
  if (running && viewer === round.toAct) same(view.legal, legalActions(state));
  else same(view.legal, []);
}

const sortedGive = (give: unknown): string =>
  Array.isArray(give) ? JSON.stringify([...(give as string[])].sort()) : JSON.stringify(give);

const sameAction = (a: Action, b: Record<string, unknown>): boolean =>
  a.seat === b.seat &&
  a.type === b.type &&
  (a.type !== "swap" || (a.give === b.give && a.take === b.take)) &&
  (a.type !== "passOn" || sortedGive(a.give) === sortedGive(b.give)) &&
  (a.type !== "choose" || a.packet === b.packet);

/** Random actions, most of them malformed, out of turn or not allowed. */
function randomAction(rng: Rng, state: MatchState): unknown {
  const round = state.round!;
  const seats = state.seatCount;
  const deck = deckCards(state.rules.deck);
  const cards = [...deck, "2c", "6h", "Xx", "", 7, null];
  const pick = <T>(list: readonly T[]): T => list[rng.below(list.length)]!;
  const ownCards = [...(round.hands[round.toAct] ?? []), ...(round.middle ?? []), ...(round.packet ?? [])];
  switch (rng.below(8)) {
    case 0:
      return pick([
        null,
        "pass",
        3,
        [],
        {},
        { seat: "0", type: "pass" },
        { seat: true, type: "pass" },
        { seat: 0.5, type: "knock" },
      ]);
    case 1:
      return { seat: rng.below(seats + 2) - 1, type: pick(["pass", "knock", "fold", "swapAll", "redeal", 1]) };
    case 2:
      return { seat: round.toAct, type: "swap", give: pick(ownCards), take: pick(ownCards) };
    case 3:
      return { seat: round.toAct, type: "swap", give: pick(cards), take: pick(cards) };
    case 4:
      return { seat: rng.below(seats), type: "choose", packet: pick(["first", "second", "third"]) };
    case 5:
      return { seat: round.toAct, type: "passOn", give: [pick(ownCards), pick(ownCards)] };
    case 6:
      return {
        seat: pick([round.toAct, rng.below(seats)]),
        type: "passOn",
        give: pick([[pick(cards), pick(cards)], [pick(ownCards)], pick(ownCards), null, ownCards.slice(0, 3)]),
      };
    default:
      return { seat: round.toAct, type: pick(["pass", "knock", "swapAll", "redeal", "choose"]), packet: "first" };
  }
}

function deepFreeze(value: unknown): void {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
}

/** The state without the (shared, frozen) logs of earlier actions and rounds. */
const snapshot = (state: MatchState): string =>
  JSON.stringify({
    ...state,
    finished: state.finished.length,
    round: { ...state.round, actions: state.round?.actionCount },
  });

interface Played {
  state: MatchState;
  actions: number;
}

/** Plays a match at random through the public API, checking every step (or, unchecked, only playing). */
function playChecked(game: Game, checked = true): Played {
  const seats = 2 + (game.seatPick % (maxSeats(game.rules.deck, game.rules.decks) - 1));
  const created = newMatch({ rules: game.rules, seats, dealer: game.dealer % seats, seed: game.seed });
  if (!created.ok) throw new Error(created.error.message);
  let state = created.value;
  const rng = Rng.fromSeed(`player ${game.seed}`);
  let actions = 0;
  for (let r = 0; r < 30 && !state.over && actions < game.stopAfter; r++) {
    const dealt = dealRound(state);
    if (!dealt.ok) throw new Error(dealt.error.message);
    state = dealt.value.state;
    if (checked) checkCards(state);
    let turns = 0;
    while (phaseOf(state) === "playing" || phaseOf(state) === "choosing") {
      if (actions >= game.stopAfter) return { state, actions };
      const legal = legalActions(state);
      if (legal.length === 0) throw new Error("a round in play with no legal action");
      // Actions outside the legal list are refused with a typed error and change nothing.
      if (checked) {
        // Frozen, so any write to the state throws; the snapshot shows it is also still the same.
        deepFreeze(state);
        const before = snapshot(state);
        for (let k = 0; k < 3; k++) {
          const candidate = randomAction(rng, state);
          const isLegal =
            typeof candidate === "object" &&
            candidate !== null &&
            legal.some((a) => sameAction(a, candidate as Record<string, unknown>));
          const result = applyAction(state, candidate as Action);
          same(result.ok, isLegal, JSON.stringify(candidate));
          if (!result.ok) same(ERROR_CODES.includes(result.error.code), true, result.error.code);
        }
        same(snapshot(state), before);
      }
      if (checked && actions % 7 === 0) {
        // The seat to act and a few after it (every seat at small tables), and a spectator.
        for (let k = 0; k < Math.min(seats, 4); k++) {
          const seat = (state.round!.toAct + k) % seats;
          checkView(state, viewFor(state, seat), seat);
        }
        checkView(state, spectatorView(state), null);
      }
      let action = legal[rng.below(legal.length)]!;
      const knock = legal.find((a) => a.type === "knock");
      if (turns >= game.knockAfter && knock) action = knock;
      const round = state.round!;
      const applied = applyAction(state, action);
      if (!applied.ok) throw new Error(`legal action refused: ${applied.error.message}`);
      state = applied.value.state;
      actions++;
      if (action.type !== "choose" && action.type !== "redeal") turns++;
      if (checked) checkCards(state);
      // Turns go round in direction over the seats still in; a redeal keeps the seat, a choice hands on to the first.
      if (checked && state.round!.endReason === null) {
        const expected =
          action.type === "redeal"
            ? action.seat
            : action.type === "choose"
              ? nextSeat(state, round.dealer)
              : nextSeat(state, action.seat);
        same(state.round!.toAct, expected);
      }
      if (turns > game.knockAfter + 2 * seats) throw new Error("the round did not end after the forced knock");
    }
  }
  return { state, actions };
}

describe("random legal play under any rules", () => {
  it("keeps every card once, turns in order, refuses everything else unchanged, hides what views must not show", () => {
    assertProperty(
      fc.property(anyGame, (game) => {
        playChecked(game);
      }),
      { numRuns: 100 },
    );
  });

  it("a record written by makeRecord replays through JSON text to the identical outcome", () => {
    assertProperty(
      fc.property(anyGame, (game) => {
        const { state } = playChecked(game, false);
        const players = Array.from({ length: state.seatCount }, (_, i) => `p${i}`);
        const text = JSON.stringify(makeRecord(state, players));
        const replayed = replayRecordText(text);
        if (!replayed.ok) throw new Error(`${replayed.error.code}: ${replayed.error.message}`);
        expect(outcomeOf(replayed.value.state)).toEqual(JSON.parse(JSON.stringify(outcomeOf(state))));
        const again = replayed.value.state;
        expect(again.lives).toEqual(state.lives);
        expect(again.status).toEqual(state.status);
        expect(again.nextDealer).toBe(state.nextDealer);
        // A match stopped mid-round goes on exactly where it stopped.
        expect(legalActions(again)).toEqual(legalActions(state));
        expect(phaseOf(again)).toBe(phaseOf(state));
      }),
      { numRuns: 150 },
    );
  });

  it("a deal-time 31 or Feuer leaves no legal action", () => {
    assertProperty(
      fc.property(anyRules, fc.string(), (rules, seed) => {
        const match = newMatch({ rules, seats: 3, seed });
        if (!match.ok) throw new Error(match.error.message);
        const dealt = dealRound(match.value);
        if (!dealt.ok) throw new Error(dealt.error.message);
        const ended = dealt.value.state.round!.endReason !== null;
        expect(legalActions(dealt.value.state).length === 0).toBe(ended);
      }),
      { numRuns: 300 },
    );
  });
});

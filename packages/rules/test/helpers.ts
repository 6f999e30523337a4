import { expect } from "vitest";
import {
  type Action,
  type Card,
  type Deal,
  type DeckName,
  type MatchState,
  type Outcome,
  type RecordError,
  deckCards,
  outcomeOf,
  replayRecordText,
} from "../src/index.js";

/** "Ah Kh Qh" -> ["Ah", "Kh", "Qh"]. */
export const h = (text: string): Card[] => text.split(" ").filter(Boolean) as Card[];

export interface DealSpec {
  /** One hand per seat ("Ah Kh Qh"), null for a seat that is out. */
  readonly hands: readonly (string | null)[];
  readonly middle?: string;
  /** The dealer's second packet (dealerChooses). */
  readonly extra?: string;
  /** A hidden deal's packet of two. */
  readonly packet?: string;
  /** The top of the stock; the rest of the deck follows in the deck's fixed order. */
  readonly stock?: string;
  readonly deck?: DeckName;
  readonly decks?: 1 | 2;
}

/**
 * A deal that is exactly the deck (each card twice with two decks): the cards named, then every other card of the
 * deck in a fixed order.
 */
export function deal(spec: DealSpec): Deal {
  const hands = spec.hands.map((hand) => (hand === null ? null : h(hand)));
  const middle = spec.middle === undefined ? undefined : h(spec.middle);
  const extra = spec.extra === undefined ? undefined : h(spec.extra);
  const packet = spec.packet === undefined ? undefined : h(spec.packet);
  const top = h(spec.stock ?? "");
  const rest = deckCards(spec.deck ?? "skat32", spec.decks ?? 1).slice();
  for (const card of [
    ...hands.flatMap((hand) => hand ?? []),
    ...(middle ?? []),
    ...(extra ?? []),
    ...(packet ?? []),
    ...top,
  ]) {
    const at = rest.indexOf(card);
    if (at >= 0) rest.splice(at, 1);
  }
  const stock = [...top, ...rest];
  const out: { hands: (Card[] | null)[]; middle?: Card[]; extra?: Card[]; packet?: Card[]; stock: Card[] } = {
    hands,
    stock,
  };
  if (middle) out.middle = middle;
  if (extra) out.extra = extra;
  if (packet) out.packet = packet;
  return out;
}

/** Action shorthands. */
export const swap = (seat: number, give: string, take: string): Action =>
  ({ seat, type: "swap", give, take }) as Action;
export const pass = (seat: number): Action => ({ seat, type: "pass" });
export const knock = (seat: number): Action => ({ seat, type: "knock" });
export const swapAll = (seat: number): Action => ({ seat, type: "swapAll" });
export const redeal = (seat: number): Action => ({ seat, type: "redeal" });
export const choose = (seat: number, packet: "first" | "second"): Action => ({ seat, type: "choose", packet });
/** A hidden deal's turn: "Ah Kh" are the two cards passed on. */
export const passOn = (seat: number, give: string): Action => ({ seat, type: "passOn", give: h(give) });

/** What a fixture expects of a failing record: the error code, and the round and action where given. */
export const err = (code: string, round?: number, action?: number) => ({
  error: { code, ...(round === undefined ? {} : { round }), ...(action === undefined ? {} : { action }) },
});

/** Passes by the seats in `order`, one after another. */
export const passes = (...order: number[]): Action[] => order.map(pass);

export interface RecordSpec {
  readonly rules?: Record<string, unknown>;
  readonly dealer?: number;
  /** Defaults to one player per hand of the first deal. */
  readonly players?: number;
  readonly rounds: readonly { readonly deal: DealSpec; readonly actions?: readonly Action[] }[];
}

export function record(spec: RecordSpec): Record<string, unknown> {
  const deck = (spec.rules?.deck as DeckName | undefined) ?? "skat32";
  const decks = (spec.rules?.decks as 1 | 2 | undefined) ?? 1;
  const seats = spec.players ?? spec.rounds[0]?.deal.hands.length ?? 2;
  return {
    rules: spec.rules ?? {},
    players: Array.from({ length: seats }, (_, i) => `P${i}`),
    dealer: spec.dealer ?? seats - 1,
    rounds: spec.rounds.map((round) => ({ deal: deal({ deck, decks, ...round.deal }), actions: round.actions ?? [] })),
  };
}

export type Replayed = { ok: true; state: MatchState; outcome: Outcome } | { ok: false; error: RecordError };

/** Replays a record through its JSON text, as a file would be. */
export function replay(input: Record<string, unknown> | string): Replayed {
  const text = typeof input === "string" ? input : JSON.stringify(input);
  const result = replayRecordText(text);
  if (!result.ok) return { ok: false, error: result.error };
  return { ok: true, state: result.value.state, outcome: outcomeOf(result.value.state) };
}

export const sortedHands = (hands: readonly (readonly string[] | null)[]): (string[] | null)[] =>
  hands.map((hand) => (hand === null ? null : [...hand].sort()));

/** What a fixture expects of the last round in the outcome (hands compared as sets) and of the match. */
export interface Expected {
  readonly endReason?: string | null;
  readonly hands?: readonly (string | null)[];
  readonly values?: readonly (number | null)[] | null;
  readonly lifeLosses?: readonly number[] | null;
  readonly lives?: readonly number[];
  readonly state?: readonly string[];
  readonly rounds?: number;
  readonly result?: { over: boolean; winner: number | null; draw: boolean };
  /** Checks on the final engine state (who acts, the middle...). */
  readonly check?: (state: MatchState) => void;
}

export interface ErrorExpected {
  readonly error: { code: string; round?: number; action?: number };
}

export interface Fixture {
  readonly name: string;
  readonly record: RecordSpec | Record<string, unknown> | string;
  readonly expected: Expected | ErrorExpected;
}

const isSpec = (r: Fixture["record"]): r is RecordSpec =>
  typeof r === "object" && Array.isArray((r as RecordSpec).rounds) && !("players" in r);

/** Runs one fixture: replays the record and compares what the fixture names. */
export function checkFixture(fixture: Fixture): void {
  const input = isSpec(fixture.record) ? record(fixture.record) : fixture.record;
  const got = replay(input as Record<string, unknown> | string);
  const expected = fixture.expected;
  if ("error" in expected) {
    expect(got.ok ? "replayed without error" : "failed").toBe("failed");
    if (got.ok) return;
    const picked: Record<string, unknown> = { code: got.error.code };
    if ("round" in expected.error) picked.round = got.error.round;
    if ("action" in expected.error) picked.action = got.error.action;
    expect(picked, got.error.message).toEqual(expected.error);
    expect(typeof got.error.message).toBe("string");
    return;
  }
  if (!got.ok) throw new Error(`unexpected ${got.error.code}: ${got.error.message}`);
  const { outcome, state } = got;
  const last = outcome.rounds[outcome.rounds.length - 1]!;
  if (expected.rounds !== undefined) expect(outcome.rounds.length).toBe(expected.rounds);
  if (expected.endReason !== undefined) expect(last.endReason).toBe(expected.endReason);
  if (expected.hands !== undefined) {
    expect(sortedHands(last.hands)).toEqual(sortedHands(expected.hands.map((x) => (x === null ? null : h(x)))));
  }
  if (expected.values !== undefined) expect(last.values).toEqual(expected.values);
  if (expected.lifeLosses !== undefined) expect(last.lifeLosses).toEqual(expected.lifeLosses);
  if (expected.lives !== undefined) expect(last.lives).toEqual(expected.lives);
  if (expected.state !== undefined) expect(last.state).toEqual(expected.state);
  if (expected.result !== undefined) expect(outcome.result).toEqual(expected.result);
  expected.check?.(state);
}

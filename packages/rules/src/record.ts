import type { Card } from "./cards.js";
import { type Rules, parseRules, makeRules } from "./rules.js";
import { type Result, type EngineError, type ErrorCode, ok, err } from "./result.js";
import { canonicalAction, isCanonical } from "./actions.js";
import { step } from "./core.js";
import { type Action, type Deal, type MatchState, type RoundResult, actionsOf, copyMatch, copyRound } from "./state.js";
import { newMatch, dealRound } from "./match.js";
import { endRound } from "./scoring.js";
import { applyAction, checkAction } from "./turn.js";
import { handValue } from "./value.js";

/** A game record as the contract defines it (shared/spec/game-record.md). */
export interface GameRecord {
  readonly rules: Partial<Rules>;
  readonly players: readonly string[];
  readonly dealer: number;
  readonly rounds: readonly { readonly deal: Deal; readonly actions: readonly Action[] }[];
}

export interface RecordError extends EngineError {
  readonly round?: number;
  readonly action?: number;
}

export interface OutcomeRound {
  readonly dealer: number;
  readonly endReason: RoundResult["endReason"] | null;
  readonly hands: RoundResult["hands"];
  readonly values: RoundResult["values"] | null;
  readonly lifeLosses: RoundResult["lifeLosses"] | null;
  readonly lives: RoundResult["lives"];
  readonly state: RoundResult["state"];
}

export interface Outcome {
  readonly rounds: readonly OutcomeRound[];
  readonly result: { readonly over: boolean; readonly winner: number | null; readonly draw: boolean };
}

const recordError = (code: ErrorCode, message: string, round?: number, action?: number): RecordError => {
  const e: { code: ErrorCode; message: string; round?: number; action?: number } = { code, message };
  if (round !== undefined) e.round = round;
  if (action !== undefined) e.action = action;
  return e;
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isWhole = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);

/** A list of strings (whether they are cards is the deal's check); with `strict: false` any list. */
function cards(v: unknown, strict: boolean): v is Card[] {
  if (!Array.isArray(v)) return false;
  if (strict) for (let i = 0; i < v.length; i++) if (typeof v[i] !== "string") return false;
  return true;
}

/** A list of hands: card lists, or null for a seat that is out. */
function isHandList(v: unknown, strict: boolean): v is (Card[] | null)[] {
  if (!Array.isArray(v)) return false;
  for (let i = 0; i < v.length; i++) if (v[i] !== null && !cards(v[i], strict)) return false;
  return true;
}

/**
 * Reads the shape of a deal; whether its cards make up the deck is the engine's check (INVALID_DEAL). `packet` is
 * read only for a hidden deal; in any other it is an unknown key, ignored. Without `strict` the cards of the lists
 * are not looked at: the engine's check finds anything that is not a card, and only then does the strict reading
 * decide whether the record is malformed (INVALID_RECORD, which comes first) or the deal wrong.
 */
function readDeal(input: unknown, round: number, hidden: boolean, strict: boolean): Result<Deal, RecordError> {
  const bad = (message: string) => err(recordError("INVALID_RECORD", message, round));
  if (!isObject(input)) return bad(`round ${round} needs a "deal" object`);
  const { hands, middle, stock, extra } = input;
  const packet = hidden ? input.packet : undefined;
  if (!isHandList(hands, strict)) {
    return bad(`"hands" of round ${round} must be a list of hands (card lists, or null for a seat that is out)`);
  }
  if (middle !== undefined && middle !== null && !cards(middle, strict))
    return bad(`"middle" of round ${round} must be a card list`);
  if (!cards(stock, strict)) return bad(`"stock" of round ${round} must be a card list`);
  if (extra !== undefined && extra !== null && !cards(extra, strict))
    return bad(`"extra" of round ${round} must be a card list`);
  if (packet !== undefined && packet !== null && !cards(packet, strict))
    return bad(`"packet" of round ${round} must be a card list`);
  const deal = { hands, middle: middle ?? null, stock, extra: extra ?? null };
  return ok(hidden ? { ...deal, packet: packet ?? null } : deal);
}

function readRules(input: unknown): Result<Rules, RecordError> {
  const rules = parseRules(input);
  return rules.ok ? rules : err(recordError(rules.error.code, rules.error.message));
}

/** Hears each action of a replay once the engine has accepted it: the state before it, its round and index. */
export type ReplayObserver = (before: MatchState, action: Action, round: number, index: number) => void;

/** Replays a parsed JSON value to its final state, or the first error in the contract's order. */
export function replayRecord(
  input: unknown,
  observe?: ReplayObserver,
): Result<{ state: MatchState; players: string[] }, RecordError> {
  if (!isObject(input)) return err(recordError("INVALID_RECORD", "a record must be a JSON object"));
  const rules = readRules(input.rules);
  if (!rules.ok) return rules;
  const { players, dealer, rounds } = input;
  if (!Array.isArray(players) || !players.every((p) => typeof p === "string")) {
    return err(recordError("INVALID_RECORD", `"players" must be a list of names`));
  }
  if (!isWhole(dealer)) return err(recordError("INVALID_RECORD", `"dealer" must be a whole number`));
  if (!Array.isArray(rounds)) return err(recordError("INVALID_RECORD", `"rounds" must be a list`));
  const match = newMatch({ rules: rules.value, seats: players.length, dealer });
  if (!match.ok) return err(recordError(match.error.code, match.error.message));
  let state = match.value;
  for (let r = 0; r < rounds.length; r++) {
    const roundInput = rounds[r];
    if (!isObject(roundInput)) return err(recordError("INVALID_RECORD", `round ${r} must be an object`, r));
    if (state.over) return err(recordError("MATCH_OVER", `the match ended before round ${r}`, r));
    if (state.round !== null && state.round.endReason === null) {
      return err(recordError("INVALID_RECORD", `round ${r - 1} is unfinished but round ${r} follows`, r));
    }
    const hidden = rules.value.deal === "hidden";
    const deal = readDeal(roundInput.deal, r, hidden, false);
    if (!deal.ok) return deal;
    const dealt = dealRound(state, { deal: deal.value });
    if (!dealt.ok) {
      const malformed = dealt.error.code === "INVALID_DEAL" ? readDeal(roundInput.deal, r, hidden, true) : null;
      if (malformed && !malformed.ok) return malformed;
      return err(recordError(dealt.error.code, dealt.error.message, r));
    }
    state = dealt.value.state;
    const actions = roundInput.actions;
    if (!Array.isArray(actions)) return err(recordError("INVALID_RECORD", `"actions" of round ${r} must be a list`, r));
    const played = observe ? playObserved(state, actions, r, observe) : playRound(state, actions, r);
    if (!played.ok) return played;
    state = played.value;
  }
  return ok({ state, players: players as string[] });
}

const notAnObject = (r: number, i: number): RecordError =>
  recordError("INVALID_RECORD", `action ${i} of round ${r} must be an object`, r, i);

/** A round's actions through `applyAction`, one immutable state after another, each shown to `observe`. */
function playObserved(
  start: MatchState,
  actions: readonly unknown[],
  r: number,
  observe: ReplayObserver,
): Result<MatchState, RecordError> {
  let state = start;
  for (let i = 0; i < actions.length; i++) {
    const action: unknown = actions[i];
    if (!isObject(action)) return err(notAnObject(r, i));
    const applied = applyAction(state, action as unknown as Action);
    if (!applied.ok) return err(recordError(applied.error.code, applied.error.message, r, i));
    observe(state, action as unknown as Action, r, i);
    state = applied.value.state;
  }
  return ok(state);
}

/**
 * A round's actions on one mutable copy of the round: the same checks and the same `step` as `applyAction`, without
 * a new state and events per action (the bulk replay's hot path). Returns the state after them.
 */
function playRound(start: MatchState, actions: readonly unknown[], r: number): Result<MatchState, RecordError> {
  let state = start;
  const dealt = state.round!;
  let work = dealt.endReason === null ? copyRound(dealt) : null;
  if (work !== null) {
    // The copy's own hands and middle, which `step` changes in place; the deal stays as it was for the record.
    work.hands = dealt.hands.map((hand) => (hand === null ? null : hand.slice()));
    work.middle = dealt.middle === null ? null : dealt.middle.slice();
  }
  for (let i = 0; i < actions.length; i++) {
    const action = actions[i] as Action;
    if (!isObject(action)) return err(notAnObject(r, i));
    const problem = checkAction(state, action, work ?? state.round);
    if (problem) return err(recordError(problem.code, problem.message, r, i));
    // Past the checks a round is in play, so `work` is there.
    const round = work!;
    const logged = isCanonical(action) ? action : canonicalAction(action);
    round.actions = { action: logged, prev: round.actions };
    round.actionCount++;
    const reason = step(state, round, logged.seat, logged, null);
    if (reason !== null) {
      state = endRound(state, round, reason, []).state;
      work = null;
    }
  }
  if (work === null) return ok(state);
  const next = copyMatch(state);
  next.round = work;
  return ok(next);
}

/** Reads and replays record text: not JSON is INVALID_RECORD like any other bad shape. */
export function replayRecordText(
  text: string,
  observe?: ReplayObserver,
): Result<{ state: MatchState; players: string[] }, RecordError> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return err(recordError("INVALID_RECORD", "the record is not valid JSON"));
  }
  return replayRecord(parsed, observe);
}

/** The outcome of the contract: one entry per round played, the unfinished one with nulls, and the match result. */
export function outcomeOf(state: MatchState): Outcome {
  const rounds: OutcomeRound[] = state.finished.map(({ result }) => result);
  const round = state.round;
  if (round !== null && round.endReason === null) {
    rounds.push({
      dealer: round.dealer,
      endReason: null,
      hands: round.hands,
      values: null,
      lifeLosses: null,
      lives: state.lives,
      state: state.status,
    });
  }
  return { rounds, result: { over: state.over, winner: state.winner, draw: state.draw } };
}

/** Writes a match, finished or not, as a record that replays to the same state. */
export function makeRecord(state: MatchState, players: readonly string[], firstDealer?: number): GameRecord {
  const rounds = state.finished.map(({ deal, actions }) => ({ deal: cleanDeal(deal), actions }));
  const round = state.round;
  if (round !== null && round.endReason === null)
    rounds.push({ deal: cleanDeal(round.deal), actions: actionsOf(round) });
  const dealer = firstDealer ?? state.finished[0]?.result.dealer ?? round?.dealer ?? state.nextDealer;
  return { rules: makeRules(state.rules), players, dealer, rounds };
}

function cleanDeal(deal: Deal): Deal {
  if (deal.packet) return { hands: deal.hands, packet: deal.packet, stock: deal.stock };
  return deal.extra
    ? { hands: deal.hands, extra: deal.extra, stock: deal.stock }
    : { hands: deal.hands, middle: deal.middle, stock: deal.stock };
}

/** Values of the hands as they stand (for a round still going). */
export const valuesOf = (hands: readonly (readonly Card[] | null)[], rules: Rules): (number | null)[] =>
  hands.map((h) => (h === null ? null : handValue(h, rules)));

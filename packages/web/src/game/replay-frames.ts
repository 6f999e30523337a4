import {
  type Action,
  type Deal,
  type GameEvent,
  type MatchState,
  type RoundResult,
  applyAction,
  dealRound,
  newMatch,
  parseRules,
  replayRecord,
} from "@schwimmen/rules";
import { computerMovesOf, moveKey } from "@schwimmen/server/computer-moves";

/** One step of a replay: the state after it and the events it caused. */
export interface Frame {
  readonly state: MatchState;
  readonly events: readonly GameEvent[];
  readonly round: number;
  /** The computer made this move for a person who was away (the server's record names such moves). */
  readonly byComputer?: true;
}

/**
 * The steps of a record, or why it cannot be replayed: the contract's error code, its round (0-based) if it has one,
 * and the engine's own words (for the curious; the page says it in the player's language by the code).
 */
export type Frames =
  { ok: true; frames: Frame[]; players: string[] } | { ok: false; code: string; message: string; round?: number };

/**
 * Every step of a game record (deals and actions) as a list of states. The record is checked with the engine's
 * own replay first, so a bad record gives the contract's error instead of a half-built list.
 */
export function framesOf(input: unknown): Frames {
  const checked = replayRecord(input);
  if (!checked.ok) {
    const { code, message, round } = checked.error;
    return round === undefined ? { ok: false, code, message } : { ok: false, code, message, round };
  }
  const record = input as {
    rules?: unknown;
    players: string[];
    dealer: number;
    rounds: { deal: Deal; actions: Action[] }[];
    table?: { computerMoves?: unknown };
  };
  const computer = computerMovesOf(record.table?.computerMoves);
  const rules = parseRules(record.rules);
  const created = newMatch({
    rules: rules.ok ? rules.value : undefined,
    seats: record.players.length,
    dealer: record.dealer,
  });
  if (!created.ok) return { ok: false, code: created.error.code, message: created.error.message };
  let state = created.value;
  const frames: Frame[] = [];
  record.rounds.forEach((round, index) => {
    const dealt = dealRound(state, { deal: round.deal });
    if (!dealt.ok) return;
    state = dealt.value.state;
    frames.push({ state, events: dealt.value.events, round: index });
    for (const [at, action] of round.actions.entries()) {
      const applied = applyAction(state, action);
      if (!applied.ok) return;
      state = applied.value.state;
      const frame: Frame = { state, events: applied.value.events, round: index };
      frames.push(computer.has(moveKey(index, at)) ? { ...frame, byComputer: true } : frame);
    }
  });
  return { ok: true, frames, players: checked.value.players };
}

/** The result of the round a frame ends, or null when the frame is within a round. */
export const resultAt = (frame: Frame): RoundResult | null =>
  frame.state.round && frame.state.round.endReason !== null
    ? (frame.state.finished[frame.round]?.result ?? null)
    : null;

/** One round of a replay: where its frames are, who dealt and knocked, and how it ended. */
export interface RoundSummary {
  readonly index: number;
  readonly dealer: number;
  readonly knocker: number | null;
  /** Its first frame (the deal) and its last. */
  readonly first: number;
  readonly last: number;
  /** Null for a round the record leaves unfinished. */
  readonly result: RoundResult | null;
}

/** The rounds of a list of frames, in order. */
export function roundsOf(frames: readonly Frame[]): RoundSummary[] {
  const rounds: RoundSummary[] = [];
  frames.forEach((frame, at) => {
    const round = frame.state.round;
    if (!round) return;
    rounds[frame.round] = {
      index: frame.round,
      dealer: round.dealer,
      knocker: round.knocker,
      first: rounds[frame.round]?.first ?? at,
      last: at,
      result: resultAt(frame),
    };
  });
  return rounds;
}

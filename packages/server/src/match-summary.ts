/**
 * What a table tells the rest of the server when one of its matches has ended (TableDeps.onMatchEnded): who sat
 * where, in which round each seat went out, the rules, and the saved record. Ratings and profiles build on it.
 */
import type { Rules } from "@schwimmen/rules";
import type { PresetName, Visibility } from "./protocol.js";
import { type TableModel, visibilityOf } from "./table-model.js";

export interface SummarySeat {
  /** The player id of the person in this seat; null for a bot or a person without a session. */
  readonly player: string | null;
  /** The bot level of a bot seat; null for people. */
  readonly bot: string | null;
  readonly name: string;
  /** A person whose seat was away when the match ended: the computer finished it for them (absent: false). */
  readonly away?: boolean;
}

export interface MatchEndSummary {
  readonly code: string;
  readonly match: number;
  readonly rules: Rules;
  readonly preset: PresetName | null;
  readonly visibility: Visibility;
  readonly seats: readonly SummarySeat[];
  /** Per seat, the index of the round it went out in; null for a seat still in at the end (the winner). */
  readonly outOrder: readonly (number | null)[];
  /** The winning seat; null for a draw (everybody left went out in the last round). */
  readonly winner: number | null;
  /** The saved match record (JSON text). */
  readonly record: string;
  /** When the match ended (server clock, epoch ms). */
  readonly at: number;
}

/** The round index each seat went out in, from the finished rounds' seat states (null: never out). */
export function outRounds(model: TableModel): (number | null)[] {
  const { finished } = model.game;
  return model.seats.map((_, seat) => {
    const round = finished.findIndex((r) => r.result.state[seat] === "out");
    return round < 0 ? null : round;
  });
}

export function matchSummary(model: TableModel, record: string, at: number): MatchEndSummary {
  return {
    code: model.code,
    match: model.match,
    rules: model.config.rules,
    preset: model.config.preset,
    visibility: visibilityOf(model.config),
    seats: model.seats.map((s, i) => ({
      player: s.bot === null ? (s.player ?? null) : null,
      bot: s.bot,
      name: s.name ?? `Seat ${i + 1}`,
      away: model.awayAtEnd?.includes(i) ?? false,
    })),
    outOrder: outRounds(model),
    winner: model.game.winner,
    record,
    at,
  };
}

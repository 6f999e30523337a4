import { makeRecord } from "@schwimmen/rules";
import type { Logger } from "pino";
import type { Clock } from "./clock.js";
import { type MatchEndSummary, matchSummary } from "./match-summary.js";
import type { Store } from "./store.js";
import { type TableModel, sha256Hex, visibilityOf } from "./table-model.js";

/**
 * The game record of the table's current match, for download. Each finished round object gets `seed` and `seedHash`
 * (extra keys the record contract ignores). A round still in play is left out: its deal would show every hand.
 * The extra `table` key names the table and match, for a finished match its winning seat (null for a draw) and the
 * seats of people who were away at its end (`awayAtEnd`, when there are any), the moves the computer made for them
 * (`computerMoves`, [round, action] pairs, when there are any), the table's visibility while it was played
 * (profiles show a private table's code only to its players), and the player id of each seat.
 */
export function matchRecord(model: TableModel): Record<string, unknown> {
  const players = model.seats.map((s, i) => s.name ?? `Seat ${i + 1}`);
  const record = makeRecord(model.game, players, model.firstDealer);
  const finished = model.game.finished.length;
  const rounds = record.rounds.slice(0, finished).map((round, index) => {
    const seed = model.seeds[index];
    return seed === undefined ? round : { ...round, seed, seedHash: sha256Hex(seed) };
  });
  return {
    ...record,
    rounds,
    table: {
      code: model.code,
      name: model.name,
      match: model.match,
      complete: model.game.over,
      winner: model.game.over ? model.game.winner : null,
      // People who were away when the match ended: the computer finished it for them (no win in their profile).
      ...(model.game.over && model.awayAtEnd?.length ? { awayAtEnd: model.awayAtEnd } : {}),
      // The moves the computer made for people who were away, as [round, action] (profiles leave them out).
      ...(model.computerMoves?.length ? { computerMoves: model.computerMoves } : {}),
      // The seed the first dealer was drawn by lot from (drawForDealer in packages/rules gives it again).
      ...(model.lot ? { lot: model.lot } : {}),
      // Fixed from the first start on (setVisibility works only in the lobby): what it was while this match ran.
      visibility: visibilityOf(model.config),
      // The player id of each seat (null for bots and seats without one): profiles find their matches by it.
      players: model.seats.map((s) => s.player ?? null),
    },
  };
}

/** What saving a match's record needs of its table (TableDeps). */
export interface RecordDeps {
  readonly store: Pick<Store, "saveMatchRecord">;
  readonly clock: Clock;
  readonly log: Logger;
  readonly onMatchEnded?: (summary: MatchEndSummary) => Promise<void> | void;
}

/** Saves the record of the model's match; only the save may fail (the match-ended hook's failure is logged). */
export async function saveRecord(model: TableModel, deps: RecordDeps): Promise<void> {
  const record = JSON.stringify(matchRecord(model));
  const at = deps.clock.now();
  await deps.store.saveMatchRecord(model.code, model.match, record, at);
  deps.log.info({ table: model.code, match: model.match, winner: model.game.winner }, "match record saved");
  // Ratings and profiles hear of the ended match (again after a restart: they take each match once).
  try {
    await deps.onMatchEnded?.(matchSummary(model, record, at));
  } catch (cause) {
    deps.log.error({ err: cause, table: model.code }, "match-ended hook failed");
  }
}

import { makeRecord } from "@schwimmen/rules";
import { type TableModel, sha256Hex } from "./table-model.js";

/**
 * The game record of the table's current match, for download. Each finished round object gets `seed` and `seedHash`
 * (extra keys the record contract ignores). A round still in play is left out: its deal would show every hand.
 * The extra `table` key names the table and match, for a finished match its winning seat (null for a draw), and the
 * player id of each seat.
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
      // The seed the first dealer was drawn by lot from (drawForDealer in packages/rules gives it again).
      ...(model.lot ? { lot: model.lot } : {}),
      // The player id of each seat (null for bots and seats without one): profiles find their matches by it.
      players: model.seats.map((s) => s.player ?? null),
    },
  };
}

/**
 * A table's stakes and its first dealer by lot, on top of the engine's pure functions (packages/rules): the ledger
 * ("Kasse") grows by one row when a match with a stake ends, and the lot drawn from a log entry's seed gives the
 * dealer again on every replay. Both live in the table model, so snapshots and log replays keep them.
 */
import {
  type Ledger,
  type MatchState,
  drawForDealer,
  ledgerSummary,
  potSoFar,
  settleIntoLedger,
} from "@schwimmen/rules";
import type { KasseInfo, TableEvent } from "./protocol.js";
import type { TableConfig, TableModel } from "./table-model.js";

/** The seat names as the ledger knows them. */
export const seatNames = (model: Pick<TableModel, "seats">): string[] =>
  model.seats.map((s, i) => s.name ?? `Seat ${i + 1}`);

/** The model after `game` replaced its match: a match with a stake that has just ended is settled into the ledger. */
export function settleInto(model: TableModel, game: MatchState): Ledger {
  const ledger = model.ledger ?? [];
  if (model.game.over) return ledger;
  return settleIntoLedger(ledger, game, model.config.stake ?? 0, model.match, seatNames(model));
}

/**
 * The lot a `start` or `rematch` entry names: its `dealerDrawn` event (none without a lot), or null when the
 * entry's dealer is not the one the seed draws (a log entry that does not fit changes nothing).
 */
export function lotEvents(config: TableConfig, entry: { dealer: number; lot?: string }): TableEvent[] | null {
  if (entry.lot === undefined) return [];
  const drawn = drawForDealer(config.seats, config.rules.deck, config.rules.decks, entry.lot);
  if (drawn.dealer !== entry.dealer) return null;
  return [{ type: "dealerDrawn", dealer: entry.dealer, draws: drawn.draws }];
}

/** The dealer the lot from `seed` gives at a table. */
export const dealerByLot = (config: TableConfig, seed: string): number =>
  drawForDealer(config.seats, config.rules.deck, config.rules.decks, seed).dealer;

/** What TableInfo tells about the stakes: null when the table plays without. */
export function kasseInfo(model: TableModel): KasseInfo | null {
  const stake = model.config.stake ?? 0;
  const ledger = model.ledger ?? [];
  if (stake <= 0 && ledger.length === 0) return null;
  return { ...ledgerSummary(ledger, stake), pot: potSoFar(model.game, stake) };
}

import type { TableStatus } from "./protocol.js";

/**
 * Where tables live between restarts. Asynchronous so that a networked store (PostgreSQL, for several servers)
 * can implement it; the SQLite store answers at once.
 */
export interface Store {
  /** Registers a new table; false when the code is taken. */
  createTable(row: TableRow): Promise<boolean>;
  /** Appends log entries (consecutive versions) atomically; `status` when the table's status changed with them. */
  append(code: string, entries: readonly StoredEntry[], status: TableStatus | null, at: number): Promise<void>;
  /** Replaces the table's snapshot: the whole table model as of `version`, as JSON text. */
  saveSnapshot(code: string, version: number, state: string, at: number): Promise<void>;
  /** The table's row, its latest snapshot and every log entry after it. */
  loadTable(code: string): Promise<StoredTable | null>;
  /** Codes of tables whose match is running: loaded at start so bots and timers go on (the rest load when asked). */
  playingTableCodes(): Promise<string[]>;
  /** Up to `limit` tables of `status` with no change since before `before`, longest untouched first. */
  staleTables(status: "lobby" | "over", before: number, limit: number): Promise<string[]>;
  /**
   * Expires the tables still untouched since before `before` (in one transaction): a lobby table goes entirely; a
   * finished one keeps its row (so its code is never given again) and its match records, and loses its log and
   * snapshot. Returns how many went (a table changed meanwhile stays).
   */
  expireTables(codes: readonly string[], status: "lobby" | "over", before: number): Promise<number>;
  /**
   * Forgets up to `limit` device tokens: those that never took a seat and were last used before `unseatedBefore`,
   * then any last used before `unusedBefore`. Returns how many went.
   */
  expireTokens(unseatedBefore: number, unusedBefore: number, limit: number): Promise<number>;
  saveMatchRecord(code: string, match: number, record: string, at: number): Promise<void>;
  loadMatchRecord(code: string, match: number): Promise<string | null>;
  /** The table's finished matches (those with a saved record), oldest first, at most `limit` of them. */
  listMatches(code: string, limit: number): Promise<MatchSummary[]>;
  addToken(token: string, at: number): Promise<void>;
  /** Whether the token was issued (and not expired); a known token counts as used now. */
  hasToken(token: string): Promise<boolean>;
  close(): Promise<void>;
}

export interface TableRow {
  readonly code: string;
  readonly name: string;
  /** The table's settings as JSON text (TableConfig). */
  readonly config: string;
  readonly createdAt: number;
}

/** One finished match of a table, as the list of a table's matches shows it. */
export interface MatchSummary {
  readonly match: number;
  /** When its record was saved (epoch ms): the end of the match. */
  readonly finishedAt: number;
  /** The players' names, one per seat. */
  readonly seats: readonly string[];
  /** The winning seat; null for a draw; undefined when the stored record does not say (records of old versions). */
  readonly winner?: number | null;
}

export interface StoredEntry {
  readonly version: number;
  /** One LogEntry as JSON text. */
  readonly entry: string;
}

export interface StoredTable {
  readonly row: TableRow;
  readonly snapshot: { readonly version: number; readonly state: string } | null;
  readonly entries: readonly StoredEntry[];
}

/**
 * A write the store declined because it is busy with others of its kind (a snapshot, say, which only saves work later:
 * the caller may try again later). Nothing was written.
 */
export class StoreBusyError extends Error {
  readonly code = "STORE_BUSY";
  constructor(what: string) {
    super(`STORE_BUSY: ${what} not written now, the store is busy`);
    this.name = "StoreBusyError";
  }
}

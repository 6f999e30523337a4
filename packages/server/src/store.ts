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
  /** Codes of tables whose match has not ended (they are loaded at start so bots and timers go on). */
  openTableCodes(): Promise<string[]>;
  saveMatchRecord(code: string, match: number, record: string, at: number): Promise<void>;
  loadMatchRecord(code: string, match: number): Promise<string | null>;
  addToken(token: string, at: number): Promise<void>;
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

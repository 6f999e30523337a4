import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import type { TableStatus } from "./protocol.js";
import type { MatchSummary, Store, StoredEntry, StoredTable, TableRow } from "./store.js";
import { CHAT_MIGRATION } from "./chat-store.js";
import { RATINGS_MIGRATION, RATINGS_REASON_MIGRATION } from "./sqlite-ratings.js";

/** Versioned schema changes: migration i takes the database from user_version i to i+1. Only ever append. */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE tables (
     code TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     config TEXT NOT NULL,
     status TEXT NOT NULL DEFAULT 'lobby',
     version INTEGER NOT NULL DEFAULT 0,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL
   );
   CREATE INDEX tables_status ON tables (status);
   CREATE TABLE actions (
     code TEXT NOT NULL,
     version INTEGER NOT NULL,
     entry TEXT NOT NULL,
     at INTEGER NOT NULL,
     PRIMARY KEY (code, version)
   ) WITHOUT ROWID;
   CREATE TABLE snapshots (
     code TEXT PRIMARY KEY,
     version INTEGER NOT NULL,
     state TEXT NOT NULL,
     at INTEGER NOT NULL
   );
   CREATE TABLE match_records (
     code TEXT NOT NULL,
     match INTEGER NOT NULL,
     record TEXT NOT NULL,
     at INTEGER NOT NULL,
     PRIMARY KEY (code, match)
   ) WITHOUT ROWID;
   CREATE TABLE tokens (
     token TEXT PRIMARY KEY,
     created_at INTEGER NOT NULL
   ) WITHOUT ROWID;`,
  // Expiry: a table's updated_at moves with every append; a token remembers its last use and whether it ever sat
  // down (tokens from before are taken as seated, so only the long rule applies to them).
  `ALTER TABLE tokens ADD COLUMN used_at INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE tokens ADD COLUMN seated INTEGER NOT NULL DEFAULT 0;
   UPDATE tokens SET used_at = created_at, seated = 1;
   CREATE INDEX tokens_seated_used ON tokens (seated, used_at);
   DROP INDEX tables_status;
   CREATE INDEX tables_status_updated ON tables (status, updated_at);`,
  // Players (players.ts): guests and accounts, sessions by the hash of their cookie, passkeys, and which saved
  // match records each player sat in (kept by triggers from the record's table.players).
  `CREATE TABLE players (
     id TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     name_key TEXT,
     kind TEXT NOT NULL DEFAULT 'guest',
     created_at INTEGER NOT NULL,
     deleted_at INTEGER
   ) WITHOUT ROWID;
   CREATE UNIQUE INDEX players_account_name ON players (name_key) WHERE kind = 'account' AND deleted_at IS NULL;
   CREATE TABLE sessions (
     id TEXT PRIMARY KEY,
     player_id TEXT,
     created_at INTEGER NOT NULL,
     used_at INTEGER NOT NULL,
     challenge TEXT
   ) WITHOUT ROWID;
   CREATE INDEX sessions_player ON sessions (player_id);
   CREATE INDEX sessions_used ON sessions (used_at);
   CREATE TABLE credentials (
     id TEXT PRIMARY KEY,
     player_id TEXT NOT NULL,
     public_key BLOB NOT NULL,
     counter INTEGER NOT NULL,
     transports TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     used_at INTEGER NOT NULL
   ) WITHOUT ROWID;
   CREATE INDEX credentials_player ON credentials (player_id);
   CREATE TABLE player_records (
     player_id TEXT NOT NULL,
     code TEXT NOT NULL,
     match INTEGER NOT NULL,
     seat INTEGER NOT NULL,
     at INTEGER NOT NULL,
     PRIMARY KEY (player_id, code, match)
   ) WITHOUT ROWID;
   CREATE INDEX player_records_at ON player_records (player_id, at);
   CREATE INDEX player_records_match ON player_records (code, match);
   CREATE TRIGGER match_records_players_insert AFTER INSERT ON match_records BEGIN
     INSERT OR REPLACE INTO player_records (player_id, code, match, seat, at)
       SELECT j.value, NEW.code, NEW.match, j.key, NEW.at FROM json_each(NEW.record, '$.table.players') AS j
       WHERE j.type = 'text';
   END;
   CREATE TRIGGER match_records_players_update AFTER UPDATE OF record ON match_records BEGIN
     DELETE FROM player_records WHERE code = NEW.code AND match = NEW.match;
     INSERT OR REPLACE INTO player_records (player_id, code, match, seat, at)
       SELECT j.value, NEW.code, NEW.match, j.key, NEW.at FROM json_each(NEW.record, '$.table.players') AS j
       WHERE j.type = 'text';
   END;`,
  // Table talk (chat-store.ts): lines kept with their table and match, and the lobby's.
  CHAT_MIGRATION,
  // Ratings (sqlite-ratings.ts): current skills, the matches taken, each player's ended matches.
  RATINGS_MIGRATION,
  // Why a player's match was not rated.
  RATINGS_REASON_MIGRATION,
];

export function migrate(db: Database.Database): number {
  const current = db.pragma("user_version", { simple: true }) as number;
  for (let v = current; v < MIGRATIONS.length; v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v]!);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
  return MIGRATIONS.length;
}

/** The embedded store: one SQLite file in WAL mode. Writes are synchronous, so an append is on disk when it returns. */
export class SqliteStore implements Store {
  private readonly db: Database.Database;
  private readonly stmts;

  /** `now` stamps a token's use when it says hello again (the server's clock in tests). */
  constructor(
    path: string,
    private readonly now: () => number = Date.now,
  ) {
    if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    this.db.pragma("journal_mode = WAL");
    // NORMAL in WAL mode survives a crash of the process (SIGKILL); only a power cut may lose the last commits.
    this.db.pragma("synchronous = NORMAL");
    this.db.pragma("busy_timeout = 5000");
    migrate(this.db);
    const db = this.db;
    this.stmts = {
      insertTable: db.prepare(
        "INSERT OR IGNORE INTO tables (code, name, config, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
      ),
      insertAction: db.prepare("INSERT INTO actions (code, version, entry, at) VALUES (?, ?, ?, ?)"),
      updateTable: db.prepare("UPDATE tables SET status = ?, version = ?, updated_at = ? WHERE code = ?"),
      // Expiry needs the time only to the minute: a table in play rewrites its row at most once a minute.
      touchTable: db.prepare("UPDATE tables SET updated_at = ? WHERE code = ? AND updated_at < ?"),
      upsertSnapshot: db.prepare(
        `INSERT INTO snapshots (code, version, state, at) VALUES (?, ?, ?, ?)
         ON CONFLICT (code) DO UPDATE SET version = excluded.version, state = excluded.state, at = excluded.at`,
      ),
      selectTable: db.prepare(
        "SELECT code, name, config, created_at AS createdAt FROM tables WHERE code = ? AND status != 'archived'",
      ),
      selectSnapshot: db.prepare("SELECT version, state FROM snapshots WHERE code = ?"),
      selectActions: db.prepare("SELECT version, entry FROM actions WHERE code = ? AND version > ? ORDER BY version"),
      playingCodes: db.prepare("SELECT code FROM tables WHERE status = 'playing'"),
      staleTables: db.prepare(
        "SELECT code FROM tables WHERE status = ? AND updated_at < ? ORDER BY status, updated_at LIMIT ?",
      ),
      deleteLobby: db.prepare("DELETE FROM tables WHERE code = ? AND status = 'lobby' AND updated_at < ?"),
      archiveOver: db.prepare(
        "UPDATE tables SET status = 'archived' WHERE code = ? AND status = 'over' AND updated_at < ?",
      ),
      deleteActions: db.prepare("DELETE FROM actions WHERE code = ?"),
      deleteSnapshot: db.prepare("DELETE FROM snapshots WHERE code = ?"),
      deleteTokens: db.prepare(
        `DELETE FROM tokens WHERE token IN
           (SELECT token FROM tokens WHERE seated = ? AND used_at < ? ORDER BY seated, used_at LIMIT ?)`,
      ),
      seatToken: db.prepare("UPDATE tokens SET seated = 1, used_at = MAX(used_at, ?) WHERE token = ?"),
      // Saving the same record again (a rematch makes sure it is kept) leaves its time: the match ended then.
      upsertRecord: db.prepare(
        `INSERT INTO match_records (code, match, record, at) VALUES (?, ?, ?, ?)
         ON CONFLICT (code, match) DO UPDATE SET record = excluded.record,
           at = CASE WHEN match_records.record = excluded.record THEN match_records.at ELSE excluded.at END`,
      ),
      listMatches: db.prepare(
        `SELECT match, at AS finishedAt, json_extract(record, '$.players') AS seats,
           json_extract(record, '$.table.winner') AS winner, json_type(record, '$.table.winner') AS winnerType
         FROM match_records WHERE code = ? ORDER BY match LIMIT ?`,
      ),
      selectRecord: db.prepare("SELECT record FROM match_records WHERE code = ? AND match = ?"),
      insertToken: db.prepare("INSERT OR IGNORE INTO tokens (token, created_at, used_at) VALUES (?, ?, ?)"),
      useToken: db.prepare("UPDATE tokens SET used_at = MAX(used_at, ?) WHERE token = ?"),
    };
  }

  /** Appends waiting for the end of this turn of the event loop, written together in one transaction. */
  private batch: {
    code: string;
    entries: readonly StoredEntry[];
    status: TableStatus | null;
    at: number;
    done: (error?: unknown) => void;
  }[] = [];

  private writeBatch(batch: SqliteStore["batch"]): void {
    this.db.transaction(() => {
      for (const { code, entries, status, at } of batch) {
        for (const { version, entry } of entries) {
          this.stmts.insertAction.run(code, version, entry, at);
          // A token that takes a seat is kept for long (expire): marked in the same transaction as the seat.
          if (entry.startsWith('{"kind":"join"')) {
            this.stmts.seatToken.run(at, (JSON.parse(entry) as { token: string }).token);
          }
        }
        // The row's status changes with the table's; its updated_at with every append (for expiry).
        const last = entries[entries.length - 1];
        if (last && status !== null) this.stmts.updateTable.run(status, last.version, at, code);
        else if (last) this.stmts.touchTable.run(at, code, at - 60_000);
      }
    })();
  }

  /** Group commit: one transaction for every append of the turn, each resolved only once it is written. */
  private flush(): void {
    const batch = this.batch;
    this.batch = [];
    if (batch.length === 0) return;
    try {
      this.writeBatch(batch);
    } catch (cause) {
      for (const item of batch) item.done(cause);
      return;
    }
    for (const item of batch) item.done();
  }

  async createTable(row: TableRow): Promise<boolean> {
    return this.stmts.insertTable.run(row.code, row.name, row.config, row.createdAt, row.createdAt).changes === 1;
  }

  append(code: string, entries: readonly StoredEntry[], status: TableStatus | null, at: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const done = (error?: unknown) => (error === undefined ? resolve() : reject(error));
      this.batch.push({ code, entries, status, at, done });
      if (this.batch.length === 1) setImmediate(() => this.flush());
    });
  }

  async saveSnapshot(code: string, version: number, state: string, at: number): Promise<void> {
    this.stmts.upsertSnapshot.run(code, version, state, at);
  }

  async loadTable(code: string): Promise<StoredTable | null> {
    const row = this.stmts.selectTable.get(code) as TableRow | undefined;
    if (!row) return null;
    const snapshot = (this.stmts.selectSnapshot.get(code) as { version: number; state: string } | undefined) ?? null;
    const entries = this.stmts.selectActions.all(code, snapshot?.version ?? 0) as StoredEntry[];
    return { row, snapshot, entries };
  }

  async playingTableCodes(): Promise<string[]> {
    return (this.stmts.playingCodes.all() as { code: string }[]).map((r) => r.code);
  }

  async staleTables(status: "lobby" | "over", before: number, limit: number): Promise<string[]> {
    return (this.stmts.staleTables.all(status, before, limit) as { code: string }[]).map((r) => r.code);
  }

  async expireTables(codes: readonly string[], status: "lobby" | "over", before: number): Promise<number> {
    return this.db.transaction(() => {
      let expired = 0;
      for (const code of codes) {
        const gone =
          status === "lobby" ? this.stmts.deleteLobby.run(code, before) : this.stmts.archiveOver.run(code, before);
        if (gone.changes === 0) continue;
        this.stmts.deleteActions.run(code);
        this.stmts.deleteSnapshot.run(code);
        expired++;
      }
      return expired;
    })();
  }

  async expireTokens(unseatedBefore: number, unusedBefore: number, limit: number): Promise<number> {
    const unseated = this.stmts.deleteTokens.run(0, unseatedBefore, limit).changes;
    return unseated + this.stmts.deleteTokens.run(1, unusedBefore, Math.max(0, limit - unseated)).changes;
  }

  async saveMatchRecord(code: string, match: number, record: string, at: number): Promise<void> {
    this.stmts.upsertRecord.run(code, match, record, at);
  }

  async loadMatchRecord(code: string, match: number): Promise<string | null> {
    return (this.stmts.selectRecord.get(code, match) as { record: string } | undefined)?.record ?? null;
  }

  async listMatches(code: string, limit: number): Promise<MatchSummary[]> {
    const rows = this.stmts.listMatches.all(code, limit) as {
      match: number;
      finishedAt: number;
      seats: string | null;
      winner: number | null;
      winnerType: string | null;
    }[];
    return rows.map((r) => ({
      match: r.match,
      finishedAt: r.finishedAt,
      seats: r.seats === null ? [] : (JSON.parse(r.seats) as string[]),
      ...(r.winnerType === null ? {} : { winner: r.winner }),
    }));
  }

  async addToken(token: string, at: number): Promise<void> {
    this.stmts.insertToken.run(token, at, at);
  }

  async hasToken(token: string): Promise<boolean> {
    return this.stmts.useToken.run(this.now(), token).changes === 1;
  }

  /** The database, for modules that keep their own tables in it (sqlite-players.ts). */
  get database(): Database.Database {
    return this.db;
  }

  async close(): Promise<void> {
    if (!this.db.open) return;
    this.flush();
    this.db.pragma("wal_checkpoint(TRUNCATE)");
    this.db.close();
  }
}

import type pg from "pg";
import type { TableStatus } from "./protocol.js";
import type { MatchSummary, Store, StoredEntry, StoredTable, TableRow } from "./store.js";
import { PG_CHAT_MIGRATION } from "./pg-chat.js";
import { PG_PLAYERS_MIGRATION } from "./pg-players.js";
import { PG_RATINGS_MIGRATION } from "./pg-ratings.js";
import { type PendingAppend, writeAppend, writeBatch, writeBatchAtOnce } from "./pg-append.js";
import { inTransaction, newPool } from "./pg-transaction.js";
import { PG_LEASES_MIGRATION, type WriteFence } from "./cluster/lease.js";

/**
 * Versioned schema changes: migration i takes the database from schema version i to i+1 (kept in schema_version).
 * Only ever append. Times are epoch milliseconds (BIGINT); JSON is kept as the text the server wrote, so a record
 * reads back byte for byte.
 */
export const PG_MIGRATIONS: readonly string[] = [
  `CREATE TABLE tables (
     code TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     config TEXT NOT NULL,
     status TEXT NOT NULL DEFAULT 'lobby',
     version INTEGER NOT NULL DEFAULT 0,
     created_at BIGINT NOT NULL,
     updated_at BIGINT NOT NULL
   );
   CREATE INDEX tables_status_updated ON tables (status, updated_at);
   -- The log: one row per version, never two (a second append of the same version fails: the fence builds on it).
   CREATE TABLE actions (
     code TEXT NOT NULL,
     version INTEGER NOT NULL,
     entry TEXT NOT NULL,
     at BIGINT NOT NULL,
     PRIMARY KEY (code, version)
   );
   CREATE TABLE snapshots (
     code TEXT PRIMARY KEY,
     version INTEGER NOT NULL,
     state TEXT NOT NULL,
     at BIGINT NOT NULL
   );
   CREATE TABLE match_records (
     code TEXT NOT NULL,
     match INTEGER NOT NULL,
     record TEXT NOT NULL,
     at BIGINT NOT NULL,
     PRIMARY KEY (code, match)
   );
   CREATE TABLE tokens (
     token TEXT PRIMARY KEY,
     created_at BIGINT NOT NULL,
     used_at BIGINT NOT NULL,
     seated BOOLEAN NOT NULL DEFAULT FALSE
   );
   CREATE INDEX tokens_seated_used ON tokens (seated, used_at);`,
  // Ratings (pg-ratings.ts): current skills, the matches taken, each player's ended matches.
  PG_RATINGS_MIGRATION,
  // Players (pg-players.ts): guests and accounts, sessions, passkeys, which saved records each player sat in.
  PG_PLAYERS_MIGRATION,
  // Table talk (pg-chat.ts): lines kept with their table and match, and the lobby's.
  PG_CHAT_MIGRATION,
  // Table ownership leases of a cluster (cluster/lease.ts).
  PG_LEASES_MIGRATION,
];

/** Any server may start at the same time as another: migrations run under this advisory lock, one at a time. */
const MIGRATION_LOCK = 0x5c4_31;

/** Brings the database to the latest schema; returns its version. */
export async function migratePg(pool: pg.Pool, migrations: readonly string[] = PG_MIGRATIONS): Promise<number> {
  // All in one transaction: PostgreSQL's schema changes are transactional, so a failed migration leaves nothing.
  return inTransaction(pool, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await client.query("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)");
    const found = await client.query<{ version: number }>("SELECT version FROM schema_version");
    if (found.rows.length === 0) await client.query("INSERT INTO schema_version (version) VALUES (0)");
    const current = found.rows[0]?.version ?? 0;
    if (current > migrations.length) {
      throw new Error(`database schema ${current} is newer than this server's (${migrations.length})`);
    }
    for (let v = current; v < migrations.length; v++) await client.query(migrations[v]!);
    await client.query("UPDATE schema_version SET version = $1", [migrations.length]);
    return migrations.length;
  });
}

export interface PgStoreOptions {
  /** Connections at most (default 5). */
  readonly poolSize?: number;
  /** `now` stamps a token's use when it says hello again (the server's clock in tests). */
  readonly now?: () => number;
  /** When set, every write of a table's log, snapshot or records first passes the fence (cluster/lease.ts). */
  readonly fence?: WriteFence;
  /** Group commits under way at once at most (default 2): a batch need not wait for the whole one before it. */
  readonly writers?: number;
}

/**
 * The group commits' sessions: their one statement is prepared once per connection and runs on a generic plan (no
 * planning per batch, which cost as much as running it). A generic plan is made once, from the sizes the tables have
 * then, which may be a fresh database's; without sequential scans and merge joins the only plans left look each
 * batch's rows up by key, which is right at any size.
 */
export const WRITER_SETTINGS = {
  plan_cache_mode: "force_generic_plan",
  enable_seqscan: "off",
  enable_mergejoin: "off",
};

/** Appends written in one transaction at most (a bound on statement size). */
const MAX_BATCH = 500;

/**
 * The networked store: PostgreSQL through a bounded pool. Appends are group-committed: those that arrive while a
 * commit is under way go together in the next transaction (see `drain`). An append resolves once it is committed.
 */
export class PgStore implements Store {
  private readonly pool: pg.Pool;
  private readonly now: () => number;
  private queue: PendingAppend[] = [];
  /** The group-commit loops running (at most `maxWriters`), and whether one of them is gathering its next batch. */
  private readonly writers = new Set<Promise<void>>();
  private gathering = false;
  private closed = false;

  private readonly sidePools: pg.Pool[] = [];
  /** The group commits' own connections (see WRITER_SETTINGS). */
  private readonly writerPool: pg.Pool;

  private constructor(
    pool: pg.Pool,
    now: () => number,
    private readonly fence: WriteFence | undefined,
    private readonly url: string,
    private readonly maxWriters: number,
  ) {
    this.pool = pool;
    this.now = now;
    this.writerPool = newPool(url, maxWriters, WRITER_SETTINGS);
  }

  /** Connects and migrates; fails when the database cannot be reached. */
  static async open(url: string, options: PgStoreOptions = {}): Promise<PgStore> {
    const pool = newPool(url, options.poolSize ?? 5);
    try {
      await migratePg(pool);
    } catch (cause) {
      await pool.end().catch(() => {});
      throw cause;
    }
    const writers = options.writers ?? 2;
    if (!Number.isInteger(writers) || writers < 1) throw new RangeError(`bad number of writers ${writers}`);
    return new PgStore(pool, options.now ?? Date.now, options.fence, url, writers);
  }

  /**
   * A pool of its own on the same database, closed with the store, for work that must never wait behind the store's
   * writes for a connection: lease renewals (cluster/fenced-store.ts), which cost the node its tables when they are late.
   */
  sidePool(max: number): pg.Pool {
    const pool = newPool(this.url, max);
    this.sidePools.push(pool);
    return pool;
  }

  /** The pool, for modules that keep their own tables in the same database. */
  get database(): pg.Pool {
    return this.pool;
  }

  async createTable(row: TableRow): Promise<boolean> {
    const result = await this.pool.query(
      `INSERT INTO tables (code, name, config, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)
       ON CONFLICT (code) DO NOTHING`,
      [row.code, row.name, row.config, row.createdAt],
    );
    return result.rowCount === 1;
  }

  append(code: string, entries: readonly StoredEntry[], status: TableStatus | null, at: number): Promise<void> {
    if (this.closed) return Promise.reject(new Error("store closed"));
    return new Promise((resolve, reject) => {
      this.queue.push({
        code,
        entries,
        status,
        at,
        done: (error) => (error === undefined ? resolve() : reject(error)),
      });
      if (!this.gathering && this.writers.size < this.maxWriters) {
        const writer: Promise<void> = this.drain().finally(() => this.writers.delete(writer));
        this.writers.add(writer);
      }
    });
  }

  /**
   * Writes batches until the queue is empty. Each gathers what arrived until the event loop's next turn; while one
   * batch is being committed, another loop may gather and commit the next (a table's appends still keep their order:
   * a table sends its next append only once the one before is committed). A batch is one statement with the fence's
   * check in it (one round trip); only when that fails (a version already taken, say) is it written again item by
   * item, each in its own savepoint, so the one at fault is refused alone.
   */
  private async drain(): Promise<void> {
    for (;;) {
      this.gathering = true;
      await new Promise((resolve) => setImmediate(resolve));
      this.gathering = false;
      if (this.queue.length === 0) break;
      const batch = this.queue.splice(0, MAX_BATCH);
      const failed = new Map<PendingAppend, unknown>();
      const refuseAllBut = (held: Set<string>): PendingAppend[] => {
        for (const item of batch) if (!held.has(item.code)) failed.set(item, this.fence!.lost(item.code));
        return batch.filter((item) => held.has(item.code));
      };
      const fenced = async (client: pg.PoolClient): Promise<PendingAppend[]> => {
        if (!this.fence) return batch;
        return refuseAllBut(
          await this.fence.held(
            client,
            batch.map((item) => item.code),
          ),
        );
      };
      try {
        try {
          await this.writeAtOnce(batch, refuseAllBut, fenced);
        } catch {
          failed.clear();
          await inTransaction(this.pool, async (client) => {
            for (const item of await fenced(client)) {
              await client.query("SAVEPOINT item");
              try {
                await writeAppend(client, item);
                await client.query("RELEASE SAVEPOINT item");
              } catch (cause) {
                await client.query("ROLLBACK TO SAVEPOINT item");
                failed.set(item, cause);
              }
            }
          });
        }
      } catch (cause) {
        for (const item of batch) item.done(cause);
        continue;
      }
      for (const item of batch) item.done(failed.get(item));
    }
  }

  /** A batch in one statement; a fence that cannot say its check as parameters is asked in a transaction instead. */
  private async writeAtOnce(
    batch: readonly PendingAppend[],
    refuseAllBut: (held: Set<string>) => unknown,
    fenced: (client: pg.PoolClient) => Promise<PendingAppend[]>,
  ): Promise<void> {
    const codes = batch.map((item) => item.code);
    if (!this.fence) await writeBatchAtOnce(this.writerPool, batch, null);
    else if (this.fence.claims) refuseAllBut(await writeBatchAtOnce(this.writerPool, batch, this.fence.claims(codes)));
    else await inTransaction(this.pool, async (client) => writeBatch(client, await fenced(client)));
  }

  /** One write of a table's data: in a transaction behind the fence when there is one. */
  private async writeTable(code: string, sql: string, params: unknown[]): Promise<void> {
    const fence = this.fence;
    if (!fence) {
      await this.pool.query(sql, params);
      return;
    }
    await inTransaction(this.pool, async (client) => {
      if (!(await fence.held(client, [code])).has(code)) throw fence.lost(code);
      await client.query(sql, params);
    });
  }

  async saveSnapshot(code: string, version: number, state: string, at: number): Promise<void> {
    await this.writeTable(
      code,
      `INSERT INTO snapshots (code, version, state, at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (code) DO UPDATE SET version = excluded.version, state = excluded.state, at = excluded.at`,
      [code, version, state, at],
    );
  }

  async loadTable(code: string): Promise<StoredTable | null> {
    // One transaction with one view of the data: the snapshot and the entries after it belong together.
    return inTransaction(this.pool, async (client) => {
      await client.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
      const tables = await client.query<TableRow>(
        `SELECT code, name, config, created_at AS "createdAt" FROM tables WHERE code = $1 AND status != 'archived'`,
        [code],
      );
      const row = tables.rows[0];
      if (!row) return null;
      const snapshots = await client.query<{ version: number; state: string }>(
        "SELECT version, state FROM snapshots WHERE code = $1",
        [code],
      );
      const snapshot = snapshots.rows[0] ?? null;
      const entries = await client.query<StoredEntry>(
        "SELECT version, entry FROM actions WHERE code = $1 AND version > $2 ORDER BY version",
        [code, snapshot?.version ?? 0],
      );
      return { row, snapshot, entries: entries.rows };
    });
  }

  async playingTableCodes(): Promise<string[]> {
    const result = await this.pool.query<{ code: string }>("SELECT code FROM tables WHERE status = 'playing'");
    return result.rows.map((r) => r.code);
  }

  async staleTables(status: "lobby" | "over", before: number, limit: number): Promise<string[]> {
    const result = await this.pool.query<{ code: string }>(
      "SELECT code FROM tables WHERE status = $1 AND updated_at < $2 ORDER BY updated_at LIMIT $3",
      [status, before, limit],
    );
    return result.rows.map((r) => r.code);
  }

  async expireTables(codes: readonly string[], status: "lobby" | "over", before: number): Promise<number> {
    return inTransaction(this.pool, async (client) => {
      const gone =
        status === "lobby"
          ? await client.query<{ code: string }>(
              "DELETE FROM tables WHERE code = ANY($1) AND status = 'lobby' AND updated_at < $2 RETURNING code",
              [codes, before],
            )
          : await client.query<{ code: string }>(
              `UPDATE tables SET status = 'archived' WHERE code = ANY($1) AND status = 'over' AND updated_at < $2
               RETURNING code`,
              [codes, before],
            );
      const expired = gone.rows.map((r) => r.code);
      if (expired.length === 0) return 0;
      await client.query("DELETE FROM actions WHERE code = ANY($1)", [expired]);
      await client.query("DELETE FROM snapshots WHERE code = ANY($1)", [expired]);
      return expired.length;
    });
  }

  async expireTokens(unseatedBefore: number, unusedBefore: number, limit: number): Promise<number> {
    const sql = `DELETE FROM tokens WHERE token IN
      (SELECT token FROM tokens WHERE seated = $1 AND used_at < $2 ORDER BY used_at LIMIT $3)`;
    const unseated = (await this.pool.query(sql, [false, unseatedBefore, limit])).rowCount ?? 0;
    const rest = Math.max(0, limit - unseated);
    return unseated + ((await this.pool.query(sql, [true, unusedBefore, rest])).rowCount ?? 0);
  }

  async saveMatchRecord(code: string, match: number, record: string, at: number): Promise<void> {
    // Saving the same record again (a rematch makes sure it is kept) leaves its time: the match ended then.
    await this.writeTable(
      code,
      `INSERT INTO match_records (code, match, record, at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (code, match) DO UPDATE SET record = excluded.record,
         at = CASE WHEN match_records.record = excluded.record THEN match_records.at ELSE excluded.at END`,
      [code, match, record, at],
    );
  }

  async loadMatchRecord(code: string, match: number): Promise<string | null> {
    const result = await this.pool.query<{ record: string }>(
      "SELECT record FROM match_records WHERE code = $1 AND match = $2",
      [code, match],
    );
    return result.rows[0]?.record ?? null;
  }

  async listMatches(code: string, limit: number): Promise<MatchSummary[]> {
    // jsonb values come back parsed; the winner's type tells a draw (JSON null) from a record that does not say.
    const result = await this.pool.query<{
      match: number;
      finishedAt: number;
      seats: unknown;
      winner: number | null;
      winnerType: string | null;
    }>(
      `SELECT match, at AS "finishedAt", j -> 'players' AS seats, j #> '{table,winner}' AS winner,
         jsonb_typeof(j #> '{table,winner}') AS "winnerType"
       FROM (SELECT match, at, record::jsonb AS j FROM match_records WHERE code = $1 ORDER BY match LIMIT $2) AS m
       ORDER BY match`,
      [code, limit],
    );
    return result.rows.map((r) => ({
      match: r.match,
      finishedAt: r.finishedAt,
      seats: Array.isArray(r.seats) ? (r.seats as string[]) : [],
      ...(r.winnerType === null ? {} : { winner: r.winner }),
    }));
  }

  async addToken(token: string, at: number): Promise<void> {
    await this.pool.query(
      "INSERT INTO tokens (token, created_at, used_at) VALUES ($1, $2, $2) ON CONFLICT (token) DO NOTHING",
      [token, at],
    );
  }

  async hasToken(token: string): Promise<boolean> {
    const result = await this.pool.query("UPDATE tokens SET used_at = GREATEST(used_at, $1) WHERE token = $2", [
      this.now(),
      token,
    ]);
    return result.rowCount === 1;
  }

  /** Waits for the appends under way, then closes the pool (idempotent). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    while (this.writers.size > 0) await Promise.all(this.writers);
    await Promise.all([this.pool, this.writerPool, ...this.sidePools].map((pool) => pool.end()));
  }
}

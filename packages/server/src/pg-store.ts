import type pg from "pg";
import type { TableStatus } from "./protocol.js";
import {
  type MatchSummary,
  type Store,
  type StoredEntry,
  type StoredTable,
  type TableRow,
  StoreBusyError,
} from "./store.js";
import { type PendingAppend, params, writeAppend, writeBatch, writeBatchAtOnce } from "./pg-append.js";
import { inTransaction, newPool } from "./pg-transaction.js";
import { HELD_LEASES_SQL, type WriteFence } from "./cluster/lease.js";
import { migratePg } from "./pg-schema.js";

export { PG_MIGRATIONS, migratePg } from "./pg-schema.js";

export interface PgStoreOptions {
  /** Connections at most (default 5). */
  readonly poolSize?: number;
  /** `now` stamps a token's use when it says hello again (the server's clock in tests). */
  readonly now?: () => number;
  /** When set, every write of a table's log, snapshot or records first passes the fence (cluster/lease.ts). */
  readonly fence?: WriteFence;
  /** Group commits under way at once at most (default 2): a batch need not wait for the whole one before it. */
  readonly writers?: number;
  /**
   * How long (ms) a group commit gathers appends before it writes them (default 0: until the event loop's next
   * turn). A few ms put more appends in one transaction when they come one by one, as at human pace, so that the
   * database commits less often: each append waits up to that long more (COMMIT_GATHER_MS; docs/scaling.md).
   */
  readonly gatherMs?: number;
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

/** Snapshots being written at once at most (of the pool's connections, the rest stay for loads and records). */
const MAX_SNAPSHOTS = 3;

/** A write of `writeTable`: its SQL from the numbering of its parameters and the fence's condition. */
type TableWrite = (param: (i: number) => string, allowed: string) => string;

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
  /** Snapshots under way (see saveSnapshot). */
  private snapshotsWriting = 0;
  /** The group commits' own connections (see WRITER_SETTINGS). */
  private readonly writerPool: pg.Pool;

  private constructor(
    pool: pg.Pool,
    now: () => number,
    private readonly fence: WriteFence | undefined,
    private readonly url: string,
    private readonly maxWriters: number,
    private readonly gatherMs: number,
  ) {
    this.pool = pool;
    this.now = now;
    this.writerPool = newPool(url, maxWriters, WRITER_SETTINGS);
  }

  /** Connects and migrates; fails when the database cannot be reached. */
  static async open(url: string, options: PgStoreOptions = {}): Promise<PgStore> {
    // The options first: a bad one opens no connection.
    const writers = options.writers ?? 2;
    if (!Number.isInteger(writers) || writers < 1) throw new RangeError(`bad number of writers ${writers}`);
    const gatherMs = options.gatherMs ?? 0;
    if (!Number.isFinite(gatherMs) || gatherMs < 0) throw new RangeError(`bad gathering time ${gatherMs}`);
    const pool = newPool(url, options.poolSize ?? 5);
    try {
      await migratePg(pool);
    } catch (cause) {
      await pool.end().catch(() => {});
      throw cause;
    }
    return new PgStore(pool, options.now ?? Date.now, options.fence, url, writers, gatherMs);
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
   * Writes batches until the queue is empty. Each gathers what arrives until the event loop's next turn, or for
   * `gatherMs` when that is set; while one batch is being committed, another loop may gather and commit the next (a
   * table's appends still keep their order: a table sends its next append only once the one before is committed). A
   * batch is one statement with the fence's check in it (one round trip); only when that fails (a version already
   * taken, say) is it written again item by item, each in its own savepoint, so the one at fault is refused alone.
   */
  private async drain(): Promise<void> {
    for (;;) {
      this.gathering = true;
      if (this.gatherMs > 0) await new Promise((resolve) => setTimeout(resolve, this.gatherMs));
      else await new Promise((resolve) => setImmediate(resolve));
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

  /**
   * One write of a table's data, behind the fence when there is one. `write` makes the statement from the numbering
   * of its parameters and a condition that holds only when the fence lets the write through. With a fence that says
   * its check as parameters it is one statement: the check first, then the write (a round trip each costs a whole
   * turn of a busy event loop, and a snapshot waited four of them); else the check and the write in a transaction.
   */
  private async writeTable(code: string, write: TableWrite, values: unknown[]): Promise<void> {
    const fence = this.fence;
    if (!fence) {
      await this.pool.query(write(params(1), "TRUE"), values);
      return;
    }
    if (fence.claims) {
      const { node, codes, tags } = fence.claims([code]);
      const sql = `WITH held AS (${HELD_LEASES_SQL}),
        w AS (${write(params(4), "EXISTS (SELECT 1 FROM held)")})
        SELECT code FROM held`;
      if ((await this.pool.query(sql, [node, codes, tags, ...values])).rowCount === 0) throw fence.lost(code);
      return;
    }
    await inTransaction(this.pool, async (client) => {
      if (!(await fence.held(client, [code])).has(code)) throw fence.lost(code);
      await client.query(write(params(1), "TRUE"), values);
    });
  }

  /**
   * At most MAX_SNAPSHOTS at once; beyond that one is declined at once (STORE_BUSY) rather than queued behind the
   * others for the pool: a snapshot only shortens a later load, and its table tries again later.
   */
  async saveSnapshot(code: string, version: number, state: string, at: number): Promise<void> {
    if (this.snapshotsWriting >= MAX_SNAPSHOTS) throw new StoreBusyError("snapshot");
    this.snapshotsWriting++;
    try {
      await this.writeSnapshot(code, version, state, at);
    } finally {
      this.snapshotsWriting--;
    }
  }

  private async writeSnapshot(code: string, version: number, state: string, at: number): Promise<void> {
    await this.writeTable(
      code,
      (p, allowed) => `INSERT INTO snapshots (code, version, state, at)
       SELECT ${p(0)}::text, ${p(1)}::int, ${p(2)}::text, ${p(3)}::bigint WHERE ${allowed}
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
      (p, allowed) => `INSERT INTO match_records (code, match, record, at)
       SELECT ${p(0)}::text, ${p(1)}::int, ${p(2)}::text, ${p(3)}::bigint WHERE ${allowed}
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

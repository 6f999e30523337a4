/**
 * Table ownership leases on PostgreSQL (docs/scaling.md). Each table has at most one owner node at a time: the node
 * whose lease row has not expired. Taking a table over bumps the row's epoch, and every write of a fenced store checks
 * its epoch in the write's own transaction, so a node that lost a table can never write to it again.
 *
 * Every time is the database's (now() in the statements), never a node's, so nodes with skewed clocks agree.
 */
import type pg from "pg";
import { inTransaction } from "../pg-transaction.js";

/** The schema of the leases (one of PG_MIGRATIONS). Rows are never deleted, so a table's epoch only ever grows. */
export const PG_LEASES_MIGRATION = `CREATE TABLE table_leases (
     code TEXT PRIMARY KEY,
     node TEXT NOT NULL,
     epoch BIGINT NOT NULL,
     expires_at TIMESTAMPTZ NOT NULL
   );
   CREATE INDEX table_leases_node ON table_leases (node, expires_at);
   CREATE INDEX table_leases_expires ON table_leases (expires_at);`;

/** Decides, inside a write's transaction, which tables this node may still write (PgStoreOptions.fence). */
export interface WriteFence {
  /** Of `codes`, those this node may write now; what it checks stays locked until the transaction ends. */
  held(client: pg.PoolClient, codes: readonly string[]): Promise<Set<string>>;
  /** The error of a write refused by the fence. */
  lost(code: string): Error;
  /**
   * The check of `held` as parameters of HELD_LEASES_SQL, for a write that puts the check into its own statement (one
   * round trip: pg-append.ts). A fence without it is asked through `held` in a transaction.
   */
  claims?(codes: readonly string[]): FenceClaims;
}

/** Parameters $1-$3 of HELD_LEASES_SQL: this node, the tables it claims, and each as "code:epoch" at the epoch it holds. */
export interface FenceClaims {
  readonly node: string;
  readonly codes: readonly string[];
  readonly tags: readonly string[];
}

/** A lease as "code:epoch", the form in which the statements below compare a row with the epoch a node holds. */
const tag = (code: string, epoch: number) => `${code}:${epoch}`;
const TAG_SQL = "code || ':' || epoch";

/**
 * The lease rows that still name node $1 at the claimed epochs ($2 codes, $3 their tags) and have not run out, locked
 * in code order until the transaction ends. The lock is FOR KEY SHARE: renewals (an UPDATE of expires_at alone) pass
 * it without waiting, and writes never wait for renewals; a takeover locks the row FOR UPDATE first (`acquire`), so
 * it waits for every write that passed the fence, or comes first and the write finds nothing. No join: the rows are
 * found by key, whatever the planner believes about the table's size. `node || ''` keeps the node's index out of it:
 * the group commit's plan is made once (see WRITER_SETTINGS), maybe while the table is tiny, and a plan on that index
 * would later read every lease of the node for each batch.
 */
export const HELD_LEASES_SQL = `SELECT code FROM table_leases
  WHERE code = ANY($2::text[]) AND ${TAG_SQL} = ANY($3::text[]) AND (node || '') = $1 AND expires_at > clock_timestamp()
  ORDER BY code FOR KEY SHARE`;

/** A write was refused because this node no longer holds the table's lease (or never did). Nothing was written. */
export class LeaseLostError extends Error {
  readonly code = "LEASE_LOST";
  constructor(readonly table: string) {
    super(`LEASE_LOST: this node does not hold the lease of table ${table}`);
    this.name = "LeaseLostError";
  }
}

export interface Lease {
  readonly code: string;
  readonly node: string;
  readonly epoch: number;
  /** When it runs out, by the database's clock (epoch ms). */
  readonly expiresAt: number;
  /** Whether it has run out now, by the database's clock. */
  readonly expired: boolean;
}

/** A held lease to renew: which table, at which epoch. */
export interface HeldLease {
  readonly code: string;
  readonly epoch: number;
}

const until = (param: string) => `now() + ${param}::int * interval '1 millisecond'`;
const LEASE_COLUMNS = `code, node, epoch, (extract(epoch FROM expires_at) * 1000)::bigint AS "expiresAt",
  expires_at <= now() AS expired`;

/** The lease operations, stateless, on a pool of the store (PgStore: its BIGINT columns come back as numbers). */
export class LeaseTable {
  constructor(private readonly pool: pg.Pool) {}

  /**
   * Takes the table's lease for `node` when it is free or has run out (bumping its epoch), or renews it when `node`
   * holds it still (keeping its epoch). Null when another node holds it.
   */
  async acquire(code: string, node: string, ttlMs: number): Promise<{ epoch: number } | null> {
    const ttl = checkTtl(ttlMs);
    return inTransaction(this.pool, async (client) => {
      // The row lock first: FOR UPDATE waits for the writes that passed the fence (they hold FOR KEY SHARE), which an
      // upsert's own lock would not. Then one statement: concurrent attempts serialize on the row, and exactly one of
      // them finds it free.
      await client.query("SELECT 1 FROM table_leases WHERE code = $1 FOR UPDATE", [code]);
      const result = await client.query<{ epoch: number }>(
        `INSERT INTO table_leases AS l (code, node, epoch, expires_at) VALUES ($1, $2, 1, ${until("$3")})
         ON CONFLICT (code) DO UPDATE SET
           epoch = CASE WHEN l.node = excluded.node AND l.expires_at > now() THEN l.epoch ELSE l.epoch + 1 END,
           node = excluded.node, expires_at = excluded.expires_at
         WHERE l.expires_at <= now() OR l.node = excluded.node
         RETURNING epoch`,
        [code, node, ttl],
      );
      const row = result.rows[0];
      return row ? { epoch: Number(row.epoch) } : null;
    });
  }

  /** Extends a lease `node` holds at `epoch` and that has not run out; false when it is lost. */
  async renew(code: string, node: string, epoch: number, ttlMs: number): Promise<boolean> {
    return (await this.renewMany(node, [{ code, epoch }], ttlMs)).has(code);
  }

  /** Renews many of a node's leases in one statement; returns the codes renewed (the others are lost). */
  async renewMany(node: string, held: readonly HeldLease[], ttlMs: number): Promise<Set<string>> {
    if (held.length === 0) return new Set();
    // Only expires_at changes: a no-key update, which neither waits for the writes' FOR KEY SHARE locks nor holds
    // them up. A takeover under way (FOR UPDATE) is waited for, and then its new node or epoch fails the check.
    const result = await this.pool.query<{ code: string }>(
      `UPDATE table_leases SET expires_at = ${until("$4")}
       WHERE code = ANY($2::text[]) AND ${TAG_SQL} = ANY($3::text[]) AND node = $1 AND expires_at > now()
       RETURNING code`,
      [node, held.map((h) => h.code), held.map((h) => tag(h.code, h.epoch)), checkTtl(ttlMs)],
    );
    return new Set(result.rows.map((r) => r.code));
  }

  /** Gives a lease up at once (its row stays, with its epoch); false when `node` did not hold it at `epoch`. */
  async release(code: string, node: string, epoch: number): Promise<boolean> {
    const result = await this.pool.query(
      `UPDATE table_leases SET expires_at = now()
       WHERE code = $1 AND node = $2 AND epoch = $3 AND expires_at > now()`,
      [code, node, epoch],
    );
    return result.rowCount === 1;
  }

  /** The table's lease, run out or not; null when no node ever held it. */
  async ownerOf(code: string): Promise<Lease | null> {
    const result = await this.pool.query<Lease>(`SELECT ${LEASE_COLUMNS} FROM table_leases WHERE code = $1`, [code]);
    const row = result.rows[0];
    return row ? asLease(row) : null;
  }

  /** Up to `limit` run-out leases of tables still playing, longest run out first: the tables to take over. */
  async expiredLeases(limit: number): Promise<Lease[]> {
    const result = await this.pool.query<Lease>(
      `SELECT ${LEASE_COLUMNS} FROM table_leases AS l
       WHERE expires_at <= now() AND EXISTS (SELECT 1 FROM tables AS t WHERE t.code = l.code AND t.status = 'playing')
       ORDER BY expires_at LIMIT $1`,
      [limit],
    );
    return result.rows.map(asLease);
  }

  /** How many leases `node` holds now (for /healthz). */
  async leasesOf(node: string): Promise<number> {
    const result = await this.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM table_leases WHERE node = $1 AND expires_at > now()",
      [node],
    );
    return result.rows[0]?.n ?? 0;
  }
}

/** BIGINT columns as numbers, whatever the pool's type parsers (epochs and times stay far below 2^53). */
const asLease = (row: Lease): Lease => ({ ...row, epoch: Number(row.epoch), expiresAt: Number(row.expiresAt) });

function checkTtl(ttlMs: number): number {
  if (!Number.isInteger(ttlMs) || ttlMs < 1 || ttlMs > 3_600_000) throw new RangeError(`bad lease ttl ${ttlMs}`);
  return ttlMs;
}

/**
 * The fence of one node's store: a write to a table goes through only when, in the write's transaction, the table's
 * lease row still names this node at the epoch it holds and has not run out. The rows are locked (shared) until the
 * write commits, so a takeover waits for it and then sees it, or comes first and the write is refused.
 */
export function leaseFence(node: string, epochOf: (code: string) => number | undefined): WriteFence {
  const claims = (codes: readonly string[]): FenceClaims => {
    const asked = [...new Set(codes)].filter((code) => epochOf(code) !== undefined).sort();
    return { node, codes: asked, tags: asked.map((code) => tag(code, epochOf(code)!)) };
  };
  return {
    async held(client, codes) {
      const asked = claims(codes);
      if (asked.codes.length === 0) return new Set();
      const result = await client.query<{ code: string }>(HELD_LEASES_SQL, [asked.node, asked.codes, asked.tags]);
      return new Set(result.rows.map((r) => r.code));
    },
    lost: (code) => new LeaseLostError(code),
    claims,
  };
}

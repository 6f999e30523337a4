/**
 * The PostgreSQL store's appends: a table's new log entries, the seat a token takes, the table's row. A whole batch
 * of group-committed appends is one statement, fence included (one round trip, its own transaction); one append alone
 * (the fallback when a batch fails) is written in a few statements inside the caller's transaction.
 */
import type pg from "pg";
import { type FenceClaims, HELD_LEASES_SQL } from "./cluster/lease.js";
import type { TableStatus } from "./protocol.js";
import type { StoredEntry } from "./store.js";

export interface PendingAppend {
  readonly code: string;
  readonly entries: readonly StoredEntry[];
  readonly status: TableStatus | null;
  readonly at: number;
  readonly done: (error?: unknown) => void;
}

/** The token a join entry seats (a token that takes a seat is kept for long: see expiry). */
const seatedToken = (entry: string): string | null =>
  entry.startsWith('{"kind":"join"') ? (JSON.parse(entry) as { token: string }).token : null;

/** A batch as the columns of its three writes (parameters of the statements below, in this order). */
interface Columns {
  /** The log's rows: code, version, entry, at. */
  readonly actions: [string[], number[], string[], number[]];
  /** The tokens seated: token, at (the newest), code of the table. */
  readonly tokens: [string[], number[], string[]];
  /** One row per table: code, status (the last given), version (that status's), at (the newest). */
  readonly rows: [string[], (TableStatus | null)[], (number | null)[], number[]];
}

function columnsOf(batch: readonly PendingAppend[]): Columns {
  const actions: Columns["actions"] = [[], [], [], []];
  const tokens = new Map<string, { at: number; code: string }>();
  const rows = new Map<string, { status: TableStatus | null; version: number | null; at: number }>();
  for (const { code, entries, status, at } of batch) {
    if (entries.length === 0) continue;
    for (const { version, entry } of entries) {
      actions[0].push(code);
      actions[1].push(version);
      actions[2].push(entry);
      actions[3].push(at);
      const token = seatedToken(entry);
      if (token !== null) tokens.set(token, { at: Math.max(at, tokens.get(token)?.at ?? at), code });
    }
    const row = rows.get(code) ?? { status: null, version: null, at };
    row.at = Math.max(row.at, at);
    if (status !== null) {
      row.status = status;
      row.version = entries[entries.length - 1]!.version;
    }
    rows.set(code, row);
  }
  const seated = [...tokens];
  const table = [...rows];
  return {
    actions,
    tokens: [seated.map(([token]) => token), seated.map(([, t]) => t.at), seated.map(([, t]) => t.code)],
    rows: [
      table.map(([code]) => code),
      table.map(([, r]) => r.status),
      table.map(([, r]) => r.version),
      table.map(([, r]) => r.at),
    ],
  };
}

/** `$n` from `first` on. */
export const params = (first: number) => (i: number) => `$${first + i}`;

/** The three writes, their parameters numbered from `first` on, limited to the tables for which `only(code)` holds. */
function actionsSql(first: number, only: (code: string) => string): string {
  const p = params(first);
  return `INSERT INTO actions (code, version, entry, at)
    SELECT a.code, a.version, a.entry, a.at
    FROM unnest(${p(0)}::text[], ${p(1)}::int[], ${p(2)}::text[], ${p(3)}::bigint[]) AS a (code, version, entry, at)
    WHERE ${only("a.code")}`;
}

function tokensSql(first: number, only: (code: string) => string): string {
  const p = params(first);
  return `UPDATE tokens SET seated = TRUE, used_at = GREATEST(used_at, u.at)
    FROM unnest(${p(0)}::text[], ${p(1)}::bigint[], ${p(2)}::text[]) AS u (token, at, code)
    WHERE tokens.token = u.token AND ${only("u.code")}`;
}

/**
 * The row's status changes with the table's; its updated_at with every append (for expiry), to the minute. A row
 * with nothing to change is left alone: an UPDATE writes a new version of the row even when every value stays.
 */
function rowsSql(first: number, only: (code: string) => string): string {
  const p = params(first);
  return `UPDATE tables t
    SET status = COALESCE(u.status, t.status), version = COALESCE(u.version, t.version), updated_at = u.at
    FROM unnest(${p(0)}::text[], ${p(1)}::text[], ${p(2)}::int[], ${p(3)}::bigint[]) AS u (code, status, version, at)
    WHERE t.code = u.code AND (u.status IS NOT NULL OR t.updated_at < u.at - 60000) AND ${only("u.code")}`;
}

const all = () => "TRUE";
const PLAIN = { actions: actionsSql(1, all), tokens: tokensSql(1, all), rows: rowsSql(1, all) };

/**
 * A whole batch in one statement after the fence's check ($1-$3, HELD_LEASES_SQL): only the tables the fence finds
 * held are written. Without a fence every table counts as held (the node parameter is then unused but typed).
 */
const inHeld = (code: string) => `${code} IN (SELECT code FROM held)`;
const batchSql = (held: string) => `WITH held AS (${held}),
  ins AS (${actionsSql(4, inHeld)}),
  tok AS (${tokensSql(8, inHeld)}),
  tab AS (${rowsSql(11, inHeld)})
  SELECT code FROM held`;
const FENCED_BATCH_SQL = batchSql(HELD_LEASES_SQL);
const OPEN_BATCH_SQL = batchSql(
  "SELECT DISTINCT h.code FROM unnest($2::text[]) AS h (code) WHERE $1::text IS NOT NULL AND $3::text[] IS NOT NULL",
);

/** The names under which a writer's connection keeps the batch statements prepared. */
export const BATCH_STATEMENTS = { fenced: "batch-fenced", open: "batch-open" } as const;

/**
 * Writes a batch in one statement (one round trip, committed on its own); returns the tables written. With a fence's
 * claims, tables it no longer holds are left out; a failing statement (a version already taken) writes nothing.
 */
export async function writeBatchAtOnce(
  pool: pg.Pool,
  batch: readonly PendingAppend[],
  claims: FenceClaims | null,
): Promise<Set<string>> {
  const columns = columnsOf(batch);
  const check = claims ?? { node: "", codes: columns.rows[0], tags: [] };
  if (check.codes.length === 0) return new Set();
  // Named: prepared once per connection, on a generic plan (the pool's sessions say which plans may be made).
  const result = await pool.query<{ code: string }>({
    name: claims ? BATCH_STATEMENTS.fenced : BATCH_STATEMENTS.open,
    text: claims ? FENCED_BATCH_SQL : OPEN_BATCH_SQL,
    values: [check.node, check.codes, check.tags, ...columns.actions, ...columns.tokens, ...columns.rows],
  });
  return new Set(result.rows.map((r) => r.code));
}

/** A batch in a few statements inside the caller's transaction (the fallback, one append at a time). */
export async function writeBatch(client: pg.PoolClient, batch: readonly PendingAppend[]): Promise<void> {
  const columns = columnsOf(batch);
  if (columns.actions[0].length === 0) return;
  await client.query(PLAIN.actions, columns.actions);
  if (columns.tokens[0].length > 0) await client.query(PLAIN.tokens, columns.tokens);
  await client.query(PLAIN.rows, columns.rows);
}

/** One append alone (inside the caller's transaction and savepoint). */
export function writeAppend(client: pg.PoolClient, item: PendingAppend): Promise<void> {
  return writeBatch(client, [item]);
}

/**
 * The PostgreSQL store's appends: a table's new log entries, the seat a token takes, the table's row. A whole batch
 * of group-committed appends is written in three set-wide statements; one append alone (the fallback when a batch
 * fails) in its own statements.
 */
import type pg from "pg";
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

/** The row's status changes with the table's; its updated_at with every append (for expiry), to the minute. */
const TABLE_ROW_SQL = `UPDATE tables t
   SET status = COALESCE(u.status, t.status), version = COALESCE(u.version, t.version),
       updated_at = CASE WHEN u.status IS NOT NULL OR t.updated_at < u.at - 60000 THEN u.at ELSE t.updated_at END
   FROM unnest($1::text[], $2::text[], $3::int[], $4::bigint[]) AS u (code, status, version, at)
   WHERE t.code = u.code`;

const TOKENS_SQL = `UPDATE tokens SET seated = TRUE, used_at = GREATEST(used_at, u.at)
   FROM unnest($1::text[], $2::bigint[]) AS u (token, at) WHERE tokens.token = u.token`;

/** A batch in one go (inside the caller's transaction): every entry, every seated token, one row update per table. */
export async function writeBatch(client: pg.PoolClient, batch: readonly PendingAppend[]): Promise<void> {
  const codes: string[] = [];
  const versions: number[] = [];
  const texts: string[] = [];
  const ats: number[] = [];
  const tokens = new Map<string, number>();
  // Per table, in order: the last status given (with its version) and the newest time.
  const rows = new Map<string, { status: TableStatus | null; version: number | null; at: number }>();
  for (const { code, entries, status, at } of batch) {
    if (entries.length === 0) continue;
    for (const { version, entry } of entries) {
      codes.push(code);
      versions.push(version);
      texts.push(entry);
      ats.push(at);
      const token = seatedToken(entry);
      if (token !== null) tokens.set(token, Math.max(at, tokens.get(token) ?? at));
    }
    const row = rows.get(code) ?? { status: null, version: null, at };
    row.at = Math.max(row.at, at);
    if (status !== null) {
      row.status = status;
      row.version = entries[entries.length - 1]!.version;
    }
    rows.set(code, row);
  }
  if (codes.length === 0) return;
  await client.query(
    `INSERT INTO actions (code, version, entry, at)
     SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::bigint[])`,
    [codes, versions, texts, ats],
  );
  if (tokens.size > 0) await client.query(TOKENS_SQL, [[...tokens.keys()], [...tokens.values()]]);
  const table = [...rows];
  await client.query(TABLE_ROW_SQL, [
    table.map(([code]) => code),
    table.map(([, r]) => r.status),
    table.map(([, r]) => r.version),
    table.map(([, r]) => r.at),
  ]);
}

/** One append alone (inside the caller's transaction and savepoint). */
export function writeAppend(client: pg.PoolClient, item: PendingAppend): Promise<void> {
  return writeBatch(client, [item]);
}

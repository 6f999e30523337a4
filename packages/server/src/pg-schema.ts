/** The PostgreSQL store's schema: every migration in order, and the step that brings a database to the latest. */
import type pg from "pg";
import { PG_LEASES_MIGRATION } from "./cluster/lease.js";
import { PG_CHAT_MIGRATION } from "./pg-chat.js";
import { PG_PLAYERS_MIGRATION } from "./pg-players.js";
import { PG_RATINGS_MIGRATION, PG_RATINGS_REASON_MIGRATION } from "./pg-ratings.js";
import { inTransaction } from "./pg-transaction.js";

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
  // Why a player's match was not rated.
  PG_RATINGS_REASON_MIGRATION,
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

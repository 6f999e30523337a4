/** The player store in the PostgreSQL database of PgStore (its tables come from PG_PLAYERS_MIGRATION). */
import type pg from "pg";
import type {
  Challenge,
  CredentialRow,
  PlayerKind,
  PlayerRecordRow,
  PlayerRow,
  PlayerStore,
  SessionRow,
} from "./player-store.js";
import { inTransaction } from "./pg-transaction.js";

/**
 * The same tables as the SQLite store's players migration. A trigger keeps player_records (which saved match records
 * each player sat in) from the record's `table.players`, as SQLite's triggers do; a player listed twice keeps the
 * last seat.
 */
export const PG_PLAYERS_MIGRATION = `CREATE TABLE players (
     id TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     name_key TEXT,
     kind TEXT NOT NULL DEFAULT 'guest',
     created_at BIGINT NOT NULL,
     deleted_at BIGINT
   );
   CREATE UNIQUE INDEX players_account_name ON players (name_key) WHERE kind = 'account' AND deleted_at IS NULL;
   CREATE TABLE sessions (
     id TEXT PRIMARY KEY,
     player_id TEXT,
     created_at BIGINT NOT NULL,
     used_at BIGINT NOT NULL,
     challenge TEXT
   );
   CREATE INDEX sessions_player ON sessions (player_id);
   CREATE INDEX sessions_used ON sessions (used_at);
   CREATE TABLE credentials (
     id TEXT PRIMARY KEY,
     player_id TEXT NOT NULL,
     public_key BYTEA NOT NULL,
     counter BIGINT NOT NULL,
     transports TEXT NOT NULL,
     created_at BIGINT NOT NULL,
     used_at BIGINT NOT NULL
   );
   CREATE INDEX credentials_player ON credentials (player_id);
   CREATE TABLE player_records (
     player_id TEXT NOT NULL,
     code TEXT NOT NULL,
     match INTEGER NOT NULL,
     seat INTEGER NOT NULL,
     at BIGINT NOT NULL,
     PRIMARY KEY (player_id, code, match)
   );
   CREATE INDEX player_records_at ON player_records (player_id, at);
   CREATE INDEX player_records_match ON player_records (code, match);
   CREATE FUNCTION match_records_players() RETURNS trigger LANGUAGE plpgsql AS $$
   DECLARE
     seated jsonb := NEW.record::jsonb #> '{table,players}';
   BEGIN
     IF TG_OP = 'UPDATE' THEN
       DELETE FROM player_records WHERE code = NEW.code AND match = NEW.match;
     END IF;
     IF jsonb_typeof(seated) = 'array' THEN
       INSERT INTO player_records (player_id, code, match, seat, at)
         SELECT DISTINCT ON (j.value #>> '{}') j.value #>> '{}', NEW.code, NEW.match, j.n - 1, NEW.at
         FROM jsonb_array_elements(seated) WITH ORDINALITY AS j (value, n)
         WHERE jsonb_typeof(j.value) = 'string'
         ORDER BY j.value #>> '{}', j.n DESC
       ON CONFLICT (player_id, code, match) DO UPDATE SET seat = excluded.seat, at = excluded.at;
     END IF;
     RETURN NULL;
   END $$;
   CREATE TRIGGER match_records_players AFTER INSERT OR UPDATE OF record ON match_records
     FOR EACH ROW EXECUTE FUNCTION match_records_players();`;

const PLAYER_COLUMNS = `id, name, kind, created_at AS "createdAt", deleted_at AS "deletedAt"`;
const CREDENTIAL_COLUMNS = `id, player_id AS "playerId", public_key AS "publicKey", counter, transports,
  created_at AS "createdAt"`;

interface RawCredential extends Omit<CredentialRow, "publicKey" | "transports"> {
  publicKey: Buffer;
  transports: string;
}

const credentialOf = (raw: RawCredential): CredentialRow => ({
  ...raw,
  publicKey: new Uint8Array(raw.publicKey),
  transports: JSON.parse(raw.transports) as string[],
});

/** PostgreSQL's code for a unique index that refused a row. */
const UNIQUE_VIOLATION = "23505";

export class PgPlayerStore implements PlayerStore {
  constructor(private readonly pool: pg.Pool) {}

  async createPlayer(row: PlayerRow): Promise<void> {
    await this.pool.query(
      "INSERT INTO players (id, name, name_key, kind, created_at, deleted_at) VALUES ($1, $2, NULL, $3, $4, $5)",
      [row.id, row.name, row.kind, row.createdAt, row.deletedAt],
    );
  }

  async players(ids: readonly string[]): Promise<PlayerRow[]> {
    const result = await this.pool.query<PlayerRow>(`SELECT ${PLAYER_COLUMNS} FROM players WHERE id = ANY($1)`, [
      [...new Set(ids)],
    ]);
    return result.rows;
  }

  async accountByKey(key: string): Promise<PlayerRow | null> {
    const result = await this.pool.query<PlayerRow>(
      `SELECT ${PLAYER_COLUMNS} FROM players WHERE name_key = $1 AND kind = 'account' AND deleted_at IS NULL`,
      [key],
    );
    return result.rows[0] ?? null;
  }

  async updatePlayer(id: string, name: string, kind: PlayerKind, key: string | null): Promise<boolean> {
    try {
      const result = await this.pool.query(
        "UPDATE players SET name = $1, kind = $2, name_key = $3 WHERE id = $4 AND deleted_at IS NULL",
        [name, kind, kind === "account" ? key : null, id],
      );
      return result.rowCount === 1;
    } catch (cause) {
      // The unique index on account names: somebody else has the name.
      if ((cause as { code?: string }).code === UNIQUE_VIOLATION) return false;
      throw cause;
    }
  }

  async deletePlayer(id: string, neutralName: string, at: number): Promise<void> {
    await inTransaction(this.pool, async (client) => {
      await client.query(
        "UPDATE players SET name = $1, name_key = NULL, deleted_at = $2 WHERE id = $3 AND deleted_at IS NULL",
        [neutralName, at, id],
      );
      await client.query("DELETE FROM sessions WHERE player_id = $1", [id]);
      await client.query("DELETE FROM credentials WHERE player_id = $1", [id]);
      const seats = await client.query<{ code: string; match: number; seat: number; record: string }>(
        `SELECT p.code, p.match, p.seat, r.record FROM player_records p
         JOIN match_records r ON r.code = p.code AND r.match = p.match WHERE p.player_id = $1 FOR UPDATE OF r`,
        [id],
      );
      for (const { code, match, seat, record } of seats.rows) {
        await client.query("UPDATE match_records SET record = $1 WHERE code = $2 AND match = $3", [
          withoutPlayer(record, id, seat, neutralName),
          code,
          match,
        ]);
      }
      await client.query("DELETE FROM player_records WHERE player_id = $1", [id]);
    });
  }

  async createSession(row: SessionRow): Promise<void> {
    await this.pool.query(
      "INSERT INTO sessions (id, player_id, created_at, used_at, challenge) VALUES ($1, $2, $3, $4, $5)",
      [row.id, row.playerId, row.createdAt, row.usedAt, row.challenge === null ? null : JSON.stringify(row.challenge)],
    );
  }

  async session(id: string, now: number): Promise<SessionRow | null> {
    const result = await this.pool.query<Omit<SessionRow, "challenge"> & { challenge: string | null }>(
      `SELECT id, player_id AS "playerId", created_at AS "createdAt", used_at AS "usedAt", challenge
       FROM sessions WHERE id = $1`,
      [id],
    );
    const raw = result.rows[0];
    if (!raw) return null;
    await this.pool.query("UPDATE sessions SET used_at = $1 WHERE id = $2 AND used_at < $3", [now, id, now - 60_000]);
    return { ...raw, challenge: raw.challenge === null ? null : (JSON.parse(raw.challenge) as Challenge) };
  }

  async setSessionPlayer(id: string, playerId: string): Promise<void> {
    await this.pool.query("UPDATE sessions SET player_id = $1, challenge = NULL WHERE id = $2", [playerId, id]);
  }

  async setChallenge(id: string, challenge: Challenge | null): Promise<void> {
    await this.pool.query("UPDATE sessions SET challenge = $1 WHERE id = $2", [
      challenge === null ? null : JSON.stringify(challenge),
      id,
    ]);
  }

  async deleteSession(id: string): Promise<void> {
    await this.pool.query("DELETE FROM sessions WHERE id = $1", [id]);
  }

  async expireSessions(before: number, anonymousBefore: number, limit: number): Promise<number> {
    const result = await this.pool.query(
      `DELETE FROM sessions WHERE id IN (SELECT id FROM sessions
         WHERE used_at < $1 OR (player_id IS NULL AND used_at < $2) ORDER BY used_at LIMIT $3)`,
      [before, anonymousBefore, limit],
    );
    return result.rowCount ?? 0;
  }

  async addCredential(row: CredentialRow): Promise<boolean> {
    const { id, playerId, publicKey, counter, transports, createdAt } = row;
    const result = await this.pool.query(
      `INSERT INTO credentials (id, player_id, public_key, counter, transports, created_at, used_at)
       VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT DO NOTHING`,
      [id, playerId, Buffer.from(publicKey), counter, JSON.stringify(transports), createdAt],
    );
    return result.rowCount === 1;
  }

  async credential(id: string): Promise<CredentialRow | null> {
    const result = await this.pool.query<RawCredential>(`SELECT ${CREDENTIAL_COLUMNS} FROM credentials WHERE id = $1`, [
      id,
    ]);
    const raw = result.rows[0];
    return raw ? credentialOf(raw) : null;
  }

  async credentialsOf(playerId: string): Promise<CredentialRow[]> {
    const result = await this.pool.query<RawCredential>(
      `SELECT ${CREDENTIAL_COLUMNS} FROM credentials WHERE player_id = $1 ORDER BY created_at`,
      [playerId],
    );
    return result.rows.map(credentialOf);
  }

  async setCounter(id: string, counter: number, at: number): Promise<void> {
    await this.pool.query("UPDATE credentials SET counter = $1, used_at = $2 WHERE id = $3", [counter, at, id]);
  }

  async recordsOf(playerId: string, limit: number): Promise<PlayerRecordRow[]> {
    const result = await this.pool.query<PlayerRecordRow>(
      `SELECT p.code, p.match, p.seat, p.at, r.record, t.config::jsonb ->> 'visibility' AS "tableVisibility"
       FROM player_records p
       JOIN match_records r ON r.code = p.code AND r.match = p.match
       LEFT JOIN tables t ON t.code = p.code
       WHERE p.player_id = $1 ORDER BY p.at DESC LIMIT $2`,
      [playerId, limit],
    );
    return result.rows;
  }
}

/** A saved record without a deleted player: the seat's name becomes the neutral one and the id goes. */
function withoutPlayer(text: string, id: string, seat: number, neutralName: string): string {
  const record = JSON.parse(text) as { players?: unknown[]; table?: { players?: unknown[] } };
  if (Array.isArray(record.players) && seat < record.players.length) record.players[seat] = neutralName;
  const seated = record.table?.players;
  if (Array.isArray(seated) && seated[seat] === id) seated[seat] = null;
  return JSON.stringify(record);
}

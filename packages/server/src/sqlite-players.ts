/** The player store in the SQLite database of SqliteStore (its tables come from the store's migrations). */
import type Database from "better-sqlite3";
import type {
  Challenge,
  CredentialRow,
  PlayerKind,
  PlayerRecordRow,
  PlayerRow,
  PlayerStore,
  SessionRow,
} from "./player-store.js";

interface RawPlayer {
  id: string;
  name: string;
  kind: PlayerKind;
  createdAt: number;
  deletedAt: number | null;
}

interface RawCredential {
  id: string;
  playerId: string;
  publicKey: Buffer;
  counter: number;
  transports: string;
  createdAt: number;
}

const PLAYER_COLUMNS = "id, name, kind, created_at AS createdAt, deleted_at AS deletedAt";
const CREDENTIAL_COLUMNS =
  "id, player_id AS playerId, public_key AS publicKey, counter, transports, created_at AS createdAt";

const credentialOf = (raw: RawCredential): CredentialRow => ({
  ...raw,
  publicKey: new Uint8Array(raw.publicKey),
  transports: JSON.parse(raw.transports) as string[],
});

/** How many ids one `players` query looks up at most (SQLite's parameter limit is far above). */
const IDS_PER_QUERY = 500;

export class SqlitePlayerStore implements PlayerStore {
  private readonly stmts;

  constructor(private readonly db: Database.Database) {
    this.stmts = {
      insertPlayer: db.prepare(
        "INSERT INTO players (id, name, name_key, kind, created_at, deleted_at) VALUES (?, ?, ?, ?, ?, ?)",
      ),
      accountByKey: db.prepare(
        `SELECT ${PLAYER_COLUMNS} FROM players WHERE name_key = ? AND kind = 'account' AND deleted_at IS NULL`,
      ),
      updatePlayer: db.prepare(
        "UPDATE players SET name = ?, kind = ?, name_key = ? WHERE id = ? AND deleted_at IS NULL",
      ),
      markDeleted: db.prepare(
        "UPDATE players SET name = ?, name_key = NULL, deleted_at = ? WHERE id = ? AND deleted_at IS NULL",
      ),
      deleteSessionsOf: db.prepare("DELETE FROM sessions WHERE player_id = ?"),
      deleteCredentialsOf: db.prepare("DELETE FROM credentials WHERE player_id = ?"),
      recordsOfAll: db.prepare("SELECT code, match, seat FROM player_records WHERE player_id = ?"),
      selectRecord: db.prepare("SELECT record FROM match_records WHERE code = ? AND match = ?"),
      rewriteRecord: db.prepare("UPDATE match_records SET record = ? WHERE code = ? AND match = ?"),
      deleteRecordsOf: db.prepare("DELETE FROM player_records WHERE player_id = ?"),
      insertSession: db.prepare(
        "INSERT INTO sessions (id, player_id, created_at, used_at, challenge) VALUES (?, ?, ?, ?, ?)",
      ),
      selectSession: db.prepare(
        `SELECT id, player_id AS playerId, created_at AS createdAt, used_at AS usedAt, challenge
         FROM sessions WHERE id = ?`,
      ),
      touchSession: db.prepare("UPDATE sessions SET used_at = ? WHERE id = ? AND used_at < ?"),
      setSessionPlayer: db.prepare("UPDATE sessions SET player_id = ?, challenge = NULL WHERE id = ?"),
      setChallenge: db.prepare("UPDATE sessions SET challenge = ? WHERE id = ?"),
      deleteSession: db.prepare("DELETE FROM sessions WHERE id = ?"),
      expireSessions: db.prepare(
        `DELETE FROM sessions WHERE id IN (SELECT id FROM sessions
           WHERE used_at < ? OR (player_id IS NULL AND used_at < ?) ORDER BY used_at LIMIT ?)`,
      ),
      insertCredential: db.prepare(
        `INSERT OR IGNORE INTO credentials (id, player_id, public_key, counter, transports, created_at, used_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ),
      selectCredential: db.prepare(`SELECT ${CREDENTIAL_COLUMNS} FROM credentials WHERE id = ?`),
      credentialsOf: db.prepare(
        `SELECT ${CREDENTIAL_COLUMNS} FROM credentials WHERE player_id = ? ORDER BY created_at`,
      ),
      setCounter: db.prepare("UPDATE credentials SET counter = ?, used_at = ? WHERE id = ?"),
      recordsOf: db.prepare(
        `SELECT p.code, p.match, p.seat, p.at, r.record, json_extract(t.config, '$.visibility') AS tableVisibility
         FROM player_records p
         JOIN match_records r ON r.code = p.code AND r.match = p.match
         LEFT JOIN tables t ON t.code = p.code
         WHERE p.player_id = ? ORDER BY p.at DESC LIMIT ?`,
      ),
    };
  }

  async createPlayer(row: PlayerRow): Promise<void> {
    this.stmts.insertPlayer.run(row.id, row.name, null, row.kind, row.createdAt, row.deletedAt);
  }

  async players(ids: readonly string[]): Promise<PlayerRow[]> {
    const rows: PlayerRow[] = [];
    const unique = [...new Set(ids)];
    for (let i = 0; i < unique.length; i += IDS_PER_QUERY) {
      const part = unique.slice(i, i + IDS_PER_QUERY);
      const query = `SELECT ${PLAYER_COLUMNS} FROM players WHERE id IN (${part.map(() => "?").join(",")})`;
      rows.push(...(this.db.prepare(query).all(...part) as RawPlayer[]));
    }
    return rows;
  }

  async accountByKey(key: string): Promise<PlayerRow | null> {
    return (this.stmts.accountByKey.get(key) as RawPlayer | undefined) ?? null;
  }

  async updatePlayer(id: string, name: string, kind: PlayerKind, key: string | null): Promise<boolean> {
    try {
      return this.stmts.updatePlayer.run(name, kind, kind === "account" ? key : null, id).changes === 1;
    } catch (cause) {
      // The unique index on account names: somebody else has the name.
      if ((cause as { code?: string }).code === "SQLITE_CONSTRAINT_UNIQUE") return false;
      throw cause;
    }
  }

  async deletePlayer(id: string, neutralName: string, at: number): Promise<void> {
    this.db.transaction(() => {
      this.stmts.markDeleted.run(neutralName, at, id);
      this.stmts.deleteSessionsOf.run(id);
      this.stmts.deleteCredentialsOf.run(id);
      const seats = this.stmts.recordsOfAll.all(id) as { code: string; match: number; seat: number }[];
      for (const { code, match, seat } of seats) {
        const row = this.stmts.selectRecord.get(code, match) as { record: string } | undefined;
        if (!row) continue;
        const record = JSON.parse(row.record) as { players?: unknown[]; table?: { players?: unknown[] } };
        if (Array.isArray(record.players) && seat < record.players.length) record.players[seat] = neutralName;
        if (Array.isArray(record.table?.players) && record.table.players[seat] === id)
          record.table.players[seat] = null;
        this.stmts.rewriteRecord.run(JSON.stringify(record), code, match);
      }
      this.stmts.deleteRecordsOf.run(id);
    })();
  }

  async createSession(row: SessionRow): Promise<void> {
    const challenge = row.challenge === null ? null : JSON.stringify(row.challenge);
    this.stmts.insertSession.run(row.id, row.playerId, row.createdAt, row.usedAt, challenge);
  }

  async session(id: string, now: number): Promise<SessionRow | null> {
    const raw = this.stmts.selectSession.get(id) as
      { id: string; playerId: string | null; createdAt: number; usedAt: number; challenge: string | null } | undefined;
    if (!raw) return null;
    this.stmts.touchSession.run(now, id, now - 60_000);
    const challenge = raw.challenge === null ? null : (JSON.parse(raw.challenge) as Challenge);
    return { ...raw, challenge };
  }

  async setSessionPlayer(id: string, playerId: string): Promise<void> {
    this.stmts.setSessionPlayer.run(playerId, id);
  }

  async setChallenge(id: string, challenge: Challenge | null): Promise<void> {
    this.stmts.setChallenge.run(challenge === null ? null : JSON.stringify(challenge), id);
  }

  async deleteSession(id: string): Promise<void> {
    this.stmts.deleteSession.run(id);
  }

  async expireSessions(before: number, anonymousBefore: number, limit: number): Promise<number> {
    return this.stmts.expireSessions.run(before, anonymousBefore, limit).changes;
  }

  async addCredential(row: CredentialRow): Promise<boolean> {
    const { id, playerId, publicKey, counter, transports, createdAt } = row;
    const args = [id, playerId, Buffer.from(publicKey), counter, JSON.stringify(transports), createdAt, createdAt];
    return this.stmts.insertCredential.run(...args).changes === 1;
  }

  async credential(id: string): Promise<CredentialRow | null> {
    const raw = this.stmts.selectCredential.get(id) as RawCredential | undefined;
    return raw ? credentialOf(raw) : null;
  }

  async credentialsOf(playerId: string): Promise<CredentialRow[]> {
    return (this.stmts.credentialsOf.all(playerId) as RawCredential[]).map(credentialOf);
  }

  async setCounter(id: string, counter: number, at: number): Promise<void> {
    this.stmts.setCounter.run(counter, at, id);
  }

  async recordsOf(playerId: string, limit: number): Promise<PlayerRecordRow[]> {
    return this.stmts.recordsOf.all(playerId, limit) as PlayerRecordRow[];
  }
}

/** The rating store in the SQLite database of SqliteStore (its tables come from RATINGS_MIGRATION). */
import type Database from "better-sqlite3";
import type { BoardRow, MatchEntry, MonthRow, PlayerMatchRow, RatingStore, StoredSkill } from "./rating-store.js";

/**
 * ratings: a player's current skill (ordinal = mu - 3 sigma, kept for the leaderboard's order). taken_matches: every
 * ended match once recorded (rated or not), so a match heard twice counts once. player_matches: a row per player and
 * ended match.
 */
export const RATINGS_MIGRATION = `CREATE TABLE ratings (
     player_id TEXT PRIMARY KEY,
     mu REAL NOT NULL,
     sigma REAL NOT NULL,
     ordinal REAL NOT NULL,
     matches INTEGER NOT NULL,
     updated_at INTEGER NOT NULL
   ) WITHOUT ROWID;
   CREATE INDEX ratings_ordinal ON ratings (ordinal);
   CREATE TABLE taken_matches (
     code TEXT NOT NULL,
     match INTEGER NOT NULL,
     rated INTEGER NOT NULL,
     at INTEGER NOT NULL,
     PRIMARY KEY (code, match)
   ) WITHOUT ROWID;
   CREATE TABLE player_matches (
     player_id TEXT NOT NULL,
     code TEXT NOT NULL,
     match INTEGER NOT NULL,
     seat INTEGER NOT NULL,
     place INTEGER NOT NULL,
     seats INTEGER NOT NULL,
     rated INTEGER NOT NULL,
     rating_before INTEGER,
     rating_after INTEGER,
     mu_after REAL,
     sigma_after REAL,
     at INTEGER NOT NULL,
     PRIMARY KEY (player_id, code, match, seat)
   ) WITHOUT ROWID;
   CREATE INDEX player_matches_player_at ON player_matches (player_id, at);
   CREATE INDEX player_matches_rated_at ON player_matches (rated, at);`;

/** Each unrated row keeps why (`UnratedReason`; NULL when rated, and in rows from before this column). */
export const RATINGS_REASON_MIGRATION = "ALTER TABLE player_matches ADD COLUMN unrated TEXT;";

const ROW_COLUMNS = `player_id AS playerId, code, match, seat, place, seats, rated, unrated, rating_before AS ratingBefore,
  rating_after AS ratingAfter, mu_after AS muAfter, sigma_after AS sigmaAfter, at`;

/** How many ids one `skills` query looks up at most. */
const IDS_PER_QUERY = 500;

export class SqliteRatingStore implements RatingStore {
  private readonly stmts;

  constructor(private readonly db: Database.Database) {
    this.stmts = {
      hasMatch: db.prepare("SELECT 1 FROM taken_matches WHERE code = ? AND match = ?"),
      takeMatch: db.prepare("INSERT OR IGNORE INTO taken_matches (code, match, rated, at) VALUES (?, ?, ?, ?)"),
      insertRow: db.prepare(
        `INSERT OR IGNORE INTO player_matches (player_id, code, match, seat, place, seats, rated, unrated,
           rating_before, rating_after, mu_after, sigma_after, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      upsertSkill: db.prepare(
        `INSERT INTO ratings (player_id, mu, sigma, ordinal, matches, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (player_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal,
           matches = excluded.matches, updated_at = excluded.updated_at`,
      ),
      playerMatches: db.prepare(
        `SELECT ${ROW_COLUMNS} FROM player_matches WHERE player_id = ? AND (rated = 1 OR ? = 0)
         ORDER BY at DESC, code DESC, match DESC LIMIT ?`,
      ),
      board: db.prepare(
        `SELECT player_id AS playerId, mu, sigma, matches FROM ratings
         ORDER BY ordinal DESC, matches DESC, player_id LIMIT ?`,
      ),
      monthBoard: db.prepare(
        `SELECT m.player_id AS playerId, COUNT(*) AS matches,
           (SELECT f.rating_before FROM player_matches f WHERE f.player_id = m.player_id AND f.rated = 1
              AND f.at >= @from AND f.at < @to ORDER BY f.at, f.code, f.match LIMIT 1) AS ratingStart,
           (SELECT l.rating_after FROM player_matches l WHERE l.player_id = m.player_id AND l.rated = 1
              AND l.at >= @from AND l.at < @to ORDER BY l.at DESC, l.code DESC, l.match DESC LIMIT 1) AS ratingEnd
         FROM player_matches m WHERE m.rated = 1 AND m.at >= @from AND m.at < @to
         GROUP BY m.player_id ORDER BY ratingEnd DESC, matches DESC, m.player_id LIMIT @limit`,
      ),
    };
  }

  async skills(ids: readonly string[]): Promise<Map<string, StoredSkill>> {
    const found = new Map<string, StoredSkill>();
    const unique = [...new Set(ids)];
    for (let i = 0; i < unique.length; i += IDS_PER_QUERY) {
      const part = unique.slice(i, i + IDS_PER_QUERY);
      const rows = this.db
        .prepare(
          `SELECT player_id AS playerId, mu, sigma, matches, updated_at AS updatedAt FROM ratings
           WHERE player_id IN (${part.map(() => "?").join(", ")})`,
        )
        .all(...part) as StoredSkill[];
      for (const row of rows) found.set(row.playerId, row);
    }
    return found;
  }

  async hasMatch(code: string, match: number): Promise<boolean> {
    return this.stmts.hasMatch.get(code, match) !== undefined;
  }

  async recordMatch(entry: MatchEntry): Promise<boolean> {
    return this.db.transaction(() => {
      const taken = this.stmts.takeMatch.run(entry.code, entry.match, entry.rated ? 1 : 0, entry.at);
      if (taken.changes === 0) return false;
      for (const r of entry.rows) {
        this.stmts.insertRow.run(
          r.playerId,
          r.code,
          r.match,
          r.seat,
          r.place,
          r.seats,
          r.rated ? 1 : 0,
          r.unrated,
          r.ratingBefore,
          r.ratingAfter,
          r.muAfter,
          r.sigmaAfter,
          r.at,
        );
      }
      for (const s of entry.skills) {
        this.stmts.upsertSkill.run(s.playerId, s.mu, s.sigma, s.mu - 3 * s.sigma, s.matches, entry.at);
      }
      return true;
    })();
  }

  async playerMatches(playerId: string, limit: number, ratedOnly: boolean): Promise<PlayerMatchRow[]> {
    const rows = this.stmts.playerMatches.all(playerId, ratedOnly ? 1 : 0, limit) as (Omit<PlayerMatchRow, "rated"> & {
      rated: number;
    })[];
    return rows.map((r) => ({ ...r, rated: r.rated === 1 }));
  }

  async board(limit: number): Promise<BoardRow[]> {
    return this.stmts.board.all(limit) as BoardRow[];
  }

  async monthBoard(from: number, to: number, limit: number): Promise<MonthRow[]> {
    return this.stmts.monthBoard.all({ from, to, limit }) as MonthRow[];
  }
}

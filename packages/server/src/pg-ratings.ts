/** The rating store in the PostgreSQL database of PgStore (its tables come from PG_RATINGS_MIGRATION). */
import type pg from "pg";
import { inTransaction } from "./pg-transaction.js";
import type { BoardRow, MatchEntry, MonthRow, PlayerMatchRow, RatingStore, StoredSkill } from "./rating-store.js";

/** The same tables as sqlite-ratings.ts's RATINGS_MIGRATION; text ordering is bytewise (COLLATE "C") like SQLite's. */
export const PG_RATINGS_MIGRATION = `CREATE TABLE ratings (
     player_id TEXT PRIMARY KEY,
     mu DOUBLE PRECISION NOT NULL,
     sigma DOUBLE PRECISION NOT NULL,
     ordinal DOUBLE PRECISION NOT NULL,
     matches INTEGER NOT NULL,
     updated_at BIGINT NOT NULL
   );
   CREATE INDEX ratings_ordinal ON ratings (ordinal);
   CREATE TABLE taken_matches (
     code TEXT NOT NULL,
     match INTEGER NOT NULL,
     rated BOOLEAN NOT NULL,
     at BIGINT NOT NULL,
     PRIMARY KEY (code, match)
   );
   CREATE TABLE player_matches (
     player_id TEXT NOT NULL,
     code TEXT NOT NULL,
     match INTEGER NOT NULL,
     seat INTEGER NOT NULL,
     place INTEGER NOT NULL,
     seats INTEGER NOT NULL,
     rated BOOLEAN NOT NULL,
     rating_before DOUBLE PRECISION,
     rating_after DOUBLE PRECISION,
     mu_after DOUBLE PRECISION,
     sigma_after DOUBLE PRECISION,
     at BIGINT NOT NULL,
     PRIMARY KEY (player_id, code, match, seat)
   );
   CREATE INDEX player_matches_player_at ON player_matches (player_id, at);
   CREATE INDEX player_matches_rated_at ON player_matches (rated, at);`;

/** Each unrated row keeps why (`UnratedReason`; NULL when rated, and in rows from before this column). */
export const PG_RATINGS_REASON_MIGRATION = "ALTER TABLE player_matches ADD COLUMN unrated TEXT;";

const ROW_COLUMNS = `player_id AS "playerId", code, match, seat, place, seats, rated, unrated,
  rating_before AS "ratingBefore",
  rating_after AS "ratingAfter", mu_after AS "muAfter", sigma_after AS "sigmaAfter", at`;

export class PgRatingStore implements RatingStore {
  constructor(private readonly pool: pg.Pool) {}

  async skills(ids: readonly string[]): Promise<Map<string, StoredSkill>> {
    const result = await this.pool.query<StoredSkill>(
      `SELECT player_id AS "playerId", mu, sigma, matches, updated_at AS "updatedAt" FROM ratings
       WHERE player_id = ANY($1)`,
      [[...new Set(ids)]],
    );
    return new Map(result.rows.map((row) => [row.playerId, row]));
  }

  async hasMatch(code: string, match: number): Promise<boolean> {
    const result = await this.pool.query("SELECT 1 FROM taken_matches WHERE code = $1 AND match = $2", [code, match]);
    return result.rows.length > 0;
  }

  async recordMatch(entry: MatchEntry): Promise<boolean> {
    return inTransaction(this.pool, async (client) => {
      // Two servers reporting the same match at once: the second waits for the first's commit, then takes nothing.
      const taken = await client.query(
        "INSERT INTO taken_matches (code, match, rated, at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
        [entry.code, entry.match, entry.rated, entry.at],
      );
      if (taken.rowCount !== 1) return false;
      for (const r of entry.rows) {
        await client.query(
          `INSERT INTO player_matches (player_id, code, match, seat, place, seats, rated, unrated, rating_before,
             rating_after, mu_after, sigma_after, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
           ON CONFLICT DO NOTHING`,
          [
            r.playerId,
            r.code,
            r.match,
            r.seat,
            r.place,
            r.seats,
            r.rated,
            r.unrated,
            r.ratingBefore,
            r.ratingAfter,
            r.muAfter,
            r.sigmaAfter,
            r.at,
          ],
        );
      }
      for (const s of entry.skills) {
        await client.query(
          `INSERT INTO ratings (player_id, mu, sigma, ordinal, matches, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (player_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,
             ordinal = excluded.ordinal, matches = excluded.matches, updated_at = excluded.updated_at`,
          [s.playerId, s.mu, s.sigma, s.mu - 3 * s.sigma, s.matches, entry.at],
        );
      }
      return true;
    });
  }

  async playerMatches(playerId: string, limit: number, ratedOnly: boolean): Promise<PlayerMatchRow[]> {
    const result = await this.pool.query<PlayerMatchRow>(
      `SELECT ${ROW_COLUMNS} FROM player_matches WHERE player_id = $1 AND (rated OR NOT $2)
       ORDER BY at DESC, code COLLATE "C" DESC, match DESC LIMIT $3`,
      [playerId, ratedOnly, limit],
    );
    return result.rows;
  }

  async board(limit: number): Promise<BoardRow[]> {
    const result = await this.pool.query<BoardRow>(
      `SELECT player_id AS "playerId", mu, sigma, matches FROM ratings
       ORDER BY ordinal DESC, matches DESC, player_id COLLATE "C" LIMIT $1`,
      [limit],
    );
    return result.rows;
  }

  async monthBoard(from: number, to: number, limit: number): Promise<MonthRow[]> {
    const result = await this.pool.query<MonthRow>(
      `SELECT m.player_id AS "playerId", COUNT(*)::integer AS matches,
         (SELECT f.rating_before FROM player_matches f WHERE f.player_id = m.player_id AND f.rated
            AND f.at >= $1 AND f.at < $2 ORDER BY f.at, f.code COLLATE "C", f.match LIMIT 1) AS "ratingStart",
         (SELECT l.rating_after FROM player_matches l WHERE l.player_id = m.player_id AND l.rated
            AND l.at >= $1 AND l.at < $2 ORDER BY l.at DESC, l.code COLLATE "C" DESC, l.match DESC LIMIT 1)
           AS "ratingEnd"
       FROM player_matches m WHERE m.rated AND m.at >= $1 AND m.at < $2
       GROUP BY m.player_id ORDER BY "ratingEnd" DESC NULLS LAST, matches DESC, m.player_id COLLATE "C" LIMIT $3`,
      [from, to, limit],
    );
    return result.rows;
  }
}

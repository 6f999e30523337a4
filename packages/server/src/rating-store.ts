/**
 * Where ratings live: each player's current skill, one row per player and ended match (rated or not), and which
 * matches were taken already. Asynchronous like `Store`, so a PostgreSQL version can follow; SQLite in
 * sqlite-ratings.ts.
 */

/** Why a match was not rated (ratings.ts, `unratedReason`). */
export type UnratedReason = "private" | "houseRules" | "fewPeople" | "samePlayerTwice" | "unfinished";

export interface StoredSkill {
  readonly playerId: string;
  readonly mu: number;
  readonly sigma: number;
  /** Rated matches played. */
  readonly matches: number;
  readonly updatedAt: number;
}

/** One player's seat in one ended match. */
export interface PlayerMatchRow {
  readonly playerId: string;
  readonly code: string;
  readonly match: number;
  readonly seat: number;
  /** 1 = won; seats out in the same round share a place (1, 2, 2, 4). */
  readonly place: number;
  readonly seats: number;
  readonly rated: boolean;
  /** Why it was not rated: null when it was, and for rows stored before the reason was kept. */
  readonly unrated: UnratedReason | null;
  /** The shown rating before and after the match (null when the match was not rated). */
  readonly ratingBefore: number | null;
  readonly ratingAfter: number | null;
  /** The skill after the match (null when not rated). */
  readonly muAfter: number | null;
  readonly sigmaAfter: number | null;
  readonly at: number;
}

/** One ended match to record at once. */
export interface MatchEntry {
  readonly code: string;
  readonly match: number;
  readonly at: number;
  readonly rated: boolean;
  readonly rows: readonly PlayerMatchRow[];
  /** New skills of the rated players (empty when not rated). */
  readonly skills: readonly Omit<StoredSkill, "updatedAt">[];
}

export interface BoardRow {
  readonly playerId: string;
  readonly mu: number;
  readonly sigma: number;
  readonly matches: number;
}

export interface MonthRow {
  readonly playerId: string;
  /** Rated matches in the month. */
  readonly matches: number;
  /** The shown rating before the month's first rated match and after its last. */
  readonly ratingStart: number;
  readonly ratingEnd: number;
}

export interface RatingStore {
  /** Current skills of those players that have one. */
  skills(ids: readonly string[]): Promise<Map<string, StoredSkill>>;
  /** Whether the match was recorded before. */
  hasMatch(code: string, match: number): Promise<boolean>;
  /** Writes the whole entry in one transaction; false (nothing written) when the match was recorded before. */
  recordMatch(entry: MatchEntry): Promise<boolean>;
  /** The player's rows, newest first, at most `limit`; only rated ones when `ratedOnly`. */
  playerMatches(playerId: string, limit: number, ratedOnly: boolean): Promise<PlayerMatchRow[]>;
  /** Players with a rating, best cautious estimate (mu - 3 sigma) first. */
  board(limit: number): Promise<BoardRow[]>;
  /** Players with rated matches in [from, to), highest rating at their last match in it first. */
  monthBoard(from: number, to: number, limit: number): Promise<MonthRow[]>;
}

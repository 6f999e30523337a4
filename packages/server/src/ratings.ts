/**
 * Ratings: every ended match is written down for its players (profiles list them); a rated one also moves their
 * skills with `openskill` (rating-math.ts). Rated: a public table, at least two people with a player id, the default
 * rules or a preset's. Bots take part with their measured, fixed ratings (bot-ratings.ts) and are never changed.
 * Matches are taken one at a time and each only once, whoever reports it again (a rematch after a restart, say).
 */
import { BOT_RATINGS } from "./bot-ratings.js";
import type { MatchEndSummary } from "./match-summary.js";
import {
  type RatedSeat,
  type Skill,
  isProvisional,
  newSkill,
  placesFromOut,
  rateMatch,
  ratedRules,
  shownRating,
} from "./rating-math.js";
import type { PlayerMatchRow, RatingStore, StoredSkill, UnratedReason } from "./rating-store.js";
import type { Leaderboard, LeaderboardEntry } from "./protocol.js";

export type { UnratedReason } from "./rating-store.js";

export interface PlayerRating {
  /** The shown number (rating-math.ts: 1500 + 20 x ordinal). */
  readonly rating: number;
  readonly provisional: boolean;
  /** Rated matches played. */
  readonly matches: number;
  readonly mu: number;
  readonly sigma: number;
}

export interface RatingPoint {
  readonly at: number;
  readonly rating: number;
  readonly code: string;
  readonly match: number;
}

/** Points of a rating history given at most (the newest). */
export const HISTORY_LIMIT = 500;
export const LEADERBOARD_LIMIT = 100;
const SPARE_ROWS = 20;

/** Names of players (the players module's `get`). */
export interface PlayerNames {
  get(ids: readonly string[]): Promise<Map<string, { readonly name: string; readonly deleted: boolean }>>;
}

/** The fixed skill a bot level plays with in rated matches; a level not measured plays as a newcomer would. */
export const botSkill = (level: string): Skill => {
  const measured = (BOT_RATINGS.levels as Record<string, { mu: number; sigma: number } | undefined>)[level];
  return measured ? { mu: measured.mu, sigma: measured.sigma } : newSkill();
};

const ratingOf = (skill: Skill, matches: number): PlayerRating => ({
  rating: shownRating(skill),
  provisional: isProvisional(skill),
  matches,
  mu: skill.mu,
  sigma: skill.sigma,
});

/** Why `summary` is not rated, or null when it is. */
export function unratedReason(summary: MatchEndSummary): UnratedReason | null {
  if (summary.visibility !== "public") return "private";
  if (!ratedRules(summary.rules)) return "houseRules";
  const players = summary.seats.flatMap((s) => (s.player === null ? [] : [s.player]));
  if (new Set(players).size !== players.length) return "samePlayerTwice";
  if (players.length < 2) return "fewPeople";
  const inAtEnd = summary.outOrder.filter((r) => r === null).length;
  if (inAtEnd > 1 || (inAtEnd === 1 && summary.winner === null)) return "unfinished";
  return null;
}

export class Ratings {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly store: RatingStore) {}

  /** Takes an ended match (once: a match already taken is left alone). Resolves when it is stored. */
  onMatchEnded(summary: MatchEndSummary): Promise<void> {
    const next = this.queue.then(() => this.take(summary));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async take(summary: MatchEndSummary): Promise<void> {
    const { code, match, at, seats } = summary;
    if (await this.store.hasMatch(code, match)) return;
    const unrated = unratedReason(summary);
    const rated = unrated === null;
    // A person who left before the end is placed behind everyone who stayed (match-summary.ts, `away`).
    const places = placesFromOut(
      summary.outOrder,
      seats.map((s) => s.bot === null && s.away === true),
    );
    const ids = seats.flatMap((s) => (s.player === null ? [] : [s.player]));
    const known = rated ? await this.store.skills(ids) : new Map<string, StoredSkill>();
    const before = seats.map((s): RatedSeat => {
      if (s.player === null) return { skill: s.bot === null ? newSkill() : botSkill(s.bot), fixed: true };
      return { skill: known.get(s.player) ?? newSkill(), fixed: false };
    });
    const after = rated ? rateMatch(before, places) : null;
    const rows: PlayerMatchRow[] = [];
    const skills: { playerId: string; mu: number; sigma: number; matches: number }[] = [];
    seats.forEach((s, seat) => {
      if (s.player === null) return;
      const skillAfter = after?.[seat] ?? null;
      rows.push({
        playerId: s.player,
        code,
        match,
        seat,
        place: places[seat]!,
        seats: seats.length,
        rated,
        unrated,
        ratingBefore: skillAfter ? shownRating(before[seat]!.skill) : null,
        ratingAfter: skillAfter ? shownRating(skillAfter) : null,
        muAfter: skillAfter?.mu ?? null,
        sigmaAfter: skillAfter?.sigma ?? null,
        at,
      });
      if (skillAfter) {
        const matches = (known.get(s.player)?.matches ?? 0) + 1;
        skills.push({ playerId: s.player, mu: skillAfter.mu, sigma: skillAfter.sigma, matches });
      }
    });
    await this.store.recordMatch({ code, match, at, rated, rows, skills });
  }

  /** Current ratings; a player without rated matches gets the newcomer's (provisional). */
  async current(ids: readonly string[]): Promise<Map<string, PlayerRating>> {
    const known = await this.store.skills(ids);
    const out = new Map<string, PlayerRating>();
    for (const id of ids) {
      const skill = known.get(id);
      out.set(id, skill ? ratingOf(skill, skill.matches) : ratingOf(newSkill(), 0));
    }
    return out;
  }

  /** The player's shown rating after each rated match, oldest first (the newest HISTORY_LIMIT). */
  async historyOf(playerId: string): Promise<RatingPoint[]> {
    const rows = await this.store.playerMatches(playerId, HISTORY_LIMIT, true);
    return rows.toReversed().map((r) => ({ at: r.at, rating: r.ratingAfter ?? 0, code: r.code, match: r.match }));
  }

  /** The player's ended matches, rated or not, newest first. */
  matchesOf(playerId: string, limit: number): Promise<PlayerMatchRow[]> {
    return this.store.playerMatches(playerId, Math.max(0, Math.min(limit, 1000)), false);
  }

  /**
   * Overall (`period` "all") or for one UTC month ("YYYY-MM"); null for a period that is neither. Names come from
   * `names` (the players module); deleted players and ids it does not know are left out.
   */
  async leaderboard(period: string, limit: number, names: PlayerNames): Promise<Leaderboard | null> {
    const size = Math.max(1, Math.min(LEADERBOARD_LIMIT, Math.floor(limit) || 1));
    const range = period === "all" ? null : monthRange(period);
    if (period !== "all" && range === null) return null;
    // A few more rows than asked, for the deleted players that are left out.
    const rows = range
      ? await this.store.monthBoard(range.from, range.to, size + SPARE_ROWS)
      : (await this.store.board(size + SPARE_ROWS)).map((r) => ({ ...r, ratingEnd: null, ratingStart: null }));
    const known = await names.get(rows.map((r) => r.playerId));
    const shown = rows.filter((r) => known.get(r.playerId)?.deleted === false).slice(0, size);
    const now = await this.current(shown.map((r) => r.playerId));
    const entries = shown.map((r, i): LeaderboardEntry => {
      const current = now.get(r.playerId)!;
      const base = { rank: i + 1, player: r.playerId, name: known.get(r.playerId)!.name, matches: r.matches };
      if (r.ratingEnd === null || r.ratingStart === null) {
        return { ...base, rating: current.rating, provisional: current.provisional };
      }
      const change = r.ratingEnd - r.ratingStart;
      return { ...base, rating: r.ratingEnd, provisional: current.provisional, change };
    });
    return { period, entries };
  }
}

/** The UTC start and end (epoch ms) of a month written "YYYY-MM"; null when it is no such month. */
export function monthRange(period: string): { from: number; to: number } | null {
  const found = /^(\d{4})-(\d{2})$/.exec(period);
  if (!found) return null;
  const year = Number(found[1]);
  const month = Number(found[2]);
  if (month < 1 || month > 12 || year < 2000) return null;
  return { from: Date.UTC(year, month - 1, 1), to: Date.UTC(year, month, 1) };
}

/** "YYYY-MM" of a moment (UTC). */
export const monthOf = (at: number): string => new Date(at).toISOString().slice(0, 7);

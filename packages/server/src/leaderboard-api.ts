/** `GET /api/leaderboard?period=all|month|YYYY-MM&limit=N`: the best rated players, overall or in one month. */
import type { ServerResponse } from "node:http";
import { BOT_RATINGS } from "./bot-ratings.js";
import { json } from "./http-send.js";
import type { LeaderboardAnswer } from "./protocol.js";
import { LEADERBOARD_LIMIT, type PlayerNames, type Ratings, monthOf } from "./ratings.js";

export interface LeaderboardDeps {
  readonly ratings: Ratings;
  readonly names: PlayerNames;
  /** The server's clock (epoch ms), for `period=month`. */
  readonly now: () => number;
}

export const DEFAULT_LEADERBOARD_SIZE = 50;

/** The bots' fixed ratings, weakest first, shown beside the people for comparison. */
export const botRatingList = () =>
  Object.entries(BOT_RATINGS.levels)
    .map(([level, r]) => ({ level, rating: r.rating }))
    .sort((a, b) => a.rating - b.rating);

const badRequest = (res: ServerResponse, message: string) =>
  json(res, 400, { error: { code: "BAD_REQUEST", message } });

export async function leaderboardApi(deps: LeaderboardDeps, url: URL, res: ServerResponse): Promise<void> {
  const asked = url.searchParams.get("period") ?? "all";
  const period = asked === "month" ? monthOf(deps.now()) : asked;
  const limitText = url.searchParams.get("limit");
  const limit = limitText === null ? DEFAULT_LEADERBOARD_SIZE : Number(limitText);
  if (!/^\d{1,3}$/.test(limitText ?? "0") || !Number.isInteger(limit) || limit < 1 || limit > LEADERBOARD_LIMIT) {
    return badRequest(res, `limit must be a whole number from 1 to ${LEADERBOARD_LIMIT}`);
  }
  const board = await deps.ratings.leaderboard(period, limit, deps.names);
  if (board === null) return badRequest(res, 'period must be "all", "month" or a month written YYYY-MM');
  const answer: LeaderboardAnswer = { ...board, bots: botRatingList() };
  return json(res, 200, answer);
}

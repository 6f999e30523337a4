/** The bots' measured ratings (`npm run rate:bots`), to show next to a level where a player picks one. */
import { BOT_RATINGS } from "@schwimmen/server/bot-ratings";

const LEVELS: Readonly<Record<string, { readonly rating: number } | undefined>> = BOT_RATINGS.levels;

/** The shown rating of a bot level, or null for a level that was not measured. */
export const botRating = (level: string): number | null => LEVELS[level]?.rating ?? null;

/** " ~ 1650" after a level's name, or "" for a level that was not measured. */
export const botRatingSuffix = (level: string): string => {
  const rating = botRating(level);
  return rating === null ? "" : ` ~ ${rating}`;
};

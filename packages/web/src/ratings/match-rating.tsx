/**
 * At the end of an online match: how it changed the person's rating ("Deine Wertung: 1500 → 1523 (+23)"), or that it
 * was not rated. Read from the person's newest rated matches (`/api/players/ID/ratings`), where the server stores each
 * match's rating before and after.
 */
import { useEffect, useState } from "preact/hooks";
import type { GameController } from "../game/model.js";
import { fetchMe, fetchRatedMatches } from "../players/api.js";
import { type RatingTextKey, useRatingText } from "./ratings-texts.js";

/** Why the server did not rate a match (its ratings module's reasons), each with its words. */
const UNRATED_WORDS = {
  private: "matchUnratedPrivate",
  houseRules: "matchUnratedHouseRules",
  fewPeople: "matchUnratedFewPeople",
  samePlayerTwice: "matchUnratedSamePlayerTwice",
  unfinished: "matchUnratedUnfinished",
} as const satisfies Record<string, RatingTextKey>;
export type UnratedReason = keyof typeof UNRATED_WORDS;

const isReason = (value: unknown): value is UnratedReason =>
  typeof value === "string" && Object.hasOwn(UNRATED_WORDS, value);

export interface MatchRating {
  readonly rated: boolean;
  /** Why it was not rated; null when it was, or when the server did not say (older matches). */
  readonly reason: UnratedReason | null;
  /** The shown rating before and after the match (null when it was not rated). */
  readonly before: number | null;
  readonly after: number | null;
}

const finite = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

/** One match's row among a player's rated matches (the ratings module's list); null when it is not there. */
export function matchRatingOf(matches: unknown, code: string, match: number): MatchRating | null {
  if (!Array.isArray(matches)) return null;
  for (const row of matches as unknown[]) {
    if (typeof row !== "object" || row === null) continue;
    const fields = row as Record<string, unknown>;
    if (fields.code !== code || fields.match !== match) continue;
    const before = finite(fields.ratingBefore);
    const after = finite(fields.ratingAfter);
    const rated = fields.rated === true && before !== null && after !== null;
    const reason = !rated && isReason(fields.unrated) ? fields.unrated : null;
    return { rated, reason, before: rated ? before : null, after: rated ? after : null };
  }
  return null;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The waits between the tries of `fetchMatchRating`, in ms: about 15 s in all. */
const RATING_WAITS_MS = [500, 1000, 1500, 2000, 2500, 3000, 4000] as const;

/**
 * Asks the server how match `match` of table `code` changed this device's player's rating. The rating is stored as
 * the match ends; tries spread over about 15 s cover a busy server that stores it later than the page asks (three
 * tries in 1.6 s once left the line out altogether).
 */
export async function fetchMatchRating(code: string, match: number, waits: readonly number[] = RATING_WAITS_MS) {
  const me = await fetchMe();
  if (!me.ok || me.value === null) return null;
  for (let attempt = 0; ; attempt++) {
    const rated = await fetchRatedMatches(me.value.id);
    const found = rated.ok ? matchRatingOf(rated.value.matches, code, match) : null;
    const wait = waits[attempt];
    if (found !== null || wait === undefined) return found;
    await pause(wait);
  }
}

/** "+23", "−8" or "±0" (a true minus sign). */
export const ratingChange = (diff: number): string => (diff > 0 ? `+${diff}` : diff < 0 ? `−${-diff}` : "±0");

/** The line under the match's result; nothing where the game has no ratings (against the computer). */
export function MatchRatingLine({ game }: { game: GameController }) {
  const t = useRatingText();
  const [rating, setRating] = useState<MatchRating | null>(null);
  const load = game.matchRating;
  useEffect(() => {
    if (!load) return;
    let live = true;
    void load().then((found) => live && setRating(found));
    return () => {
      live = false;
    };
  }, [load]);
  if (rating === null) return null;
  if (!rating.rated || rating.before === null || rating.after === null) {
    return (
      <p class="result__sub result__rating" data-rated="false" data-unrated={rating.reason ?? undefined}>
        {t(rating.reason === null ? "matchUnrated" : UNRATED_WORDS[rating.reason])}
      </p>
    );
  }
  const before = Math.round(rating.before);
  const after = Math.round(rating.after);
  return (
    <p class="result__sub result__rating" data-rated="true" data-rating-change={after - before}>
      {t("matchRated", { before, after, change: ratingChange(after - before) })}
    </p>
  );
}

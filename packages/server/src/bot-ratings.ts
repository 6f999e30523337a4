/**
 * The bot levels' fixed ratings, measured by `npm run rate:bots` (scripts/rate-bots.ts; do not edit by hand):
 * arena matches of 2 to 4 different levels, default rules, rated with rating-math.ts, then every mu moved so that
 * `greedy` sits at 25. `rating` is the shown number (rating-math.ts, shownRating).
 */
export const BOT_RATINGS = {
  matches: 600,
  seed: "schwimmen-bots-1",
  anchor: { level: "greedy", mu: 25 },
  levels: {
    random: { mu: -25.1512, sigma: 4.4899, rating: 728, matches: 443 },
    greedy: { mu: 25, sigma: 1.8313, rating: 1890, matches: 453 },
    tactician: { mu: 27.0117, sigma: 1.8176, rating: 1931, matches: 431 },
    expert: { mu: 31.8925, sigma: 1.8451, rating: 2027, matches: 464 },
  },
} as const;

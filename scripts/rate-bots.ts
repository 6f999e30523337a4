/**
 * Measures the bot levels' ratings (`npm run rate:bots [matches] [seed]`): arena matches of 2 to 4 different levels
 * (seats and levels drawn from the seed), each rated with the server's own code (rating-math.ts). Then every mu is
 * moved by the same amount so that `greedy` sits at 25, a newcomer's mean: a new player is taken to play about as
 * well as greedy. Writes packages/server/src/bot-ratings.ts.
 */
import { writeFileSync } from "node:fs";
import { PLAYER_BOT_LEVELS, createBot, playArenaMatch } from "@schwimmen/bots";
import { Rng } from "@schwimmen/rules";
import { type Skill, newSkill, rateMatch, shownRating } from "../packages/server/src/rating-math.js";

const ANCHOR = "greedy";
const ANCHOR_MU = 25;
const matches = Number(process.argv[2] ?? 600);
const seed = process.argv[3] ?? "bot-ratings-1";
if (!Number.isInteger(matches) || matches < 1) throw new Error("matches must be a whole number of at least 1");

const levels = [...PLAYER_BOT_LEVELS] as string[];
const skills = new Map<string, Skill>(levels.map((level) => [level, newSkill()]));
const played = new Map<string, number>(levels.map((level) => [level, 0]));
const rng = Rng.fromSeed(`${seed}/lineups`);
const started = performance.now();

for (let index = 0; index < matches; index++) {
  // A lineup of 2 to 4 different levels (each level is one rated "player").
  const pool = levels.slice();
  const size = 2 + rng.below(Math.min(3, pool.length - 1));
  const lineup: string[] = [];
  while (lineup.length < size) lineup.push(pool.splice(rng.below(pool.length), 1)[0]!);
  const result = playArenaMatch({
    lineup: lineup.map((level) => ({ name: level, create: () => createBot(level as never) })),
    seed,
    matchIndex: index,
  });
  if (result.unfinished) continue;
  const after = rateMatch(
    lineup.map((level) => ({ skill: skills.get(level)!, fixed: false })),
    result.places,
  );
  lineup.forEach((level, i) => {
    skills.set(level, after[i]!);
    played.set(level, played.get(level)! + 1);
  });
  if ((index + 1) % 50 === 0) console.error(`${index + 1}/${matches} matches`);
}

const shift = ANCHOR_MU - skills.get(ANCHOR)!.mu;
const entries = levels.map((level) => {
  const { mu, sigma } = skills.get(level)!;
  const moved = { mu: mu + shift, sigma };
  return { level, mu: round(moved.mu), sigma: round(sigma), rating: shownRating(moved), matches: played.get(level)! };
});
const seconds = Math.round((performance.now() - started) / 1000);

function round(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}

const body = entries
  .map((e) => `    ${e.level}: { mu: ${e.mu}, sigma: ${e.sigma}, rating: ${e.rating}, matches: ${e.matches} },`)
  .join("\n");
const text = `/**
 * The bot levels' fixed ratings, measured by \`npm run rate:bots\` (scripts/rate-bots.ts; do not edit by hand):
 * arena matches of 2 to 4 different levels, default rules, rated with rating-math.ts, then every mu moved so that
 * \`${ANCHOR}\` sits at ${ANCHOR_MU}. \`rating\` is the shown number (rating-math.ts, shownRating).
 */
export const BOT_RATINGS = {
  matches: ${matches},
  seed: ${JSON.stringify(seed)},
  anchor: { level: ${JSON.stringify(ANCHOR)}, mu: ${ANCHOR_MU} },
  levels: {
${body}
  },
} as const;
`;
writeFileSync(new URL("../packages/server/src/bot-ratings.ts", import.meta.url), text);
console.log(`${matches} matches, seed ${seed}, ${seconds} s`);
for (const e of entries) console.log(`${e.level}: ${e.rating} (mu ${e.mu}, sigma ${e.sigma}, ${e.matches} matches)`);

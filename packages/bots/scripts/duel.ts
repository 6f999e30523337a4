// Usage: npx tsx --conditions=source packages/bots/scripts/duel.ts expert,greedy,greedy,greedy [matches] [seed] [rulesJSON]
// Plays whole matches with the seats rotated between matches; prints each level's win share with a 95% interval.
import { createBot, createOracle, isBotLevel } from "../src/index.js";
import { EXPERT_DEFAULTS, expertBot } from "../src/expert.js";
import { TACTICIAN_DEFAULTS, tacticianBot } from "../src/tactician.js";

/** "expert:worlds=80;ownKnockAt=26" tunes a bot's options for an experiment. */
function tuned(level: string) {
  const [name, spec] = level.split(":");
  const opts = Object.fromEntries(
    (spec ?? "")
      .split(";")
      .filter(Boolean)
      .map((kv) => [kv.split("=")[0], Number(kv.split("=")[1])]),
  );
  if (name === "expert") return expertBot({ ...EXPERT_DEFAULTS, ...opts });
  if (name === "tactician") return tacticianBot({ ...TACTICIAN_DEFAULTS, ...opts });
  return null;
}
import { playMatch, parseRulesArg, quantile } from "./runner.js";

const levels = (process.argv[2] ?? "greedy,greedy,greedy,greedy").split(",");
const matches = Number(process.argv[3] ?? 200);
const seed = process.argv[4] ?? "duel";
const rules = parseRulesArg(process.argv[5]);
const n = levels.length;
const wins = new Array<number>(n).fill(0);
let draws = 0;
const times = new Map<string, number[]>();
const t0 = Date.now();
for (let m = 0; m < matches; m++) {
  // Rotate: entry i of the list sits at seat (i + m) % n.
  const seated = levels.map((_, seat) => levels[(seat - (m % n) + n) % n]!);
  const outcome = playMatch(
    seated,
    (level, truth) => {
      if (level === "oracle") return createOracle(truth);
      if (level.includes(":")) return tuned(level)!;
      if (!isBotLevel(level)) throw new Error(`unknown level ${level}`);
      return createBot(level);
    },
    rules,
    `${seed}-${m}`,
    times,
  );
  if (outcome.draw) draws++;
  else if (outcome.winner !== null) wins[(outcome.winner - (m % n) + n) % n]!++;
}
const z = 1.96;
levels.forEach((level, i) => {
  const p = wins[i]! / matches;
  const half = z * Math.sqrt((p * (1 - p)) / matches);
  console.log(`${i} ${level.padEnd(10)} ${(100 * p).toFixed(1)}% ±${(100 * half).toFixed(1)}`);
});
for (const [level, list] of times) {
  console.log(
    `${level.padEnd(10)} p50 ${quantile(list, 0.5).toFixed(3)} ms  p95 ${quantile(list, 0.95).toFixed(3)} ms  n=${list.length}`,
  );
}
console.log(`draws ${draws}, ${matches} matches in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

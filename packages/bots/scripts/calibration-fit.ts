// Fits the calibration map of the expert's chance of losing a life (src/calibration-map.ts).
//   npx tsx --conditions=source packages/bots/scripts/calibration-fit.ts play SHARD SHARDS MATCHES OUT.json [LINEUP]
//     plays shard SHARD (0-based) of SHARDS of MATCHES arena matches (default lineup expert,greedy,greedy,greedy;
//     seats rotated as in the arena, seed "calibration-fit"), the expert reporting raw chances; writes the samples
//   npx tsx --conditions=source packages/bots/scripts/calibration-fit.ts fit OUT.json...
//     merges the samples, prints the raw calibration by tenths and the fitted knots to paste into LOSE_LIFE_MAP
// Run the shards as separate processes (two at most on a shared machine), then check the map on fresh matches
// with `schwimmen arena --seats expert,greedy,greedy,greedy --calibration OUT.svg` and another seed.
import { readFileSync, writeFileSync } from "node:fs";
import { type ArenaEntry, playArenaMatch } from "../src/arena.js";
import { type LoseLifeSample, fitLoseLifeMap } from "../src/calibration-map.js";
import { EXPERT_DEFAULTS, expertBot } from "../src/expert.js";
import { createBot, isBotLevel } from "../src/registry.js";

const SEED = "calibration-fit";

function play(shard: number, shards: number, matches: number, out: string, lineupText: string): void {
  const samples: LoseLifeSample[] = [];
  let pending: { seat: number; raw: number; knocked: boolean }[] = [];
  const lineup: ArenaEntry[] = lineupText.split(",").map((name) => {
    if (name === "expert") {
      const options = { ...EXPERT_DEFAULTS, calibrated: 0 };
      return {
        name,
        create: () =>
          expertBot(options, (view, estimate) =>
            pending.push({ seat: view.viewer!, raw: estimate.loseLife, knocked: view.knocker !== null }),
          ),
      };
    }
    if (!isBotLevel(name) || name === "oracle") throw new Error(`unknown bot ${name}`);
    return { name, create: () => createBot(name) };
  });
  const start = Math.floor((matches * shard) / shards);
  const end = Math.floor((matches * (shard + 1)) / shards);
  for (let matchIndex = start; matchIndex < end; matchIndex++) {
    playArenaMatch({
      lineup,
      seed: SEED,
      matchIndex,
      onRoundEnd: (result) => {
        if (result) {
          for (const p of pending)
            samples.push({ raw: p.raw, knocked: p.knocked, lost: result.lifeLosses[p.seat]! > 0 });
        }
        pending = [];
      },
    });
  }
  writeFileSync(out, JSON.stringify(samples));
  console.log(`shard ${shard}: matches ${start}-${end - 1}, ${samples.length} decisions -> ${out}`);
}

function fit(files: readonly string[]): void {
  const samples = files.flatMap((file) => JSON.parse(readFileSync(file, "utf8")) as LoseLifeSample[]);
  for (const knocked of [false, true]) {
    const part = samples.filter((s) => s.knocked === knocked);
    console.log(`${knocked ? "after a knock" : "before any knock"}: ${part.length} decisions (raw)`);
    for (let b = 0; b < 10; b++) {
      const bucket = part.filter((s) => Math.min(9, Math.floor(s.raw * 10)) === b);
      if (bucket.length === 0) continue;
      const mean = bucket.reduce((sum, s) => sum + s.raw, 0) / bucket.length;
      const lost = bucket.filter((s) => s.lost).length / bucket.length;
      console.log(
        `  ${b * 10}-${b * 10 + 10}%: ${bucket.length} decisions, raw ${(mean * 100).toFixed(1)}%, lost ${(lost * 100).toFixed(1)}%`,
      );
    }
  }
  const map = fitLoseLifeMap(samples);
  const knots = (list: readonly (readonly [number, number])[]) =>
    `[${list.map(([x, y]) => `[${x}, ${y}]`).join(", ")}]`;
  console.log(
    `\nexport const LOSE_LIFE_MAP: LoseLifeMap = {\n  open: ${knots(map.open)},\n  knocked: ${knots(map.knocked)},\n};`,
  );
}

const [mode, ...rest] = process.argv.slice(2);
if (mode === "play") {
  const [shard, shards, matches, out, lineup] = rest;
  play(Number(shard), Number(shards), Number(matches), out!, lineup ?? "expert,greedy,greedy,greedy");
} else if (mode === "fit") fit(rest);
else console.log("usage: calibration-fit.ts play SHARD SHARDS MATCHES OUT.json [LINEUP] | fit OUT.json...");

// Engine benchmark, two parts, one core each:
// - random legal play through the public API (dealRound, legalActions, applyAction), 4 seats, default rules;
// - fast play-outs (playOutRound, what searching bots run thousands of per decision) of freshly dealt 4-seat rounds
//   with a greedy policy (the best swap when it improves, knock at 27, else pass).
// Prints the median of several runs; the figures are wall-clock rates, next to the process's CPU rates (on a busy
// machine the two differ). Run `npm run build` first (this uses dist/).
// Options (environment): BENCH_RUNS (default 7), BENCH_SECONDS (default 2), BENCH_COMPARE=DIR: also time the rules
// built in DIR (another dist/, e.g. of an older commit's worktree), alternating runs with this build so that before
// and after see the same machine load, and print the ratio of the medians. Each run is a fresh process: two engines
// in one process would make the benchmark's own call sites polymorphic and slow both down.
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import { fileURLToPath, pathToFileURL } from "node:url";

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const SEATS = 4;
/** A round still going after this many actions gets a knock (random play rarely gets there). */
const KNOCK_AFTER = 60;

const compareDir = process.env.BENCH_COMPARE || null;
/** Set in the child processes of a comparison: the dist/ to time, one run of each part, results as JSON. */
const childDist = process.env.BENCH_CHILD_DIST || null;
const distUrl = (dir) => pathToFileURL(`${dir.replace(/\/$/, "")}/index.js`).href;
const here = compareDir ? null : await import(childDist ? distUrl(childDist) : "../dist/index.js");

/** The random player's own generator: a tiny xorshift, so that the figures measure the engine, not the player. */
function playerRandom(engine, seed) {
  let x = engine.Rng.fromSeed(seed).nextUint32() | 1;
  return (n) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
}

/** Times `body` (which returns how many units it did) for SECONDS: units per wall and per CPU second. */
function timed(body) {
  const wall0 = performance.now();
  const cpu0 = process.cpuUsage();
  const until = wall0 + SECONDS * 1000;
  let units = 0;
  let extra = 0;
  while (performance.now() < until) {
    const done = body();
    units += done[0];
    extra += done[1];
  }
  const wall = (performance.now() - wall0) / 1000;
  const cpuUsage = process.cpuUsage(cpu0);
  const cpu = (cpuUsage.user + cpuUsage.system) / 1e6;
  return { perSec: units / wall, perCpuSec: units / cpu, units, extra, wall };
}

/** Random legal play: actions per second (and rounds). */
function randomPlay(engine, seed) {
  const { DEFAULT_RULES, Rng, applyAction, dealRound, legalActions, newMatch } = engine;
  const below = playerRandom(engine, `player ${seed}`);
  const matches = Rng.fromSeed(`matches ${seed}`);
  let state = newMatch({ rules: DEFAULT_RULES, seats: SEATS, seed: matches.nextSeed() }).value;
  return timed(() => {
    let actions = 0;
    let rounds = 0;
    for (let k = 0; k < 200; k++) {
      if (state.over) state = newMatch({ rules: DEFAULT_RULES, seats: SEATS, seed: matches.nextSeed() }).value;
      state = dealRound(state).value.state;
      rounds++;
      for (let n = 0; state.round.endReason === null; n++) {
        const legal = legalActions(state);
        let action = legal[below(legal.length)];
        if (n >= KNOCK_AFTER) action = legal.find((a) => a.type === "knock") ?? action;
        state = applyAction(state, action).value.state;
        actions++;
      }
    }
    return [actions, rounds];
  });
}

/** The greedy play-out policy: the best improving swap, knock at 27 (or after a long round), else pass. */
function greedyPolicy(handValue) {
  const scratch = ["7c", "7c", "7c"];
  return (turn) => {
    const { hand, middle, rules } = turn;
    const now = handValue(hand, rules);
    let best = -1;
    let gi = 0;
    let tj = 0;
    for (let i = 0; i < 3; i++) {
      scratch[0] = hand[0];
      scratch[1] = hand[1];
      scratch[2] = hand[2];
      for (let j = 0; j < 3; j++) {
        scratch[i] = middle[j];
        const v = handValue(scratch, rules);
        if (v > best) {
          best = v;
          gi = i;
          tj = j;
        }
      }
    }
    if (best > now && best >= 31) return { type: "swap", give: hand[gi], take: middle[tj] };
    if (turn.canKnock && (now >= 27 || turn.turns >= 40)) return { type: "knock" };
    if (best > now) return { type: "swap", give: hand[gi], take: middle[tj] };
    return turn.canPass ? { type: "pass" } : { type: "swap", give: hand[gi], take: middle[tj] };
  };
}

/** Play-outs of freshly dealt rounds: play-outs per second. */
function playOuts(engine, seed) {
  const { DEFAULT_RULES, Rng, dealRound, newMatch, playOutRound, handValue } = engine;
  const seeds = Rng.fromSeed(`positions ${seed}`);
  const positions = [];
  while (positions.length < 500) {
    const match = newMatch({ rules: DEFAULT_RULES, seats: SEATS, seed: seeds.nextSeed() }).value;
    const dealt = dealRound(match).value.state;
    if (dealt.round.endReason === null) positions.push(dealt);
  }
  const policy = greedyPolicy(handValue);
  return timed(() => {
    let played = 0;
    for (const position of positions) if (playOutRound(position, policy).round.endReason !== null) played++;
    return [positions.length, played];
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const parts = [
  ["engine, random legal play", randomPlay, (r) => `${(r.perSec / 1e6).toFixed(2)} M actions/s`, 1e6, "M actions"],
  ["play-outs, greedy policy", playOuts, (r) => `${Math.round(r.perSec)} play-outs/s`, 1, "play-outs"],
];
const load = () =>
  `load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`;

/** One part's runs to its summary line: medians of the wall and CPU rates. */
function summary(label, part, results, name, scale, unit) {
  const m = (key) => median(results.map((r) => r[key]));
  const extra =
    part === randomPlay
      ? `, ${(m("units") / m("extra")).toFixed(1)} actions a round`
      : `, ${((100 * m("extra")) / m("units")).toFixed(0)}% of play-outs ended`;
  return {
    perSec: m("perSec"),
    perCpuSec: m("perCpuSec"),
    line:
      `${label}, ${SEATS} seats, default rules, ${name}: median of ${results.length} runs of ${SECONDS} s: ` +
      `${(m("perSec") / scale).toFixed(2)} ${unit}/s (per CPU second ${(m("perCpuSec") / scale).toFixed(2)})${extra}`,
  };
}

if (childDist) {
  // A comparison's child: one run of each part after its warm-up.
  const out = parts.map(([, part]) => {
    part(here, "warm-up");
    return part(here, `run ${process.env.BENCH_CHILD_RUN}`);
  });
  console.log(JSON.stringify(out));
} else if (compareDir) {
  const builds = [
    ["this build", fileURLToPath(new URL("../dist", import.meta.url))],
    [`BENCH_COMPARE ${compareDir}`, compareDir],
  ];
  const results = builds.map(() => parts.map(() => []));
  console.log(`  before: ${load()}`);
  for (let i = 0; i < RUNS; i++) {
    builds.forEach(([name, dir], b) => {
      const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url)], {
        env: { ...process.env, BENCH_COMPARE: "", BENCH_CHILD_DIST: dir, BENCH_CHILD_RUN: String(i) },
        encoding: "utf8",
      });
      if (child.status !== 0) throw new Error(`benchmark of ${dir} failed: ${child.stderr}`);
      JSON.parse(child.stdout.trim().split("\n").pop()).forEach((r, p) => {
        results[b][p].push(r);
        const [label, , show, scale, unit] = parts[p];
        console.log(
          `  ${label}, ${name}, run ${i + 1}: ${show(r)} (per CPU second ${(r.perCpuSec / scale).toFixed(2)} ${unit})`,
        );
      });
    });
  }
  parts.forEach(([label, part, , scale, unit], p) => {
    const [mine, theirs] = builds.map(([name], b) => summary(label, part, results[b][p], name, scale, unit));
    console.log(mine.line);
    console.log(theirs.line);
    console.log(
      `  ratio this build / BENCH_COMPARE: ${(mine.perSec / theirs.perSec).toFixed(2)} wall, ` +
        `${(mine.perCpuSec / theirs.perCpuSec).toFixed(2)} CPU`,
    );
  });
  console.log(`  after: ${load()}`);
} else {
  for (const [label, part, show, scale, unit] of parts) {
    const results = [];
    part(here, "warm-up");
    for (let i = 0; i < RUNS; i++) {
      const r = part(here, `run ${i}`);
      results.push(r);
      console.log(`  ${label}, run ${i + 1}: ${show(r)} (per CPU second ${(r.perCpuSec / scale).toFixed(2)} ${unit})`);
    }
    console.log(summary(label, part, results, "this build", scale, unit).line);
  }
  console.log(`  ${load()}`);
}

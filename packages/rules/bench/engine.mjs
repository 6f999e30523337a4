// Engine benchmark: random legal play through the public API (dealRound, legalActions, applyAction), 4 seats,
// default rules, one core. Prints the median of several runs; the figures are wall-clock rates, next to the
// process's CPU rates (on a busy machine the two differ). Run `npm run build` first (this uses dist/).
import { DEFAULT_RULES, Rng, applyAction, dealRound, legalActions, newMatch } from "../dist/index.js";

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const SEATS = 4;
/** A round still going after this many actions gets a knock (random play rarely gets there). */
const KNOCK_AFTER = 60;

/** The random player's own generator: a tiny xorshift, so that the figures measure the engine, not the player. */
function playerRandom(seed) {
  let x = Rng.fromSeed(seed).nextUint32() | 1;
  return (n) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
}

function run(seed) {
  const below = playerRandom(`player ${seed}`);
  const matches = Rng.fromSeed(`matches ${seed}`);
  let state = newMatch({ rules: DEFAULT_RULES, seats: SEATS, seed: matches.nextSeed() }).value;
  let actions = 0;
  let rounds = 0;
  const wall0 = performance.now();
  const cpu0 = process.cpuUsage();
  const until = wall0 + SECONDS * 1000;
  while (performance.now() < until) {
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
  }
  const wall = (performance.now() - wall0) / 1000;
  const cpuUsage = process.cpuUsage(cpu0);
  const cpu = (cpuUsage.user + cpuUsage.system) / 1e6;
  return {
    actionsPerSec: actions / wall,
    roundsPerSec: rounds / wall,
    cpuActionsPerSec: actions / cpu,
    actionsPerRound: actions / rounds,
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

run("warm-up");
const results = [];
for (let i = 0; i < RUNS; i++) {
  const r = run(`run ${i}`);
  results.push(r);
  console.log(
    `  run ${i + 1}: ${(r.actionsPerSec / 1e6).toFixed(2)} M actions/s, ${Math.round(r.roundsPerSec)} rounds/s` +
      ` (per CPU second: ${(r.cpuActionsPerSec / 1e6).toFixed(2)} M actions)`,
  );
}
const m = (key) => median(results.map((r) => r[key]));
console.log(
  `engine, random legal play, ${SEATS} seats, default rules: median of ${RUNS} runs of ${SECONDS} s: ` +
    `${(m("actionsPerSec") / 1e6).toFixed(2)} M actions/s, ${Math.round(m("roundsPerSec"))} rounds/s ` +
    `(${m("actionsPerRound").toFixed(1)} actions a round; per CPU second ${(m("cpuActionsPerSec") / 1e6).toFixed(2)} M actions)`,
);

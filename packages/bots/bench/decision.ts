// Decision time of the expert at a full table: `npm run bench:bots` (tsx on the sources; no build needed).
// Seats the expert among greedy bots at 20 seats with two decks (open middle and hidden deal) and reports the
// median and 95th percentile of its `decide` calls over the first rounds of a few matches, the expert in a
// different seat each match. Wall time counts whatever else the machine runs; CPU time (this process) does not.
// BENCH_SEATS, BENCH_MATCHES and BENCH_ROUNDS change the table size and the amount of play.
import { type Rules, parseRules } from "@schwimmen/rules";
import { type ArenaEntry, type Bot, createBot, playArenaMatch } from "../src/index.js";

const SEATS = Number(process.env.BENCH_SEATS ?? 20);
const MATCHES = Number(process.env.BENCH_MATCHES ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);

const cpuMs = (): number => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

/** The expert, timing each decision by the wall clock and by this process's CPU time. */
function timedExpert(wall: number[], cpu: number[]): ArenaEntry {
  return {
    name: "expert",
    create: (): Bot => {
      const bot = createBot("expert");
      return {
        name: bot.name,
        decide(view, context) {
          const w = performance.now();
          const c = cpuMs();
          const action = bot.decide(view, context);
          cpu.push(cpuMs() - c);
          wall.push(performance.now() - w);
          return action;
        },
      };
    },
  };
}

const greedy: ArenaEntry = { name: "greedy", create: () => createBot("greedy") };

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function rulesOf(json: object): Rules {
  const parsed = parseRules(json);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

const describe = (times: number[]): string => {
  const sorted = times.slice().sort((a, b) => a - b);
  return `median ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms`;
};

const cases: [string, Rules][] = [
  ["two decks, open middle", rulesOf({ decks: 2 })],
  ["two decks, hidden deal", rulesOf({ decks: 2, deal: "hidden" })],
];
// One short match first, so that compiling the code is not counted.
playArenaMatch({ lineup: [timedExpert([], []), greedy], seed: "warm-up", matchIndex: 0, maxRounds: 3 });
for (const [name, rules] of cases) {
  const wall: number[] = [];
  const cpu: number[] = [];
  const lineup = [timedExpert(wall, cpu), ...Array.from({ length: SEATS - 1 }, () => greedy)];
  for (let m = 0; m < MATCHES; m++) {
    playArenaMatch({ lineup, rules, seed: "bench-decision", matchIndex: m * 3, maxRounds: ROUNDS });
  }
  console.log(`expert at ${SEATS} seats, ${name}: ${wall.length} decisions`);
  console.log(`  wall: ${describe(wall)}`);
  console.log(`  cpu:  ${describe(cpu)}`);
}

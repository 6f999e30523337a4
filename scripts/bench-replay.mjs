// Replay benchmark: `schwimmen replay --jsonl` on a file of typical records (whole 4-player matches under the
// default rules, played by a simple player: knock at 27, else the best swap), timing the whole process from
// start-up to exit. Prints the median of several runs, and splits it into a fixed cost (the same command on one
// record) and a cost per record (the rest over the other records). The goal: 4,000 records in 0.5 s at most,
// start-up included. Run `npm run build` first (this uses the built files, and `replay` starts from the bundle that
// the build makes: without it, or when it is older than the last compile, the binary runs from dist/, slower).
// Options (environment): BENCH_RECORDS (default 4000), BENCH_RUNS (default 5), BENCH_FRESH=1 to regenerate,
// BENCH_BASE=DIR: also time the command of another checkout (e.g. a worktree of an older commit, built), alternating
// runs with this one so that both see the same machine load.
import { spawnSync } from "node:child_process";
import { existsSync, openSync, closeSync, readFileSync, writeFileSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { typicalRecord } from "./typical-records.mjs";

const root = new URL("../", import.meta.url).pathname;
const bin = join(root, "packages/cli/bin/schwimmen.js");
{
  // The binary's own test (bin/schwimmen.js): the bundle counts when it is newer than the last compile.
  const at = (file) => (existsSync(join(root, file)) ? statSync(join(root, file)).mtimeMs : -1);
  const bundle = at("packages/cli/dist/bundle/replay-main.js");
  if (bundle < Math.max(at("packages/cli/tsconfig.tsbuildinfo"), at("packages/rules/tsconfig.tsbuildinfo"), 0)) {
    console.log("  note: no current replay bundle (run `npm run build`): replay runs from dist/, slower");
  }
}
const COUNT = Number(process.env.BENCH_RECORDS ?? 4000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const path = join(tmpdir(), `schwimmen-bench-records-${COUNT}.jsonl`);
const onePath = join(tmpdir(), "schwimmen-bench-records-1.jsonl");

if (!existsSync(path) || process.env.BENCH_FRESH === "1") {
  const started = performance.now();
  const lines = [];
  for (let i = 0; i < COUNT; i++) lines.push(JSON.stringify(typicalRecord(`bench ${i}`)));
  writeFileSync(path, lines.join("\n") + "\n");
  console.log(`  wrote ${COUNT} records to ${path} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
const text = readFileSync(path, "utf8");
writeFileSync(onePath, text.slice(0, text.indexOf("\n") + 1));
const records = text
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line));
const rounds = records.reduce((sum, r) => sum + r.rounds.length, 0);
const actions = records.reduce((sum, r) => sum + r.rounds.reduce((s, round) => s + round.actions.length, 0), 0);
console.log(
  `  ${records.length} records, ${(statSync(path).size / 1e6).toFixed(1)} MB: ` +
    `${(rounds / records.length).toFixed(1)} rounds and ${(actions / records.length).toFixed(1)} actions a record`,
);

const load = () =>
  `load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`;
console.log(`  ${load()}`);

/** GNU time, when there, also gives the process's CPU seconds (a fairer figure on a busy machine). */
const gnuTime = existsSync("/usr/bin/time") ? "/usr/bin/time" : null;

const base = process.env.BENCH_BASE ? join(process.env.BENCH_BASE, "packages/cli/bin/schwimmen.js") : null;

/** One run of the real command on the file: the whole process, start-up included, output to /dev/null. */
function timeOnce(threads, check = false, program = bin, file = path) {
  const input = openSync(file, "r");
  const env = { ...process.env };
  if (threads !== undefined) env.SCHWIMMEN_REPLAY_THREADS = String(threads);
  const command = [process.execPath, program, "replay", "--jsonl"];
  const [executable, ...args] = gnuTime ? [gnuTime, "-f", "cpu %U %S", ...command] : command;
  const started = performance.now();
  const result = spawnSync(executable, args, {
    stdio: [input, check ? "pipe" : "ignore", "pipe"],
    env,
    maxBuffer: 1 << 30,
    encoding: "utf8",
  });
  const seconds = (performance.now() - started) / 1000;
  closeSync(input);
  if (result.status !== 0) throw new Error(`replay exited with ${result.status}: ${result.stderr}`);
  if (check && file === path) {
    const lines = result.stdout.split("\n").length - 1;
    if (lines !== records.length) throw new Error(`expected ${records.length} output lines, got ${lines}`);
    if (result.stdout.includes('{"error"')) throw new Error("a typical record failed to replay");
  }
  const cpu = /cpu ([\d.]+) ([\d.]+)/.exec(result.stderr);
  return { seconds, cpu: cpu ? Number(cpu[1]) + Number(cpu[2]) : NaN };
}

// Once with the output checked: one outcome line per record, none an error.
timeOnce(undefined, true);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const programs = base
  ? [
      ["", bin],
      [" BENCH_BASE", base],
    ]
  : [["", bin]];
const perRecord = (seconds) => `${Math.round((seconds / records.length) * 1e6)} µs a record`;
for (const [label, threads] of [
  ["default threads", undefined],
  ["main thread only", 0],
]) {
  const runs = programs.map(() => []);
  const fixed = programs.map(() => []);
  for (let i = 0; i < RUNS; i++)
    programs.forEach(([, program], p) => {
      runs[p].push(timeOnce(threads, false, program));
      fixed[p].push(timeOnce(threads, false, program, onePath));
    });
  const medians = programs.map((_, p) => [median(runs[p].map((r) => r.seconds)), median(runs[p].map((r) => r.cpu))]);
  programs.forEach(([name], p) => {
    const m = medians[p][0];
    const cpu = median(runs[p].map((r) => r.cpu));
    const one = median(fixed[p].map((r) => r.seconds));
    const slope = (m - one) / Math.max(1, records.length - 1);
    console.log(
      `replay --jsonl${name} (${label}): median of ${RUNS} runs ${m.toFixed(2)} s for ${records.length} records = ` +
        `${Math.round(records.length / m)} records/s, ${perRecord(m)}, start-up included ` +
        `(runs: ${runs[p].map((r) => r.seconds.toFixed(2)).join(", ")} s` +
        (Number.isNaN(cpu)
          ? ")"
          : `; ${cpu.toFixed(2)} CPU s = ${Math.round(records.length / cpu)} records per CPU second, ${perRecord(cpu)})`),
    );
    console.log(
      `  = fixed cost ${(one * 1000).toFixed(0)} ms (one record, median) + ${Math.round(slope * 1e6)} µs per further record`,
    );
  });
  if (base) {
    const [[wall, cpu], [baseWall, baseCpu]] = medians;
    // Also the median of the ratios of the runs made one right after the other: the load of a shared machine comes
    // and goes, and a pair of neighbouring runs sees much the same of it.
    const pairs = (key) => median(runs[0].map((run, i) => run[key] / runs[1][i][key])).toFixed(2);
    console.log(
      `  this build / BENCH_BASE (${label}): ${(wall / baseWall).toFixed(2)} of the wall time, ` +
        `${(cpu / baseCpu).toFixed(2)} of the CPU time (median of the paired runs' ratios: ` +
        `${pairs("seconds")} of the wall time, ${pairs("cpu")} of the CPU time); ${load()}`,
    );
  }
}

// Where a record's time goes, in one process on the same records: reading the JSON, the engine, writing the outcome
// (CPU ms, so that a busy machine distorts less). The first pass runs cold, as a fresh `replay` process does (the JIT
// has not compiled the engine yet); the last is warm.
{
  const { replayRecord, outcomeOf } = await import(join(root, "packages/rules/dist/index.js"));
  const lines = text.trim().split("\n");
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  for (const pass of ["cold", "warm", "warm"]) {
    let parse = 0;
    let engine = 0;
    let write = 0;
    for (const line of lines) {
      const t0 = cpuMs();
      const value = JSON.parse(line);
      const t1 = cpuMs();
      const replayed = replayRecord(value);
      const t2 = cpuMs();
      JSON.stringify(outcomeOf(replayed.value.state));
      const t3 = cpuMs();
      parse += t1 - t0;
      engine += t2 - t1;
      write += t3 - t2;
    }
    const each = (ms) => `${Math.round((ms / lines.length) * 1000)} µs`;
    console.log(
      `  in one process, ${pass} pass, CPU a record: JSON.parse ${each(parse)}, engine ${each(engine)}, ` +
        `JSON.stringify ${each(write)}`,
    );
  }
}

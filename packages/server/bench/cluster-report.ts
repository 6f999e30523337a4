/**
 * The summary of `npm run bench:cluster`: one row per run and phase, the memory per connection, the ratios of the
 * two-node run to the one-node run, and where the next limit is (CPU cost per action of each part, and the actions a
 * second at which one core of each shared service would be full).
 */
import { cpus } from "node:os";
import { type PauseFigures, STALL_MS } from "../src/pauses.js";
import { pct } from "./load-client.js";

export interface PhaseResult {
  readonly name: string;
  readonly seconds: number;
  readonly actions: number;
  /** Actions in each whole second of the phase, over all clients. */
  readonly perSecond: readonly number[];
  readonly samples: readonly number[];
  readonly errors: Readonly<Record<string, number>>;
  readonly closes: number;
  /**
   * CPU of each process in % of one core: "node1", "node2", "postgres", "redis", "clients"; and "machine": every
   * program on the machine (ours and others'), and "steal" of it: the time the hypervisor gave this virtual machine
   * no real core although it had work.
   */
  readonly cpuPct: ReadonlyMap<string, number>;
  readonly commitsPerS: number | null;
  readonly redisPerS: number | null;
  /** Event-loop utilization of each client thread (0..1) and their worst loop delay p99. */
  readonly clientElu: readonly number[];
  readonly clientLoopP99Ms: number;
  /** The nodes' event-loop stalls and GC pauses during the phase (maxima: since the start), or null. */
  readonly nodePauses: PauseFigures | null;
}

export interface RunResult {
  readonly nodes: number;
  readonly sockets: number;
  readonly tables: number;
  readonly failedTables: number;
  readonly rampS: number;
  /** The nodes' RSS in MB (summed) before the sockets opened and once everyone was seated. */
  readonly idleRss: number;
  readonly seatedRss: number;
  /** Tables each node owned and its links to other nodes once everyone was seated ("a 1250/0, b 1250/0"). */
  readonly owned: string;
  readonly phases: readonly PhaseResult[];
  readonly problems: readonly string[];
}

const TARGET_P99_MS = 50;
/** The machine's figures among the processes' in `cpuPct`. */
const MACHINE = new Set(["machine", "steal"]);
const fixed = (n: number | null | undefined, digits = 0) =>
  n === null || n === undefined || !Number.isFinite(n) ? "-" : n.toFixed(digits);

function table(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i]!)).join("  ");
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

/** Error frames and unexpected closes ("closed 4003"), both counted in `errors`. */
const errorCount = (p: PhaseResult) => Object.values(p.errors).reduce((a, b) => a + b, 0);
const rate = (p: PhaseResult) => p.actions / p.seconds;
/** Actions a second: the median of the phase's whole seconds (the mean when it had none). */
const medianRate = (p: PhaseResult) => (p.perSecond.length > 0 ? pct(p.perSecond, 50) : rate(p));
const nodeCpu = (p: PhaseResult) =>
  [...p.cpuPct].filter(([role]) => role.startsWith("node")).reduce((a, [, v]) => a + v, 0);

/** CPU ms per action of each part, in one phase. */
function costs(p: PhaseResult): Record<string, number> {
  const perAction = (cpu: number | undefined) => (cpu === undefined ? NaN : ((cpu / 100) * 1000) / rate(p));
  return {
    nodes: perAction(nodeCpu(p)),
    postgres: perAction(p.cpuPct.get("postgres")),
    redis: perAction(p.cpuPct.get("redis")),
    clients: perAction(p.cpuPct.get("clients")),
  };
}

export function printSummary(runs: readonly RunResult[], seats: number, burstAtOnce: boolean): void {
  if (runs.length === 0) {
    console.log("\nno run finished: nothing to report");
    return;
  }
  console.log(`\n=== bench:cluster summary (tables of ${seats}; time from an action to every seat's update) ===`);
  const rows: string[][] = [];
  for (const run of runs) {
    for (const p of run.phases) {
      const nodes = [...p.cpuPct].filter(([role]) => role.startsWith("node")).map(([, v]) => fixed(v));
      const errors = errorCount(p);
      rows.push([
        String(run.nodes),
        p.name,
        fixed(medianRate(p)),
        fixed(pct(p.samples, 50), 1),
        fixed(pct(p.samples, 95), 1),
        fixed(pct(p.samples, 99), 1),
        fixed(pct(p.samples, 100), 0),
        String(errors),
        nodes.join("/") || "-",
        fixed(p.cpuPct.get("postgres")),
        fixed(p.commitsPerS),
        fixed(p.cpuPct.get("redis")),
        fixed(p.redisPerS),
        `${fixed(p.cpuPct.get("clients"))} (${p.clientElu.map((e) => fixed(e * 100)).join("/")})`,
        fixed(p.cpuPct.get("machine")),
        fixed(p.cpuPct.get("steal")),
        p.name === "warm-up" ? "" : pct(p.samples, 99) <= TARGET_P99_MS && errors === 0 ? "ok" : "MISSED",
      ]);
    }
  }
  table(
    [
      "nodes",
      "phase",
      "act/s (median s)",
      "p50 ms",
      "p95 ms",
      "p99 ms",
      "max ms",
      "errors",
      "node CPU %",
      "PG CPU %",
      "commits/s",
      "Redis CPU %",
      "Redis cmd/s",
      "clients CPU % (thread busy %)",
      "machine CPU %",
      "of it stolen %",
      `p99<=${TARGET_P99_MS}`,
    ],
    rows,
  );
  if (burstAtOnce) {
    console.log(
      "(burst: every seat acts as soon as its turn comes, at most 4 frames a second; with enough tables that is the " +
        "limit of the system and its latency is mostly queueing; BURST_MS=300,700 gives a burst below the limit)",
    );
  }
  console.log("");
  for (const run of runs) {
    const kb = ((run.seatedRss - run.idleRss) * 1024) / Math.max(1, run.sockets);
    console.log(
      `${run.nodes} node(s): ${run.sockets} sockets at ${run.tables} tables seated in ${run.rampS.toFixed(1)} s ` +
        `(${run.failedTables} tables failed); nodes' RSS ${run.idleRss.toFixed(0)} -> ${run.seatedRss.toFixed(0)} MB: ` +
        `${fixed(kb, 1)} KB per connection; tables owned/links: ${run.owned}`,
    );
    const counts = run.phases
      .map((p) => `${p.name} ${p.actions} actions (${fixed(rate(p))}/s on average), ${p.samples.length} timed`)
      .join("; ");
    console.log(`  ${counts}`);
    const loops = run.phases.map((p) => `${p.name} ${fixed(p.clientLoopP99Ms)}`).join(", ");
    console.log(`  client threads' event-loop delay p99 (ms): ${loops}`);
    const pauses = run.phases.flatMap(({ name, nodePauses: f }) =>
      f
        ? [
            `${name} ${f.loopStalls} (${fixed(f.loopStallMs)} ms in all: ${fixed(f.loopStallRunMs)} running, ` +
              `${fixed(f.loopStallWaitMs)} waiting for a core), GC ${f.gcPauses} pauses of ` +
              `${fixed(f.gcPauseMs)} ms in all, ${f.gcLongPauses} of them >= ${STALL_MS} ms`,
          ]
        : [],
    );
    const last = run.phases.at(-1)?.nodePauses;
    if (pauses.length > 0 && last) {
      console.log(`  nodes' event loop held >= ${STALL_MS} ms: ${pauses.join("; ")}`);
      console.log(
        `  longest in the run: loop held ${fixed(last.loopMaxMs)} ms, GC pause ${fixed(last.gcMaxMs)} ms (nodes' /healthz)`,
      );
    }
    for (const p of run.phases) {
      const codes = Object.entries(p.errors).map(([c, n]) => `${c} x${n}`);
      if (codes.length > 0) console.log(`  ${p.name} errors: ${codes.join(", ")}`);
    }
    if (run.problems.length > 0) {
      console.log(
        `  the nodes logged ${run.problems.length} warnings/errors, the first: ${run.problems.slice(0, 3).join(" | ")}`,
      );
    }
  }
  const burst = (nodes: number) => runs.find((r) => r.nodes === nodes)?.phases.find((p) => p.name === "burst");
  const [one, two] = [burst(1), burst(2)];
  if (one && two) {
    console.log(
      `\nratios 2 nodes : 1 node (burst): actions/s ${fixed(medianRate(two) / medianRate(one), 2)}, p50 ` +
        `${fixed(pct(two.samples, 50) / pct(one.samples, 50), 2)}, p99 ${fixed(pct(two.samples, 99) / pct(one.samples, 99), 2)}, ` +
        `node CPU per action ${fixed(costs(two).nodes! / costs(one).nodes!, 2)}`,
    );
  }
  console.log("\nwhere the next limit is (burst phase, CPU ms per action; actions/s at which one core of it is full):");
  console.log(
    "  (a PostgreSQL started here runs with the tests' fsync=off and synchronous_commit=off: a commit costs CPU, no " +
      "disk flush; the commits per action say how many flushes a durable one would need)",
  );
  const cores = cpus().length;
  for (const run of runs) {
    const p = run.phases.find((x) => x.name === "burst");
    if (!p) continue;
    const c = costs(p);
    const total = [...p.cpuPct].filter(([role]) => !MACHINE.has(role)).reduce((a, [, v]) => a + v, 0);
    const machine = p.cpuPct.get("machine") ?? total;
    const ceiling = (ms: number | undefined, processes = 1) =>
      ms && Number.isFinite(ms) ? fixed((processes * 1000) / ms) : "-";
    console.log(
      `  ${run.nodes} node(s): CPU ${fixed(total)}% of ${cores * 100}% (other programs: ${fixed(Math.max(0, machine - total))}%); per action: nodes ${fixed(c.nodes, 2)} ms ` +
        `(${run.nodes} node core(s) full at ~${ceiling(c.nodes, run.nodes)} actions/s), PostgreSQL ${fixed(c.postgres, 2)} ms ` +
        `(~${ceiling(c.postgres)}/s per core; ${fixed((p.commitsPerS ?? NaN) / rate(p), 2)} commits), Redis ` +
        `${fixed(c.redis, 2)} ms (~${ceiling(c.redis)}/s: one thread; ${fixed((p.redisPerS ?? NaN) / rate(p), 2)} commands), ` +
        `clients ${fixed(c.clients, 2)} ms`,
    );
    const shares = Object.entries({ nodes: nodeCpu(p), ...Object.fromEntries(p.cpuPct) })
      .filter(([role]) => (!role.startsWith("node") || role === "nodes") && !MACHINE.has(role))
      .sort((a, b) => b[1] - a[1]);
    const bound = machine >= cores * 100 * 0.85 ? `the machine's ${cores} cores are full` : "the cores are not full";
    console.log(`    ${bound}; biggest users: ${shares.map(([role, v]) => `${role} ${fixed(v)}%`).join(", ")}`);
    if (p.clientElu.some((elu) => elu > 0.8)) {
      console.log(
        "    a client thread was busy over 80% of the time: the clients may hold the figures down (CLIENT_WORKERS)",
      );
    }
  }
}

/**
 * Cluster load benchmark (`npm run bench:cluster`): PostgreSQL, Redis and N server nodes on 127.0.0.1 (the cluster
 * harness; by default one run with 1 node, then one with 2), or a running cluster (CLUSTER_URLS: the nodes' own
 * addresses). TABLES tables of SOCKETS/TABLES people, each person on a WebSocket of their own; seat i of table t
 * connects to node (t + i) mod N, so with two nodes every table has players on both. With route hints (BENCH_ROUTE,
 * on by default) the nodes tell a seat whose table runs elsewhere where it runs, and the seat comes back there while
 * being seated, as the entry of `npm run cluster` routes it; with BENCH_ROUTE=0 every seat stays where it connected. The clients run in CLIENT_WORKERS worker
 * threads (all seats of a table in one thread: one clock per measurement).
 *
 * Phases: ramp (open and seat everyone), warm-up (the matches start), human pace for SECONDS (a seat acts 1-3 s
 * after its turn came), then a burst for BURST_SECONDS (a seat acts as soon as its turn comes, but never more than
 * 4 frames a second: the server allows 100 per 20 s per connection). Reported per phase: actions a second, the time
 * from an action sent until every seat of its table has the update (p50/p95/p99/max), error frames and closes, the
 * CPU of every process (nodes, PostgreSQL, Redis, the clients, all programs), PostgreSQL commits and Redis commands
 * a second, how often the nodes' event loops were held 50 ms or more and their GC pauses (their /healthz counters);
 * per run the memory per connection (the nodes' RSS after seating everyone minus before, over the sockets).
 *
 * Environment (defaults): SOCKETS (10000), TABLES (2500), SECONDS (60), BURST_SECONDS (SECONDS/2, at least 10),
 * WARMUP_SECONDS (5), NODES ("1,2"), BENCH_ROUTE (1), CLIENT_WORKERS (2), RAMP_BATCH (25 tables at once per thread), HUMAN_MS
 * ("1000,3000"), BURST_MS ("0,0"), ROUND_PAUSE_MS (1500), TIME_LIMIT_S (1200: then everything is stopped),
 * BENCH_ENTRY (dist; "source" runs the nodes through tsx), CLUSTER_URLS with DATABASE_URL and REDIS_URL (their
 * figures) to measure a cluster that runs already.
 *
 *   npm run bench:cluster                                     # 10,000 sockets, 2,500 tables, 1 node then 2
 *   SOCKETS=400 TABLES=100 SECONDS=20 NODES=1 npm run bench:cluster
 *   CLUSTER_URLS=http://127.0.0.1:9001,http://127.0.0.1:9002 DATABASE_URL=... REDIS_URL=... npm run bench:cluster
 */
import { readFileSync } from "node:fs";
import { cpus } from "node:os";
import { Worker } from "node:worker_threads";
import type { ClientsData, FromClients, Pace, PhaseFigures, ToClients } from "./cluster-clients.js";
import type { PauseFigures } from "../src/pauses.js";
import {
  type Cluster,
  nodePauses,
  ownedTables,
  ServiceProbe,
  type ServiceCounters,
  reuseCluster,
  startCluster,
  treeCpuS,
} from "./cluster-infra.js";
import { type RunResult, type PhaseResult, printSummary } from "./cluster-report.js";
import { procStats } from "./load-client.js";

const env = process.env;
const number = (name: string, fallback: number): number => {
  const value = Number(env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number, not "${env[name]}"`);
  return value;
};
const SOCKETS = number("SOCKETS", 10_000);
const TABLES = number("TABLES", 2_500);
const SEATS = Math.max(2, Math.round(SOCKETS / Math.max(1, TABLES)));
const SECONDS = number("SECONDS", 60);
const BURST_SECONDS = number("BURST_SECONDS", Math.max(10, Math.round(SECONDS / 2)));
const WARMUP_SECONDS = number("WARMUP_SECONDS", 5);
/** Think times in ms, "low,high": human pace 1-3 s; the burst acts at once (a range such as 300,700 is a gentler one). */
const range = (name: string, fallback: string): [number, number] => {
  const [low, high] = (env[name] ?? fallback).split(",").map(Number);
  if (!Number.isFinite(low) || !Number.isFinite(high) || low! < 0 || high! < low!) {
    throw new Error(`${name} must be "low,high" in ms, not "${env[name]}"`);
  }
  return [low!, high!];
};
const HUMAN_MS = range("HUMAN_MS", "1000,3000");
const BURST_MS = range("BURST_MS", "0,0");
/** Tables each client thread opens at once while ramping up. */
const RAMP_BATCH = Math.max(1, number("RAMP_BATCH", 25));
const WORKERS = Math.max(1, number("CLIENT_WORKERS", 2));
const TIME_LIMIT_S = number("TIME_LIMIT_S", 1_200);
const CLUSTER_URLS = (env.CLUSTER_URLS ?? "").split(",").filter((u) => u.trim() !== "");
const NODES = CLUSTER_URLS.length > 0 ? [CLUSTER_URLS.length] : (env.NODES ?? "1,2").split(",").map(Number);
/** BENCH_ENTRY=source runs the nodes from the TypeScript sources (tsx) instead of the build. */
const ENTRY = env.BENCH_ENTRY === "source" ? "source" : "dist";
/**
 * BENCH_ROUTE=1 (the default): the nodes give route hints and a seat whose table runs on another node comes back
 * there, as `npm run cluster`'s entry routes it; 0: every seat stays where it connected (half the commands of two
 * nodes take the Redis hop).
 */
const ROUTE = (env.BENCH_ROUTE ?? "1") !== "0";
/** The nodes' settings for the run (started nodes only). */
const NODE_ENV = {
  LOG_LEVEL: "warn",
  STATS_INTERVAL_MS: "0",
  ROUND_PAUSE_MS: String(number("ROUND_PAUSE_MS", 1500)),
  ...(ROUTE ? { ROUTE_HINTS: "1" } : {}),
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** What the running configuration started, stopped last first (clients, probes, then the cluster). */
const stopAll: (() => Promise<void>)[] = [];
async function stopEverything(): Promise<void> {
  for (const stop of stopAll.splice(0).toReversed()) {
    await stop().catch((cause: unknown) => console.error(`bench:cluster: stopping: ${String(cause)}`));
  }
}
const results: RunResult[] = [];

/** CPU seconds so far of each watched process, and of this process (all client threads). */
function cpuNow(cluster: Cluster): Map<string, number> {
  const cpu = new Map<string, number>();
  for (const [role, pid] of cluster.pids) {
    try {
      cpu.set(role, role === "postgres" ? treeCpuS(pid) : procStats(pid).cpuS);
    } catch {
      // the process is gone: no figure
    }
  }
  cpu.set("clients", procStats(process.pid).cpuS);
  // Every program's: /proc/stat's first line holds the machine's ticks (user, nice, system, idle, iowait, ...).
  const ticks = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  cpu.set("machine", (ticks.reduce((a, b) => a + b, 0) - ticks[3]! - ticks[4]!) / 100);
  // Of which the hypervisor's ("steal": time this virtual machine was ready to run but had no real core).
  cpu.set("steal", (ticks[7] ?? 0) / 100);
  return cpu;
}

function rssOfNodes(cluster: Cluster): number {
  let total = 0;
  for (const [role, pid] of cluster.pids) if (role.startsWith("node")) total += procStats(pid).rssMb;
  return total;
}

/** A worker thread does not inherit the TypeScript loader of `--import tsx`: it registers it itself. */
const CLIENTS_BOOT = `import(${JSON.stringify(import.meta.resolve("tsx/esm/api"))}).then(({ register }) => {
  register();
  return import(${JSON.stringify(new URL("./cluster-clients.ts", import.meta.url).href)});
});`;

class Clients {
  private readonly workers: Worker[] = [];
  private readonly inbox: FromClients[][] = [];
  private readonly wakers: (() => void)[] = [];
  private stopping: Promise<PhaseFigures[]> | null = null;
  private failure: Error | null = null;

  constructor(urls: readonly string[], nodeIds: readonly string[]) {
    const per = Math.ceil(TABLES / WORKERS);
    const nodeUrls = ROUTE ? Object.fromEntries(nodeIds.map((id, i) => [id, urls[i]!])) : null;
    for (let w = 0; w < WORKERS; w++) {
      const first = w * per;
      const data: ClientsData = {
        urls,
        nodeUrls,
        first,
        tables: Math.max(0, Math.min(per, TABLES - first)),
        seats: SEATS,
        humanMs: HUMAN_MS,
        burstMs: BURST_MS,
        minGapMs: 250,
        rampBatch: RAMP_BATCH,
      };
      const worker = new Worker(CLIENTS_BOOT, { eval: true, workerData: data });
      this.inbox.push([]);
      worker.on("message", (m: FromClients) => {
        this.inbox[w]!.push(m);
        this.wakers.splice(0).forEach((wake) => wake());
      });
      worker.on("error", (cause) => {
        this.failure ??= new Error(`client worker ${w}: ${cause.message}`, { cause });
        this.wakers.splice(0).forEach((wake) => wake());
      });
      this.workers.push(worker);
    }
  }

  /** The next message of the given type from every worker. */
  async collect<T extends FromClients["type"]>(type: T): Promise<Extract<FromClients, { type: T }>[]> {
    const found: Extract<FromClients, { type: T }>[] = [];
    for (let w = 0; w < this.workers.length; w++) {
      for (;;) {
        if (this.failure) throw this.failure;
        const i = this.inbox[w]!.findIndex((m) => m.type === type);
        if (i >= 0) {
          found.push(this.inbox[w]!.splice(i, 1)[0] as Extract<FromClients, { type: T }>);
          break;
        }
        await new Promise<void>((wake) => this.wakers.push(wake));
      }
    }
    return found;
  }

  tell(message: ToClients): void {
    // A worker's postMessage has no target origin (it is not a window).
    // oxlint-disable-next-line unicorn/require-post-message-target-origin
    for (const worker of this.workers) worker.postMessage(message);
  }

  /** Stops every client (once; later calls get the same answer): the running phase's figures. */
  stop(): Promise<PhaseFigures[]> {
    this.stopping ??= (async () => {
      this.tell({ type: "stop" });
      const last = await Promise.race([this.collect("phaseDone"), sleep(10_000).then(() => [])]);
      await Promise.race([this.collect("stopped"), sleep(5_000)]);
      await Promise.all(this.workers.map((w) => w.terminate()));
      return last;
    })();
    return this.stopping;
  }
}

/** The counters' growth over a phase; the maxima stay those since the start. */
function pauseDelta(before: PauseFigures | null, after: PauseFigures | null): PauseFigures | null {
  if (!before || !after) return null;
  const grown = (key: keyof PauseFigures) => Math.round((after[key] - before[key]) * 10) / 10;
  return {
    loopStalls: grown("loopStalls"),
    loopStallMs: grown("loopStallMs"),
    loopMaxMs: after.loopMaxMs,
    loopStallRunMs: grown("loopStallRunMs"),
    loopStallWaitMs: grown("loopStallWaitMs"),
    gcPauses: grown("gcPauses"),
    gcPauseMs: grown("gcPauseMs"),
    gcLongPauses: grown("gcLongPauses"),
    gcMaxMs: after.gcMaxMs,
  };
}

function phaseResult(
  name: string,
  seconds: number,
  figures: PhaseFigures[],
  cpu: [Map<string, number>, Map<string, number>],
  services: [ServiceCounters, ServiceCounters],
  pauses: [PauseFigures | null, PauseFigures | null],
): PhaseResult {
  const samples = figures.flatMap((f) => [...f.samples]);
  const errors: Record<string, number> = {};
  for (const f of figures) for (const [code, n] of Object.entries(f.errors)) errors[code] = (errors[code] ?? 0) + n;
  const cpuPct = new Map<string, number>();
  for (const [role, after] of cpu[1]) {
    const before = cpu[0].get(role);
    if (before !== undefined) cpuPct.set(role, ((after - before) / seconds) * 100);
  }
  const [s0, s1] = services;
  if (s0.redisCpuS !== null && s1.redisCpuS !== null)
    cpuPct.set("redis", ((s1.redisCpuS - s0.redisCpuS) / seconds) * 100);
  const rate = (a: number | null, b: number | null) => (a === null || b === null ? null : (b - a) / seconds);
  return {
    name,
    seconds,
    actions: figures.reduce((n, f) => n + f.actions, 0),
    // The threads' seconds side by side (they began the phase within a moment of each other).
    perSecond: Array.from({ length: Math.min(...figures.map((f) => f.perSecond.length)) }, (_, i) =>
      figures.reduce((n, f) => n + f.perSecond[i]!, 0),
    ),
    samples,
    errors,
    closes: figures.reduce((n, f) => n + f.closes, 0),
    cpuPct,
    commitsPerS: rate(s0.commits, s1.commits),
    redisPerS: rate(s0.redisCommands, s1.redisCommands),
    clientElu: figures.map((f) => f.elu),
    clientLoopP99Ms: Math.max(0, ...figures.map((f) => f.loopP99Ms)),
    nodePauses: pauseDelta(pauses[0], pauses[1]),
  };
}

async function run(nodes: number): Promise<RunResult | null> {
  const cluster =
    CLUSTER_URLS.length > 0 ? await reuseCluster(CLUSTER_URLS, env) : await startCluster(nodes, NODE_ENV, ENTRY);
  stopAll.push(() => cluster.stop());
  try {
    if (nodes > 1 && cluster.nodeIds.includes("single")) {
      console.log(`${nodes} nodes: the server has no cluster mode yet (/healthz says "single"): skipped`);
      return null;
    }
    console.log(`${nodes} node(s) ${cluster.nodeIds.join(", ")} at ${cluster.urls.join(" ")}`);
    const probe = new ServiceProbe(cluster);
    await probe.open();
    stopAll.push(() => probe.close());
    await sleep(1000);
    const idleRss = rssOfNodes(cluster);
    const rampStart = performance.now();
    const clients = new Clients(cluster.urls, cluster.nodeIds);
    stopAll.push(async () => void (await clients.stop()));
    const ramped = await clients.collect("ramped");
    const rampS = (performance.now() - rampStart) / 1000;
    const opened = ramped.reduce((n, r) => n + r.tables, 0);
    const failed = ramped.reduce((n, r) => n + r.failed, 0);
    const moved = ramped.reduce((n, r) => n + r.moved, 0);
    const sockets = opened * SEATS;
    const seatedRss = rssOfNodes(cluster);
    const owned = await ownedTables(cluster.urls);
    console.log(
      `  ramp: ${sockets} sockets at ${opened} tables in ${rampS.toFixed(1)} s (${failed} tables failed` +
        `${failed > 0 ? `: ${ramped.find((r) => r.firstError)?.firstError}` : ""}); ${moved} seats moved to their ` +
        `table's node (route hints ${ROUTE ? "on" : "off"}); nodes' RSS ${idleRss.toFixed(0)} -> ` +
        `${seatedRss.toFixed(0)} MB; tables owned and links: ${owned}`,
    );
    const phases: PhaseResult[] = [];
    const plan: [string, Pace, number][] = [
      ["warm-up", "human", WARMUP_SECONDS],
      ["human", "human", SECONDS],
      ["burst", "burst", BURST_SECONDS],
    ];
    let cpu = cpuNow(cluster);
    let services = await probe.read();
    let pauses = await nodePauses(cluster.urls);
    let started = performance.now();
    for (let i = 0; i <= plan.length; i++) {
      const next = plan[i];
      if (next) clients.tell({ type: "phase", phase: next[0], pace: next[1] });
      const figures = next ? await clients.collect("phaseDone") : await clients.stop();
      const [cpuAfter, servicesAfter, pausesAfter] = [
        cpuNow(cluster),
        await probe.read(),
        await nodePauses(cluster.urls),
      ];
      const seconds = (performance.now() - started) / 1000;
      if (i > 0) {
        const result = phaseResult(
          plan[i - 1]![0],
          seconds,
          figures,
          [cpu, cpuAfter],
          [services, servicesAfter],
          [pauses, pausesAfter],
        );
        phases.push(result);
        console.log(
          `  ${result.name}: ${(result.actions / seconds).toFixed(0)} actions/s over ${seconds.toFixed(0)} s`,
        );
      }
      [cpu, services, pauses, started] = [cpuAfter, servicesAfter, pausesAfter, performance.now()];
      if (next) await sleep(next[2] * 1000);
    }
    const problems = cluster.logProblems();
    const result = { nodes, sockets, tables: opened, failedTables: failed, rampS, idleRss, seatedRss, owned };
    return { ...result, phases, problems };
  } finally {
    await stopEverything();
  }
}

async function main(): Promise<void> {
  console.log(
    `bench:cluster: ${TABLES} tables x ${SEATS} = ${TABLES * SEATS} sockets; nodes ${NODES.join(" then ")}; ` +
      `${WORKERS} client threads; ${cpus().length} cores; warm-up ${WARMUP_SECONDS} s, human ${SECONDS} s, ` +
      `burst ${BURST_SECONDS} s; time limit ${TIME_LIMIT_S} s`,
  );
  const limit = setTimeout(() => {
    console.error(`bench:cluster: time limit of ${TIME_LIMIT_S} s reached: stopping everything`);
    void stopEverything().then(() => {
      printSummary(results, SEATS, BURST_MS[1] === 0);
      process.exit(1);
    });
  }, TIME_LIMIT_S * 1000);
  for (const nodes of NODES) {
    const result = await run(nodes);
    if (result) results.push(result);
  }
  clearTimeout(limit);
  printSummary(results, SEATS, BURST_MS[1] === 0);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void stopEverything().then(() => process.exit(130)));
}
await main();
process.exitCode = results.length > 0 ? 0 : 1;

/**
 * The cluster under `npm run bench:cluster`: PostgreSQL and Redis started for the run, N server nodes (built
 * server, `STORE=postgres` with `NODE_ID` and `REDIS_URL`) on free ports of 127.0.0.1, each logging to a file; or
 * a running cluster reused by its nodes' addresses (CLUSTER_URLS). Also the figures the bench samples: the /proc
 * figures of every process involved (found by the ports they listen on), PostgreSQL's commits and Redis's commands.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import pg from "pg";
import { health as healthOf, startCluster as startHarness } from "../test/cluster-harness.js";
import { startPostgres, startRedis } from "../test/local-services.js";
import type { PauseFigures } from "../src/pauses.js";
import { LIFTED_LIMITS_ENV, procStats } from "./load-client.js";

export interface Cluster {
  readonly urls: readonly string[];
  /** What `/healthz` says each node is ("single" when the server runs without cluster mode). */
  readonly nodeIds: readonly string[];
  /** The processes to watch, by role ("node1", "node2", "postgres", "redis"); missing when not on this machine. */
  readonly pids: ReadonlyMap<string, number>;
  readonly databaseUrl: string | null;
  readonly redisUrl: string | null;
  /** Warnings and errors the nodes logged (only for nodes started here). */
  logProblems(): string[];
  stop(): Promise<void>;
}

/** The pid of the process listening on a TCP port of this machine (null when none can be seen). */
export function pidListeningOn(port: number): number | null {
  const hex = port.toString(16).toUpperCase().padStart(4, "0");
  const inodes = new Set<string>();
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[1]?.endsWith(`:${hex}`) && cols[3] === "0A") inodes.add(`socket:[${cols[9]}]`);
    }
  }
  if (inodes.size === 0) return null;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (inodes.has(readlinkSync(`/proc/${entry}/fd/${fd}`))) return Number(entry);
      } catch {
        // gone meanwhile
      }
    }
  }
  return null;
}

/** CPU seconds of a process and its children (PostgreSQL works in one process per connection). */
export function treeCpuS(pid: number): number {
  let total = 0;
  const own = procStats(pid);
  total += own.cpuS + own.childCpuS;
  let children: string[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
  } catch {
    children = [];
  }
  for (const child of children) {
    try {
      total += procStats(Number(child)).cpuS;
    } catch {
      // exited meanwhile (its time is in the parent's children figure once waited for)
    }
  }
  return total;
}

/** What /healthz says of how long each node stood still (pauses.ts), summed over the nodes; null when one is silent. */
export async function nodePauses(urls: readonly string[]): Promise<PauseFigures | null> {
  const answers = await Promise.all(urls.map((url) => healthOf(url, 5000)));
  let sum: Record<keyof PauseFigures, number> | null = null;
  for (const answer of answers) {
    const figures = answer as unknown as Partial<PauseFigures> | null;
    if (figures?.loopStalls === undefined) return null;
    const own = figures as PauseFigures;
    if (sum === null) sum = { ...own };
    else {
      for (const key of Object.keys(sum) as (keyof PauseFigures)[]) {
        sum[key] = key.endsWith("MaxMs") ? Math.max(sum[key], own[key]) : sum[key] + own[key];
      }
    }
  }
  return sum;
}

/** What each node's /healthz says it owns now and its sockets' links to other nodes: "a 1250/0, b 1250/0". */
export async function ownedTables(urls: readonly string[]): Promise<string> {
  const answers = await Promise.all(urls.map((url) => healthOf(url, 5000)));
  return answers.map((a, i) => (a ? `${a.node} ${a.tables}/${a.links ?? 0}` : `${urls[i]} ?`)).join(", ");
}

const portOf = (url: string | null): number | null => (url ? Number(new URL(url).port) || null : null);

/** A cluster already running (CLUSTER_URLS): nothing is started or stopped; DATABASE_URL/REDIS_URL add their figures. */
export async function reuseCluster(urls: readonly string[], env: NodeJS.ProcessEnv): Promise<Cluster> {
  const nodeIds: string[] = [];
  const pids = new Map<string, number>();
  for (const url of urls) {
    const answer = await healthOf(url, 5000);
    if (answer === null) throw new Error(`${url}/healthz does not answer`);
    nodeIds.push(answer.node ?? "single");
    const pid = pidListeningOn(portOf(url) ?? 0);
    if (pid !== null) pids.set(`node${nodeIds.length}`, pid);
  }
  const databaseUrl = env.DATABASE_URL ?? null;
  const redisUrl = env.REDIS_URL ?? null;
  for (const [role, url] of [
    ["postgres", databaseUrl],
    ["redis", redisUrl],
  ] as const) {
    const pid = pidListeningOn(portOf(url) ?? 0);
    if (pid !== null) pids.set(role, pid);
  }
  return { urls, nodeIds, pids, databaseUrl, redisUrl, logProblems: () => [], stop: async () => {} };
}

/** PostgreSQL, Redis and `nodes` server nodes (the cluster harness, built server), all stopped by `stop()`. */
export async function startCluster(
  nodes: number,
  nodeEnv: Record<string, string>,
  entry: "dist" | "source" = "dist",
): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), "schwimmen-bench-cluster-"));
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const step of stops.splice(0).toReversed()) await step().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const postgres = await startPostgres();
    stops.push(() => postgres.stop());
    const redis = await startRedis();
    stops.push(() => redis.stop());
    const databaseUrl = await postgres.createDatabase("bench");
    const cluster = await startHarness({
      databaseUrl,
      redisUrl: redis.url,
      nodes,
      entry,
      env: { ...LIFTED_LIMITS_ENV, ...nodeEnv },
      logDir: dir,
    });
    stops.push(() => cluster.stop());
    const pids = new Map<string, number>();
    const pgPid = pidListeningOn(portOf(databaseUrl) ?? 0);
    if (pgPid !== null) pids.set("postgres", pgPid);
    pids.set("redis", redis.pid);
    const nodeIds: string[] = [];
    for (const node of cluster.nodes) {
      nodeIds.push((await node.health())?.node ?? "single");
      if (node.pid !== null) pids.set(`node${nodeIds.length}`, node.pid);
    }
    const logProblems = () =>
      cluster.nodes.flatMap((node) => {
        const file = join(dir, `node-${node.id}.log`);
        const text = existsSync(file) ? readFileSync(file, "utf8") : node.output();
        return text
          .split("\n")
          .filter((line) => /"level":[4-6]\d/.test(line) || (line !== "" && !line.startsWith("{")))
          .map((line) => `node ${node.id}: ${line.slice(0, 300)}`);
      });
    const urls = cluster.nodes.map((node) => node.url);
    return { urls, nodeIds, pids, databaseUrl, redisUrl: redis.url, logProblems, stop };
  } catch (cause) {
    await stop();
    throw cause;
  }
}

/** Counters of the shared services, read before and after each phase. */
export interface ServiceCounters {
  /** Transactions committed in PostgreSQL (all databases). */
  readonly commits: number | null;
  /** Commands Redis processed (publishes included) and its own CPU seconds. */
  readonly redisCommands: number | null;
  readonly redisCpuS: number | null;
}

export class ServiceProbe {
  private readonly pgClient: pg.Client | null;
  private readonly redis: Redis | null;

  constructor(cluster: Cluster) {
    this.pgClient = cluster.databaseUrl ? new pg.Client({ connectionString: cluster.databaseUrl }) : null;
    this.redis = cluster.redisUrl ? new Redis(cluster.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 }) : null;
  }

  async open(): Promise<void> {
    await this.pgClient?.connect();
    await this.redis?.connect();
  }

  async read(): Promise<ServiceCounters> {
    let commits: number | null = null;
    if (this.pgClient) {
      const result = await this.pgClient.query<{ n: string }>(
        "SELECT sum(xact_commit)::text AS n FROM pg_stat_database",
      );
      commits = Number(result.rows[0]?.n ?? NaN);
    }
    let redisCommands: number | null = null;
    let redisCpuS: number | null = null;
    if (this.redis) {
      const info = await this.redis.info();
      const field = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, "m").exec(info)?.[1] ?? NaN);
      redisCommands = field("total_commands_processed");
      redisCpuS = field("used_cpu_user") + field("used_cpu_sys");
    }
    return { commits, redisCommands, redisCpuS };
  }

  async close(): Promise<void> {
    await this.pgClient?.end();
    this.redis?.disconnect();
  }
}

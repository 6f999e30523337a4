/**
 * A cluster of real server processes on one PostgreSQL and one Redis (local-services.ts), HAProxy in front when
 * asked: for the failover tests, the cluster benchmark and `npm run cluster`. Each node is `node .../main.js` (or
 * main.ts through tsx, so tests run the sources) with STORE=postgres, DATABASE_URL, NODE_ID, REDIS_URL and PORT; a
 * node keeps its port across restarts, so the proxy and the clients find it again. Kill -9, SIGSTOP/SIGCONT and
 * restarts are the tests' tools. No vitest in here.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { type WriteStream, createWriteStream } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { type ProxyServer, freePort, startHaproxy, waitUntil, watchdog } from "./local-services.js";

export const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** What a node's `GET /healthz` says. */
export interface NodeHealth {
  readonly ok: boolean;
  readonly node: string;
  readonly store: string;
  readonly tables: number;
  /** Sockets on this node that follow a table on another node. */
  readonly links?: number;
  /** Its open WebSockets. */
  readonly connections?: number;
}

export interface NodeSettings {
  readonly id: string;
  readonly port: number;
  /** Everything the process gets besides the inherited environment. */
  readonly env: Readonly<Record<string, string>>;
  /** "source": src/main.ts through tsx (tests); "dist": the built dist/main.js (`npm run cluster`, benchmarks). */
  readonly entry: "source" | "dist";
  /** Where its output goes (appended); without one the last lines are kept in memory for error messages. */
  readonly logFile?: string;
}

/** GET /healthz of a node: its answer, or null when it does not answer 200 within `timeoutMs`. */
export async function health(url: string, timeoutMs = 1000): Promise<NodeHealth | null> {
  try {
    const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(timeoutMs) });
    if (res.status !== 200) return null;
    return (await res.json()) as NodeHealth;
  } catch {
    return null;
  }
}

/** One server process: started, killed, paused and restarted on the same port. */
export class NodeProcess {
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  private readonly lines: string[] = [];
  private log: WriteStream | null = null;
  /** Told when the process ends, however (a crash, a kill, a stop). */
  onExit: ((code: number | null, signal: NodeJS.Signals | null) => void) | null = null;

  constructor(readonly settings: NodeSettings) {}

  get id(): string {
    return this.settings.id;
  }
  get port(): number {
    return this.settings.port;
  }
  get url(): string {
    return `http://127.0.0.1:${this.settings.port}`;
  }
  /** The running process's id, or null. */
  get pid(): number | null {
    return this.running ? (this.child?.pid ?? null) : null;
  }
  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The last lines the node wrote (when it has no log file). */
  output(): string {
    return this.lines.join("\n");
  }

  /** Starts the process and waits until its /healthz answers 200. */
  async start(timeoutMs = 30_000): Promise<void> {
    if (this.running) throw new Error(`node ${this.id} is running already`);
    const { entry, env, logFile } = this.settings;
    const args =
      entry === "source"
        ? ["--import", "tsx", "--conditions=source", join(ROOT, "packages/server/src/main.ts")]
        : [join(ROOT, "packages/server/dist/main.js")];
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, ...env, NODE_ID: this.id, PORT: String(this.port), HOST: "127.0.0.1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    const guard = watchdog(`kill -9 ${child.pid}`);
    this.exited = new Promise((resolve) =>
      child.once("exit", (code, signal) => {
        guard.cancel();
        this.onExit?.(code, signal);
        resolve();
      }),
    );
    if (logFile) this.log ??= createWriteStream(logFile, { flags: "a" });
    const keep = (data: Buffer) => {
      if (this.log) return void this.log.write(data);
      this.lines.push(...data.toString().trimEnd().split("\n"));
      if (this.lines.length > 200) this.lines.splice(0, this.lines.length - 200);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    await this.waitHealthy(timeoutMs);
  }

  /** Waits until /healthz answers 200; fails at once when the process ended. */
  async waitHealthy(timeoutMs = 30_000): Promise<NodeHealth> {
    let last: NodeHealth | null = null;
    await waitUntil(
      `node ${this.id} healthy on port ${this.port}`,
      async () => {
        if (!this.running) throw new Error(`node ${this.id} exited: ${this.output().slice(-600)}`);
        last = await health(this.url);
        return last !== null;
      },
      timeoutMs,
    );
    return last!;
  }

  /** What /healthz says now (null when it does not answer). */
  health(): Promise<NodeHealth | null> {
    return health(this.url);
  }

  private async signal(signal: NodeJS.Signals): Promise<void> {
    if (!this.running) return;
    this.child!.kill(signal);
    await this.exited;
  }

  /** kill -9, and waits until the process is gone. */
  kill(): Promise<void> {
    return this.signal("SIGKILL");
  }

  /** SIGSTOP: the process freezes (a long pause, a network split seen from the others). */
  pause(): void {
    if (this.running) this.child!.kill("SIGSTOP");
  }

  /** SIGCONT after a pause. */
  resume(): void {
    if (this.running) this.child!.kill("SIGCONT");
  }

  /** SIGTERM (a clean stop: the node gives its leases back), SIGKILL after `graceMs`. */
  async stop(graceMs = 10_000): Promise<void> {
    if (this.running) {
      this.child!.kill("SIGCONT");
      this.child!.kill("SIGTERM");
      const timer = setTimeout(() => this.child?.kill("SIGKILL"), graceMs);
      await this.exited;
      clearTimeout(timer);
    }
    this.log?.end();
    this.log = null;
  }

  /** kill -9 (when running) and start again on the same port. */
  async restart(timeoutMs = 30_000): Promise<void> {
    await this.kill();
    await this.start(timeoutMs);
  }
}

export interface ClusterOptions {
  readonly databaseUrl: string;
  readonly redisUrl: string;
  /** How many nodes (default 2), named a, b, c, ... */
  readonly nodes?: number;
  readonly entry?: "source" | "dist";
  /** Settings for every node (LEASE_TTL_MS, BOT_DELAY_MS, limits, LOG_LEVEL, ...). */
  readonly env?: Readonly<Record<string, string>>;
  /** HAProxy in front: true (a free port, checks every second), or its port and check interval. */
  readonly proxy?: boolean | { readonly port?: number; readonly checkEveryMs?: number };
  /** A folder for the nodes' log files (node-a.log, ...); without it the last lines are kept in memory. */
  readonly logDir?: string;
  /** Each node's port (default: free ones). */
  readonly ports?: readonly number[];
}

export interface Cluster {
  readonly nodes: readonly NodeProcess[];
  readonly proxy: ProxyServer | null;
  /** Where clients connect: the proxy, or the first node without one. */
  readonly url: string;
  node(id: string): NodeProcess;
  /** Stops the proxy, then every node (SIGTERM: leases given back). */
  stop(): Promise<void>;
}

export const nodeIds = (count: number) =>
  Array.from({ length: count }, (_, i) => (i < 26 ? String.fromCharCode(97 + i) : `n${i}`));

/** Starts the nodes (all at once: migrations take turns under a lock) and the proxy, and waits until all answer. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const ids = nodeIds(options.nodes ?? 2);
  const env = {
    STORE: "postgres",
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    STATS_INTERVAL_MS: "0",
    ...options.env,
  };
  const nodes: NodeProcess[] = [];
  for (const [i, id] of ids.entries()) {
    const port = options.ports?.[i] ?? (await freePort());
    const logFile = options.logDir === undefined ? undefined : join(options.logDir, `node-${id}.log`);
    nodes.push(new NodeProcess({ id, port, env, entry: options.entry ?? "source", ...(logFile ? { logFile } : {}) }));
  }
  let proxy: ProxyServer | null = null;
  const stop = async () => {
    await proxy?.stop();
    await Promise.all(nodes.map((n) => n.stop()));
  };
  try {
    await Promise.all(nodes.map((n) => n.start()));
    if (options.proxy) {
      const chosen = typeof options.proxy === "object" ? options.proxy : undefined;
      proxy = await startHaproxy({
        servers: nodes.map((n) => ({ name: n.id, port: n.port })),
        ...(chosen?.port ? { port: chosen.port } : {}),
        ...(chosen?.checkEveryMs ? { checkEveryMs: chosen.checkEveryMs } : {}),
      });
    }
  } catch (cause) {
    await stop();
    throw cause;
  }
  return {
    nodes,
    proxy,
    url: proxy?.url ?? nodes[0]!.url,
    node(id) {
      const found = nodes.find((n) => n.id === id);
      if (!found) throw new Error(`no node ${id}`);
      return found;
    },
    stop,
  };
}

export interface HeldLease {
  readonly code: string;
  readonly node: string;
  readonly epoch: number;
}

/** The leases that have not run out (by the database's clock): who owns which table right now. */
export async function liveLeases(db: pg.Pool | pg.Client): Promise<HeldLease[]> {
  const { rows } = await db.query<{ code: string; node: string; epoch: string }>(
    "SELECT code, node, epoch FROM table_leases WHERE expires_at > now() ORDER BY code",
  );
  return rows.map((r) => ({ code: r.code, node: r.node, epoch: Number(r.epoch) }));
}

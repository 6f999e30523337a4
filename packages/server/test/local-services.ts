/**
 * Throwaway PostgreSQL 15, Redis 7 and HAProxy for tests, benchmarks and `npm run cluster`: free ports on 127.0.0.1,
 * data under /tmp, stopped by `stop()`. No vitest in here (scripts use it too): pg-harness.ts and redis-harness.ts
 * wrap it for test files. A watchdog stops each service when the process that started it dies without stopping it
 * (a test run killed with -9), so none is ever left running. `scripts/ensure-postgres.sh` and
 * `scripts/ensure-redis.sh` (npm pretest) install the programs; without them starting fails with a clear message.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect, createServer } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const PG_BIN = "/usr/lib/postgresql/15/bin";
const REDIS_SERVER = "/usr/bin/redis-server";
const HAPROXY = "/usr/sbin/haproxy";
const run = promisify(execFile);
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("port"))));
    });
  });
}

/** Single quotes for sh. */
const quoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * Runs `cleanup` (sh) once this process is gone, unless cancelled first: the guard against services outliving a
 * test run that was killed. Its own process group, so cancelling takes its `sleep` along.
 */
export function watchdog(cleanup: string): { cancel(): void } {
  const script = `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; ${cleanup}`;
  const child = spawn("sh", ["-c", script], { detached: true, stdio: "ignore" });
  child.unref();
  let done = false;
  return {
    cancel() {
      if (done || child.pid === undefined) return;
      done = true;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    },
  };
}

/** Whether a process with this id still exists (a zombie of ours counts as gone once reaped). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits for `pid` to end: SIGTERM, then SIGKILL after `graceMs`. */
export async function endProcess(pid: number, graceMs = 5000): Promise<void> {
  try {
    process.kill(pid, "SIGTERM");
  } catch {
    return;
  }
  for (const until = Date.now() + graceMs; Date.now() < until; await sleep(20)) if (!alive(pid)) return;
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    return;
  }
  for (const until = Date.now() + 5000; Date.now() < until && alive(pid);) await sleep(20);
}

/** Polls `probe` until it says yes; throws `what` after `timeoutMs`. */
export async function waitUntil(what: string, probe: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  for (const until = Date.now() + timeoutMs; ; await sleep(50)) {
    if (await probe()) return;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms: ${what}`);
  }
}

/** The last lines of a log file, for an error message. */
const tail = (file: string) => {
  try {
    return readFileSync(file, "utf8").trim().split("\n").slice(-5).join(" | ");
  } catch {
    return "(no log)";
  }
};

// ---------------------------------------------------------------- PostgreSQL

export interface PgServer {
  /** The server's own `postgres` database (for administration). */
  readonly adminUrl: string;
  /** A new empty database on this server (test_1, test_2, ... unless named), and its URL. */
  createDatabase(name?: string): Promise<string>;
  /** Stops the server and deletes its data folder (idempotent). */
  stop(): Promise<void>;
}

/** PostgreSQL refuses root: its programs run as `postgres` when we are root. */
const asRoot = () => process.getuid?.() === 0;
const pgCommand = (tool: string, args: string[]): [string, string[]] =>
  asRoot() ? ["runuser", ["-u", "postgres", "--", join(PG_BIN, tool), ...args]] : [join(PG_BIN, tool), args];

/** Runs one of PostgreSQL's programs, bounded in time. */
async function pgTool(tool: string, args: string[], timeoutMs: number): Promise<void> {
  const [file, argv] = pgCommand(tool, args);
  try {
    await run(file, argv, { timeout: timeoutMs, killSignal: "SIGKILL" });
  } catch (cause) {
    const detail = (cause as { stderr?: string }).stderr?.trim() ?? "";
    throw new Error(`pg-harness: ${tool} failed: ${detail || String(cause)}`, { cause });
  }
}

/** A PostgreSQL 15 with fsync off on a free port (or `port`), data in a new folder under /tmp. */
export async function startPostgres(options: { port?: number } = {}): Promise<PgServer> {
  if (!existsSync(join(PG_BIN, "initdb"))) {
    throw new Error(
      `pg-harness: PostgreSQL 15 is not installed (${PG_BIN}/initdb missing); run scripts/ensure-postgres.sh`,
    );
  }
  const dir = mkdtempSync("/tmp/pg-");
  const data = join(dir, "data");
  if (asRoot()) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: gid } = await run("id", ["-g", "postgres"]);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const stopArgs = ["-D", data, "-m", "immediate", "-w", "-t", "20", "stop"];
  const guard = watchdog(`${pgCommand("pg_ctl", stopArgs).flat().map(quoted).join(" ")}; rm -rf ${quoted(dir)}`);
  let started = false;
  const stop = async (): Promise<void> => {
    if (started) {
      started = false;
      await pgTool("pg_ctl", stopArgs, 25_000).catch(() => {});
    }
    rmSync(dir, { recursive: true, force: true });
    guard.cancel();
  };
  try {
    await pgTool("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"], 60_000);
    const port = options.port ?? (await freePort());
    const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off`;
    started = true;
    await pgTool("pg_ctl", ["-D", data, "-l", join(dir, "log"), "-o", settings, "-w", "-t", "30", "start"], 35_000);
    const adminUrl = `postgresql://postgres@127.0.0.1:${port}/postgres`;
    let count = 0;
    const createDatabase = async (name = `test_${++count}`): Promise<string> => {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`pg-harness: bad database name ${name}`);
      const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return `postgresql://postgres@127.0.0.1:${port}/${name}`;
    };
    return { adminUrl, createDatabase, stop };
  } catch (cause) {
    await stop();
    throw cause;
  }
}

// ---------------------------------------------------------------- Redis

export interface RedisServer {
  readonly url: string;
  readonly port: number;
  /** The daemon's process id (from its pidfile). */
  readonly pid: number;
  /** Stops the server and deletes its folder (idempotent). */
  stop(): Promise<void>;
}

/** Whether a Redis answers PING on the port. */
function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.on("error", () => done(false));
    socket.on("connect", () => socket.write("PING\r\n"));
    socket.on("data", (data) => {
      answer += data.toString();
      if (answer.includes("\r\n")) done(answer.startsWith("+PONG"));
    });
  });
}

/** A Redis 7 without persistence, daemonized with its pidfile in a new folder under /tmp, on a free port. */
export async function startRedis(options: { port?: number } = {}): Promise<RedisServer> {
  if (!existsSync(REDIS_SERVER)) {
    throw new Error(`redis-harness: Redis is not installed (${REDIS_SERVER} missing); run scripts/ensure-redis.sh`);
  }
  const dir = mkdtempSync("/tmp/redis-");
  const pidfile = join(dir, "redis.pid");
  const log = join(dir, "redis.log");
  const guard = watchdog(`[ -f ${quoted(pidfile)} ] && kill -9 "$(cat ${quoted(pidfile)})"; rm -rf ${quoted(dir)}`);
  const readPid = () => (existsSync(pidfile) ? Number(readFileSync(pidfile, "utf8").trim()) : 0);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    const pid = readPid();
    if (pid > 0) await endProcess(pid);
    rmSync(dir, { recursive: true, force: true });
    guard.cancel();
  };
  try {
    const port = options.port ?? (await freePort());
    // The daemon forks and the first process returns at once; the pidfile and PING tell it is up.
    const args = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"];
    args.push("--daemonize", "yes", "--pidfile", pidfile, "--dir", dir, "--logfile", log);
    await run(REDIS_SERVER, args, { timeout: 10_000 });
    await waitUntil(`redis-server on port ${port} (${tail(log)})`, async () => readPid() > 0 && pong(port), 10_000);
    return { url: `redis://127.0.0.1:${port}`, port, pid: readPid(), stop };
  } catch (cause) {
    await stop();
    throw cause;
  }
}

// ---------------------------------------------------------------- HAProxy

export interface ProxyServer {
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  /** The configuration file (to read what it does). */
  readonly config: string;
  stop(): Promise<void>;
}

export interface ProxyOptions {
  /** Where it listens (a free port when not given). */
  readonly port?: number;
  /** The nodes behind it. */
  readonly servers: readonly { readonly name: string; readonly port: number }[];
  /** Health check interval per node (default 1000 ms); two failed checks in a row take a node out. */
  readonly checkEveryMs?: number;
  /** Connections at once (by default what the file descriptor limit allows; each takes two). */
  readonly maxconn?: number;
}

/**
 * The entry: HTTP and WebSockets round-robin over the nodes that answer `GET /healthz` with 200. A connection that
 * cannot reach its node is sent to another one; when a node is marked down, its sessions are closed, so the clients
 * reconnect to one that is up.
 */
export function haproxyConfig(port: number, options: ProxyOptions): string {
  const every = options.checkEveryMs ?? 1000;
  return [
    "global",
    // Without a maxconn HAProxy takes what the file descriptor limit allows.
    ...(options.maxconn === undefined ? [] : [`  maxconn ${options.maxconn}`]),
    "defaults",
    "  mode http",
    "  option redispatch",
    "  retries 3",
    // A node killed under a request: try the request (an upgrade has no body) again on another node.
    "  retry-on conn-failure empty-response response-timeout",
    "  timeout connect 2s",
    "  timeout client 1h",
    "  timeout server 1h",
    // An upgraded WebSocket is a tunnel: it may stay quiet for as long as the server's pings allow.
    "  timeout tunnel 1h",
    "  timeout http-request 10s",
    // The player's own address for the nodes' limits per address (believed only from a trusted proxy).
    "  option forwardfor",
    "frontend entry",
    `  bind 127.0.0.1:${port}`,
    "  default_backend nodes",
    "backend nodes",
    "  balance roundrobin",
    "  option httpchk",
    "  http-check send meth GET uri /healthz",
    "  http-check expect status 200",
    `  default-server inter ${every} fastinter ${Math.max(100, every / 2)} fall 2 rise 1 on-marked-down shutdown-sessions`,
    // `/ws?node=ID` goes to node ID while it is up (a client told where its table runs); else round-robin.
    ...options.servers.map((s) => `  use-server ${s.name} if { urlp(node) -m str ${s.name} }`),
    ...options.servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`),
    "",
  ].join("\n");
}

/** Whether something accepts TCP connections on the port. */
export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.setTimeout(1000, () => (socket.destroy(), resolve(false)));
    socket.on("error", () => resolve(false));
    socket.on("connect", () => (socket.destroy(), resolve(true)));
  });
}

/** HAProxy in the foreground as our child (its pid is the proxy's own), config and log in a folder under /tmp. */
export async function startHaproxy(options: ProxyOptions): Promise<ProxyServer> {
  if (!existsSync(HAPROXY)) {
    throw new Error(`cluster: HAProxy is not installed (${HAPROXY} missing); run scripts/ensure-redis.sh`);
  }
  const port = options.port ?? (await freePort());
  const dir = mkdtempSync("/tmp/haproxy-");
  const config = join(dir, "haproxy.cfg");
  writeFileSync(config, haproxyConfig(port, options));
  const output: string[] = [];
  const child: ChildProcess = spawn(HAPROXY, ["-db", "-f", config], { stdio: ["ignore", "pipe", "pipe"] });
  const keep = (data: Buffer) => output.push(...data.toString().trim().split("\n").slice(-20));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const pid = child.pid ?? 0;
  const guard = watchdog(`kill -9 ${pid}; rm -rf ${quoted(dir)}`);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await Promise.race([exited, sleep(5000).then(() => child.kill("SIGKILL"))]);
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
    guard.cancel();
  };
  try {
    await waitUntil(
      `haproxy on port ${port}`,
      async () => {
        if (child.exitCode !== null) throw new Error(`haproxy exited: ${output.slice(-5).join(" | ")}`);
        return listening(port);
      },
      10_000,
    );
  } catch (cause) {
    await stop();
    throw new Error(`cluster: haproxy did not start: ${output.slice(-5).join(" | ")}`, { cause });
  }
  return { url: `http://127.0.0.1:${port}`, port, pid, config, stop };
}

/**
 * Load benchmark (`npm run bench:server`): the built server in a child process on 127.0.0.1, and this process as
 * the load: TABLES tables of 4 human protocol clients (4 WebSockets each). Players act at human pace (a think time
 * of 1-3 s), then in a burst phase (default 0.3-0.7 s), then at human pace again. For every action it measures the
 * time until every seat of the table has the resulting update (one clock: all clients live in this process).
 *
 * Then the lobby phase (lobby-load.ts) on a fresh server: LOBBY_CLIENTS people ask for a quick match within LOBBY_S.
 *
 *   npm run bench:server -- --tables 500 --steady 30 --burst 15 --burst-think 300,700
 *   npm run bench:server -- --tables 0 --lobby-clients 2000 --lobby-seconds 60
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import {
  type BenchTable,
  LIFTED_LIMITS_ENV,
  type PlayHooks,
  freePort,
  ms,
  openTable,
  pct,
  procStats,
} from "./load-client.js";
import { lobbyPhase } from "./lobby-load.js";

const args = process.argv.slice(2);
const arg = (name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? Number(args[i + 1]) : fallback;
};
const TABLES = arg("tables", 500);
/** The lobby phase: quick-match requests within a minute (0 skips it); `--tables 0` runs only the lobby phase. */
const LOBBY_CLIENTS = arg("lobby-clients", 2000);
const LOBBY_S = arg("lobby-seconds", 60);
const SEATS = 4;
const STEADY_S = arg("steady", 30);
const BURST_S = arg("burst", 15);
const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

type Phase = "ramp" | "steady" | "burst" | "cooldown";
let phase: Phase = "ramp";
/** Think time in ms: human pace 1-3 s; the burst's range is an option (default 0.3-0.7 s: four times the pace). */
const [BURST_MIN, BURST_MAX] = (args.includes("--burst-think") ? args[args.indexOf("--burst-think") + 1]! : "300,700")
  .split(",")
  .map(Number) as [number, number];
const think = (): number =>
  phase === "burst" ? BURST_MIN + Math.random() * (BURST_MAX - BURST_MIN) : 1000 + Math.random() * 2000;

const samples: Record<Phase, number[]> = { ramp: [], steady: [], burst: [], cooldown: [] };
const actionsPerPhase: Record<Phase, number> = { ramp: 0, steady: 0, burst: 0, cooldown: 0 };
const errors: Record<string, number> = {};
let unexpectedCloses = 0;
const hooks: PlayHooks = {
  phase: () => phase,
  think,
  stopping: () => stopping,
  acted: (p) => actionsPerPhase[p as Phase]++,
  measured: (p, t) => samples[p as Phase].push(t),
  error: (code) => (errors[code] = (errors[code] ?? 0) + 1),
  unexpectedClose: () => unexpectedCloses++,
};

let stopping = false;
/** The server's event-loop delay p99 per 5 s, from its stats log lines. */
const serverLoop: number[] = [];
const lag = monitorEventLoopDelay({ resolution: 10 });
lag.enable();

async function startServer(dbPath: string): Promise<{ child: ChildProcess; url: string }> {
  // info level for the periodic stats lines; the per-table lines are few.
  const port = await freePort();
  // `--source`: the server from its TypeScript sources (tsx), for a tree whose build is not at hand.
  const entry = args.includes("--source")
    ? ["--import", "tsx", "--conditions", "source", join(ROOT, "packages/server/src/main.ts")]
    : [join(ROOT, "packages/server/dist/main.js")];
  const child = spawn(process.execPath, entry, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DB_PATH: dbPath,
      LOG_LEVEL: "info",
      ROUND_PAUSE_MS: "1500",
      STATS_INTERVAL_MS: "5000",
      ...LIFTED_LIMITS_ENV,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // Never leave the server behind, whatever happens here.
  process.once("exit", () => child.kill("SIGKILL"));
  const url = `http://127.0.0.1:${port}`;
  // The server's own view of its event loop, every 5 s.
  let pending = "";
  child.stdout.on("data", (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      if (!line.includes('"msg":"stats"')) continue;
      const s = JSON.parse(line) as Record<string, number>;
      serverLoop.push(s.loopDelayP99Ms ?? 0);
      if (process.env.BENCH_VERBOSE) console.log(`  server: ${line}`);
    }
  });
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error("server exited");
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { child, url };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

/** The lobby phase on a server of its own, so the table phases' load does not count against it. */
async function lobby(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "schwimmen-bench-lobby-"));
  const { child, url } = await startServer(join(dir, "bench.db"));
  const before = procStats(child.pid!);
  console.log(`lobby: ${LOBBY_CLIENTS} people ask for a quick match within ${LOBBY_S} s (server pid ${child.pid})`);
  const result = await lobbyPhase(url, LOBBY_CLIENTS, LOBBY_S);
  const after = procStats(child.pid!);
  console.log(
    `lobby: ${result.seated} seated, ${result.failed} refused, ${result.humanSeats} human seats at ${result.tables} tables ` +
      `(${result.humanSeats === result.seated ? "nobody seated twice" : "SEATED TWICE"}); ${result.started} of them in a started ` +
      `match, the last at ${result.lastStartS.toFixed(1)} s`,
  );
  console.log(
    `lobby: quickMatch -> seat p50 ${ms(pct([...result.seatMs], 50))}, p95 ${ms(pct([...result.seatMs], 95))}, ` +
      `p99 ${ms(pct([...result.seatMs], 99))}, max ${ms(pct([...result.seatMs], 100))} (target p99 <= 1000 ms); ` +
      `connect + hello p99 ${ms(pct([...result.connectMs], 99))}; server CPU ${(after.cpuS - before.cpuS).toFixed(1)} s, ` +
      `RSS ${after.rssMb.toFixed(1)} MB`,
  );
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  rmSync(dir, { recursive: true, force: true });
}

async function main(): Promise<void> {
  // The server's log level is raised to "warn": the "info" lines (not "warn") would not matter but cost time.
  const dir = mkdtempSync(join(tmpdir(), "schwimmen-bench-"));
  const { child, url } = await startServer(join(dir, "bench.db"));
  const pid = child.pid!;
  await new Promise((r) => setTimeout(r, 500));
  const idle = procStats(pid);
  console.log(`server pid ${pid} at ${url}; idle RSS ${idle.rssMb.toFixed(1)} MB; ${TABLES} tables x ${SEATS} clients`);

  const tables: BenchTable[] = [];
  const rampStart = performance.now();
  // Open tables in batches so the ramp itself stays bounded.
  for (let start = 0; start < TABLES; start += 25) {
    await Promise.all(
      Array.from({ length: Math.min(25, TABLES - start) }, async () => {
        tables.push(await openTable([url], SEATS, hooks));
      }),
    );
  }
  const connected = procStats(pid);
  console.log(
    `ramp: ${tables.length * SEATS} connections in ${((performance.now() - rampStart) / 1000).toFixed(1)} s; ` +
      `server RSS ${connected.rssMb.toFixed(1)} MB`,
  );
  for (const t of tables) void t.players[0]!.request({ type: "start" });

  const run = async (next: Phase, seconds: number) => {
    phase = next;
    const before = procStats(pid);
    const ownBefore = process.cpuUsage();
    lag.reset();
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const after = procStats(pid);
    const own = process.cpuUsage(ownBefore);
    const wall = (performance.now() - t0) / 1000;
    const s = samples[next];
    console.log(
      `${next.padEnd(8)} ${seconds}s: ${(actionsPerPhase[next] / wall).toFixed(0)} actions/s, ${s.length} measured; ` +
        `action -> every seat's update p50 ${ms(pct(s, 50))}, p95 ${ms(pct(s, 95))}, p99 ${ms(pct(s, 99))}, ` +
        `max ${ms(pct(s, 100))}; server CPU ${(((after.cpuS - before.cpuS) / wall) * 100).toFixed(0)}%, ` +
        `RSS ${after.rssMb.toFixed(1)} MB; load client CPU ${(((own.user + own.system) / 1e6 / wall) * 100).toFixed(0)}%, ` +
        `its event-loop delay p99 ${ms(lag.percentile(99) / 1e6)}`,
    );
  };
  await run("steady", STEADY_S);
  await run("burst", BURST_S);
  await run("cooldown", Math.min(10, STEADY_S));
  const end = procStats(pid);

  stopping = true;
  for (const t of tables) t.stop();
  const connections = tables.length * SEATS;
  console.log(
    `server memory: ${((end.rssMb - idle.rssMb) / connections) * 1024 > 0 ? (((end.rssMb - idle.rssMb) * 1024) / connections).toFixed(1) : "?"} KB RSS per connection ` +
      `(${idle.rssMb.toFixed(1)} MB idle -> ${end.rssMb.toFixed(1)} MB with ${connections} connections in play)`,
  );
  console.log(`errors: ${JSON.stringify(errors)}; unexpected closes: ${unexpectedCloses}`);
  console.log(`server event-loop delay p99 per 5 s: ${serverLoop.map((v) => v.toFixed(0)).join(", ")} ms`);
  const all = [...samples.steady, ...samples.burst, ...samples.cooldown];
  console.log(`overall p99 ${ms(pct(all, 99))} over ${all.length} actions (target <= 50 ms)`);
  for (const t of tables) t.terminate();
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  rmSync(dir, { recursive: true, force: true });
}

if (TABLES > 0) await main();
if (LOBBY_CLIENTS > 0) await lobby();

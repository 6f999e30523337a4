/**
 * Attack benchmark (`npm run bench:attacks`): the denial-of-service attacks of issue 14, each against a fresh built
 * server (a child process on 127.0.0.1 with its default limits and 1,024 file descriptors), for a bounded time.
 * The attacker uses 127.0.0.1; honest clients use 127.0.0.2 (another address on loopback) and measure what they get.
 *
 *   slow       20 spectators that stop reading, on a table whose bots play at full speed
 *   resync     50 connections that do not read, each asking 95 times per 20 s for the last 250 versions
 *   idle       1,001 WebSockets from one address that never say hello (reopened when closed)
 *   slowloris  1,000 HTTP connections whose headers never end (reopened when closed)
 *
 * For each: the server's peak RSS, its RSS after the attackers left, honest attempts refused (a new WebSocket with
 * hello, and /healthz, once a second), and the latency of an honest table (4 players, 0.3-0.7 s think time).
 *
 *   npm run bench:attacks -- --only slow,idle --seconds 60
 *   npm run bench:attacks -- --only resync --env PING_INTERVAL_MS=600000,MESSAGES_PER_ADDRESS=100000000
 *
 * (`--env` sets server variables, e.g. to switch one defence off and see what the others do.)
 */
import { spawn } from "node:child_process";
import { type Socket, connect } from "node:net";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { WebSocket } from "ws";
import {
  ATTACKER,
  Client,
  HONEST,
  ROOT,
  type Running,
  health,
  healthz,
  isState,
  pct,
  randomMove,
  rssMb,
  sleep,
  startServer,
} from "./attack-kit.js";

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const SECONDS = Math.min(90, Number(option("seconds") ?? 60));
const ONLY = (option("only") ?? "slow,resync,idle,slowloris").split(",");
const EXTRA_ENV = Object.fromEntries((option("env") ?? "").split(",").flatMap((kv) => (kv ? [kv.split("=")] : [])));

/**
 * A table of bots at full speed, new match after new match. The host does not play (its rate limit would stop the
 * table): when its turn timer (5 s) runs out, a bot plays its seat at once for the rest of the match.
 */
async function busyTable(url: string, seats: number): Promise<{ host: Client; code: string; version: () => number }> {
  const host = (await Client.open(url, ATTACKER))!;
  await host.request({ type: "hello" });
  let version = 0;
  host.onPush = (m) => {
    if (!isState(m)) return;
    version = m.version!;
    if (m.view!.over) host.ws.send(JSON.stringify({ type: "rematch" }));
  };
  const made = await host.request({
    type: "create",
    name: "Busy",
    playerName: "Host",
    seats,
    botLevel: "random",
    turnSeconds: 5,
    rules: { lives: 9 },
  });
  host.onPush(made);
  host.onPush(await host.request({ type: "start" }));
  return { host, code: made.table!.code, version: () => version };
}

/** The honest side: a table of 4 players, and a new connection and /healthz every second. */
async function honest(url: string) {
  const latencies: number[] = [];
  const probes = { ws: 0, wsRefused: 0, health: 0, healthRefused: 0, healthLocal: 0, healthLocalRefused: 0 };
  const connectMs: number[] = [];
  const state = { stopped: false };
  const players = await Promise.all(Array.from({ length: 4 }, () => Client.open(url, HONEST)));
  let pending: { from: number; t0: number; got: number } | null = null;
  if (players.every((p) => p !== null)) {
    const seats = players as Client[];
    for (const p of seats) await p.request({ type: "hello" });
    const made = await seats[0]!.request({ type: "create", name: "Honest", playerName: "P1", seats: 4 });
    const code = made.table?.code;
    for (const [i, p] of seats.entries()) if (i > 0 && code) await p.request({ type: "join", code, name: `P${i + 1}` });
    seats.forEach((p, i) => {
      let seen = -1;
      p.onPush = (m) => {
        if (!isState(m) || state.stopped) return;
        seen = m.version!;
        if (m.type === "update" && pending && m.from === pending.from && ++pending.got === 4) {
          latencies.push(performance.now() - pending.t0);
          pending = null;
        }
        if (m.view!.over && i === 0) setTimeout(() => p.ws.send(JSON.stringify({ type: "rematch" })), 500);
        if (m.view!.legal.length === 0) return;
        const version = m.version!;
        setTimeout(
          () => {
            if (state.stopped || seen !== version) return;
            pending = { from: version, t0: performance.now(), got: 0 };
            p.ws.send(JSON.stringify({ type: "act", action: randomMove(m) }));
          },
          300 + Math.random() * 400,
        );
      };
    });
    const start = seats[0]!.request({ type: "start" });
    void start.then((m) => seats[0]!.onPush(m));
  }
  const prober = (async () => {
    while (!state.stopped) {
      const t0 = performance.now();
      const [client, healthMs, local] = await Promise.all([
        Client.open(url, HONEST),
        healthz(url, HONEST),
        healthz(url, ATTACKER),
      ]);
      const welcome = client ? await client.request({ type: "hello" }) : null;
      probes.ws++;
      if (welcome?.type === "welcome") connectMs.push(performance.now() - t0);
      else probes.wsRefused++;
      client?.ws.terminate();
      probes.health++;
      if (healthMs === null) probes.healthRefused++;
      probes.healthLocal++;
      if (local === null) probes.healthLocalRefused++;
      await sleep(Math.max(0, 1000 - (performance.now() - t0)));
    }
  })();
  return {
    async stop() {
      state.stopped = true;
      await prober;
      for (const p of players) p?.ws.terminate();
      return { latencies, probes, connectMs, honestTable: players.every((p) => p !== null) };
    },
  };
}

/** Keeps `count` attacker sockets open, reopening closed ones (at most 100 every 100 ms) until stopped. */
function keepOpen(count: number, open: () => AttackSocket) {
  const live = new Set<AttackSocket>();
  const state = { stopped: false };
  const timer = setInterval(() => {
    for (let i = 0; i < 100 && live.size < count && !state.stopped; i++) {
      const socket = open();
      live.add(socket);
      void socket.closed.then(() => live.delete(socket));
    }
  }, 100);
  return {
    /** Sockets the server has let in (a WebSocket opened, or a TCP connection still up after 1 s). */
    get live() {
      return [...live].filter((s) => s.isOpen()).length;
    },
    stop() {
      state.stopped = true;
      clearInterval(timer);
      for (const s of live) s.destroy();
    },
  };
}

interface AttackSocket {
  readonly closed: Promise<unknown>;
  isOpen(): boolean;
  destroy(): void;
}

function idleSocket(url: string): AttackSocket {
  const ws = new WebSocket(`${url.replace("http", "ws")}/ws`, { localAddress: ATTACKER });
  ws.on("error", () => undefined);
  return {
    closed: new Promise((resolve) => ws.once("close", resolve)),
    isOpen: () => ws.readyState === WebSocket.OPEN,
    destroy: () => ws.terminate(),
  };
}

function slowlorisSocket(port: number): AttackSocket {
  const born = performance.now();
  const socket: Socket = connect({ port, host: "127.0.0.1", localAddress: ATTACKER });
  socket.on("error", () => undefined);
  socket.resume();
  socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n");
  const drip = setInterval(() => socket.write("X-Slow: 1\r\n"), 5000);
  socket.once("close", () => clearInterval(drip));
  return {
    closed: new Promise((resolve) => socket.once("close", resolve)),
    isOpen: () => !socket.destroyed && performance.now() - born > 1000,
    destroy: () => socket.destroy(),
  };
}

interface Attack {
  readonly env: Record<string, string>;
  /** Starts the attack; the returned function ends it and says what was left. */
  start(server: Running): Promise<() => string>;
}

/** An attack that keeps `count` sockets from the attacker's address open, reopening those the server closes. */
const holding = (count: number, open: (server: Running) => AttackSocket, what: string): Attack => ({
  env: {},
  async start(server) {
    const sockets = keepOpen(count, () => open(server));
    await sleep(3000);
    return () => {
      const live = sockets.live;
      sockets.stop();
      return `${what} open at the end: ${live}`;
    };
  },
});

const ATTACKS: Record<string, Attack> = {
  slow: {
    env: { BOT_DELAY_MS: "0", ROUND_PAUSE_MS: "0" },
    async start(server) {
      const { host, code, version } = await busyTable(server.url, 9);
      const spectators: Client[] = [];
      for (let i = 0; i < 20; i++) {
        const c = await Client.open(server.url, ATTACKER);
        if (!c) continue;
        await c.request({ type: "hello" });
        await c.request({ type: "watch", code });
        c.ws.pause();
        spectators.push(c);
      }
      return () => {
        const open = spectators.filter((c) => c.ws.readyState === WebSocket.OPEN).length;
        for (const c of [host, ...spectators]) c.ws.terminate();
        return `${spectators.length} spectators, ${open} still open at the end; busy table at version ${version()}`;
      };
    },
  },
  resync: {
    env: { BOT_DELAY_MS: "20", ROUND_PAUSE_MS: "200" },
    async start(server) {
      const { host, code, version } = await busyTable(server.url, 9);
      // Enough versions for a resync of 250.
      for (let i = 0; i < 300 && version() < 300; i++) await sleep(100);
      // What one such request costs: the size of the answer, read by a client that does read.
      const probe = (await Client.open(server.url, ATTACKER))!;
      await probe.request({ type: "hello" });
      const answer = await probe.request({ type: "watch", code, lastVersion: Math.max(0, version() - 250) });
      const answerKb = JSON.stringify(answer).length / 1024;
      probe.ws.terminate();
      const attackers: Client[] = [];
      for (let i = 0; i < 50; i++) {
        const c = await Client.open(server.url, ATTACKER);
        if (!c) continue;
        await c.request({ type: "hello" });
        c.ws.pause();
        attackers.push(c);
      }
      let asked = 0;
      const timer = setInterval(() => {
        for (const c of attackers) {
          if (c.ws.readyState !== WebSocket.OPEN) continue;
          c.ws.send(JSON.stringify({ type: "watch", code, lastVersion: Math.max(0, version() - 250) }));
          asked++;
        }
      }, 20_000 / 95);
      return () => {
        clearInterval(timer);
        const open = attackers.filter((c) => c.ws.readyState === WebSocket.OPEN).length;
        for (const c of [host, ...attackers]) c.ws.terminate();
        return (
          `${attackers.length} connections, ${asked} resyncs sent (one answer: ${answer.type}, ` +
          `${answerKb.toFixed(0)} KB), ${open} still open at the end`
        );
      };
    },
  },
  idle: holding(1001, (server) => idleSocket(server.url), "attacker sockets"),
  slowloris: holding(1000, (server) => slowlorisSocket(server.port), "attacker connections"),
};

const f = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : "-");

async function run(name: string, attack: Attack): Promise<void> {
  const server = await startServer({ LOG_LEVEL: "warn", ...attack.env, ...EXTRA_ENV });
  const pid = server.child.pid!;
  const idle = rssMb(pid);
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid) || 0)), 250);
  // The honest side runs in a process of its own, so that the attacker's work does not slow its clock.
  const side = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), "--honest", server.url], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  let output = "";
  side.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await sleep(2000);
  const t0 = performance.now();
  const end = await attack.start(server);
  await sleep(Math.max(0, SECONDS * 1000 - (performance.now() - t0)));
  const seen = await health(server.url, HONEST);
  const left = `${end()}; the server holds ${String(seen?.connections ?? "?")} WebSockets (5 honest at most)`;
  side.stdin.end();
  await new Promise((resolve) => side.once("exit", resolve));
  const result = JSON.parse(output) as Awaited<ReturnType<Awaited<ReturnType<typeof honest>>["stop"]>>;
  await sleep(5000);
  const after = rssMb(pid);
  clearInterval(sampler);
  const crashed = server.child.exitCode !== null;
  await server.stop();
  const { probes, latencies, connectMs } = result;
  const line =
    `${name.padEnd(9)} | RSS ${f(idle)} MB idle, peak ${f(peak)} MB, ${f(after)} MB 5 s after | ` +
    `honest refused: ws+hello ${probes.wsRefused}/${probes.ws}, /healthz ${probes.healthRefused}/${probes.health} ` +
    `(from the attacker's address ${probes.healthLocalRefused}/${probes.healthLocal}) | ` +
    `honest table: ${latencies.length} actions, p50 ${f(pct(latencies, 50), 1)} ms, p99 ${f(pct(latencies, 99), 1)} ms` +
    `${result.honestTable ? "" : " (could not sit down)"}; connect+hello p50 ${f(pct(connectMs, 50), 1)} ms | ${left}` +
    (crashed ? " | THE SERVER CRASHED" : "");
  console.log(line);
}

const honestUrl = option("honest");
if (honestUrl !== undefined) {
  // The honest side: runs until its standard input closes, then prints what it measured.
  const side = await honest(honestUrl);
  process.stdin.resume();
  await new Promise((resolve) => process.stdin.once("end", resolve));
  process.stdout.write(JSON.stringify(await side.stop()));
  process.exit(0);
}
console.log(`attacks: ${ONLY.join(", ")}; ${SECONDS} s each; server ${join(ROOT, "packages/server/dist/main.js")}`);
for (const name of ONLY) {
  const attack = ATTACKS[name];
  if (!attack) throw new Error(`unknown attack ${name}`);
  await run(name, attack);
}
process.exit(0);

/**
 * Two figures for issue 14 (points 3 and 4), for this tree or another checkout of the project:
 *
 * - restart: a store with N lobby tables (made straight through the store API), then the time from starting the
 *   server process to its first healthy /healthz, and its memory then;
 * - guess: one client asking /api/tables/CODE for random codes as fast as it can, and how many it gets answered.
 *
 * node --import tsx packages/server/bench/restart.ts [--repo DIR] [--tables 50000] [--runs 3] [--guess-seconds 10]
 */
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { randomBytes } from "node:crypto";

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : fallback;
};
const repo = resolve(arg("repo", "."));
const tables = Number(arg("tables", "50000"));
const runs = Number(arg("runs", "3"));
const guessSeconds = Number(arg("guess-seconds", "10"));
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const randomCode = (length: number) => Array.from(randomBytes(length), (b) => ALPHABET[b % ALPHABET.length]).join("");

interface StoreLike {
  createTable(row: { code: string; name: string; config: string; createdAt: number }): Promise<boolean>;
  append(code: string, entries: { version: number; entry: string }[], status: null, at: number): Promise<void>;
  close(): Promise<void>;
}

/** N lobby tables, each with its host seated, through the checkout's own store. */
async function fill(dbPath: string, count: number): Promise<void> {
  const { SqliteStore } = (await import(join(repo, "packages/server/src/sqlite-store.ts"))) as {
    SqliteStore: new (path: string) => StoreLike;
  };
  const { parseRules } = (await import(join(repo, "packages/rules/src/index.ts"))) as {
    parseRules: (x: unknown) => { ok: boolean; value: unknown };
  };
  const config = JSON.stringify({
    seats: 4,
    rules: parseRules(undefined).value,
    preset: "standard",
    botLevel: "random",
    turnSeconds: 60,
  });
  const store = new SqliteStore(dbPath);
  const now = Date.now();
  for (let made = 0; made < count; made += 1000) {
    const batch: Promise<void>[] = [];
    for (let i = made; i < Math.min(count, made + 1000); i++) {
      const code = randomCode(10);
      if (!(await store.createTable({ code, name: `Tisch ${i}`, config, createdAt: now }))) continue;
      const entry = JSON.stringify({
        kind: "join",
        seat: 0,
        name: "Gast",
        token: randomBytes(32).toString("base64url"),
      });
      batch.push(store.append(code, [{ version: 1, entry }], null, now));
    }
    await Promise.all(batch);
  }
  await store.close();
}

const rssMb = (pid: number): number => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 102.4) / 10;
};

function get(url: string, agent?: Agent): Promise<number> {
  return new Promise((done) => {
    const req = request(url, { agent }, (res) => {
      res.resume();
      res.on("end", () => done(res.statusCode ?? 0));
    });
    req.on("error", () => done(0));
    req.end();
  });
}

/** Starts the checkout's server on the store; resolves once /healthz answers, with the time that took. */
async function start(dbPath: string) {
  const t0 = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", join(repo, "packages/server/src/main.ts")], {
    cwd: repo,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DB_PATH: dbPath, LOG_LEVEL: "info", STATS_INTERVAL_MS: "0" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((found, fail) => {
    let text = "";
    child.stdout.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const m = /"port":(\d+)/.exec(text);
      if (m) found(Number(m[1]));
    });
    child.once("exit", () => fail(new Error("server exited")));
  });
  child.stdout.resume();
  const url = `http://127.0.0.1:${port}`;
  while ((await get(`${url}/healthz`)) !== 200) await new Promise((r) => setTimeout(r, 5));
  const ms = performance.now() - t0;
  return { child, url, ms, rss: rssMb(child.pid!) };
}

const stop = (child: ReturnType<typeof spawn>) =>
  new Promise<void>((done) => {
    child.once("exit", () => done());
    child.kill("SIGTERM");
  });

/** How long one expiry sweep holds the thread (this tree only: older ones have none), on a copy of the store. */
async function expirySweeps(dbPath: string): Promise<void> {
  const file = join(repo, "packages/server/src/expiry.ts");
  if (!existsSync(file)) return;
  const copy = `${dbPath}.expiry`;
  copyFileSync(dbPath, copy);
  const { Expiry, DEFAULT_EXPIRY } = (await import(file)) as typeof import("../src/expiry.js");
  const { SqliteStore } = (await import(join(repo, "packages/server/src/sqlite-store.ts"))) as {
    SqliteStore: new (path: string) => import("../src/store.js").Store;
  };
  const store = new SqliteStore(copy);
  const later = Date.now() + 2 * DEFAULT_EXPIRY.lobbyMs;
  const clock = { now: () => later, setTimeout: () => ({ id: 0 }), clearTimeout: () => {} };
  const expiry = new Expiry(
    store,
    clock,
    DEFAULT_EXPIRY,
    () => false,
    (e) => console.error(e),
  );
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await expiry.sweep();
    times.push(performance.now() - t);
  }
  await store.close();
  console.log(
    `expiry: one sweep (${DEFAULT_EXPIRY.batch} stale lobby tables) takes median ${median(times).toFixed(1)} ms, ` +
      `every ${DEFAULT_EXPIRY.everyMs / 1000} s`,
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const dir = mkdtempSync(join(tmpdir(), "schwimmen-restart-"));
try {
  const empty = join(dir, "empty.db");
  const full = join(dir, "full.db");
  await fill(empty, 0);
  const t = performance.now();
  await fill(full, tables);
  console.log(`store: ${tables} lobby tables made in ${Math.round(performance.now() - t)} ms (${repo})`);
  for (const [label, db] of [
    ["empty store", empty],
    [`${tables} lobby tables`, full],
  ] as const) {
    const times: number[] = [];
    const rss: number[] = [];
    for (let i = 0; i < runs; i++) {
      const server = await start(db);
      times.push(server.ms);
      rss.push(server.rss);
      await stop(server.child);
    }
    console.log(`${label}: time to healthy median ${Math.round(median(times))} ms, RSS median ${median(rss)} MB`);
  }
  await expirySweeps(full);
  // Guessing codes from one address, 16 requests in flight.
  const server = await start(full);
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const counts = new Map<number, number>();
  const end = performance.now() + guessSeconds * 1000;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (performance.now() < end) {
        const status = await get(`${server.url}/api/tables/${randomCode(6)}`, agent);
        counts.set(status, (counts.get(status) ?? 0) + 1);
      }
    }),
  );
  agent.destroy();
  const answered = (counts.get(404) ?? 0) + (counts.get(200) ?? 0);
  console.log(
    `guessing for ${guessSeconds} s: ${Math.round(answered / guessSeconds)} lookups/s answered, ` +
      `${Math.round((counts.get(429) ?? 0) / guessSeconds)}/s refused (429); statuses ${JSON.stringify([...counts])}`,
  );
  await stop(server.child);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Crashes: the server runs in a child process and is killed with SIGKILL at random moments while bot matches run,
 * then restarted, 20 times. Everything a client was shown (every action in a view's history, every version) must
 * still be there after each restart, and every table must play on to the end of its match.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { replayRecord } from "@schwimmen/rules";
import { TestClient, getJson, isState, seedsCheckOut, tempDir, type Msg } from "./helpers.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const KILLS = 20;

interface Child {
  process: ChildProcess;
  url: string;
  exited: Promise<number | null>;
}

async function startChild(dbPath: string): Promise<Child> {
  const child = spawn(process.execPath, ["--conditions", "source", "--import", "tsx", "packages/server/src/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      DB_PATH: dbPath,
      BOT_DELAY_MS: "10",
      ROUND_PAUSE_MS: "20",
      SNAPSHOT_EVERY: "10",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    let buffer = "";
    const timer = setTimeout(() => reject(new Error("server did not start")), 20_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      const found = /"port":(\d+),"msg":"server listening"/.exec(buffer);
      if (found) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${found[1]}`);
      }
      if (buffer.length > 100_000) buffer = buffer.slice(-1000);
    });
    child.stderr!.on("data", (chunk: Buffer) => process.stderr.write(chunk));
    void exited.then(() => reject(new Error("server exited early")));
  });
  return { process: child, url, exited };
}

interface Tracked {
  code: string;
  hostToken: string;
  /** The host keeps playing its seat (its acts are acknowledged); otherwise it left and bots play every seat. */
  hostPlays: boolean;
  watcherToken: string;
  maxVersion: number;
  /** The longest history of each round any client was shown. */
  histories: Map<number, unknown[]>;
  acks: number;
  over: boolean;
}

const view = (m: Msg) => m.view as unknown as { round: number; history: unknown[]; over: boolean; legal: unknown[] };

/** Notes what a client was shown and checks that it never goes back behind what was shown before. */
function observe(t: Tracked, m: Msg, problems: string[]): void {
  if (!isState(m)) return;
  const v = view(m);
  const version = m.version as number;
  if (version < t.maxVersion && m.type === "sync")
    problems.push(`${t.code}: version went back ${t.maxVersion} -> ${version}`);
  t.maxVersion = Math.max(t.maxVersion, version);
  if (v.round >= 0) {
    const seen = t.histories.get(v.round) ?? [];
    const common = Math.min(seen.length, v.history.length);
    if (JSON.stringify(seen.slice(0, common)) !== JSON.stringify(v.history.slice(0, common))) {
      problems.push(`${t.code}: round ${v.round} history changed`);
    }
    if (v.history.length > seen.length) t.histories.set(v.round, v.history);
  }
  if (v.over) t.over = true;
  if (m.re !== undefined && m.type === "update" && String(m.re).startsWith("auto")) t.acks++;
}

/** Connects a table's clients to a (re)started server: the watcher follows; a playing host plays random moves. */
async function attach(url: string, t: Tracked, problems: string[]): Promise<TestClient[]> {
  // Every frame, the answers included, is observed once, as it arrives: looking at an answer again after `await`
  // would see it after pushes that came in the same read (newer versions) and take it for a step back.
  const watcher = await TestClient.open(url, t.watcherToken);
  watcher.onMessage = (m) => observe(t, m, problems);
  await watcher.request({ type: "watch", code: t.code, lastVersion: t.maxVersion });
  if (!t.hostPlays) return [watcher];
  const host = await TestClient.open(url, t.hostToken);
  let acted = -1;
  const act = (m: Msg) => {
    if (!isState(m)) return;
    const v = view(m);
    if (v.legal.length === 0 || (m.version as number) <= acted) return;
    acted = m.version as number;
    const { seat: _seat, ...move } = v.legal[Math.floor(Math.random() * v.legal.length)] as { seat: number };
    host.sendRaw(JSON.stringify({ type: "act", id: `auto-${acted}`, action: move }));
  };
  host.onMessage = (m) => {
    observe(t, m, problems);
    if (m.type === "error" && m.code === "RATE_LIMITED" && String(m.re).startsWith("auto")) {
      // A long round can take more moves than a connection may send in the rate window: the move is made again a
      // little later (from the newest state, which is not observed twice).
      setTimeout(() => {
        acted = -1;
        if (!host.closed && host.latest) act(host.latest);
      }, 500);
      return;
    }
    act(m);
  };
  await host.request({ type: "join", code: t.code, lastVersion: t.maxVersion });
  return [watcher, host];
}

async function newTable(url: string, hostPlays: boolean): Promise<Tracked> {
  const host = await TestClient.open(url);
  const made = await host.request({
    type: "create",
    name: hostPlays ? "Crash, host plays" : "Crash, bots only",
    playerName: "Host",
    seats: 4,
    botLevel: "random",
    turnSeconds: 0,
  });
  const code = (made.table as unknown as { code: string }).code;
  await host.request({ type: "start" });
  if (!hostPlays) await host.request({ type: "leave" });
  const watcher = await TestClient.open(url);
  const t: Tracked = {
    code,
    hostToken: host.token,
    hostPlays,
    watcherToken: watcher.token,
    maxVersion: 0,
    histories: new Map(),
    acks: 0,
    over: false,
  };
  await Promise.all([host.close(), watcher.close()]);
  return t;
}

describe("crash safety", () => {
  const tmp = tempDir();
  let child: Child | null = null;
  afterAll(async () => {
    if (child && child.process.exitCode === null) {
      child.process.kill("SIGKILL");
      await child.exited;
    }
    tmp.remove();
  });

  it(
    `keeps every shown action through ${KILLS} SIGKILLs and plays every table to its end`,
    { timeout: 150_000 },
    async () => {
      const db = join(tmp.dir, "crash.db");
      const tables: Tracked[] = [];
      const problems: string[] = [];
      for (let kill = 0; kill < KILLS; kill++) {
        child = await startChild(db);
        while (tables.filter((t) => !t.over).length < 3)
          tables.push(await newTable(child.url, tables.length % 2 === 0));
        const clients = (
          await Promise.all(tables.filter((t) => !t.over).map((t) => attach(child!.url, t, problems)))
        ).flat();
        await new Promise((resolve) => setTimeout(resolve, 150 + Math.random() * 900));
        child.process.kill("SIGKILL");
        await child.exited;
        for (const c of clients) c.terminate();
      }
      // Once more, to the end of every match.
      child = await startChild(db);
      const clients = (await Promise.all(tables.map((t) => attach(child!.url, t, problems)))).flat();
      const deadline = Date.now() + 60_000;
      while (tables.some((t) => !t.over) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(tables.filter((t) => !t.over).map((t) => t.code)).toEqual([]);
      expect(problems).toEqual([]);

      let shownActions = 0;
      for (const t of tables) {
        const { body } = await getJson(`${child.url}/api/tables/${t.code}/record`);
        const record = body as { rounds: { actions: unknown[] }[]; table: { complete: boolean } };
        expect(record.table.complete).toBe(true);
        const replayed = replayRecord(record);
        expect(replayed.ok && replayed.value.state.over).toBe(true);
        expect(seedsCheckOut(record).problems).toEqual([]);
        for (const [round, history] of t.histories) {
          const stored = record.rounds[round]?.actions ?? [];
          expect(stored.slice(0, history.length)).toEqual(history);
          shownActions += history.length;
        }
      }
      expect(shownActions).toBeGreaterThan(100);
      expect(tables.reduce((n, t) => n + t.acks, 0)).toBeGreaterThan(10);
      for (const c of clients) c.terminate();
      // A clean stop: SIGTERM flushes and exits 0.
      child.process.kill("SIGTERM");
      expect(await child.exited).toBe(0);
    },
  );
});

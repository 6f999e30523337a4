/**
 * The whole server on the PostgreSQL stores: a match cut off by a shutdown goes on after the restart from
 * PostgreSQL's log and snapshots, and ends with a record that replays. Fails (never skips) when
 * PostgreSQL cannot be started.
 */
import { describe, expect, it } from "vitest";
import { replayRecord } from "@schwimmen/rules";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { openPgStores } from "../src/pg-stores.js";
import { TestClient, autoplay, getJson, matchOver, testServer } from "./helpers.js";
import { usePostgres } from "./pg-harness.js";

const running = usePostgres();

async function serverOn(url: string) {
  return testServer({
    ...(await openPgStores(url, { poolSize: 4 })),
    settings: { snapshotEvery: 5 },
  });
}

const until = async (done: () => Promise<boolean> | boolean, what: string) => {
  for (let i = 0; i < 1500; i++) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe("the server on PostgreSQL", () => {
  it("resumes a running match after a restart and finishes it with a record that replays", async () => {
    const url = await running().createDatabase();
    const first = await serverOn(url);
    let code: string;
    let token: string;
    try {
      const host = await TestClient.open(first.url);
      const made = await host.request({ type: "create", name: "PG", playerName: "Lena", seats: 2, preset: "quick" });
      code = (made.table as { code: string }).code;
      token = host.token;
      await host.request({ type: "start" });
      // Lena stops acting from version 5 on, so the server is stopped mid-match: a match of two lives needs two
      // rounds, and two rounds cannot fit in the deal and two moves that version 5 holds.
      const play = autoplay(host, undefined, (m) => (m.version as number) < 5);
      const table = await first.hub.get(code);
      await until(() => table!.model.version >= 5, "a few moves");
      play.stop();
      await host.close();
      expect(table!.model.status).toBe("playing");
    } finally {
      await first.cleanup();
    }

    // The server stopped mid-match; a new one on the same database goes on where the log ends.
    const second = await serverOn(url);
    try {
      expect(second.hub.size).toBe(1);
      const host = await TestClient.open(second.url, token);
      expect(host.token).toBe(token);
      const back = await host.request({ type: "join", code });
      expect(back.type).toBe("sync");
      expect(back.version).toBeGreaterThanOrEqual(5);
      autoplay(host);
      await host.waitFor(matchOver(1), 30_000);
      await host.close();
      const record = await getJson(`${second.url}/api/tables/${code}/record`);
      expect(record.status).toBe(200);
      expect(replayRecord(record.body).ok).toBe(true);
      const list = await getJson(`${second.url}/api/tables/${code}/matches`);
      expect((list.body as { matches: { match: number; seats: string[] }[] }).matches).toMatchObject([
        { match: 1, seats: ["Lena", "Bot 2"] },
      ]);
    } finally {
      await second.cleanup();
    }
  }, 60_000);
});

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** `npm start`'s entry in a child process with these variables: its exit code and output, or its address. */
function startMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--conditions", "source", "--import", "tsx", "packages/server/src/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout = (stdout + chunk.toString()).slice(-100_000)));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.once("exit", (code) => resolve({ code, stderr })),
  );
  const killer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  void exited.then(() => clearTimeout(killer));
  const listening = async (): Promise<string> => {
    await until(() => /"port":(\d+),"msg":"server listening"/.test(stdout) || child.exitCode !== null, "the server");
    const found = /"port":(\d+),"msg":"server listening"/.exec(stdout);
    if (!found) throw new Error(`server did not start: ${stderr}`);
    return `http://127.0.0.1:${found[1]}`;
  };
  return { child, exited, listening };
}

describe("npm start with STORE=postgres", () => {
  it("keeps its tables in DATABASE_URL's database and stops cleanly", async () => {
    const url = await running().createDatabase();
    const main = startMain({ STORE: "postgres", DATABASE_URL: url });
    try {
      const base = await main.listening();
      const host = await TestClient.open(base);
      const made = await host.request({ type: "create", name: "Kneipe", playerName: "Lena", seats: 2 });
      const code = (made.table as { code: string }).code;
      await host.close();
      expect((await getJson(`${base}/api/tables/${code}`)).status).toBe(200);
      const pool = new pg.Pool({ connectionString: url, max: 1 });
      try {
        const rows = await pool.query("SELECT name FROM tables WHERE code = $1", [code]);
        expect(rows.rows).toEqual([{ name: "Kneipe" }]);
      } finally {
        await pool.end();
      }
    } finally {
      main.child.kill("SIGTERM");
    }
    expect((await main.exited).code).toBe(0);
  }, 60_000);

  it("refuses to start in one line without a database address, or when the database cannot be reached", async () => {
    const missing = await startMain({ STORE: "postgres", DATABASE_URL: "" }).exited;
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim()).toMatch(/^schwimmen server: STORE=postgres needs DATABASE_URL[^\n]*$/);
    const wrong = await startMain({ STORE: "postgre" }).exited;
    expect(wrong).toMatchObject({ code: 2, stderr: expect.stringContaining("STORE must be sqlite or postgres") });
    const away = await startMain({ STORE: "postgres", DATABASE_URL: "postgresql://postgres@127.0.0.1:1/none" }).exited;
    expect(away.code).toBe(1);
    expect(away.stderr.trim()).toMatch(/^schwimmen server: cannot start: .*ECONNREFUSED[^\n]*$/);
  }, 60_000);
});

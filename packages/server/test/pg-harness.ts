/**
 * A throwaway PostgreSQL 15 for tests: its own data folder under /tmp, a free port on 127.0.0.1, fsync off. Run as
 * the `postgres` user when the tests run as root (PostgreSQL refuses root). `scripts/ensure-postgres.sh` (npm
 * pretest) installs the binaries when missing; without them, starting fails with a clear message (never a skip).
 */
import { execFile } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";

const BIN = "/usr/lib/postgresql/15/bin";
const run = promisify(execFile);

export interface PgServer {
  /** The server's own `postgres` database (for administration). */
  readonly adminUrl: string;
  /** A new empty database on this server, and its URL. */
  createDatabase(): Promise<string>;
  /** Stops the server and deletes its data folder (idempotent). */
  stop(): Promise<void>;
}

/** A port nobody listens on right now (the OS picks it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("port"))));
    });
  });
}

/** Runs one of PostgreSQL's programs, as `postgres` when we are root, bounded in time. */
async function pgTool(tool: string, args: string[], timeoutMs: number): Promise<void> {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot
    ? ["runuser", ["-u", "postgres", "--", join(BIN, tool), ...args]]
    : [join(BIN, tool), args];
  try {
    await run(file, argv, { timeout: timeoutMs, killSignal: "SIGKILL" });
  } catch (cause) {
    const detail = (cause as { stderr?: string }).stderr?.trim() ?? "";
    throw new Error(`pg-harness: ${tool} failed: ${detail || String(cause)}`, { cause });
  }
}

export async function startPostgres(): Promise<PgServer> {
  if (!existsSync(join(BIN, "initdb"))) {
    throw new Error(
      `pg-harness: PostgreSQL 15 is not installed (${BIN}/initdb missing); run scripts/ensure-postgres.sh`,
    );
  }
  const dir = mkdtempSync("/tmp/pg-");
  const data = join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: gid } = await run("id", ["-g", "postgres"]);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  let started = false;
  const stop = async (): Promise<void> => {
    if (started) {
      started = false;
      await pgTool("pg_ctl", ["-D", data, "-m", "immediate", "-w", "-t", "20", "stop"], 25_000).catch(() => {});
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await pgTool("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"], 60_000);
    const port = await freePort();
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off`;
    started = true;
    await pgTool("pg_ctl", ["-D", data, "-l", join(dir, "log"), "-o", options, "-w", "-t", "30", "start"], 35_000);
    const adminUrl = `postgresql://postgres@127.0.0.1:${port}/postgres`;
    let count = 0;
    const createDatabase = async (): Promise<string> => {
      const name = `test_${++count}`;
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

/** One throwaway PostgreSQL for a test file: started before its tests, stopped after; a test fails when it did not start. */
export function usePostgres(): () => PgServer {
  let server: PgServer | undefined;
  beforeAll(async () => {
    server = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  }, 30_000);
  return () => {
    if (!server) throw new Error("PostgreSQL did not start (see the error of beforeAll)");
    return server;
  };
}

/**
 * A throwaway PostgreSQL 15 for tests: its own data folder under /tmp, a free port on 127.0.0.1, fsync off. Run as
 * the `postgres` user when the tests run as root (PostgreSQL refuses root). `scripts/ensure-postgres.sh` (npm
 * pretest) installs the binaries when missing; without them, starting fails with a clear message (never a skip).
 */
import { afterAll, beforeAll } from "vitest";
import { type PgServer, startPostgres } from "./local-services.js";

// The start and stop live in local-services.ts, shared with the cluster's harness and `npm run cluster`.
export { type PgServer, startPostgres };

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

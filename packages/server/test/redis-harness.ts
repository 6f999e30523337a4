/**
 * A throwaway Redis 7 for tests: no persistence, daemonized with a pidfile in its own folder under /tmp, on a free
 * port of 127.0.0.1, stopped after the file's tests (and by a watchdog if the test run dies first). The start and
 * stop live in local-services.ts; `scripts/ensure-redis.sh` (npm pretest) installs redis-server when missing, and
 * without it starting fails with a clear message (never a skip).
 */
import { afterAll, beforeAll } from "vitest";
import { type RedisServer, startRedis } from "./local-services.js";

export { type RedisServer, startRedis };

/** One throwaway Redis for a test file: started before its tests, stopped after; a test fails when it did not start. */
export function useRedis(): () => RedisServer {
  let server: RedisServer | undefined;
  beforeAll(async () => {
    server = await startRedis();
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
  }, 30_000);
  return () => {
    if (!server) throw new Error("Redis did not start (see the error of beforeAll)");
    return server;
  };
}

/**
 * For browser tests of pages on a cluster: two built server nodes on one PostgreSQL and one Redis
 * (local-services.ts), HAProxy in front (pages come from its address, which may open WebSockets), and a browser.
 */
import type { Browser } from "playwright-core";
import { type Cluster, startCluster } from "../../../server/test/cluster-harness.js";
import {
  type PgServer,
  type RedisServer,
  freePort,
  startPostgres,
  startRedis,
} from "../../../server/test/local-services.js";
import { ensureBuild, launchBrowser } from "./harness.js";

export interface PageCluster {
  readonly cluster: Cluster;
  readonly browser: Browser;
  /** Closes the browser, stops the proxy and the nodes, then Redis and PostgreSQL. */
  stop(): Promise<void>;
}

/** Starts it all (`env`: settings for every node besides a quiet log and the proxy's origin); nothing stays on failure. */
export async function startPageCluster(env: Readonly<Record<string, string>>): Promise<PageCluster> {
  ensureBuild();
  let postgres: PgServer | undefined;
  let redis: RedisServer | undefined;
  let cluster: Cluster | undefined;
  let browser: Browser | undefined;
  const stop = async () => {
    await browser?.close();
    await cluster?.stop();
    await redis?.stop();
    await postgres?.stop();
  };
  try {
    postgres = await startPostgres();
    redis = await startRedis();
    // The proxy's port is known before the nodes start: pages from its address may open their WebSockets.
    const port = await freePort();
    cluster = await startCluster({
      databaseUrl: await postgres.createDatabase(),
      redisUrl: redis.url,
      nodes: 2,
      entry: "dist",
      proxy: { port, checkEveryMs: 500 },
      env: { LOG_LEVEL: "warn", ALLOWED_ORIGINS: `http://127.0.0.1:${port}`, ...env },
    });
    browser = await launchBrowser();
    return { cluster, browser, stop };
  } catch (cause) {
    await stop();
    throw cause;
  }
}

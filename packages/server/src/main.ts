/** `npm start`: the game server on PORT (8031) and HOST (localhost), data in ./data/schwimmen.db. */
import { pino } from "pino";
import { readConfig } from "./config.js";
import { openPgStores } from "./pg-stores.js";
import { type GameServer, startServer } from "./server.js";

const config = readConfig(process.env);
if (!config.ok) {
  process.stderr.write(`schwimmen server: ${config.error.message}\n`);
  process.exit(2);
}
const { logLevel, databaseUrl, commitGatherMs, nodeId, redisUrl, leaseTtlMs, routeHints, ...options } = config.value;
const logger = pino({ level: logLevel });

let server: GameServer;
try {
  if (nodeId !== undefined && redisUrl !== undefined && databaseUrl !== undefined) {
    // Cluster mode (NODE_ID, REDIS_URL, STORE=postgres): the server opens the shared database fenced by its leases.
    const cluster = {
      node: nodeId,
      redisUrl,
      databaseUrl,
      ...(commitGatherMs === undefined ? {} : { commitGatherMs }),
      ...(leaseTtlMs === undefined ? {} : { leaseTtlMs }),
      ...(routeHints ? { routeHints } : {}),
    };
    server = await startServer({ ...options, cluster, logger });
  } else {
    // STORE=postgres: every store in the one PostgreSQL database (migrated here); otherwise the SQLite file.
    const stores =
      databaseUrl === undefined
        ? {}
        : await openPgStores(databaseUrl, commitGatherMs === undefined ? {} : { gatherMs: commitGatherMs });
    server = await startServer({ ...options, ...stores, logger });
  }
} catch (cause) {
  // The usual causes are a port in use or a data folder that cannot be written: say so in one line.
  const message = cause instanceof Error ? cause.message : String(cause);
  logger.fatal({ err: cause }, "cannot start");
  process.stderr.write(`schwimmen server: cannot start: ${message}\n`);
  process.exit(1);
}
logger.info({ url: server.url }, "Schwimmen is running");

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down");
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close().then(
    () => {
      logger.flush();
      process.exit(0);
    },
    (cause: unknown) => {
      logger.error({ err: cause }, "shutdown failed");
      logger.flush();
      process.exit(1);
    },
  );
};
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));

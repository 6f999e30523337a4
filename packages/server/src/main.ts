/** `npm start`: the game server on PORT (8031) and HOST (localhost), data in ./data/schwimmen.db. */
import { pino } from "pino";
import { startServer } from "./server.js";

const env = process.env;
const logger = pino({ level: env.LOG_LEVEL ?? "info" });
const number = (value: string | undefined, fallback: number): number => {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isFinite(n) ? n : fallback;
};

const settings = {
  ...(env.BOT_DELAY_MS ? { botDelayMs: number(env.BOT_DELAY_MS, 900) } : {}),
  ...(env.ROUND_PAUSE_MS ? { roundPauseMs: number(env.ROUND_PAUSE_MS, 4000) } : {}),
  ...(env.SNAPSHOT_EVERY ? { snapshotEvery: number(env.SNAPSHOT_EVERY, 50) } : {}),
};

const server = await startServer({
  port: number(env.PORT, 8031),
  host: env.HOST ?? "localhost",
  dbPath: env.DB_PATH ?? "./data/schwimmen.db",
  logger,
  allowedOrigins: (env.ALLOWED_ORIGINS ?? "").split(",").filter((o) => o !== ""),
  settings,
  statsIntervalMs: number(env.STATS_INTERVAL_MS, 60_000),
  botBudgetMs: number(env.BOT_BUDGET_MS, 25),
});
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

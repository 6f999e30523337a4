/** The whole server: HTTP, the WebSocket at /ws, the tables, the store; started and stopped as one. */
import { randomBytes, randomInt } from "node:crypto";
import { type Server as HttpServer, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { pino, type Logger } from "pino";
import { WebSocketServer } from "ws";
import { BotPlayer } from "./bot-player.js";
import { type Clock, realClock } from "./clock.js";
import { Connection } from "./connection.js";
import { httpHandler } from "./http.js";
import { Hub } from "./hub.js";
import { LIMITS } from "./protocol.js";
import { SqliteStore } from "./sqlite-store.js";
import type { Store } from "./store.js";
import type { TableSettings } from "./table.js";

export interface ServerOptions {
  readonly port?: number;
  readonly host?: string;
  /** SQLite file (default ./data/schwimmen.db); ignored when `store` is given. */
  readonly dbPath?: string;
  readonly store?: Store;
  readonly clock?: Clock;
  readonly logger?: Logger;
  readonly staticDir?: string;
  /** Origins besides the server's own that may open WebSockets. */
  readonly allowedOrigins?: readonly string[];
  readonly settings?: Partial<TableSettings>;
  readonly botBudgetMs?: number;
  /** Messages per connection per 20 s (default LIMITS.rateMessages). */
  readonly rateMessages?: number;
  /** How often a "stats" log line (connections, tables, event-loop delay, memory) is written; 0 = never. */
  readonly statsIntervalMs?: number;
  /** Seeds for deals; node:crypto unless a test fixes them. */
  readonly newSeed?: () => string;
}

export interface GameServer {
  readonly port: number;
  readonly url: string;
  readonly hub: Hub;
  connections(): number;
  close(): Promise<void>;
}

export const DEFAULT_SETTINGS: TableSettings = {
  botDelayMs: 900,
  roundPauseMs: 4000,
  snapshotEvery: 50,
  replayVersions: 256,
};

const defaultStaticDir = () => fileURLToPath(new URL("../../web/dist/", import.meta.url));

export async function startServer(options: ServerOptions = {}): Promise<GameServer> {
  const log = options.logger ?? pino({ level: "silent" });
  const clock = options.clock ?? realClock;
  const store = options.store ?? new SqliteStore(options.dbPath ?? "./data/schwimmen.db");
  const settings: TableSettings = { ...DEFAULT_SETTINGS, ...options.settings };
  const hub = new Hub({
    store,
    clock,
    log,
    settings,
    // Bots think on the server's one thread: a small budget keeps every other table responsive.
    bots: new BotPlayer(options.botBudgetMs ?? 25),
    newSeed: options.newSeed ?? (() => randomBytes(16).toString("hex")),
    randomInt: (n) => randomInt(n),
  });
  const open = await hub.loadOpen();
  if (open > 0) log.info({ tables: open }, "running tables restored");

  const sweeper = setInterval(() => {
    const dropped = hub.sweep();
    if (dropped > 0) log.debug({ dropped, tables: hub.size }, "idle tables unloaded");
  }, 60_000);
  sweeper.unref();

  const connections = new Set<Connection>();
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const statsEvery = options.statsIntervalMs ?? 60_000;
  const stats =
    statsEvery > 0
      ? setInterval(() => {
          const memory = process.memoryUsage();
          log.info(
            {
              connections: connections.size,
              tables: hub.size,
              loopDelayP50Ms: Math.round(loopDelay.percentile(50) / 1e4) / 100,
              loopDelayP99Ms: Math.round(loopDelay.percentile(99) / 1e4) / 100,
              loopDelayMaxMs: Math.round(loopDelay.max / 1e4) / 100,
              rssMb: Math.round(memory.rss / 1e5) / 10,
              heapUsedMb: Math.round(memory.heapUsed / 1e5) / 10,
            },
            "stats",
          );
          loopDelay.reset();
        }, statsEvery)
      : null;
  stats?.unref();
  const http: HttpServer = createServer(
    httpHandler({
      hub,
      store,
      staticDir: options.staticDir ?? defaultStaticDir(),
      stats: () => ({ tables: hub.size, connections: connections.size }),
    }),
  );
  const wss = new WebSocketServer({ noServer: true, maxPayload: LIMITS.hardFrameBytes, perMessageDeflate: false });
  const allowed = new Set(options.allowedOrigins ?? []);
  http.on("upgrade", (req, socket, head) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const origin = req.headers.origin;
    const own = [`http://${req.headers.host}`, `https://${req.headers.host}`];
    if (url.pathname !== "/ws") {
      socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n");
      return;
    }
    if (origin !== undefined && !own.includes(origin) && !allowed.has(origin)) {
      log.warn({ origin }, "websocket refused: foreign origin");
      socket.end("HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n");
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const connection = new Connection(
        ws,
        {
          hub,
          store,
          clock,
          log,
          maxTablesPerConnection: 20,
          rateMessages: options.rateMessages ?? LIMITS.rateMessages,
        },
        req.socket.remoteAddress ?? "?",
      );
      connections.add(connection);
      ws.on("close", () => connections.delete(connection));
    });
  });

  const host = options.host ?? "localhost";
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.port ?? 8031, host, () => resolve());
  });
  const port = (http.address() as AddressInfo).port;
  log.info({ host, port }, "server listening");

  let closing: Promise<void> | null = null;
  return {
    port,
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    hub,
    connections: () => connections.size,
    close() {
      closing ??= (async () => {
        // Stop taking work, let every table finish the command in hand, then close sockets and the store.
        clearInterval(sweeper);
        if (stats) clearInterval(stats);
        loopDelay.disable();
        http.close();
        await hub.close();
        for (const connection of connections) connection.close(1001, "server shutting down");
        wss.close();
        http.closeAllConnections();
        await store.close();
        log.info("server stopped");
      })();
      return closing;
    },
  };
}

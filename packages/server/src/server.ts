/** The whole server: HTTP, the WebSocket at /ws, the tables, the store; started and stopped as one. */
import { type ProxyTrust, clientAddress } from "./client-address.js";
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
import { Hub, type HubSettings } from "./hub.js";
import { LIMITS } from "./protocol.js";
import { addressKey } from "./address-limits.js";
import {
  AddressLimits,
  DEFAULT_LIMITS,
  type ServerLimits,
  guardConnections,
  httpServerOptions,
  originCheck,
} from "./socket-guard.js";
import { SqliteStore } from "./sqlite-store.js";
import { Ratings } from "./ratings.js";
import type { RatingStore } from "./rating-store.js";
import { SqliteRatingStore } from "./sqlite-ratings.js";
import { Players } from "./players.js";
import { Passkeys } from "./passkeys.js";
import { playerLimiters } from "./players-api.js";
import type { PlayerStore } from "./player-store.js";
import { SqlitePlayerStore } from "./sqlite-players.js";
import { type ChatSettings, ChatService } from "./chat.js";
import { type ChatStore, MemoryChatStore, SqliteChatStore } from "./chat-store.js";
import type { Store } from "./store.js";
import type { TableSettings } from "./table.js";
import { Lobby, type LobbySettings } from "./lobby.js";
import { QuickMatcher, type QuickMatchSettings } from "./quick-match.js";
import { ClusterNode, type ClusterOptions } from "./cluster/node.js";
import { lobbySyncOn, relayLobbyChat } from "./cluster/lobby-sync.js";
import { Heartbeat } from "./heartbeat.js";
import { PauseMeter } from "./pauses.js";

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
  /** The address players reach the server at (behind a proxy, say): its origin may open WebSockets. */
  readonly publicUrl?: string;
  /**
   * Believe a proxy's `X-Forwarded-Proto` (for HSTS) and `X-Forwarded-For` (the player's address for every limit): true
   * for any peer, or the proxies' addresses. Only behind a proxy that sets them (TRUST_PROXY).
   */
  readonly trustProxy?: ProxyTrust;
  /** Lookups by code per address, expiry of unused tables and tokens (DEFAULT_HUB_OPTIONS for what is not given). */
  readonly hub?: HubSettings;
  /** Limits per address, deadlines and socket buffers (DEFAULT_LIMITS for what is not given). */
  readonly limits?: Partial<ServerLimits>;
  readonly settings?: Partial<TableSettings>;
  readonly botBudgetMs?: number;
  /** Messages per connection per 20 s (default LIMITS.rateMessages). */
  readonly rateMessages?: number;
  /** How often a "stats" log line (connections, tables, event-loop delay, memory) is written; 0 = never. */
  readonly statsIntervalMs?: number;
  /** Chat limits (DEFAULT_CHAT in chat.ts for what is not given). */
  readonly chat?: Partial<ChatSettings>;
  /** Seeds for deals; node:crypto unless a test fixes them. */
  readonly newSeed?: () => string;
  /** Where players live; by default in the SQLite store's file (a store of another kind needs one given). */
  readonly playerStore?: PlayerStore;
  /** New player sessions (guests, devices signing in) per address and hour (default SESSIONS_PER_ADDRESS, 60). */
  readonly sessionsPerAddress?: number;
  /** Where ratings live; by default in the SQLite store's file. */
  readonly ratingStore?: RatingStore;
  /** Where chat lines live; by default in the SQLite store's file (in memory for a store of another kind). */
  readonly chatStore?: ChatStore;
  /** Quick match: the wait before bots fill, the default seat count (DEFAULT_QUICK_MATCH for what is not given). */
  readonly quickMatch?: Partial<QuickMatchSettings>;
  /** Lobby list limits and push interval (DEFAULT_LOBBY for what is not given). */
  readonly lobby?: Partial<LobbySettings>;
  /**
   * Cluster mode (docs/scaling.md): this node shares the tables of one PostgreSQL database with other nodes, over
   * Redis. Every store is then that database's (fenced by this node's leases); `store` and the other stores given
   * are ignored.
   */
  readonly cluster?: ClusterOptions;
}

export interface GameServer {
  readonly port: number;
  readonly url: string;
  readonly hub: Hub;
  readonly lobby: Lobby;
  readonly quick: QuickMatcher;
  readonly ratings: Ratings;
  /** In cluster mode: this node's leases, bus and links. */
  readonly cluster: ClusterNode | null;
  connections(): number;
  /** Bytes waiting to be sent over all WebSockets. */
  bufferedBytes(): number;
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
  const cluster = options.cluster ? await ClusterNode.open(options.cluster, log) : null;
  const shared = cluster?.stores();
  const store = shared?.store ?? options.store ?? new SqliteStore(options.dbPath ?? "./data/schwimmen.db");
  // Chat lines live in the same SQLite file; another store (tests) keeps them in memory.
  const chatStore =
    shared?.chatStore ??
    options.chatStore ??
    (store instanceof SqliteStore ? new SqliteChatStore(store.database) : new MemoryChatStore());
  const chat = new ChatService(chatStore, clock, log, options.chat);
  const settings: TableSettings = { ...DEFAULT_SETTINGS, ...options.settings };
  const players = new Players(
    shared?.playerStore ??
      options.playerStore ??
      new SqlitePlayerStore(store instanceof SqliteStore ? store.database : new SqliteStore(":memory:").database),
    () => clock.now(),
  );
  // In a cluster the lobby lists every node's waiting tables, and lobby chat lines reach every node.
  const lobby = new Lobby(clock, log, options.lobby, cluster ? lobbySyncOn(cluster.bus, log) : undefined);
  if (cluster) relayLobbyChat(cluster.bus, chat, () => hub.all());
  // Ratings live in the same SQLite file; another store (tests) keeps them in a database in memory.
  const ratings = new Ratings(
    shared?.ratingStore ??
      options.ratingStore ??
      new SqliteRatingStore(store instanceof SqliteStore ? store.database : new SqliteStore(":memory:").database),
  );
  lobby.ratings = ratings;
  const newSeed = options.newSeed ?? (() => randomBytes(16).toString("hex"));
  const hub = new Hub({
    onTableChanged: (table) => {
      lobby.changed(table);
      quick.changed(table);
    },
    onMatchEnded: (summary) => ratings.onMatchEnded(summary),
    store,
    chat,
    clock,
    log,
    settings,
    // Bots think on the server's one thread: a small budget keeps every other table responsive.
    bots: new BotPlayer(options.botBudgetMs ?? 25),
    newSeed,
    randomInt: (n) => randomInt(n),
    hubOptions: options.hub,
    ownership: cluster ?? undefined,
    onLeaseLost: (table) => cluster?.refused(table.code),
    onDropped: (table) => {
      lobby.dropped(table);
      quick.dropped(table);
    },
  });
  const quick = new QuickMatcher(
    { hub, clock, log, newSeed, randomInt: (n) => randomInt(n) },
    cluster ? { ...options.quickMatch, adoptWaiting: true } : options.quickMatch,
  );
  cluster?.attach(hub, { quick, chat, lobby });
  const open = await hub.loadOpen();
  if (open > 0) log.info({ tables: open }, "running tables restored");

  const sweeper = setInterval(() => {
    const dropped = hub.sweep();
    void players.sweep().catch((cause: unknown) => log.error({ err: cause }, "session expiry failed"));
    if (dropped > 0) log.debug({ dropped, tables: hub.size }, "idle tables unloaded");
  }, 60_000);
  sweeper.unref();

  const limits: ServerLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const addresses = new AddressLimits(limits, () => clock.now());
  const connections = new Set<Connection>();
  // A deleted player: the kept chat lines take the neutral name, and their open sockets speak for nobody any more.
  players.onDeleted = (id, neutralName) => {
    chat.renamePlayer(id, neutralName, hub.all());
    for (const connection of connections) if (connection.player?.id === id) connection.player = null;
  };
  const bufferedBytes = () => {
    let total = 0;
    for (const connection of connections) total += connection.buffered;
    return total;
  };
  // Finds dead peers: a socket that has not answered the previous ping is cut off, so its seat shows disconnected.
  const heartbeat = new Heartbeat<Connection>(limits.pingIntervalMs);
  // Event-loop stalls and GC pauses since the start, in /healthz (pauses.ts).
  const pauses = new PauseMeter();
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const statsEvery = options.statsIntervalMs ?? 60_000;
  const stats =
    statsEvery > 0
      ? setInterval(() => {
          // Reading the RSS takes a file descriptor: when they have run out, the line goes without it (not a crash).
          let memory: NodeJS.MemoryUsage | null = null;
          try {
            memory = process.memoryUsage();
          } catch {
            memory = null;
          }
          log.info(
            {
              connections: connections.size,
              tables: hub.size,
              loopDelayP50Ms: Math.round(loopDelay.percentile(50) / 1e4) / 100,
              loopDelayP99Ms: Math.round(loopDelay.percentile(99) / 1e4) / 100,
              loopDelayMaxMs: Math.round(loopDelay.max / 1e4) / 100,
              bufferedKb: Math.round(bufferedBytes() / 1024),
              rssMb: memory && Math.round(memory.rss / 1e5) / 10,
              heapUsedMb: memory && Math.round(memory.heapUsed / 1e5) / 10,
            },
            "stats",
          );
          loopDelay.reset();
        }, statsEvery)
      : null;
  stats?.unref();
  const http: HttpServer = createServer(
    httpServerOptions(limits),
    httpHandler({
      hub,
      store,
      lobby,
      staticDir: options.staticDir ?? defaultStaticDir(),
      stats: () => ({ tables: hub.size, connections: connections.size, ...pauses.figures() }),
      ratings: { ratings, names: players, now: () => clock.now() },
      players: {
        players,
        passkeys: new Passkeys(players),
        ratings,
        ...playerLimiters(() => clock.now(), options.sessionsPerAddress),
      },
      publicUrl: options.publicUrl,
      trustProxy: options.trustProxy,
      health: async () => ({
        node: cluster?.node ?? "single",
        store: store instanceof SqliteStore ? "sqlite" : "postgres",
        tables: cluster ? await cluster.owned() : hub.size,
        ...(cluster ? { links: cluster.links.size } : {}),
      }),
    }),
  );
  guardConnections(http, addresses, options.trustProxy);
  const wss = new WebSocketServer({ noServer: true, maxPayload: LIMITS.hardFrameBytes, perMessageDeflate: false });
  const host = options.host ?? "localhost";
  let originAllowed: (origin: string | undefined) => boolean = () => false;
  http.on("upgrade", (req, socket, head) => {
    // HTTP no longer watches this socket: a client that resets it while being refused must not crash the server.
    socket.on("error", () => socket.destroy());
    const url = new URL(req.url ?? "/", "http://localhost");
    const origin = req.headers.origin;
    if (url.pathname !== "/ws") {
      socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n");
      return;
    }
    if (!originAllowed(origin)) {
      log.warn({ origin }, "websocket refused: foreign origin");
      socket.end("HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n");
      return;
    }
    const remote = clientAddress(req, options.trustProxy) ?? "?";
    // The node the client asked the entry for (`/ws?node=ID`, docs/scaling.md "Routing"): no hint names it again.
    const asked = url.searchParams.get("node")?.slice(0, 32) ?? "";
    const key = addressKey(remote);
    if (!addresses.sockets.acquire(key)) {
      log.warn({ remote }, "websocket refused: too many from this address");
      socket.end("HTTP/1.1 429 Too Many Requests\r\nRetry-After: 60\r\nConnection: close\r\n\r\n");
      return;
    }
    // The place is given back when the TCP connection closes, whether the handshake worked or not.
    socket.once("close", () => addresses.sockets.release(key));
    // The session cookie's player is looked up before the handshake: the connection knows it from the start.
    const lookup = players.fromCookie(req.headers.cookie).catch(() => null);
    void lookup.then((player) =>
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
            addresses,
            chat,
            lobby,
            quick,
            ...(cluster ? { cluster: { links: cluster.links, quickRoute: () => cluster.quickRoute() } } : {}),
          },
          remote,
          player,
          cluster?.hints ? asked : null,
        );
        connections.add(connection);
        heartbeat.add(connection);
        ws.on("close", () => {
          connections.delete(connection);
          heartbeat.delete(connection);
        });
      }),
    );
  });

  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.port ?? 8031, host, () => resolve());
  });
  const port = (http.address() as AddressInfo).port;
  originAllowed = originCheck({ allowed: options.allowedOrigins ?? [], publicUrl: options.publicUrl, host, port });
  log.info({ host, port }, "server listening");

  let closing: Promise<void> | null = null;
  return {
    port,
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    hub,
    lobby,
    quick,
    ratings,
    cluster,
    connections: () => connections.size,
    bufferedBytes,
    close() {
      closing ??= (async () => {
        // Stop taking work, let every table finish the command in hand, then close sockets and the store.
        clearInterval(sweeper);
        heartbeat.stop();
        pauses.stop();
        if (stats) clearInterval(stats);
        loopDelay.disable();
        http.close();
        quick.close();
        await lobby.close();
        cluster?.stopTaking();
        await hub.close();
        // Every lease released before the sockets close: other nodes take this node's tables at once.
        await cluster?.close();
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

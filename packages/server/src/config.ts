/**
 * The server's settings from the environment. A value that is set but wrong is an error naming the variable,
 * never a silent fallback: a typo in PORT should not start a server somewhere else.
 */
import { isIP } from "node:net";
import { type Result, ok, err } from "@schwimmen/rules";
import type { ServerOptions } from "./server.js";
import { DEFAULT_LIMITS, type ServerLimits } from "./socket-guard.js";
import { NODE_ID_PATTERN } from "./node-id.js";

export interface ConfigError {
  readonly code: "INVALID_CONFIG";
  readonly message: string;
}

export type ServerConfig = Required<
  Pick<ServerOptions, "port" | "host" | "dbPath" | "allowedOrigins" | "statsIntervalMs" | "botBudgetMs">
> & {
  readonly settings: NonNullable<ServerOptions["settings"]>;
  readonly limits: Partial<ServerLimits>;
  readonly publicUrl?: string;
  /** Lookups by invite code per address and minute (LOOKUPS_PER_ADDRESS). */
  readonly hub?: { readonly lookupLimit: number };
  /** How long a quick-match table waits before bots fill it (QUICK_MATCH_WAIT_MS). */
  readonly quickMatch?: { readonly waitMs: number };
  readonly logLevel: string;
  /** STORE=postgres: the PostgreSQL database everything is kept in (DATABASE_URL) instead of the SQLite file. */
  readonly databaseUrl?: string;
  /** STORE=postgres: how long (ms) a group commit gathers appends before it writes them (COMMIT_GATHER_MS, 0-100). */
  readonly commitGatherMs?: number;
  /** Cluster mode (NODE_ID and REDIS_URL, both or neither, with STORE=postgres): this node's name. */
  readonly nodeId?: string;
  /** Cluster mode: the Redis that carries routing and presence between the nodes. */
  readonly redisUrl?: string;
  /** Cluster mode: how long a table's lease lasts unless renewed (LEASE_TTL_MS; the server's default 8000). */
  readonly leaseTtlMs?: number;
  /** Cluster mode: the entry routes `/ws?node=ID` to node ID, so clients are told where their table runs (ROUTE_HINTS=1). */
  readonly routeHints?: boolean;
  /** The proxies whose X-Forwarded-For and X-Forwarded-Proto are believed (TRUST_PROXY, addresses with commas). */
  readonly trustProxy?: readonly string[];
};

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

/**
 * COMMIT_GATHER_MS unless set: at human pace (appends one by one) 4 ms put two to three of them in a commit, took
 * PostgreSQL from 28-30% to 17-21% of a core, and the two-node bench's median p99 from 61 to 43 ms (docs/scaling.md).
 */
export const DEFAULT_COMMIT_GATHER_MS = 4;

type Env = Readonly<Record<string, string | undefined>>;

/** A whole number from the environment, within bounds; undefined when the variable is not set. */
function whole(env: Env, name: string, min: number, max: number): Result<number | undefined, ConfigError> {
  const text = env[name];
  if (text === undefined || text.trim() === "") return ok(undefined);
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max) {
    return err({
      code: "INVALID_CONFIG",
      message: `${name} must be a whole number from ${min} to ${max}, not "${text}"`,
    });
  }
  return ok(n);
}

const DAY_MS = 86_400_000;
const GIB = 1024 ** 3;
/** Each limit's variable and bounds (docs/protocol.md, "Limits"). */
const LIMIT_VARIABLES: { readonly [K in keyof ServerLimits]: readonly [string, number, number] } = {
  socketsPerAddress: ["MAX_SOCKETS_PER_ADDRESS", 1, 1_000_000],
  connectionsPerAddress: ["MAX_CONNECTIONS_PER_ADDRESS", 1, 1_000_000],
  messagesPerAddress: ["MESSAGES_PER_ADDRESS", 1, 100_000_000],
  tablesPerAddress: ["TABLES_PER_ADDRESS", 1, 100_000_000],
  tokensPerAddress: ["TOKENS_PER_ADDRESS", 1, 100_000_000],
  helloTimeoutMs: ["HELLO_TIMEOUT_MS", 100, DAY_MS],
  idleTimeoutMs: ["IDLE_TIMEOUT_MS", 100, DAY_MS],
  pingIntervalMs: ["PING_INTERVAL_MS", 100, DAY_MS],
  headersTimeoutMs: ["HEADERS_TIMEOUT_MS", 100, DAY_MS],
  requestTimeoutMs: ["REQUEST_TIMEOUT_MS", 100, DAY_MS],
  keepAliveTimeoutMs: ["KEEP_ALIVE_TIMEOUT_MS", 100, DAY_MS],
  slowSocketBytes: ["SLOW_SOCKET_BYTES", 1024, GIB],
  maxSocketBytes: ["MAX_SOCKET_BYTES", 1024, GIB],
};

function readLimits(env: Env): Result<Partial<ServerLimits>, ConfigError> {
  const limits: Partial<Record<keyof ServerLimits, number>> = {};
  for (const [key, [name, min, max]] of Object.entries(LIMIT_VARIABLES)) {
    const value = whole(env, name, min, max);
    if (!value.ok) return value;
    if (value.value !== undefined) limits[key as keyof ServerLimits] = value.value;
  }
  const pairs: [keyof ServerLimits, keyof ServerLimits][] = [
    ["socketsPerAddress", "connectionsPerAddress"],
    ["headersTimeoutMs", "requestTimeoutMs"],
    ["slowSocketBytes", "maxSocketBytes"],
  ];
  for (const [low, high] of pairs) {
    if ((limits[low] ?? DEFAULT_LIMITS[low]) > (limits[high] ?? DEFAULT_LIMITS[high])) {
      const [lowName, highName] = [LIMIT_VARIABLES[low][0], LIMIT_VARIABLES[high][0]];
      return err({ code: "INVALID_CONFIG", message: `${lowName} must not be above ${highName}` });
    }
  }
  return ok(limits);
}

/** STORE (sqlite, the default, or postgres) and, for postgres, DATABASE_URL. */
function readStore(env: Env): Result<string | undefined, ConfigError> {
  const store = env.STORE?.trim() || "sqlite";
  if (store === "sqlite") return ok(undefined);
  if (store !== "postgres") {
    return err({ code: "INVALID_CONFIG", message: `STORE must be sqlite or postgres, not "${store}"` });
  }
  const url = env.DATABASE_URL?.trim() ?? "";
  if (!/^postgres(ql)?:\/\/\S+$/.test(url)) {
    return err({
      code: "INVALID_CONFIG",
      message: "STORE=postgres needs DATABASE_URL, an address like postgresql://user:password@host:5432/schwimmen",
    });
  }
  return ok(url);
}

export interface ClusterConfig {
  readonly nodeId: string;
  readonly redisUrl: string;
  readonly leaseTtlMs?: number;
  readonly routeHints?: boolean;
}

/** A Redis address: redis://[user:password@]host[:port][/db], nothing more. */
function isRedisUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return (
    url.protocol === "redis:" &&
    url.hostname !== "" &&
    /^(\/\d{0,2})?$/.test(url.pathname) &&
    url.search === "" &&
    url.hash === ""
  );
}

/** NODE_ID, REDIS_URL, LEASE_TTL_MS and ROUTE_HINTS: cluster mode, or undefined for the single process. */
function readCluster(env: Env, postgres: boolean): Result<ClusterConfig | undefined, ConfigError> {
  const nodeId = env.NODE_ID?.trim() || undefined;
  const redisUrl = env.REDIS_URL?.trim() || undefined;
  const ttl = whole(env, "LEASE_TTL_MS", 500, 600_000);
  if (!ttl.ok) return ttl;
  const fail = (message: string) => err<ConfigError>({ code: "INVALID_CONFIG", message });
  const hints = env.ROUTE_HINTS?.trim() ?? "";
  if (!["", "0", "1"].includes(hints)) return fail(`ROUTE_HINTS must be 0 or 1, not "${hints}"`);
  if (nodeId === undefined && redisUrl === undefined) {
    if (hints === "1") return fail("ROUTE_HINTS needs cluster mode (NODE_ID and REDIS_URL)");
    return ttl.value === undefined ? ok(undefined) : fail("LEASE_TTL_MS needs cluster mode (NODE_ID and REDIS_URL)");
  }
  if (nodeId === undefined) return fail("REDIS_URL needs NODE_ID too (cluster mode needs both)");
  if (redisUrl === undefined) return fail("NODE_ID needs REDIS_URL too (cluster mode needs both)");
  if (!NODE_ID_PATTERN.test(nodeId)) {
    return fail(`NODE_ID must be 1 to 32 of a-z, 0-9 and "-" (not first), not "${nodeId}"`);
  }
  if (!isRedisUrl(redisUrl)) {
    // The address is not repeated: it may hold a password.
    return fail("REDIS_URL must be an address like redis://127.0.0.1:6379/0");
  }
  if (!postgres) return fail("cluster mode (NODE_ID, REDIS_URL) needs STORE=postgres and DATABASE_URL");
  return ok({
    nodeId,
    redisUrl,
    ...(ttl.value === undefined ? {} : { leaseTtlMs: ttl.value }),
    ...(hints === "1" ? { routeHints: true } : {}),
  });
}

/** TRUST_PROXY: the addresses of the proxies in front of the server, IPv4 or IPv6, separated by commas. */
function readTrustProxy(env: Env): Result<readonly string[] | undefined, ConfigError> {
  const text = env.TRUST_PROXY?.trim() ?? "";
  if (text === "") return ok(undefined);
  const addresses = text.split(",").map((a) => a.trim());
  const wrong = addresses.find((a) => !/^(\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F:]{2,39})$/.test(a) || !isIP(a));
  if (wrong !== undefined) {
    return err({
      code: "INVALID_CONFIG",
      message: `TRUST_PROXY must list the proxies' addresses with commas, like 127.0.0.1,10.0.0.5, not "${wrong}"`,
    });
  }
  return ok(addresses);
}

export function readConfig(env: Env): Result<ServerConfig, ConfigError> {
  const numbers = {
    port: whole(env, "PORT", 0, 65_535),
    statsIntervalMs: whole(env, "STATS_INTERVAL_MS", 0, 86_400_000),
    botBudgetMs: whole(env, "BOT_BUDGET_MS", 1, 10_000),
    botDelayMs: whole(env, "BOT_DELAY_MS", 0, 60_000),
    roundPauseMs: whole(env, "ROUND_PAUSE_MS", 0, 600_000),
    snapshotEvery: whole(env, "SNAPSHOT_EVERY", 1, 100_000),
    lookupLimit: whole(env, "LOOKUPS_PER_ADDRESS", 1, 100_000_000),
    quickMatchWaitMs: whole(env, "QUICK_MATCH_WAIT_MS", 0, 600_000),
    commitGatherMs: whole(env, "COMMIT_GATHER_MS", 0, 100),
  };
  for (const value of Object.values(numbers)) if (!value.ok) return value;
  const get = (key: keyof typeof numbers): number | undefined => {
    const value = numbers[key];
    return value.ok ? value.value : undefined;
  };
  const logLevel = env.LOG_LEVEL ?? "info";
  if (!LOG_LEVELS.includes(logLevel)) {
    return err({ code: "INVALID_CONFIG", message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}` });
  }
  const origins = (env.ALLOWED_ORIGINS ?? "").split(",").filter((o) => o.trim() !== "");
  for (const origin of origins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin.trim())) {
      return err({
        code: "INVALID_CONFIG",
        message: `ALLOWED_ORIGINS holds "${origin}", not an origin like https://example.org`,
      });
    }
  }
  const publicUrl = env.PUBLIC_URL?.trim() || undefined;
  if (publicUrl !== undefined && !/^https?:\/\/[^/\s]+(\/\S*)?$/.test(publicUrl)) {
    return err({
      code: "INVALID_CONFIG",
      message: `PUBLIC_URL must be an address like https://example.org, not "${publicUrl}"`,
    });
  }
  const limits = readLimits(env);
  if (!limits.ok) return limits;
  const databaseUrl = readStore(env);
  if (!databaseUrl.ok) return databaseUrl;
  const cluster = readCluster(env, databaseUrl.value !== undefined);
  if (!cluster.ok) return cluster;
  const trustProxy = readTrustProxy(env);
  if (!trustProxy.ok) return trustProxy;
  const gatherMs = get("commitGatherMs");
  if (gatherMs !== undefined && databaseUrl.value === undefined) {
    return err({
      code: "INVALID_CONFIG",
      message: "COMMIT_GATHER_MS needs STORE=postgres (it times PostgreSQL's commits)",
    });
  }
  const settings: Record<string, number> = {};
  for (const key of ["botDelayMs", "roundPauseMs", "snapshotEvery"] as const) {
    const value = get(key);
    if (value !== undefined) settings[key] = value;
  }
  return ok({
    port: get("port") ?? 8031,
    host: env.HOST?.trim() || "localhost",
    dbPath: env.DB_PATH?.trim() || "./data/schwimmen.db",
    allowedOrigins: origins.map((o) => o.trim()),
    statsIntervalMs: get("statsIntervalMs") ?? 60_000,
    botBudgetMs: get("botBudgetMs") ?? 25,
    settings,
    limits: limits.value,
    ...(publicUrl === undefined ? {} : { publicUrl }),
    ...(get("lookupLimit") === undefined ? {} : { hub: { lookupLimit: get("lookupLimit")! } }),
    ...(get("quickMatchWaitMs") === undefined ? {} : { quickMatch: { waitMs: get("quickMatchWaitMs")! } }),
    logLevel,
    ...(databaseUrl.value === undefined
      ? {}
      : { databaseUrl: databaseUrl.value, commitGatherMs: gatherMs ?? DEFAULT_COMMIT_GATHER_MS }),
    ...cluster.value,
    ...(trustProxy.value === undefined ? {} : { trustProxy: trustProxy.value }),
  });
}

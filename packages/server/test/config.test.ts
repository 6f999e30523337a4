import { describe, expect, it } from "vitest";
import { DEFAULT_COMMIT_GATHER_MS, readConfig } from "../src/config.js";

const PG = { STORE: "postgres", DATABASE_URL: "postgresql://u:p@127.0.0.1:5432/schwimmen" };
const CLUSTER = { ...PG, NODE_ID: "node-1", REDIS_URL: "redis://127.0.0.1:6379/0" };

describe("server settings from the environment", () => {
  it("uses the defaults when nothing is set", () => {
    const config = readConfig({});
    expect(config.ok && config.value).toMatchObject({
      port: 8031,
      host: "localhost",
      dbPath: "./data/schwimmen.db",
      allowedOrigins: [],
      settings: {},
      limits: {},
      logLevel: "info",
    });
    expect(config.ok && config.value.publicUrl).toBeUndefined();
  });

  it("reads every variable", () => {
    const config = readConfig({
      PORT: "9000",
      HOST: "127.0.0.1",
      DB_PATH: "/tmp/x.db",
      ALLOWED_ORIGINS: "http://localhost:5173, https://example.org",
      BOT_DELAY_MS: "0",
      ROUND_PAUSE_MS: "10",
      SNAPSHOT_EVERY: "5",
      BOT_BUDGET_MS: "40",
      LOG_LEVEL: "warn",
      PUBLIC_URL: "https://schwimmen.example.org",
      TRUST_PROXY: "127.0.0.1, ::1",
      MAX_SOCKETS_PER_ADDRESS: "10",
      MAX_CONNECTIONS_PER_ADDRESS: "20",
      MESSAGES_PER_ADDRESS: "500",
      TABLES_PER_ADDRESS: "30",
      TOKENS_PER_ADDRESS: "40",
      HELLO_TIMEOUT_MS: "5000",
      IDLE_TIMEOUT_MS: "60000",
      PING_INTERVAL_MS: "20000",
      HEADERS_TIMEOUT_MS: "4000",
      REQUEST_TIMEOUT_MS: "8000",
      KEEP_ALIVE_TIMEOUT_MS: "3000",
      SLOW_SOCKET_BYTES: "65536",
      MAX_SOCKET_BYTES: "524288",
    });
    expect(config.ok && config.value).toMatchObject({
      port: 9000,
      host: "127.0.0.1",
      dbPath: "/tmp/x.db",
      allowedOrigins: ["http://localhost:5173", "https://example.org"],
      settings: { botDelayMs: 0, roundPauseMs: 10, snapshotEvery: 5 },
      botBudgetMs: 40,
      logLevel: "warn",
      publicUrl: "https://schwimmen.example.org",
      trustProxy: ["127.0.0.1", "::1"],
      limits: {
        socketsPerAddress: 10,
        connectionsPerAddress: 20,
        messagesPerAddress: 500,
        tablesPerAddress: 30,
        tokensPerAddress: 40,
        helloTimeoutMs: 5000,
        idleTimeoutMs: 60_000,
        pingIntervalMs: 20_000,
        headersTimeoutMs: 4000,
        requestTimeoutMs: 8000,
        keepAliveTimeoutMs: 3000,
        slowSocketBytes: 65_536,
        maxSocketBytes: 524_288,
      },
    });
  });

  it("reads cluster mode: NODE_ID and REDIS_URL with PostgreSQL, and a lease ttl", () => {
    const config = readConfig({ ...CLUSTER, LEASE_TTL_MS: "2000" });
    expect(config.ok && config.value).toMatchObject({
      databaseUrl: PG.DATABASE_URL,
      nodeId: "node-1",
      redisUrl: "redis://127.0.0.1:6379/0",
      leaseTtlMs: 2000,
    });
    const plain = readConfig({ ...CLUSTER, REDIS_URL: "redis://:secret@redis.internal" });
    expect(plain.ok && plain.value).toMatchObject({ redisUrl: "redis://:secret@redis.internal" });
    expect(plain.ok && plain.value.leaseTtlMs).toBeUndefined();
    expect(plain.ok && plain.value.routeHints).toBeUndefined();
    const hinted = readConfig({ ...CLUSTER, ROUTE_HINTS: "1" });
    expect(hinted.ok && hinted.value.routeHints).toBe(true);
    const unhinted = readConfig({ ...CLUSTER, ROUTE_HINTS: "0" });
    expect(unhinted.ok && unhinted.value.routeHints).toBeUndefined();
  });

  it("gathers PostgreSQL's group commits for 4 ms unless COMMIT_GATHER_MS says otherwise", () => {
    const gather = (env: Record<string, string>) => {
      const config = readConfig(env);
      return config.ok ? config.value.commitGatherMs : config.error.message;
    };
    expect(gather(PG)).toBe(DEFAULT_COMMIT_GATHER_MS);
    expect(DEFAULT_COMMIT_GATHER_MS).toBe(4);
    expect(gather({ ...PG, COMMIT_GATHER_MS: "0" })).toBe(0);
    expect(gather({ ...CLUSTER, COMMIT_GATHER_MS: "10" })).toBe(10);
    expect(gather({})).toBeUndefined();
  });

  it("stays a single process without NODE_ID and REDIS_URL", () => {
    const config = readConfig(PG);
    expect(config.ok && config.value.nodeId).toBeUndefined();
    expect(config.ok && config.value.redisUrl).toBeUndefined();
  });

  it("never repeats a Redis address that may hold a password", () => {
    const config = readConfig({ ...CLUSTER, REDIS_URL: "redis://:secret@host:6379/x" });
    expect(!config.ok && config.error.message).not.toMatch(/secret/);
  });

  const bad: [string, Record<string, string>, RegExp][] = [
    ["a port that is not a number", { PORT: "80a" }, /PORT/],
    ["a port out of range", { PORT: "70000" }, /PORT/],
    ["a fractional delay", { BOT_DELAY_MS: "1.5" }, /BOT_DELAY_MS/],
    ["a negative pause", { ROUND_PAUSE_MS: "-1" }, /ROUND_PAUSE_MS/],
    ["snapshots never", { SNAPSHOT_EVERY: "0" }, /SNAPSHOT_EVERY/],
    ["an unknown log level", { LOG_LEVEL: "loud" }, /LOG_LEVEL/],
    ["an origin with a path", { ALLOWED_ORIGINS: "http://a.example/x" }, /ALLOWED_ORIGINS/],
    ["a public address that is no URL", { PUBLIC_URL: "schwimmen.example.org" }, /PUBLIC_URL/],
    ["a proxy given by name", { TRUST_PROXY: "127.0.0.1,proxy.local" }, /TRUST_PROXY .*"proxy.local"/],
    ["a proxy address out of range", { TRUST_PROXY: "300.0.0.1" }, /TRUST_PROXY/],
    ["trust as a word", { TRUST_PROXY: "yes" }, /TRUST_PROXY/],
    ["no sockets at all", { MAX_SOCKETS_PER_ADDRESS: "0" }, /MAX_SOCKETS_PER_ADDRESS/],
    ["a fractional message limit", { MESSAGES_PER_ADDRESS: "2.5" }, /MESSAGES_PER_ADDRESS/],
    ["a ping every millisecond", { PING_INTERVAL_MS: "1" }, /PING_INTERVAL_MS/],
    ["more sockets than connections", { MAX_SOCKETS_PER_ADDRESS: "300" }, /MAX_SOCKETS_PER_ADDRESS.*MAX_CONNECTIONS/],
    ["headers longer than the request", { HEADERS_TIMEOUT_MS: "60000" }, /HEADERS_TIMEOUT_MS.*REQUEST_TIMEOUT_MS/],
    ["a slow mark above the hard limit", { SLOW_SOCKET_BYTES: "2097152" }, /SLOW_SOCKET_BYTES.*MAX_SOCKET_BYTES/],
    ["a node without Redis", { ...PG, NODE_ID: "a" }, /NODE_ID needs REDIS_URL/],
    ["Redis without a node", { ...PG, REDIS_URL: "redis://127.0.0.1:6379" }, /REDIS_URL needs NODE_ID/],
    ["a cluster on SQLite", { NODE_ID: "a", REDIS_URL: "redis://127.0.0.1:6379" }, /needs STORE=postgres/],
    ["a node id with capitals", { ...CLUSTER, NODE_ID: "NodeA" }, /NODE_ID must be/],
    ["a node id starting with a dash", { ...CLUSTER, NODE_ID: "-a" }, /NODE_ID must be/],
    ["a node id of 33 letters", { ...CLUSTER, NODE_ID: "a".repeat(33) }, /NODE_ID must be/],
    ["Redis over http", { ...CLUSTER, REDIS_URL: "http://127.0.0.1:6379" }, /REDIS_URL must be/],
    ["Redis without a host", { ...CLUSTER, REDIS_URL: "redis://:6379" }, /REDIS_URL must be/],
    ["Redis with a bad port", { ...CLUSTER, REDIS_URL: "redis://127.0.0.1:99999" }, /REDIS_URL must be/],
    ["Redis with a named database", { ...CLUSTER, REDIS_URL: "redis://127.0.0.1:6379/games" }, /REDIS_URL must be/],
    ["a lease of 10 ms", { ...CLUSTER, LEASE_TTL_MS: "10" }, /LEASE_TTL_MS/],
    ["a lease without a cluster", { ...PG, LEASE_TTL_MS: "2000" }, /LEASE_TTL_MS needs cluster mode/],
    ["route hints of yes", { ...CLUSTER, ROUTE_HINTS: "yes" }, /ROUTE_HINTS must be 0 or 1/],
    ["route hints without a cluster", { ...PG, ROUTE_HINTS: "1" }, /ROUTE_HINTS needs cluster mode/],
    ["a commit gathered for 101 ms", { ...PG, COMMIT_GATHER_MS: "101" }, /COMMIT_GATHER_MS/],
    ["a commit gathered for a while", { ...PG, COMMIT_GATHER_MS: "soon" }, /COMMIT_GATHER_MS/],
    ["commit gathering on SQLite", { COMMIT_GATHER_MS: "4" }, /COMMIT_GATHER_MS needs STORE=postgres/],
  ];
  it.each(bad)("refuses %s with a typed error naming the variable", (_name, env, pattern) => {
    const config = readConfig(env);
    expect(config.ok).toBe(false);
    if (!config.ok) {
      expect(config.error.code).toBe("INVALID_CONFIG");
      expect(config.error.message).toMatch(pattern);
    }
  });
});

/**
 * `npm run cluster`: a whole cluster on this machine. PostgreSQL and Redis (installed from Debian's packages when
 * missing, data under /tmp), NODES server nodes (default 2) from the built dist on free ports, and HAProxy on PORT
 * (default 8031) in front: round-robin, health checks on /healthz, WebSockets passed through. Ctrl-C (or SIGTERM)
 * stops everything it started. The nodes' logs stay in the folder it prints.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Cluster, startCluster } from "../packages/server/test/cluster-harness.js";
import { type PgServer, type RedisServer, startPostgres, startRedis } from "../packages/server/test/local-services.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

function wholeEnv(name: string, fallback: number, min: number, max: number): number {
  const text = process.env[name]?.trim();
  if (!text) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max) {
    process.stderr.write(`cluster: ${name} must be a whole number from ${min} to ${max}, not "${text}"\n`);
    process.exit(2);
  }
  return n;
}

const nodeCount = wholeEnv("NODES", 2, 1, 16);
const port = wholeEnv("PORT", 8031, 1, 65_535);
const say = (line: string) => process.stdout.write(`${line}\n`);

for (const script of ["ensure-postgres.sh", "ensure-redis.sh"]) {
  execFileSync("bash", [`${ROOT}scripts/${script}`], { stdio: "inherit" });
}

let postgres: PgServer | null = null;
let redis: RedisServer | null = null;
let cluster: Cluster | null = null;
let stopping = false;

async function stopAll(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    say("cluster: stopping ...");
    await cluster?.stop().catch((cause: unknown) => say(`cluster: stopping the nodes failed: ${String(cause)}`));
    await redis?.stop().catch(() => {});
    await postgres?.stop().catch(() => {});
    say("cluster: stopped");
  }
  process.exit(code);
}
process.on("SIGINT", () => void stopAll(0));
process.on("SIGTERM", () => void stopAll(0));

try {
  postgres = await startPostgres();
  const databaseUrl = await postgres.createDatabase("schwimmen");
  redis = await startRedis();
  const logDir = mkdtempSync("/tmp/schwimmen-cluster-");
  const origins = [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
  cluster = await startCluster({
    databaseUrl,
    redisUrl: redis.url,
    nodes: nodeCount,
    entry: "dist",
    proxy: { port },
    logDir,
    // Browsers load the page from the entry's address: its origin may open WebSockets on every node.
    // The proxy on 127.0.0.1 is trusted for X-Forwarded-For: limits per address count each player, not the proxy.
    // It routes `/ws?node=ID` to node ID, so clients are told where their table runs and come back there.
    env: {
      ALLOWED_ORIGINS: origins.join(","),
      TRUST_PROXY: "127.0.0.1",
      ROUTE_HINTS: "1",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
    },
  });
  say(
    `Schwimmen cluster: http://127.0.0.1:${port}  (HAProxy over ${nodeCount} nodes: round-robin, ?node=ID to that node)`,
  );
  for (const node of cluster.nodes) {
    say(`  node ${node.id}: ${node.url}  (pid ${node.pid}, ${node.url}/healthz)`);
    node.onExit = (code, signal) => {
      if (!stopping) say(`cluster: node ${node.id} ended (${signal ?? `exit code ${code}`}); see its log`);
    };
  }
  say(`  PostgreSQL: ${databaseUrl}`);
  say(`  Redis: ${redis.url}`);
  say(`  logs: ${logDir}`);
  say("Ctrl-C stops everything.");
} catch (cause) {
  say(`cluster: cannot start: ${cause instanceof Error ? cause.message : String(cause)}`);
  await stopAll(1);
}

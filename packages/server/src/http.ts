/** Plain HTTP: the web client's files, health, a table's public info and its record, with security headers. */
import { type ProxyTrust, clientAddress, trustsPeer } from "./client-address.js";
import { readFile, stat } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, normalize, sep } from "node:path";
import type { Hub } from "./hub.js";
import type { Lobby } from "./lobby.js";
import type { Store } from "./store.js";
import { SqliteStore } from "./sqlite-store.js";
import { json, send } from "./http-send.js";
import { tableApi } from "./table-api.js";
import { type LeaderboardDeps, leaderboardApi } from "./leaderboard-api.js";
import { type PlayersApiDeps, playersApi } from "./players-api.js";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".webp": "image/webp",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Schwimmen</title></head>
<body><h1>Schwimmen server</h1><p>The web client has not been built yet (<code>npm run build</code>).
The game protocol is at <code>/ws</code>; see docs/protocol.md.</p></body></html>`;

/** `GET /healthz`: which node answers, on which store, and how many tables it owns. */
export interface Health {
  /** NODE_ID in cluster mode, "single" for the one process. */
  readonly node: string;
  readonly store: "sqlite" | "postgres";
  readonly tables: number;
  /** In a cluster: sockets on this node that follow a table on another node (through a link). */
  readonly links?: number;
}

export interface HttpDeps {
  readonly hub: Hub;
  readonly store: Store;
  /** The public tables that wait for players (`GET /api/lobby`). */
  readonly lobby?: Lobby;
  readonly staticDir: string;
  readonly stats: () => Record<string, number>;
  /** The node's health (server.ts); without it the single process' own: "single", the store's kind, its tables. */
  readonly health?: () => Health | Promise<Health>;
  /** Players, sessions and passkeys (`/api/session`, `/api/me`, `/api/passkeys/...`, `/api/players/ID`). */
  readonly players?: Omit<PlayersApiDeps, "publicUrl" | "overHttps" | "clientAddress">;
  /** Ratings and the names of players (`GET /api/leaderboard`). */
  readonly ratings?: LeaderboardDeps;
  /** The address players reach the server at: an https one means every answer carries HSTS. */
  readonly publicUrl?: string;
  /**
   * A proxy in front of the server sets `X-Forwarded-Proto` and `X-Forwarded-For` (only then are they believed): true
   * for any peer, or the proxies' addresses (client-address.ts).
   */
  readonly trustProxy?: ProxyTrust;
}

/** HSTS for a year, sent only on answers that came over HTTPS (a browser ignores it over plain HTTP anyway). */
export const HSTS = "max-age=31536000";

/** The request reached us over TLS: directly, through a trusted proxy, or the server is published as https. */
function overHttps(deps: HttpDeps, req: IncomingMessage): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted === true) return true;
  if (deps.publicUrl?.startsWith("https://")) return true;
  const forwarded = String(req.headers["x-forwarded-proto"] ?? "");
  return (
    trustsPeer(deps.trustProxy, req.socket.remoteAddress) && forwarded.split(",")[0]!.trim().toLowerCase() === "https"
  );
}

export function httpHandler(deps: HttpDeps) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (overHttps(deps, req)) res.setHeader("Strict-Transport-Security", HSTS);
    try {
      await route(deps, req, res);
    } catch {
      if (!res.headersSent) json(res, 500, { error: { code: "INTERNAL", message: "server error" } });
      else res.destroy();
    }
  };
}

async function route(deps: HttpDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://localhost");
  if (deps.players && url.pathname.startsWith("/api/")) {
    const players = {
      ...deps.players,
      publicUrl: deps.publicUrl,
      overHttps: (r: IncomingMessage) => overHttps(deps, r),
      clientAddress: (r: IncomingMessage) => clientAddress(r, deps.trustProxy),
    };
    if (await playersApi(players, req, url.pathname, res)) return;
  }
  if (req.method !== "GET" && req.method !== "HEAD") {
    return json(res, 405, { error: { code: "METHOD_NOT_ALLOWED", message: "GET only" } }, { Allow: "GET, HEAD" });
  }
  const path = url.pathname;
  if (path === "/healthz") return healthz(deps, res);
  if (path.startsWith("/api/tables/")) return tableApi(deps, req, url, res);
  if (path === "/api/leaderboard" && deps.ratings) return leaderboardApi(deps.ratings, url, res);
  if (path === "/api/lobby" && deps.lobby)
    return json(res, 200, await deps.lobby.list(), { "Cache-Control": "no-store" });
  return serveStatic(deps.staticDir, path, req, res);
}

/**
 * A node that cannot tell its health (its database is unreachable, say) answers 503, so a proxy's health check
 * takes it out of the rotation until it recovers.
 */
async function healthz(deps: HttpDeps, res: ServerResponse): Promise<void> {
  let health: Health;
  try {
    health = deps.health
      ? await deps.health()
      : {
          node: "single",
          store: deps.store instanceof SqliteStore ? "sqlite" : "postgres",
          tables: deps.hub.size,
        };
  } catch {
    return json(res, 503, { ok: false, error: { code: "UNHEALTHY", message: "cannot tell the node's health" } });
  }
  return json(res, 200, { ok: true, ...deps.stats(), ...health });
}

/** Text files are sent gzipped to browsers that take it; each file is compressed once per version on disk. */
const COMPRESSIBLE = new Set([".html", ".js", ".css", ".svg", ".json", ".md", ".webmanifest", ".txt"]);
const gzipped = new Map<string, { mtimeMs: number; body: Buffer }>();

function gzipOf(file: string, mtimeMs: number, body: Buffer): Buffer {
  const cached = gzipped.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.body;
  const packed = gzipSync(body, { level: 9 });
  gzipped.set(file, { mtimeMs, body: packed });
  return packed;
}

async function serveStatic(root: string, path: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  let relative: string;
  try {
    relative = decodeURIComponent(path);
  } catch {
    return send(res, 400, "text/plain; charset=utf-8", "bad path");
  }
  // Invite links and other client routes get the page itself.
  if (relative === "/" || relative.startsWith("/t/")) relative = "/index.html";
  const file = normalize(join(root, relative));
  if (!file.startsWith(normalize(root + sep)) || relative.includes("\0")) {
    return send(res, 404, "text/plain; charset=utf-8", "not found");
  }
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new Error("not a file");
    const body = await readFile(file);
    const cache = relative.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache";
    const type = TYPES[extname(file)] ?? "application/octet-stream";
    const accepts = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
    if (accepts && COMPRESSIBLE.has(extname(file)) && body.length > 1024) {
      const packed = gzipOf(file, info.mtimeMs, body);
      return send(res, 200, type, packed, {
        "Cache-Control": cache,
        "Content-Encoding": "gzip",
        Vary: "Accept-Encoding",
      });
    }
    return send(res, 200, type, body, { "Cache-Control": cache, Vary: "Accept-Encoding" });
  } catch {
    if (relative === "/index.html") return send(res, 200, "text/html; charset=utf-8", PLACEHOLDER);
    return send(res, 404, "text/plain; charset=utf-8", "not found");
  }
}
export { SECURITY_HEADERS } from "./http-send.js";

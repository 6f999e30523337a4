/** Plain HTTP: the web client's files, health, a table's public info and its record, with security headers. */
import { readFile, stat } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, normalize, sep } from "node:path";
import type { Hub } from "./hub.js";
import type { Store } from "./store.js";
import { tableInfo } from "./messages.js";
import { matchRecord } from "./record.js";

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy":
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "no-referrer",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
};

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

export interface HttpDeps {
  readonly hub: Hub;
  readonly store: Store;
  readonly staticDir: string;
  readonly stats: () => Record<string, number>;
}

function send(
  res: ServerResponse,
  status: number,
  type: string,
  body: string | Buffer,
  extra: Record<string, string> = {},
) {
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    "Content-Type": type,
    "Content-Length": Buffer.byteLength(body),
    ...extra,
  });
  res.end(body);
}

const json = (res: ServerResponse, status: number, value: unknown, extra?: Record<string, string>) =>
  send(res, status, "application/json; charset=utf-8", JSON.stringify(value), {
    "Cache-Control": "no-store",
    ...extra,
  });

export function httpHandler(deps: HttpDeps) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
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
  if (req.method !== "GET" && req.method !== "HEAD") {
    return json(res, 405, { error: { code: "METHOD_NOT_ALLOWED", message: "GET only" } }, { Allow: "GET, HEAD" });
  }
  const path = url.pathname;
  if (path === "/healthz") return json(res, 200, { ok: true, ...deps.stats() });
  const api = /^\/api\/tables\/([A-Za-z0-9]{6})(\/record)?$/.exec(path);
  if (api) {
    const table = await deps.hub.get(api[1]!.toUpperCase());
    if (!table) return json(res, 404, { error: { code: "TABLE_NOT_FOUND", message: "no such table" } });
    const model = table.model;
    if (!api[2]) return json(res, 200, tableInfo(model, new Set(), null));
    const asked = url.searchParams.get("match");
    const match = asked === null ? model.match : Number(asked);
    if (!Number.isInteger(match) || match < 1 || match > model.match) {
      return json(res, 404, { error: { code: "NOT_STARTED", message: "no such match at this table" } });
    }
    const text =
      match === model.match
        ? JSON.stringify(matchRecord(model), null, 1)
        : await deps.store.loadMatchRecord(model.code, match);
    if (text === null) return json(res, 404, { error: { code: "NOT_STARTED", message: "no record of that match" } });
    return send(res, 200, "application/json; charset=utf-8", text, {
      "Cache-Control": "no-store",
      "Content-Disposition": `attachment; filename="schwimmen-${model.code}-${match}.json"`,
    });
  }
  return serveStatic(deps.staticDir, path, req, res);
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

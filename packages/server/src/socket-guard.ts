/**
 * Guards against clients that hold sockets without using them, or many sockets from one address: the limits and
 * their defaults, the per-address counters every connection shares, the HTTP server's timeouts and its cap on TCP
 * connections per address, and the Origin check of the WebSocket upgrade. docs/protocol.md ("Limits") describes them.
 */
import { type ProxyTrust, trustsPeer } from "./client-address.js";
import type { Server as HttpServer } from "node:http";
import { isIP } from "node:net";
import { networkInterfaces } from "node:os";
import { ConcurrencyLimiter, WindowLimiter, addressKey } from "./address-limits.js";
import { LIMITS } from "./protocol.js";

export interface ServerLimits {
  /** WebSockets open at once from one address (IPv6: one /64). */
  readonly socketsPerAddress: number;
  /** TCP connections (HTTP and WebSocket) open at once from one address. */
  readonly connectionsPerAddress: number;
  /** Frames one address may send per 20 s over all its connections. */
  readonly messagesPerAddress: number;
  /** Tables one address may create per hour. */
  readonly tablesPerAddress: number;
  /** New device tokens (a `hello` without a known token) one address may get per hour. */
  readonly tokensPerAddress: number;
  /** A connection that has not said `hello` this long after opening is closed (4001). */
  readonly helloTimeoutMs: number;
  /** An identified connection at no table that sends nothing for this long is closed (4000). */
  readonly idleTimeoutMs: number;
  /** Every socket is pinged this often; one that has not answered the previous ping is cut off. */
  readonly pingIntervalMs: number;
  readonly headersTimeoutMs: number;
  readonly requestTimeoutMs: number;
  readonly keepAliveTimeoutMs: number;
  /** Above this many bytes waiting to be sent, a socket gets no pushes; it gets one sync once it has caught up. */
  readonly slowSocketBytes: number;
  /** Above this many bytes waiting to be sent, a socket is closed (4002). */
  readonly maxSocketBytes: number;
}

/**
 * Generous for honest players behind one shared address (a pub, a school, a carrier's NAT): a player has one socket
 * and sends a frame every few seconds; yet one address can no longer hold the server's file descriptors or memory.
 */
export const DEFAULT_LIMITS: ServerLimits = {
  socketsPerAddress: 64,
  connectionsPerAddress: 128,
  messagesPerAddress: 1000,
  tablesPerAddress: 200,
  tokensPerAddress: 200,
  helloTimeoutMs: 10_000,
  idleTimeoutMs: 300_000,
  pingIntervalMs: 15_000,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  slowSocketBytes: 128 * 1024,
  maxSocketBytes: 1024 * 1024,
};

/** WebSocket close codes of the server's own (docs/protocol.md). */
export const CLOSE_CODES = {
  /** At no table and silent for IDLE_TIMEOUT_MS: reconnect when needed. */
  idle: 4000,
  /** No `hello` within HELLO_TIMEOUT_MS. */
  noHello: 4001,
  /** The client did not read its frames fast enough: reconnect, then join again with `lastVersion`. */
  tooSlow: 4002,
  /** The table moved to another server of the cluster (or its server is gone): reconnect now and resync. */
  moved: 4003,
} as const;

const HOUR_MS = 3_600_000;
/** Addresses remembered per window counter; past that the oldest windows are forgotten (bounded memory). */
const MAX_ADDRESSES = 20_000;

/** Per-address counters shared by every connection of one server. */
export class AddressLimits {
  readonly sockets: ConcurrencyLimiter;
  readonly connections: ConcurrencyLimiter;
  readonly messages: WindowLimiter;
  readonly tables: WindowLimiter;
  readonly tokens: WindowLimiter;

  constructor(
    readonly limits: ServerLimits,
    now: () => number,
  ) {
    this.sockets = new ConcurrencyLimiter(limits.socketsPerAddress);
    this.connections = new ConcurrencyLimiter(limits.connectionsPerAddress);
    const window = (limit: number, windowMs: number) =>
      new WindowLimiter({ limit, windowMs, maxKeys: MAX_ADDRESSES, now });
    this.messages = window(limits.messagesPerAddress, LIMITS.rateWindowMs);
    this.tables = window(limits.tablesPerAddress, HOUR_MS);
    this.tokens = window(limits.tokensPerAddress, HOUR_MS);
  }
}

/** Options for node's HTTP server: short deadlines for headers and requests, checked often enough to matter. */
export const httpServerOptions = (limits: ServerLimits) => ({
  headersTimeout: limits.headersTimeoutMs,
  requestTimeout: limits.requestTimeoutMs,
  connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(limits.headersTimeoutMs / 2))),
});

/**
 * Caps TCP connections per address before any byte is parsed, so that half-open or slow HTTP connections from one
 * address cannot use up the process's file descriptors (and new players and /healthz get in).
 */
export function guardConnections(http: HttpServer, addresses: AddressLimits, trust?: ProxyTrust): void {
  http.keepAliveTimeout = addresses.limits.keepAliveTimeoutMs;
  http.on("connection", (socket) => {
    // A trusted proxy carries everyone's connections (it bounds them itself); its players are counted by address
    // once their requests are read.
    if (trust !== true && trustsPeer(trust, socket.remoteAddress)) return;
    const key = addressKey(socket.remoteAddress);
    if (!addresses.connections.acquire(key)) {
      socket.destroy();
      return;
    }
    socket.once("close", () => addresses.connections.release(key));
  });
}

export interface OriginOptions {
  /** Extra origins (ALLOWED_ORIGINS). */
  readonly allowed: readonly string[];
  /** The address the server is reached at from outside (PUBLIC_URL), if any. */
  readonly publicUrl?: string | undefined;
  /** The address the server listens on. */
  readonly host: string;
  readonly port: number;
}

const WILDCARD_HOSTS = new Set(["", "0.0.0.0", "::", "[::]"]);
const bracketed = (host: string) => (isIP(host) === 6 ? `[${host}]` : host);
const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Which browser pages may open a WebSocket: the configured origins, PUBLIC_URL, and the listening address itself
 * (`http://localhost:PORT`, `http://127.0.0.1:PORT`, `http://[::1]:PORT`, `http://HOST:PORT`; on a wildcard HOST also
 * this machine's own IP addresses). The request's Host header is not trusted: a DNS-rebinding page sends a Host of
 * its own choosing, but its Origin is a name, never one of these.
 */
export function originCheck(options: OriginOptions): (origin: string | undefined) => boolean {
  const own = (host: string) => originOf(`http://${bracketed(host)}:${options.port}`);
  const hosts = ["localhost", "127.0.0.1", "::1"];
  if (!WILDCARD_HOSTS.has(options.host)) hosts.push(options.host);
  const accepted = new Set<string>();
  for (const origin of [
    ...options.allowed.map(originOf),
    options.publicUrl === undefined ? null : originOf(options.publicUrl),
    ...hosts.map(own),
  ]) {
    if (origin !== null) accepted.add(origin);
  }
  const wildcard = WILDCARD_HOSTS.has(options.host);
  return (origin) => {
    // Clients without an Origin (command-line tools, tests) are not browsers: a page cannot leave the header out.
    if (origin === undefined) return true;
    const normal = originOf(origin);
    if (normal === null) return false;
    if (accepted.has(normal)) return true;
    if (!wildcard) return false;
    // Listening on every interface: a page loaded from one of this machine's addresses (a LAN party) is its own.
    const url = new URL(normal);
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (url.protocol !== "http:" || isIP(host) === 0 || own(host) !== normal) return false;
    return Object.values(networkInterfaces()).some((list) => list?.some((net) => net.address === host) ?? false);
  };
}

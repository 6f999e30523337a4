/**
 * The player endpoints (docs/protocol.md, "Players"): the session cookie, the player's name, passkeys, profiles and
 * deleting an account. JSON in and out; errors as `{ error: { code, message, reason? } }`, changing nothing.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { WindowLimiter, addressKey } from "./address-limits.js";
import { json } from "./http-send.js";
import type { Passkeys, RelyingParty } from "./passkeys.js";
import { matchKey, ratingRowsFor, rowAccess } from "./match-privacy.js";
import { playerStats } from "./player-stats.js";
import { type PlayerError, type PlayerRef, type Players, type Session, sessionCookie } from "./players.js";

/** What the ratings module offers profiles (ratings helper); the profile leaves it out when absent or failing. */
export interface RatingsReader {
  historyOf(playerId: string): Promise<unknown>;
  /** The player's matches, newest first: each names its table and match, and whether it was rated. */
  matchesOf(
    playerId: string,
    limit: number,
  ): Promise<readonly { readonly code: string; readonly match: number; readonly rated: boolean }[]>;
  /** The shown rating now, with its provisional mark. */
  current?(ids: readonly string[]): Promise<ReadonlyMap<string, unknown>>;
}

export interface PlayersApiDeps {
  readonly players: Players;
  readonly passkeys: Passkeys;
  readonly ratings?: RatingsReader;
  /** The address players reach the server at; without it, the request's Host names the site. */
  readonly publicUrl?: string;
  /** The request came over HTTPS (cookies get `Secure`). */
  readonly overHttps: (req: IncomingMessage) => boolean;
  /** The player's address (behind a trusted proxy, the one it forwarded). */
  readonly clientAddress: (req: IncomingMessage) => string | undefined;
  /** New sessions (guests and devices signing in) per address and hour. */
  readonly sessionLimiter: WindowLimiter;
  /** Passkey requests per address and ten minutes. */
  readonly passkeyLimiter: WindowLimiter;
}

export const BODY_BYTES = 16 * 1024;
/** Matches a profile lists, and how many of the newest its statistics count. */
export const PROFILE_MATCHES = 50;
export const STATS_MATCHES = 500;

/** New sessions per address and hour unless the server is told otherwise (`sessionsPerAddress`). */
export const SESSIONS_PER_ADDRESS = 60;

/** Limiters per address, their memory bounded. */
export function playerLimiters(
  now: () => number,
  sessionsPerHour = SESSIONS_PER_ADDRESS,
): Pick<PlayersApiDeps, "sessionLimiter" | "passkeyLimiter"> {
  return {
    sessionLimiter: new WindowLimiter({ limit: sessionsPerHour, windowMs: 3_600_000, maxKeys: 10_000, now }),
    passkeyLimiter: new WindowLimiter({ limit: 60, windowMs: 600_000, maxKeys: 10_000, now }),
  };
}

const STATUS: Record<PlayerError["code"], number> = {
  BAD_REQUEST: 400,
  INVALID_NAME: 400,
  NAME_TAKEN: 409,
  NOT_SIGNED_IN: 401,
  NOT_FOUND: 404,
  RATE_LIMITED: 429,
  FOREIGN_ORIGIN: 403,
  CHALLENGE_MISSING: 400,
  PASSKEY_REFUSED: 400,
  UNKNOWN_PASSKEY: 404,
};

const failure = (res: ServerResponse, error: PlayerError, extra?: Record<string, string>) =>
  json(res, STATUS[error.code], { error }, extra);
const problem = (res: ServerResponse, code: PlayerError["code"], message: string) => failure(res, { code, message });

const meOf = (player: PlayerRef | null) =>
  player === null ? { player: null } : { player: { id: player.id, name: player.name, kind: player.kind } };

/** The site as WebAuthn sees it: from PUBLIC_URL, or the Host the browser asked for. */
export function relyingParty(deps: PlayersApiDeps, req: IncomingMessage): RelyingParty | null {
  try {
    const base = deps.publicUrl ?? `${deps.overHttps(req) ? "https" : "http"}://${req.headers.host ?? ""}`;
    const url = new URL(base);
    return { id: url.hostname.replace(/^\[|\]$/g, ""), origin: url.origin };
  } catch {
    return null;
  }
}

/** The body as JSON (at most BODY_BYTES), or undefined when it is too long or not JSON. */
async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown;
  } catch {
    return undefined;
  }
}

/** Handles /api/session, /api/me, /api/passkeys/..., /api/players/ID and its /ratings; false for any other path. */
export async function playersApi(
  deps: PlayersApiDeps,
  req: IncomingMessage,
  path: string,
  res: ServerResponse,
): Promise<boolean> {
  const method = req.method ?? "GET";
  const profile = path.match(/^\/api\/players\/([^/]+)$/);
  const rated = path.match(/^\/api\/players\/([^/]+)\/ratings$/);
  if (rated) {
    if (method !== "GET" && method !== "HEAD") return (problem(res, "BAD_REQUEST", "GET only"), true);
    await sendRatedMatches(
      deps,
      /^[A-Za-z0-9_-]{22}$/.test(rated[1]!) ? rated[1]! : "",
      await viewerOf(deps, req),
      res,
    );
    return true;
  }
  if (profile) {
    if (method !== "GET" && method !== "HEAD") return (problem(res, "BAD_REQUEST", "GET only"), true);
    // Player ids are base64url: anything else (a broken escape too) is simply no player.
    await sendProfile(deps, /^[A-Za-z0-9_-]{22}$/.test(profile[1]!) ? profile[1]! : "", await viewerOf(deps, req), res);
    return true;
  }
  const routes = ["/api/session", "/api/me", "/api/passkeys/register/options", "/api/passkeys/register/verify"];
  if (!routes.includes(path) && !path.startsWith("/api/passkeys/login/")) return false;
  const rp = relyingParty(deps, req);
  if (rp === null) return (problem(res, "BAD_REQUEST", "the request names no host"), true);
  // Changes come only from the site's own pages: another site's form or script is refused.
  const origin = req.headers.origin;
  if (method !== "GET" && method !== "HEAD" && origin !== undefined && origin !== rp.origin) {
    return (problem(res, "FOREIGN_ORIGIN", "requests from other sites are refused"), true);
  }
  const session = await deps.players.session(req.headers.cookie);
  const secure = deps.overHttps(req);
  const key = addressKey(deps.clientAddress(req));
  if (path === "/api/me") {
    if (method === "GET" || method === "HEAD") return (json(res, 200, meOf(session?.player ?? null)), true);
    if (method !== "DELETE") return (problem(res, "BAD_REQUEST", "GET or DELETE"), true);
    if (!session?.player) return (problem(res, "NOT_SIGNED_IN", "no player in this session"), true);
    await deps.players.delete(session.player);
    json(res, 200, { deleted: true }, { "Set-Cookie": sessionCookie(null, secure) });
    return true;
  }
  if (path === "/api/session" && method === "DELETE") {
    if (session) await deps.players.store.deleteSession(session.row.id);
    json(res, 200, meOf(null), { "Set-Cookie": sessionCookie(null, secure) });
    return true;
  }
  if (method !== "POST") return (problem(res, "BAD_REQUEST", "POST only"), true);
  if (!/^application\/json\b/i.test(req.headers["content-type"] ?? "")) {
    return (problem(res, "BAD_REQUEST", "send JSON (Content-Type: application/json)"), true);
  }
  const body = await readJson(req);
  if (body === undefined) return (problem(res, "BAD_REQUEST", `a JSON body of at most ${BODY_BYTES} bytes`), true);
  if (path === "/api/session") await postSession(deps, session, body, key, secure, res);
  else await passkeyRoute(deps, path, session, rp, body, key, secure, res);
  return true;
}

async function postSession(
  deps: PlayersApiDeps,
  session: Session | null,
  body: unknown,
  key: string,
  secure: boolean,
  res: ServerResponse,
): Promise<void> {
  const name = typeof body === "object" && body !== null ? (body as { name?: unknown }).name : undefined;
  if (session?.player) {
    const renamed = await deps.players.rename(session.player, name);
    return renamed.ok ? json(res, 200, meOf(renamed.value)) : failure(res, renamed.error);
  }
  if (!deps.sessionLimiter.take(key)) return problem(res, "RATE_LIMITED", "too many new players from this address");
  const made = await deps.players.createGuest(name);
  if (!made.ok) {
    deps.sessionLimiter.refund(key);
    return failure(res, made.error);
  }
  if (session) await deps.players.store.deleteSession(session.row.id);
  json(res, 201, meOf(made.value.player), { "Set-Cookie": sessionCookie(made.value.secret, secure) });
}

async function passkeyRoute(
  deps: PlayersApiDeps,
  path: string,
  current: Session | null,
  rp: RelyingParty,
  body: unknown,
  key: string,
  secure: boolean,
  res: ServerResponse,
): Promise<void> {
  if (!deps.passkeyLimiter.take(key)) return problem(res, "RATE_LIMITED", "too many passkey requests");
  const { players, passkeys } = deps;
  if (path === "/api/passkeys/register/options" || path === "/api/passkeys/register/verify") {
    if (!current?.player) return problem(res, "NOT_SIGNED_IN", "choose a name first (POST /api/session)");
    const done = path.endsWith("/options")
      ? await passkeys.registrationOptions(current, rp)
      : await passkeys.register(current, rp, body);
    if (!done.ok) return failure(res, done.error);
    return json(res, 200, path.endsWith("/options") ? done.value : meOf(done.value as PlayerRef));
  }
  if (path === "/api/passkeys/login/options") {
    // A device without a session gets one (without a player) to keep the challenge in.
    let session = current;
    let cookie: Record<string, string> = {};
    if (session === null) {
      if (!deps.sessionLimiter.take(key)) return problem(res, "RATE_LIMITED", "too many new sessions");
      const made = await players.newSession(null);
      session = { row: made.row, player: null };
      cookie = { "Set-Cookie": sessionCookie(made.secret, secure) };
    }
    return json(res, 200, await passkeys.loginOptions(session, rp), cookie);
  }
  if (path !== "/api/passkeys/login/verify") return problem(res, "NOT_FOUND", "no such endpoint");
  if (current === null) return problem(res, "CHALLENGE_MISSING", "ask for options first");
  const signedIn = await passkeys.login(current, rp, body);
  if (!signedIn.ok) return failure(res, signedIn.error);
  // A new session for the account (the old one, and its secret, end here).
  await players.store.deleteSession(current.row.id);
  const made = await players.newSession(signedIn.value.id);
  json(res, 200, meOf(signedIn.value), { "Set-Cookie": sessionCookie(made.secret, secure) });
}

/**
 * The player asking, by the session cookie the web sends with its requests (`credentials: "same-origin"`); null
 * without one. Profiles show a private table's code only to a player who sat in that match.
 */
async function viewerOf(deps: PlayersApiDeps, req: IncomingMessage): Promise<string | null> {
  if (!req.headers.cookie) return null;
  return (await deps.players.session(req.headers.cookie))?.player?.id ?? null;
}

/** Matches `/api/players/ID/ratings` lists: the newest, for the result of a match just ended. */
export const RATED_MATCHES = 10;

/**
 * The player's newest matches as the ratings module keeps them (rating before and after each): one query, none of
 * the profile's replays, so a page may ask it when a match ends. A deleted player's list is empty. Another viewer
 * than the player gets no code of a private match they did not sit in (the records tell which those are).
 */
async function sendRatedMatches(
  deps: PlayersApiDeps,
  id: string,
  viewer: string | null,
  res: ServerResponse,
): Promise<void> {
  const player = await deps.players.one(id);
  if (!player) return problem(res, "NOT_FOUND", "no such player");
  const matches = deps.ratings && !player.deleted ? await deps.ratings.matchesOf(id, RATED_MATCHES) : [];
  if (viewer === id) return json(res, 200, { matches });
  const access = new Map(
    (await deps.players.store.recordsOf(id, 2 * RATED_MATCHES)).map((row) => [
      matchKey(row.code, row.match),
      rowAccess(row),
    ]),
  );
  json(res, 200, { matches: ratingRowsFor(matches, access, viewer) });
}

async function sendProfile(
  deps: PlayersApiDeps,
  id: string,
  viewer: string | null,
  res: ServerResponse,
): Promise<void> {
  const player = await deps.players.one(id);
  if (!player) return problem(res, "NOT_FOUND", "no such player");
  const rows = await deps.players.store.recordsOf(id, STATS_MATCHES);
  const { stats, matches, access } = playerStats(rows, viewer);
  let rating: { current: unknown; history: unknown; matches: unknown } | null = null;
  // A deleted player's profile is only the neutral name: no rating, no list of their matches.
  if (deps.ratings && !player.deleted) {
    try {
      rating = {
        current: (await deps.ratings.current?.([id]))?.get(id) ?? null,
        history: await deps.ratings.historyOf(id),
        matches: ratingRowsFor(await deps.ratings.matchesOf(id, PROFILE_MATCHES), access, viewer),
      };
    } catch {
      rating = null;
    }
  }
  json(res, 200, { player, stats, matches: matches.slice(0, PROFILE_MATCHES), rating });
}

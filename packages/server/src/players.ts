/**
 * Players and their sessions. Everybody is a player: a guest with a name, or an account (a guest that keeps its
 * identity with a passkey, passkeys.ts). A session cookie names a session row (by the hash of its secret), and the
 * session names the player; the WebSocket upgrade carries the same cookie, so every connection knows its player.
 */
import { createHash, randomBytes } from "node:crypto";
import { type NameProblem, checkDisplayName, nameKey, tidyName } from "./names.js";
import type { PlayerKind, PlayerRow, PlayerStore, SessionRow } from "./player-store.js";
import { LIMITS } from "./protocol.js";

export interface PlayerRef {
  readonly id: string;
  readonly name: string;
  readonly kind: PlayerKind;
  readonly deleted: boolean;
}

/** Error codes of the player endpoints (docs/protocol.md, "Players"). */
export const PLAYER_ERROR_CODES = [
  "BAD_REQUEST",
  "INVALID_NAME",
  "NAME_TAKEN",
  "NOT_SIGNED_IN",
  "NOT_FOUND",
  "RATE_LIMITED",
  "FOREIGN_ORIGIN",
  "CHALLENGE_MISSING",
  "PASSKEY_REFUSED",
  "UNKNOWN_PASSKEY",
] as const;
export type PlayerErrorCode = (typeof PLAYER_ERROR_CODES)[number];

export interface PlayerError {
  readonly code: PlayerErrorCode;
  readonly message: string;
  /** For INVALID_NAME: why (names.ts NameProblem). */
  readonly reason?: NameProblem;
}

export type PlayerResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: PlayerError };

export const fail = (code: PlayerErrorCode, message: string, reason?: NameProblem): PlayerResult<never> => ({
  ok: false,
  error: reason === undefined ? { code, message } : { code, message, reason },
});
const done = <T>(value: T): PlayerResult<T> => ({ ok: true, value });
/** NAME_TAKEN: an account holds the name (its owner signs in with the passkey; anybody else picks another). */
const accountsName = (name: string) =>
  fail("NAME_TAKEN", `an account is already called "${name}": sign in with its passkey or choose another name`);

export const SESSION_COOKIE = "schwimmen_session";
/** A session unused this long is forgotten (and its cookie with it). */
export const SESSION_MAX_AGE_MS = 365 * 86_400_000;
/** A session without a player (a device that asked to sign in and did not) is forgotten after a day. */
export const ANONYMOUS_SESSION_MS = 86_400_000;
/** The name a deleted account leaves in past records (clients show their own words for `deleted: true`). */
export const NEUTRAL_NAME = "Gelöschter Spieler";

/** A new player id: 22 base64url characters (16 random bytes). */
export const newPlayerId = (): string => randomBytes(16).toString("base64url");
const hashSecret = (secret: string): string => createHash("sha256").update(secret, "utf8").digest("base64url");

/** The session secret in a Cookie header, when it has the right form. */
export function sessionSecret(header: string | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const [key, value] = part.trim().split("=", 2);
    if (key === SESSION_COOKIE && value !== undefined && /^[A-Za-z0-9_-]{43}$/.test(value)) return value;
  }
  return null;
}

/** The Set-Cookie value for a session secret (null: the cookie is cleared). */
export function sessionCookie(secret: string | null, secure: boolean): string {
  const value = secret ?? "";
  const age = secret === null ? 0 : Math.floor(SESSION_MAX_AGE_MS / 1000);
  return `${SESSION_COOKIE}=${value}; Path=/; Max-Age=${age}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export const refOf = (row: PlayerRow): PlayerRef => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  deleted: row.deletedAt !== null,
});

/** A session as a request found it: the row and its player (null for a session that has none yet). */
export interface Session {
  readonly row: SessionRow;
  readonly player: PlayerRef | null;
}

/** A tidied display name, or why it is refused. */
export function checkName(raw: unknown): PlayerResult<string> {
  if (typeof raw !== "string" || raw.length > LIMITS.nameInputChars) {
    return fail("INVALID_NAME", `tooLong: at most ${LIMITS.nameChars} characters`, "tooLong");
  }
  const name = tidyName(raw);
  const checked = checkDisplayName(name, LIMITS.nameChars);
  return checked.ok ? done(name) : fail("INVALID_NAME", checked.message, checked.problem);
}

export class Players {
  constructor(
    readonly store: PlayerStore,
    readonly now: () => number = Date.now,
  ) {}

  /** The player of a Cookie header (null without a valid session, or for a session without a player). */
  async fromCookie(header: string | undefined): Promise<PlayerRef | null> {
    return (await this.session(header))?.player ?? null;
  }

  async get(ids: readonly string[]): Promise<Map<string, PlayerRef>> {
    const rows = await this.store.players(ids.filter((id) => /^[A-Za-z0-9_-]{22}$/.test(id)));
    return new Map(rows.map((row) => [row.id, refOf(row)]));
  }

  async one(id: string): Promise<PlayerRef | null> {
    return (await this.get([id])).get(id) ?? null;
  }

  /** The session of a Cookie header, with its player; null when there is none or it has expired. */
  async session(header: string | undefined): Promise<Session | null> {
    const secret = sessionSecret(header);
    if (secret === null) return null;
    const now = this.now();
    const row = await this.store.session(hashSecret(secret), now);
    if (!row) return null;
    if (row.usedAt < now - SESSION_MAX_AGE_MS) {
      // Expired (the sweep had not come yet): it goes now.
      await this.store.deleteSession(row.id);
      return null;
    }
    const player = row.playerId === null ? null : await this.one(row.playerId);
    if (player?.deleted) return null;
    return { row, player };
  }

  /** A new session (for `playerId`, or none yet); returns the secret for the cookie. */
  async newSession(playerId: string | null): Promise<{ secret: string; row: SessionRow }> {
    const secret = randomBytes(32).toString("base64url");
    const now = this.now();
    const row: SessionRow = { id: hashSecret(secret), playerId, createdAt: now, usedAt: now, challenge: null };
    await this.store.createSession(row);
    return { secret, row };
  }

  /** A new guest with a checked name, and its session. */
  async createGuest(rawName: unknown): Promise<PlayerResult<{ player: PlayerRef; secret: string }>> {
    const name = checkName(rawName);
    if (!name.ok) return name;
    // An account's name is that account's: a guest cannot start out under it.
    if ((await this.store.accountByKey(nameKey(name.value))) !== null) return accountsName(name.value);
    const row: PlayerRow = {
      id: newPlayerId(),
      name: name.value,
      kind: "guest",
      createdAt: this.now(),
      deletedAt: null,
    };
    await this.store.createPlayer(row);
    const { secret } = await this.newSession(row.id);
    return done({ player: refOf(row), secret });
  }

  /**
   * Gives a player a new name, which must not be another account's (NAME_TAKEN otherwise). Guests may share names
   * with each other; a guest that had its name before an account took it keeps it (and may change its case), but
   * cannot take it again once it has another.
   */
  async rename(player: PlayerRef, rawName: unknown): Promise<PlayerResult<PlayerRef>> {
    const name = checkName(rawName);
    if (!name.ok) return name;
    return this.setName(player, name.value, player.kind);
  }

  /** Makes a guest an account (keeping its name, which must be free among accounts). */
  async makeAccount(player: PlayerRef): Promise<PlayerResult<PlayerRef>> {
    return player.kind === "account" ? done(player) : this.setName(player, player.name, "account");
  }

  /** Whether the name is free for this player to hold as an account. */
  async nameFree(player: PlayerRef, name: string): Promise<boolean> {
    const holder = await this.store.accountByKey(nameKey(name));
    return holder === null || holder.id === player.id;
  }

  private async setName(player: PlayerRef, name: string, kind: PlayerKind): Promise<PlayerResult<PlayerRef>> {
    const taken = () => accountsName(name);
    const kept = player.kind === "guest" && kind === "guest" && nameKey(name) === nameKey(player.name);
    if (!kept && !(await this.nameFree(player, name))) return taken();
    if (!(await this.store.updatePlayer(player.id, name, kind, nameKey(name)))) return taken();
    return done({ ...player, name, kind });
  }

  /** Told after a player was deleted (server.ts: chat lines kept in memory take the neutral name). */
  onDeleted: ((playerId: string, neutralName: string) => void) | null = null;

  /** Deletes a player: sessions and passkeys go, past records keep the neutral name. */
  async delete(player: PlayerRef): Promise<void> {
    await this.store.deletePlayer(player.id, NEUTRAL_NAME, this.now());
    this.onDeleted?.(player.id, NEUTRAL_NAME);
  }

  /** Forgets sessions unused for SESSION_MAX_AGE_MS (without a player: for a day), a bounded batch at a time. */
  async sweep(limit = 1000): Promise<number> {
    const now = this.now();
    return this.store.expireSessions(now - SESSION_MAX_AGE_MS, now - ANONYMOUS_SESSION_MS, limit);
  }
}

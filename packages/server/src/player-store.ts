/**
 * Where players, their sessions and passkeys live. Asynchronous like `Store`, so that a networked database can
 * implement it; the SQLite version (sqlite-players.ts) answers at once.
 */

export type PlayerKind = "guest" | "account";

export interface PlayerRow {
  readonly id: string;
  readonly name: string;
  readonly kind: PlayerKind;
  readonly createdAt: number;
  /** When the account was deleted (its name is then the neutral one); null while it exists. */
  readonly deletedAt: number | null;
}

/** A challenge the server handed out for a passkey ceremony, kept with the session that asked for it. */
export interface Challenge {
  readonly kind: "register" | "login";
  readonly value: string;
  readonly expiresAt: number;
}

export interface SessionRow {
  /** SHA-256 of the cookie's secret: the database never holds the secret itself. */
  readonly id: string;
  /** Null for a session that has no player yet (a device signing in with a passkey). */
  readonly playerId: string | null;
  readonly createdAt: number;
  readonly usedAt: number;
  readonly challenge: Challenge | null;
}

export interface CredentialRow {
  /** The credential id (base64url), as the authenticator reports it. */
  readonly id: string;
  readonly playerId: string;
  readonly publicKey: Uint8Array;
  readonly counter: number;
  readonly transports: readonly string[];
  readonly createdAt: number;
}

/** One finished match a player sat in, found through the record's `table.players`. */
export interface PlayerRecordRow {
  readonly code: string;
  readonly match: number;
  readonly seat: number;
  readonly at: number;
  readonly record: string;
  /**
   * The `visibility` of the table's stored config (its row in `tables`): what the table was made with, null when the
   * config names none (private) or the row is gone. A record that says its own visibility (`table.visibility`) wins.
   */
  readonly tableVisibility?: string | null;
}

export interface PlayerStore {
  createPlayer(row: PlayerRow): Promise<void>;
  players(ids: readonly string[]): Promise<PlayerRow[]>;
  /** The account (not deleted) whose name has this key (names.ts `nameKey`), if any. */
  accountByKey(key: string): Promise<PlayerRow | null>;
  /**
   * Sets name and kind; false when an account already has the name (the unique index decides, so two requests at
   * once cannot both take it).
   */
  updatePlayer(id: string, name: string, kind: PlayerKind, key: string | null): Promise<boolean>;
  /**
   * Deletes an account: the row keeps its id with the neutral name and `deleted_at`; its sessions and credentials
   * go; in every saved match record it sat in, its name becomes `neutralName` and its id is taken out.
   */
  deletePlayer(id: string, neutralName: string, at: number): Promise<void>;

  createSession(row: SessionRow): Promise<void>;
  /** The session, counted as used at `now` (at most once a minute written). */
  session(id: string, now: number): Promise<SessionRow | null>;
  setSessionPlayer(id: string, playerId: string): Promise<void>;
  setChallenge(id: string, challenge: Challenge | null): Promise<void>;
  deleteSession(id: string): Promise<void>;
  /**
   * Forgets sessions unused since `before`, and those without a player (a device that only asked to sign in) unused
   * since `anonymousBefore`; at most `limit` of them. Returns how many went.
   */
  expireSessions(before: number, anonymousBefore: number, limit: number): Promise<number>;

  addCredential(row: CredentialRow): Promise<boolean>;
  credential(id: string): Promise<CredentialRow | null>;
  credentialsOf(playerId: string): Promise<CredentialRow[]>;
  setCounter(id: string, counter: number, at: number): Promise<void>;

  /** The player's finished matches, newest first, at most `limit`. */
  recordsOf(playerId: string, limit: number): Promise<PlayerRecordRow[]>;
}

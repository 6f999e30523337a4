/**
 * Server -> client: the messages the server sends and the table, lobby, chat and leaderboard shapes they carry
 * (docs/protocol.md). Types only; protocol.ts re-exports them for the web client.
 */
import type { GameEvent, LedgerSummary, LotDraw, Rules, TableView } from "@schwimmen/rules";
import type { PhraseKey, PresetName } from "./protocol.js";
import type { ErrorCode } from "./protocol-errors.js";

export type SeatKind = "human" | "bot" | "free";

export interface SeatInfo {
  readonly seat: number;
  /** Plain text: render as text, never as markup. */
  readonly name: string | null;
  readonly kind: SeatKind;
  /** For bot seats, and the level that plays for an away human. */
  readonly botLevel: string | null;
  /** A human whose turns a bot plays (the turn timer ran out, or they left) until they come back. */
  readonly away: boolean;
  /** At least one connection of this seat's player is open. */
  readonly connected: boolean;
  /** The id of the player in this seat (opens the profile, GET /api/players/ID); absent for bots and free seats. */
  readonly player?: string;
}

export type TableStatus = "lobby" | "playing" | "over";

/** What everybody at a table (players and spectators) may know about it besides the game view. */
export interface TableInfo {
  readonly code: string;
  readonly name: string;
  /** Path of the invite link, e.g. "/t/K7M2QXBH4P". */
  readonly invitePath: string;
  readonly seatCount: number;
  readonly rules: Rules;
  readonly preset: PresetName | null;
  readonly botLevel: string;
  readonly turnSeconds: number;
  readonly status: TableStatus;
  /** 1 for the first match, 2 after a rematch...; 0 in the lobby. */
  readonly match: number;
  readonly host: number;
  readonly seats: readonly SeatInfo[];
  /** SHA-256 (hex) of the current round's seed, sent with the deal; null between matches. */
  readonly seedHash: string | null;
  /** When the seat to act runs out of time (server clock, epoch ms); null without a running timer. */
  readonly turnEndsAt: number | null;
  /** Play money per life lost, in cents (0: no stakes). */
  readonly stake?: number;
  readonly dealerByLot?: boolean;
  /** The Kasse of the evening at this table; null when it plays without stakes. */
  readonly kasse?: KasseInfo | null;
  /** Public tables are listed in the lobby; private ones (the default) are reached by invite code only. */
  readonly visibility: Visibility;
  /** Connections watching without a seat. */
  readonly spectators: number;
  /** A quick-match table that waits: when bots take the free seats and the match starts (server clock, epoch ms). */
  readonly fillAt: number | null;
  /** Opened by "Schnell spielen" (quickMatch): it stays public, and bots fill it after a wait. */
  readonly quick: boolean;
  /**
   * After a match (status `over`): the seats of people who were away when it ended (the computer finished it for
   * them; for ratings and profiles they count last, see "Who left"). Absent when there were none, and before the end.
   */
  readonly awayAtEnd?: readonly number[];
}

export type Visibility = "public" | "private";

/** One seat of a table in the lobby list. */
export interface LobbySeat {
  readonly seat: number;
  readonly kind: SeatKind;
  /** Plain text: render as text, never as markup. */
  readonly name: string | null;
  /** The player id of a person's seat (opens their profile), when known. */
  readonly player: string | null;
  /** The player's rating (ordinal) and whether it is still provisional, when ratings are known. */
  readonly rating: number | null;
  readonly provisional: boolean;
}

/** A public table waiting for players, as the lobby lists it (`GET /api/lobby`, `lobby` pushes). */
export interface LobbyTable {
  readonly code: string;
  readonly name: string;
  readonly invitePath: string;
  readonly seatCount: number;
  readonly seatsFree: number;
  readonly preset: PresetName | null;
  /** The rule keys whose values differ from the default rules (empty: the default rules). */
  readonly differences: Partial<Rules>;
  readonly rules: Rules;
  readonly botLevel: string;
  readonly turnSeconds: number;
  /** Opened by "Schnell spielen": bots fill it at `fillAt` if nobody else comes. */
  readonly quick: boolean;
  readonly fillAt: number | null;
  readonly spectators: number;
  readonly seats: readonly LobbySeat[];
}

/**
 * The Kasse as TableInfo carries it: every player's total and the newest five rows (ledger.csv has them all), and
 * `pot`: the cents in the pot of the match being played (or just finished) so far.
 */
export type KasseInfo = LedgerSummary & { readonly pot: number };

/** Events of a table: the engine's (all public) plus the table's own. */
export type TableEvent =
  | Exclude<GameEvent, { type: "roundStarted" }>
  /** The engine's roundStarted, with the hash of the seed the round was shuffled from. */
  | (Extract<GameEvent, { type: "roundStarted" }> & { readonly seedHash: string })
  /** After a round: its seed, so anyone can check the hash and re-deal it. */
  | { readonly type: "seedRevealed"; readonly round: number; readonly seed: string; readonly seedHash: string }
  | { readonly type: "seatTaken"; readonly seat: number; readonly name: string; readonly kind: "human" | "bot" }
  | { readonly type: "seatFreed"; readonly seat: number }
  | { readonly type: "matchStarted"; readonly match: number; readonly dealer: number }
  /** The first dealer drawn by lot, before `matchStarted`: each pass of drawing, the highest card deals. */
  | { readonly type: "dealerDrawn"; readonly dealer: number; readonly draws: readonly LotDraw[] }
  | { readonly type: "away"; readonly seat: number; readonly reason: "timeout" | "left" }
  | { readonly type: "back"; readonly seat: number };

export interface VersionedEvent {
  /** The table version this event belongs to (several events may share one version). */
  readonly v: number;
  readonly event: TableEvent;
  /** On the event of a move the computer made for a person's seat (they were away); absent on everything else. */
  readonly by?: "computer";
}

/** `re` echoes the `id` of the client message this answers (absent for pushes caused by others). */
interface Reply {
  readonly re?: string | number;
}

export type ServerMessage =
  | (Reply & {
      readonly type: "welcome";
      readonly token: string;
      readonly protocol: number;
      readonly serverTime: number;
      readonly botLevels: readonly string[];
      readonly presets: readonly PresetName[];
    })
  /** The whole picture: on joining, watching, or resuming from too far behind. */
  | (Reply & {
      readonly type: "sync";
      readonly version: number;
      readonly seat: number | null;
      readonly table: TableInfo;
      readonly view: TableView;
      /** Events of the current round so far (replay buffer permitting), for clients that animate from events. */
      readonly events: readonly VersionedEvent[];
      /** The table's newest chat lines (at most LIMITS.chatKept), oldest first. */
      readonly chat?: readonly ChatLine[];
    })
  /** What changed: the events of versions `from`+1 .. `version`, the table and this seat's view afterwards. */
  | (Reply & {
      readonly type: "update";
      readonly from: number;
      readonly version: number;
      readonly seat: number | null;
      readonly events: readonly VersionedEvent[];
      readonly table: TableInfo;
      readonly view: TableView;
    })
  /** Unversioned table news (a player connected or dropped, a timer started); the version stays. */
  | (Reply & { readonly type: "table"; readonly version: number; readonly table: TableInfo })
  | (Reply & { readonly type: "left"; readonly code: string })
  | (Reply & { readonly type: "pong"; readonly serverTime: number })
  /** The lobby list: the answer to `watchLobby`, then pushed on changes until `unwatchLobby`. */
  | (Reply & { readonly type: "lobby"; readonly tables: readonly LobbyTable[]; readonly total: number })
  /** The answer to `unwatchLobby`. */
  | (Reply & { readonly type: "lobbyUnwatched" })
  /** A chat line, pushed to everyone at the table (or following the lobby's chat); the answer to `chat` too. */
  | (Reply & { readonly type: "chatMessage"; readonly room: ChatRoom; readonly message: ChatLine })
  /** The answer to `chatJoin`: the room's newest lines (at most LIMITS.chatKept), oldest first. */
  | (Reply & { readonly type: "chatHistory"; readonly room: ChatRoom; readonly messages: readonly ChatLine[] })
  /** The answer to `chatLeave`. */
  | (Reply & { readonly type: "chatLeft"; readonly room: ChatRoom })
  /**
   * In a cluster whose entry routes `/ws?node=ID` to node ID (ROUTE_HINTS): the table this connection just entered runs
   * on node `node`, and this connection reaches it through another node. A client may open `/ws?node=<node>`, say
   * hello and rejoin there, then close this one; nothing is lost if it does not.
   */
  | (Reply & { readonly type: "route"; readonly node: string })
  /** The host removed this seat from the waiting table: the connection no longer follows it. */
  | (Reply & { readonly type: "kicked"; readonly code: string })
  | (Reply & {
      readonly type: "error";
      readonly code: ErrorCode;
      readonly message: string;
      /** With RATE_LIMITED from the chat: when the next line will be taken. */
      readonly retryAfterMs?: number;
    });

export type ChatRoom = "table" | "lobby";

/** One chat line. `text` and `name` are plain text: render them as text, never as markup. */
export interface ChatLine {
  /** Unique and increasing (a key for lists). */
  readonly id: number;
  /** When it was said (server clock, epoch ms). */
  readonly at: number;
  /** The table's match it was said during (0 while the table waited, and in the lobby). */
  readonly match: number;
  /** The speaker's seat at the table (null in the lobby). */
  readonly seat: number | null;
  /** The speaker's player id, when their session names one. */
  readonly player: string | null;
  readonly name: string;
  /** Exactly one of `text` and `phrase` is set. */
  readonly text: string | null;
  readonly phrase: PhraseKey | null;
}

export type ServerMessageType = ServerMessage["type"];

/** One line of `GET /api/leaderboard` (docs/protocol.md, "Ratings and leaderboard"). */
export interface LeaderboardEntry {
  readonly rank: number;
  readonly player: string;
  /** Plain text: render as text, never as markup. */
  readonly name: string;
  readonly rating: number;
  readonly provisional: boolean;
  /** Overall: rated matches in all; for a month: rated matches in that month. */
  readonly matches: number;
  /** For a month: the rating change over the month's rated matches (absent overall). */
  readonly change?: number;
}

export interface Leaderboard {
  /** "all" or a month "YYYY-MM" (UTC). */
  readonly period: string;
  readonly entries: readonly LeaderboardEntry[];
}

/** The answer of `GET /api/leaderboard`: the board and the bots' fixed ratings, weakest first. */
export interface LeaderboardAnswer extends Leaderboard {
  readonly bots: readonly { readonly level: string; readonly rating: number }[];
}

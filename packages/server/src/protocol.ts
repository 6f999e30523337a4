/**
 * The game protocol between a client and the server (docs/protocol.md): client messages as zod schemas (the server
 * validates every frame with them), server messages as types. The web client imports this module for its types.
 */
import { z } from "zod";
import type { GameEvent, LedgerSummary, LotDraw, Rules, TableView } from "@schwimmen/rules";
import { MAX_STAKE } from "@schwimmen/rules";
import { parseCode } from "./codes.js";
import { type NameCheck, checkDisplayName, checkTableName, tidyName } from "./names.js";

export const PROTOCOL_VERSION = 1;

/** Limits the server enforces; clients may use them to validate input before sending. */
export const LIMITS = {
  /** Frames above this many bytes get MESSAGE_TOO_LARGE; the socket closes (1009) above `hardFrameBytes`. */
  frameBytes: 4096,
  hardFrameBytes: 65536,
  /** Messages per connection within `rateWindowMs`; more get RATE_LIMITED, twice as many close the socket. */
  rateMessages: 100,
  rateWindowMs: 20_000,
  nameChars: 24,
  /** Longer name fields are refused before they are looked at. */
  nameInputChars: 200,
  tableNameChars: 40,
  minSeats: 2,
  /** The most a table takes; a deck's own limit (rules' maxSeats) is lower with one deck: `decks: 2` goes this far. */
  maxSeats: 20,
  /** Turn timer: 0 turns it off, otherwise between these bounds (seconds). */
  minTurnSeconds: 5,
  maxTurnSeconds: 600,
  /** Chat: characters (code points, after trimming) per message; longer input is refused before it is looked at. */
  chatChars: 200,
  chatInputChars: 1000,
  /** Chat lines per device token (and, times `chatAddressFactor`, per address) within `chatWindowMs`. */
  chatMessages: 5,
  chatWindowMs: 10_000,
  /** Chat lines a table (and the lobby) keeps in memory and sends with a sync. */
  chatKept: 50,
} as const;

/** Named rule sets a table may be created with (rule keys of the record contract; the rest keep their defaults). */
export const PRESETS = {
  /** The seed document's rules ("bei uns gilt"). */
  standard: {},
  /** The dealer looks at one packet and keeps it or takes the second. */
  dealerChooses: { deal: "dealerChooses" },
  /** Only a knock or Feuer ends a round; Feuer counts 31. */
  knockOnly: { thirtyOne: "noEnd", fire: "endsRound" },
  /** A short match: two lives, no swimming. */
  quick: { lives: 2, swimming: "off" },
  /** 000's "verdecktes Spiel": no middle; a packet of two goes round face down. */
  verdeckt: { deal: "hidden" },
  /** A big round: two decks shuffled together, so up to 20 seats fit. */
  grosseRunde: { decks: 2 },
} as const satisfies Record<string, Partial<Rules>>;
export type PresetName = keyof typeof PRESETS;
export const PRESET_NAMES = Object.keys(PRESETS) as PresetName[];

// ---------------------------------------------------------------------------------------------------------------
// Client -> server

const id = z.union([z.string().max(64), z.number().int()]).optional();

/** Reports a refused name as INVALID_NAME (see `schemaErrorCode`), its message starting with the reason's word. */
const nameSchema = (check: (name: string) => NameCheck) =>
  z
    .string()
    .max(LIMITS.nameInputChars)
    .transform(tidyName)
    .superRefine((name, ctx) => {
      const checked = check(name);
      if (!checked.ok) ctx.addIssue({ code: "custom", message: checked.message, params: { code: "INVALID_NAME" } });
    });
/**
 * Display names: tidied (NFC, whitespace collapsed, trimmed), 1-24 characters of one alphabet's letters, digits,
 * spaces and a little punctuation; nothing invisible, no bot's name (names.ts). Clients render them as text.
 */
const displayName = nameSchema((name) => checkDisplayName(name, LIMITS.nameChars));
const tableName = nameSchema((name) => checkTableName(name, LIMITS.tableNameChars));
/** Invite codes (codes.ts): 10 characters (6 for tables made before), any case, one dash or space allowed. */
export { CODE_ALPHABET } from "./codes.js";
const code = z
  .string()
  .max(24)
  .transform((s) => parseCode(s) ?? "")
  .pipe(z.string().min(1, "an invite code is 10 letters and digits, like ABCDE-FGHJK"));
/** Rule keys as sent: a plain object, passed on untouched (own keys such as "__proto__" included) to be checked. */
const rulesInput = z.custom<Record<string, unknown>>(
  (value) => typeof value === "object" && value !== null && !Array.isArray(value),
  { message: "rules must be an object of rule keys", params: { code: "INVALID_RULES" } },
);
const version = z.number().int().min(0);
const card = z.string().regex(/^[2-9TJQKA][cshd]$/, "a card is rank then suit, like Ah or Tc");

/** A move as the engine knows it; `seat` may be left out (the server fills in the sender's seat). */
export const moveSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("swap"), give: card, take: card, seat: z.number().int().optional() }),
  z.object({ type: z.literal("swapAll"), seat: z.number().int().optional() }),
  z.object({ type: z.literal("pass"), seat: z.number().int().optional() }),
  z.object({ type: z.literal("knock"), seat: z.number().int().optional() }),
  z.object({ type: z.literal("redeal"), seat: z.number().int().optional() }),
  z.object({ type: z.literal("passOn"), give: z.array(card).length(2).readonly(), seat: z.number().int().optional() }),
  z.object({
    type: z.literal("choose"),
    packet: z.enum(["first", "second"]),
    seat: z.number().int().optional(),
  }),
]);

const seatIndex = z.number().int().min(0).max(LIMITS.maxSeats);

/** Quick phrases: the key goes over the wire, each reader's page words it in their language. */
export const PHRASE_KEYS = [
  "hello",
  "goodLuck",
  "wellPlayed",
  "lucky",
  "anotherOne",
  "thanks",
  "oops",
  "brb",
  "bye",
] as const;
export type PhraseKey = (typeof PHRASE_KEYS)[number];
/**
 * Chat text: tidied like a name (NFC, whitespace runs and line breaks one space, trimmed), then checked like a table
 * name (names.ts): 1 to LIMITS.chatChars code points that show, no control, zero-width or direction characters, no
 * pile of combining marks. Refused as INVALID_TEXT with the reason's word first (tooLong, invisible, blank...).
 */
const chatText = z
  .string()
  .max(LIMITS.chatInputChars)
  .transform(tidyName)
  .superRefine((text, ctx) => {
    const checked = checkTableName(text, LIMITS.chatChars);
    if (!checked.ok) ctx.addIssue({ code: "custom", message: checked.message, params: { code: "INVALID_TEXT" } });
  });

export const clientMessageSchema = z.discriminatedUnion("type", [
  /** First message on every connection: a known device token, or none to get a new one. */
  z.object({
    type: z.literal("hello"),
    id,
    token: z
      .string()
      .regex(/^[A-Za-z0-9_-]{32,64}$/)
      .optional(),
  }),
  z.object({
    type: z.literal("create"),
    id,
    name: tableName,
    /** The creator's display name; the creator takes seat 0 and is the host. */
    playerName: displayName,
    seats: z.number().int().min(LIMITS.minSeats).max(LIMITS.maxSeats),
    /** Either a preset or rule keys (rules win over the preset's keys); checked by the engine. */
    preset: z.enum(PRESET_NAMES as [PresetName, ...PresetName[]]).optional(),
    rules: rulesInput.optional(),
    /** Level of the bots that fill free seats at the start and play for absent players. */
    botLevel: z.string().max(32).optional(),
    /** Seconds a player has for a turn before a bot plays it; 0 = no timer. Default 60. */
    turnSeconds: z
      .number()
      .int()
      .refine((n) => n === 0 || (n >= LIMITS.minTurnSeconds && n <= LIMITS.maxTurnSeconds))
      .optional(),
    /** Play money per life lost, in whole cents (0, the default: no stakes). */
    stake: z.number().int().min(0).max(MAX_STAKE).optional(),
    /** Each match's first dealer is drawn by lot (default false: the server picks one at random). */
    dealerByLot: z.boolean().optional(),
  }),
  /**
   * Sit at a table: takes a free seat (lobby only, `name` required), or comes back to the seat this token holds.
   * With `lastVersion` the server sends only what was missed (or a full sync when too far behind).
   */
  z.object({ type: z.literal("join"), id, code, name: displayName.optional(), lastVersion: version.optional() }),
  /** Follow a table as a spectator. */
  z.object({ type: z.literal("watch"), id, code, lastVersion: version.optional() }),
  /** Host only, in the lobby: free seats get bots, the first round is dealt. */
  z.object({ type: z.literal("start"), id }),
  z.object({ type: z.literal("act"), id, action: moveSchema }),
  /** Host only, after the match: a new match with the same seats. */
  z.object({ type: z.literal("rematch"), id }),
  /** Back from "away" (any action also brings a player back). */
  z.object({ type: z.literal("back"), id }),
  /** Leave the table: in the lobby the seat is freed; during a match the seat is marked away. */
  z.object({ type: z.literal("leave"), id }),
  z.object({ type: z.literal("ping"), id }),
  // ---- lobby and quick match (docs/protocol.md, "Lobby and quick match") ----
  /** Host only, while the table waits: public tables are listed in the lobby; private ones are invite only. */
  z.object({ type: z.literal("setVisibility"), id, visibility: z.enum(["public", "private"]) }),
  /** Get the lobby list now and `lobby` pushes whenever it changes (coalesced); `unwatchLobby` stops them. */
  z.object({ type: z.literal("watchLobby"), id }),
  z.object({ type: z.literal("unwatchLobby"), id }),
  /**
   * "Schnell spielen": a seat at a waiting public quick-match table with these rules and seats, or a new one. Bots
   * take the free seats when nobody else comes in time. `name` may be left out when the session names a player.
   */
  z.object({
    type: z.literal("quickMatch"),
    id,
    name: displayName.optional(),
    preset: z.enum(PRESET_NAMES as [PresetName, ...PresetName[]]).optional(),
    seats: z.number().int().min(LIMITS.minSeats).max(LIMITS.maxSeats).optional(),
  }),
  // ---- table talk (docs/protocol.md, "Table talk") ----
  /**
   * Says something at the table the connection sits at (seated players only) or, with `room: "lobby"`, in the
   * lobby's chat. Either `text` (plain text, at most LIMITS.chatChars) or `phrase` (a quick phrase's key, which
   * every reader sees in their own language). `name` names a lobby speaker whose session names no player.
   */
  z
    .object({
      type: z.literal("chat"),
      id,
      room: z.enum(["table", "lobby"]).optional(),
      text: chatText.optional(),
      phrase: z.enum(PHRASE_KEYS).optional(),
      name: displayName.optional(),
    })
    .refine((m) => (m.text === undefined) !== (m.phrase === undefined), {
      message: "give either text or phrase",
      params: { code: "INVALID_TEXT" },
    }),
  /** Follow the lobby's chat: answered with `chatHistory`, then `chatMessage` pushes until `chatLeave`. */
  z.object({ type: z.literal("chatJoin"), id, room: z.literal("lobby") }),
  z.object({ type: z.literal("chatLeave"), id, room: z.literal("lobby") }),
  /** Host only, while the table waits: frees another person's seat; they get `kicked`. */
  z.object({ type: z.literal("kick"), id, seat: seatIndex }),
]);

export type ClientMessage = z.input<typeof clientMessageSchema>;
export type ParsedClientMessage = z.output<typeof clientMessageSchema>;
export type Move = z.output<typeof moveSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Server -> client

/** Every error code the server sends (type `error`). */
export const ERROR_CODES = [
  "BAD_JSON",
  "BAD_MESSAGE",
  "MESSAGE_TOO_LARGE",
  "RATE_LIMITED",
  "NOT_IDENTIFIED",
  "ALREADY_IDENTIFIED",
  "TABLE_NOT_FOUND",
  "SPECTATORS_NOT_ALLOWED",
  "TABLE_FULL",
  "NOT_AT_TABLE",
  "ALREADY_AT_TABLE",
  "NAME_REQUIRED",
  "INVALID_NAME",
  "INVALID_RULES",
  "UNKNOWN_BOT_LEVEL",
  "NOT_HOST",
  "ALREADY_STARTED",
  "NOT_STARTED",
  "MATCH_NOT_OVER",
  "NOT_A_PLAYER",
  "NOT_YOUR_SEAT",
  "NOT_AWAY",
  "TOO_MANY_TABLES",
  "NOT_YOUR_TURN",
  "ACTION_NOT_ALLOWED",
  "CARD_NOT_IN_HAND",
  "CARD_NOT_IN_MIDDLE",
  "ROUND_OVER",
  "MATCH_OVER",
  "INVALID_RECORD",
  "INVALID_DEAL",
  "INVALID_TEXT",
  "REMOVED_BY_HOST",
  "INTERNAL",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The error code for a frame the schema refused: a field check that names its own code (INVALID_NAME,
 * INVALID_RULES) gives that code, anything else BAD_MESSAGE.
 */
export function schemaErrorCode(issue: z.core.$ZodIssue | undefined): ErrorCode {
  const named = issue?.code === "custom" ? (issue.params as { code?: unknown } | undefined)?.code : undefined;
  return (ERROR_CODES as readonly unknown[]).includes(named) ? (named as ErrorCode) : "BAD_MESSAGE";
}

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

/** The Kasse as TableInfo carries it: every player's total and the newest five rows (ledger.csv has them all). */
export type KasseInfo = LedgerSummary;

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

/**
 * The game protocol between a client and the server (docs/protocol.md): limits, presets and client messages as zod
 * schemas (the server validates every frame with them). Server messages are types in protocol-server.ts and error
 * codes live in protocol-errors.ts; both are re-exported here, so the web client imports this one module.
 */
import { z } from "zod";
import type { Rules } from "@schwimmen/rules";
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

export * from "./protocol-errors.js";
export type * from "./protocol-server.js";

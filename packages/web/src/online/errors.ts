/** Server error codes and WebSocket close codes in the player's language. */
import type { ErrorCode } from "@schwimmen/server/protocol";
import type { TextKey } from "../i18n/index.js";
import { NAME_CHARS, NAME_REASON } from "../player-name.js";
import type { Ui } from "../ui.js";

/** Every code the server may send has a sentence (the type checker finds a new code without one). */
const ERROR_TEXT: { readonly [C in ErrorCode]: TextKey & `error_${C}` } = {
  BAD_JSON: "error_BAD_JSON",
  BAD_MESSAGE: "error_BAD_MESSAGE",
  MESSAGE_TOO_LARGE: "error_MESSAGE_TOO_LARGE",
  RATE_LIMITED: "error_RATE_LIMITED",
  NOT_IDENTIFIED: "error_NOT_IDENTIFIED",
  ALREADY_IDENTIFIED: "error_ALREADY_IDENTIFIED",
  TABLE_NOT_FOUND: "error_TABLE_NOT_FOUND",
  SPECTATORS_NOT_ALLOWED: "error_SPECTATORS_NOT_ALLOWED",
  TABLE_FULL: "error_TABLE_FULL",
  NOT_AT_TABLE: "error_NOT_AT_TABLE",
  ALREADY_AT_TABLE: "error_ALREADY_AT_TABLE",
  NAME_REQUIRED: "error_NAME_REQUIRED",
  INVALID_NAME: "error_INVALID_NAME",
  INVALID_RULES: "error_INVALID_RULES",
  UNKNOWN_BOT_LEVEL: "error_UNKNOWN_BOT_LEVEL",
  NOT_HOST: "error_NOT_HOST",
  ALREADY_STARTED: "error_ALREADY_STARTED",
  NOT_STARTED: "error_NOT_STARTED",
  MATCH_NOT_OVER: "error_MATCH_NOT_OVER",
  NOT_A_PLAYER: "error_NOT_A_PLAYER",
  NOT_YOUR_SEAT: "error_NOT_YOUR_SEAT",
  NOT_AWAY: "error_NOT_AWAY",
  TOO_MANY_TABLES: "error_TOO_MANY_TABLES",
  NOT_YOUR_TURN: "error_NOT_YOUR_TURN",
  ACTION_NOT_ALLOWED: "error_ACTION_NOT_ALLOWED",
  CARD_NOT_IN_HAND: "error_CARD_NOT_IN_HAND",
  CARD_NOT_IN_MIDDLE: "error_CARD_NOT_IN_MIDDLE",
  ROUND_OVER: "error_ROUND_OVER",
  MATCH_OVER: "error_MATCH_OVER",
  INVALID_RECORD: "error_INVALID_RECORD",
  INVALID_DEAL: "error_INVALID_DEAL",
  INVALID_TEXT: "error_INVALID_TEXT",
  REMOVED_BY_HOST: "error_REMOVED_BY_HOST",
  INTERNAL: "error_INTERNAL",
};

/** The page's own codes for a request the connection lost (online-game.ts): never sent, or sent without an answer. */
const LOCAL_TEXT: Readonly<Record<string, TextKey>> = { NOT_SENT: "notSent", NO_ANSWER: "noAnswer" };

/**
 * A server error as one sentence; a code this page does not know yet (a newer server) still gets a sentence.
 * `message`: the server's own words, read only for the reason of INVALID_NAME.
 */
export function errorText(ui: Ui, code: string, message = ""): string {
  // The reason may follow the field's name ("playerName: botName: ...").
  const reasons: Readonly<Record<string, TextKey>> = NAME_REASON;
  const word = code === "INVALID_NAME" ? message.split(":").find((part) => reasons[part.trim()]) : undefined;
  if (word) return ui.tr(reasons[word.trim()]!, { n: NAME_CHARS });
  const key = (ERROR_TEXT as Readonly<Record<string, TextKey>>)[code] ?? LOCAL_TEXT[code];
  return key ? ui.tr(key) : ui.tr("errorUnknown", { code });
}

/** Close codes the server documents (docs/protocol.md); others (a dropped line: 1006) are a plain lost connection. */
const CLOSE_TEXT: Readonly<Record<number, TextKey>> = {
  1001: "close_1001",
  1008: "close_1008",
  1009: "close_1009",
  4000: "close_4000",
  4001: "close_4001",
  4002: "close_4002",
  4003: "close_4003",
};

export const closeText = (ui: Ui, code: number | null): string =>
  ui.tr((code !== null && CLOSE_TEXT[code]) || "connectionLost");

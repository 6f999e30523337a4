/** The error codes the server sends (a server message of type `error`), and the code for a refused frame. */
import type { z } from "zod";

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

/** The `id` of a client frame, found even in frames refused before they are read (connection.ts). */
import type { ReplyId } from "./messages.js";
import { LIMITS } from "./protocol.js";

/** The `id` of a parsed frame, when it is one the protocol allows. */
export function idOf(raw: unknown): ReplyId {
  const id = typeof raw === "object" && raw !== null ? (raw as { id?: unknown }).id : undefined;
  return (typeof id === "string" && id.length <= 64) || (typeof id === "number" && Number.isInteger(id))
    ? id
    : undefined;
}

const ID_VALUE = String.raw`("[\x20\x21\x23-\x5b\x5d-\x7e]{0,64}"|-?\d{1,15})`;
/** A top-level id as the first key (after `type`) or the last key of a frame. */
const ID_AT_HEAD = new RegExp(
  String.raw`^\s*\{(?:\s*"type"\s*:\s*"[a-zA-Z]{1,16}"\s*,)?\s*"id"\s*:\s*${ID_VALUE}\s*[,}]`,
);
const ID_AT_TAIL = new RegExp(String.raw`[{,]\s*"id"\s*:\s*${ID_VALUE}\s*\}\s*$`);
const SCAN_BYTES = 160;

/**
 * The id of a frame that is refused before it is read (rate limit, size, binary), found cheaply: a frame of at most
 * LIMITS.frameBytes is parsed; of a larger one only the first and last bytes are looked at.
 */
export function frameId(data: Buffer): ReplyId {
  if (data.length <= LIMITS.frameBytes) {
    try {
      return idOf(JSON.parse(data.toString("utf8")));
    } catch {
      return undefined;
    }
  }
  const found =
    ID_AT_HEAD.exec(data.subarray(0, SCAN_BYTES).toString("latin1")) ??
    ID_AT_TAIL.exec(data.subarray(data.length - SCAN_BYTES).toString("latin1"));
  const text = found?.[1];
  if (text === undefined) return undefined;
  return text.startsWith('"') ? text.slice(1, -1) : Number(text);
}

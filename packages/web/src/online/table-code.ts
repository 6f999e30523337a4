/**
 * Table codes as people type, say and share them, and the last online table this device sat at. Small and free of
 * the online screen's code: the start page and the router use it.
 */
import type { CODE_ALPHABET } from "@schwimmen/server/protocol";
import { readItem, writeItem } from "../device-storage.js";

/** The server's alphabet (no 0/O, 1/I/L); a type-only import keeps the server's validation code out of the page. */
const ALPHABET: typeof CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/** Invite codes are 10 characters; tables made before that keep their 6. */
const LENGTHS = [6, 10];

/**
 * The code in a typed or pasted text (any case, with or without a dash or spaces, or a whole invite link), or null
 * when it cannot be one.
 */
export function normalizeCode(raw: string): string | null {
  let text = raw.trim();
  const link = text.match(/\/t\/([^/?#]+)/);
  if (link?.[1]) text = link[1];
  try {
    text = decodeURIComponent(text);
  } catch {
    return null;
  }
  const code = text.toUpperCase().replace(/[\s\-‐‑‒–—_.]/g, "");
  if (!LENGTHS.includes(code.length)) return null;
  return [...code].every((c) => ALPHABET.includes(c)) ? code : null;
}

/** How a code is shown: ten characters in two groups of five ("ABCDE-FGHJK"), an old six-character code as it is. */
export const formatCode = (code: string): string =>
  code.length === 10 ? `${code.slice(0, 5)}-${code.slice(5)}` : code;

const LAST_TABLE_KEY = "schwimmen.last-table";

/** The last online table this device joined or watched (its code), so the start page can lead back to it. */
export function lastTable(): string | null {
  const stored = readItem(LAST_TABLE_KEY);
  return stored ? normalizeCode(stored) : null;
}

export const rememberTable = (code: string): void => writeItem(LAST_TABLE_KEY, code);

/** Forgets the table (it is gone); only when it is the remembered one. */
export function forgetTable(code: string): void {
  if (lastTable() === code) writeItem(LAST_TABLE_KEY, null);
}

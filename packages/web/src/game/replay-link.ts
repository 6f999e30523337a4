/**
 * The address of a finished match in the replay viewer, so that a reload or a link finds the same match again.
 * An online match is named by its table's code and match number (the server keeps its record). A match against the
 * computer exists only on this device: its record is kept in the page's storage under a short key, and the address
 * names that key.
 */
import { readItem, writeItem } from "../device-storage.js";

/** The record handed to the viewer right away (it is shown without a fetch, then removed). */
export const HANDOFF_KEY = "schwimmen.replay";
/** The kept records of matches on this device, newest last. */
export const KEPT_KEY = "schwimmen.replays.v1";
/** How many kept records stay (records are a few kilobytes each). */
const KEEP = 6;

interface Kept {
  readonly id: string;
  readonly record: unknown;
}

/** A short key for a record: the same match gives the same key (FNV-1a over its text, base 36). */
export function recordKey(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${hash.toString(36)}${text.length.toString(36)}`;
}

function readKept(): Kept[] {
  try {
    const list: unknown = JSON.parse(readItem(KEPT_KEY) ?? "[]");
    return Array.isArray(list)
      ? list.filter((k): k is Kept => typeof (k as Kept | null)?.id === "string" && (k as Kept).record !== undefined)
      : [];
  } catch {
    return [];
  }
}

/** Keeps the record (the oldest kept ones give way) and returns its key; when storage is full, only this one stays. */
export function keepRecord(record: unknown): string {
  const id = recordKey(JSON.stringify(record));
  const list = [...readKept().filter((k) => k.id !== id), { id, record }].slice(-KEEP);
  writeItem(KEPT_KEY, JSON.stringify(list));
  if (keptRecord(id) === null) writeItem(KEPT_KEY, JSON.stringify([{ id, record }]));
  return id;
}

/** The kept record with this key, or null when this device no longer has it. */
export const keptRecord = (id: string): unknown => readKept().find((k) => k.id === id)?.record ?? null;

/** Where an online table's match is: its code and number. */
export interface TableMatch {
  readonly code: string;
  readonly match: number;
}

export const replayAddress = (at: TableMatch | { readonly kept: string }): string =>
  "kept" in at
    ? `#/replay?kept=${encodeURIComponent(at.kept)}`
    : `#/replay?code=${encodeURIComponent(at.code)}&match=${at.match}`;

/**
 * Opens the replay of a finished match: the record is shown at once, and the address names the match (`table` for an
 * online one; without it the record is kept on this device).
 */
export function openReplay(record: unknown, table: TableMatch | null = null): void {
  try {
    sessionStorage.setItem(HANDOFF_KEY, JSON.stringify(record));
  } catch {
    // Without session storage the viewer finds the match by its address.
  }
  location.hash = replayAddress(table ?? { kept: keepRecord(record) });
}

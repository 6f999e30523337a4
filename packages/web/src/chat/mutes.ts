/**
 * Muting is each player's own business: kept on this device (localStorage), never sent. A speaker is known by their
 * player id when the server names one, otherwise by their name (which also covers guests at another table).
 */
import type { ChatLine } from "@schwimmen/server/protocol";
import { readItem, writeItem } from "../device-storage.js";
import { createStore } from "../store.js";

const MUTES_KEY = "schwimmen.chat-muted";
/** Kept at most (the oldest goes first): the list stays small whatever happens. */
const MAX_MUTES = 200;

/** The key a speaker is muted under. */
export const muteKey = (speaker: { readonly player: string | null; readonly name: string }): string =>
  speaker.player ? `p:${speaker.player}` : `n:${speaker.name}`;

function load(): readonly string[] {
  try {
    const stored: unknown = JSON.parse(readItem(MUTES_KEY) ?? "[]");
    return Array.isArray(stored) ? stored.filter((k): k is string => typeof k === "string").slice(-MAX_MUTES) : [];
  } catch {
    return [];
  }
}

/** The muted speakers' keys; every chat on the page redraws when it changes. */
export const mutes = createStore<readonly string[]>(load());

export function setMuted(key: string, muted: boolean): void {
  const rest = mutes.get().filter((k) => k !== key);
  const next = muted ? [...rest, key].slice(-MAX_MUTES) : rest;
  writeItem(MUTES_KEY, JSON.stringify(next));
  mutes.set(next);
}

export const isMuted = (line: Pick<ChatLine, "player" | "name">, muted: readonly string[]): boolean =>
  muted.includes(muteKey(line));

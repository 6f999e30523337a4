/**
 * The player's name on this device: asked for on the first visit, kept in the settings (localStorage), used at local
 * tables and sent when creating or joining an online table. The server has the last word (it refuses names that look
 * blank or pose as someone else with INVALID_NAME); the page checks by the same rules before sending.
 */
import { type NameProblem as ServerNameProblem, checkDisplayName, tidyName } from "@schwimmen/server/names";
import type { LIMITS } from "@schwimmen/server/protocol";
import { readItem, writeItem } from "./device-storage.js";
import { changeSettings, settings } from "./settings.js";
import type { TextKey } from "./i18n/index.js";
import type { ApiError } from "./players/api.js";
import { ensureSession, forgetSession, syncName } from "./players/session.js";
import { createStore } from "./store.js";

/** The server's limit (a type-only import keeps its validation library out of the first screen's code). */
export const NAME_CHARS: (typeof LIMITS)["nameChars"] = 24;

const CHOSEN_KEY = "schwimmen.name-chosen";
const PLACEHOLDERS = new Set(["Gast", "Guest"]);

/** The name as the server will store it: NFC, inner whitespace collapsed, trimmed (the server's `tidyName`). */
export const cleanName = tidyName;

/**
 * The sentence for each of the server's reasons to refuse a name (INVALID_NAME's first word, server names.ts):
 * the page checks names by the same rules, so the same sentence shows whether the page or the server found it.
 */
export const NAME_REASON = {
  empty: "nameEmpty",
  blank: "nameEmpty",
  tooLong: "nameTooLong",
  invisible: "nameChars",
  characters: "nameRefused_characters",
  marks: "nameRefused_marks",
  botName: "nameRefused_botName",
  mixedScripts: "nameRefused_mixedScripts",
} as const satisfies Readonly<Record<ServerNameProblem, TextKey>>;

export type NameProblem = (typeof NAME_REASON)[ServerNameProblem];

/**
 * What is wrong with a name by the server's own rules (blank, too long, invisible characters, emoji or brackets,
 * a bot's name, mixed alphabets), or null; only an account's name being taken needs the server to tell.
 */
export function nameProblem(raw: string): NameProblem | null {
  const check = checkDisplayName(cleanName(raw), NAME_CHARS);
  return check.ok ? null : NAME_REASON[check.problem];
}

/** Whether this device's player has told us a name (a name other than the placeholder counts, e.g. from before). */
export function hasChosenName(): boolean {
  return readItem(CHOSEN_KEY) === "1" || !PLACEHOLDERS.has(settings.get().name);
}

/** The name the server refused last (INVALID_NAME with its reason, NAME_TAKEN for an account), or null. */
export const nameRefusal = createStore<(ApiError & { readonly name: string }) | null>(null);

/**
 * Keeps a (valid) name as the player's own; returns false and keeps nothing when it has a problem. The server gets
 * it too; when it refuses the name, the device goes back to the name it had (unless another was saved meanwhile) and
 * `nameRefusal` tells why.
 */
export function saveName(raw: string): boolean {
  if (nameProblem(raw) !== null) return false;
  const name = cleanName(raw);
  const before = { name: settings.get().name, chosen: hasChosenName() };
  writeItem(CHOSEN_KEY, "1");
  changeSettings({ name });
  if (nameRefusal.get()?.name !== name) nameRefusal.set(null);
  // The server's player gets the name too (a guest on the first save): its profile and seats carry it.
  syncName(name, (error) => {
    nameRefusal.set({ ...error, name });
    if (settings.get().name !== name || before.name === name) return;
    changeSettings({ name: before.name });
    if (!before.chosen) writeItem(CHOSEN_KEY, null);
  });
  return true;
}

/**
 * Forgets the name on this device (after signing out or deleting the player): the placeholder comes back, the start
 * page asks for a name again, and no session is made until one is chosen.
 */
export function forgetName(): void {
  writeItem(CHOSEN_KEY, null);
  forgetSession();
  nameRefusal.set(null);
  changeSettings({ name: settings.get().lang === "de" ? "Gast" : "Guest" });
}

/**
 * Who this device is on the server (see `ensureSession`): made once if missing; a name the account got on another
 * device since becomes this device's name too.
 */
export function ensurePlayer(): ReturnType<typeof ensureSession> {
  return ensureSession(
    () => (hasChosenName() ? settings.get().name : null),
    (name) => {
      writeItem(CHOSEN_KEY, "1");
      changeSettings({ name });
    },
    // The name form says why (an account's name: with the passkey sign-in beside it).
    (name, error) => nameRefusal.set({ ...error, name }),
  );
}

/**
 * `ensurePlayer`, waited for at most `ms`. The server knows who a WebSocket is only from the session cookie sent as it
 * opens: a socket that should speak for the player opens after this (a first visit makes its guest while the page
 * loads). A server that does not answer is not waited for longer.
 */
export const playerReady = (ms = 5000): Promise<unknown> =>
  Promise.race([ensurePlayer(), new Promise((resolve) => setTimeout(resolve, ms))]);

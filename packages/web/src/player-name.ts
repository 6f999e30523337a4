/**
 * The player's name on this device: asked for on the first visit, kept in the settings (localStorage), used at local
 * tables and sent when creating or joining an online table. The server has the last word (it refuses names that look
 * blank or pose as someone else with INVALID_NAME); the page catches the obvious cases before sending.
 */
import type { LIMITS } from "@schwimmen/server/protocol";
import { readItem, writeItem } from "./device-storage.js";
import { changeSettings, settings } from "./settings.js";
import type { ApiError } from "./players/api.js";
import { ensureSession, syncName } from "./players/session.js";
import { createStore } from "./store.js";

/** The server's limit (a type-only import keeps its validation library out of the first screen's code). */
export const NAME_CHARS: (typeof LIMITS)["nameChars"] = 24;

const CHOSEN_KEY = "schwimmen.name-chosen";
const PLACEHOLDERS = new Set(["Gast", "Guest"]);

/** The name as the server will store it: NFC, inner whitespace collapsed, trimmed. */
export const cleanName = (raw: string): string => raw.normalize("NFC").replace(/\s+/g, " ").trim();

export type NameProblem = "nameEmpty" | "nameTooLong" | "nameChars";

/** Characters that show nothing (the server's list): control, format, default-ignorable, the blank braille cell. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u;

/** What is wrong with a name that the page can tell by itself (the server checks more), or null. */
export function nameProblem(raw: string): NameProblem | null {
  const name = cleanName(raw);
  if (name === "") return "nameEmpty";
  if ([...name].length > NAME_CHARS) return "nameTooLong";
  if (INVISIBLE.test(name)) return "nameChars";
  return /[\p{L}\p{N}]/u.test(name) ? null : "nameEmpty";
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
  );
}

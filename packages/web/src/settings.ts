import { createStore } from "./store.js";

export type Lang = "de" | "en";
export type Faces = "french" | "german";
/** How long the computer players wait before acting, so that people can follow. */
export type Speed = "relaxed" | "quick" | "instant";
export const SPEED_DELAY_MS: Record<Speed, number> = { relaxed: 900, quick: 350, instant: 0 };

export interface Settings {
  readonly lang: Lang;
  readonly faces: Faces;
  readonly speed: Speed;
  readonly name: string;
  /** Number of seats in a game against the computer (you plus bots). */
  readonly seats: number;
  /** Bot level for each computer seat, in seat order (seat 1 first). */
  readonly levels: readonly string[];
  /** House rules as rule keys that differ from the defaults. */
  readonly rules: Readonly<Record<string, unknown>>;
  /** Short sounds at the table; off until the player switches them on. */
  readonly sound: boolean;
  /** Against the computer: a small mark after each of your moves that the coach judges a mistake; off by default. */
  readonly coachMarks: boolean;
}

const STORAGE_KEY = "schwimmen.settings";

/** German where the browser puts German first among German and English, English otherwise. */
export function preferredLang(languages: readonly string[]): Lang {
  for (const tag of languages) {
    const base = tag.toLowerCase().slice(0, 2);
    if (base === "de") return "de";
    if (base === "en") return "en";
  }
  return "en";
}

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === "undefined") return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

export function defaultSettings(languages: readonly string[] = browserLanguages()): Settings {
  const lang = preferredLang(languages);
  return {
    lang,
    faces: "french",
    speed: "relaxed",
    name: lang === "de" ? "Gast" : "Guest",
    seats: 3,
    levels: [],
    rules: {},
    sound: false,
    coachMarks: false,
  };
}

/** Reads stored settings, keeping only well-formed fields (a stale or edited entry never breaks the page). */
export function readSettings(raw: string | null, base: Settings): Settings {
  if (!raw) return base;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return base;
  }
  if (typeof parsed !== "object" || parsed === null) return base;
  const p = parsed as Record<string, unknown>;
  const pick = <T>(value: unknown, ok: (v: unknown) => boolean, fallback: T): T =>
    ok(value) ? (value as T) : fallback;
  return {
    lang: pick(p.lang, (v) => v === "de" || v === "en", base.lang),
    faces: pick(p.faces, (v) => v === "french" || v === "german", base.faces),
    speed: pick(p.speed, (v) => v === "relaxed" || v === "quick" || v === "instant", base.speed),
    name: pick(p.name, (v) => typeof v === "string" && v.trim().length > 0 && v.length <= 24, base.name),
    seats: pick(p.seats, (v) => Number.isInteger(v) && (v as number) >= 2 && (v as number) <= 20, base.seats),
    levels: pick(p.levels, (v) => Array.isArray(v) && v.every((x) => typeof x === "string"), base.levels),
    rules: pick(p.rules, (v) => typeof v === "object" && v !== null && !Array.isArray(v), base.rules),
    sound: pick(p.sound, (v) => typeof v === "boolean", base.sound),
    coachMarks: pick(p.coachMarks, (v) => typeof v === "boolean", base.coachMarks),
  };
}

export const settings = createStore<Settings>(readSettings(storage()?.getItem(STORAGE_KEY) ?? null, defaultSettings()));

settings.subscribe((value) => {
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Private mode or a full storage: the settings still hold for this visit.
  }
  if (typeof document !== "undefined") document.documentElement.lang = value.lang;
});

export const changeSettings = (change: Partial<Settings>): void => settings.update((s) => ({ ...s, ...change }));

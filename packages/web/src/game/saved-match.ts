import { readItem, writeItem } from "../device-storage.js";
import type { LoggedEvent } from "./model.js";

/**
 * A match against the computer kept in the page's storage, so that a reload, the menu or the browser's Back do not
 * lose it. The record (deals and actions) restores the state; the two generator states make the next deals and the
 * bots' dice exactly what they would have been. Only types come from the rules here: the start page reads this
 * module, and the engine stays out of its bundle.
 */
export const SAVED_MATCH_KEY = "schwimmen.match.v1";

type GeneratorState = readonly [number, number, number, number];

export interface SavedMatch {
  readonly version: 1;
  /** Seat names, the person first, and the bots' levels (seat 1 first). */
  readonly names: readonly string[];
  readonly levels: readonly string[];
  /** The page's seed for this match (the bots' memory is kept under it) and its generator's state now. */
  readonly matchSeed: string;
  readonly rng: GeneratorState;
  /** The engine's generator for the next deals; null only for a match without one. */
  readonly dealRng: GeneratorState | null;
  /** The game record so far (shared/spec/game-record.md). */
  readonly record: unknown;
  /** The latest events, so that the status line reads as before. */
  readonly log: readonly LoggedEvent[];
  /** For the start page: the round in play (from 1) and the person's lives. */
  readonly round: number;
  readonly lives: number;
  readonly savedAt: number;
  /** Cents per life of this match, when it is played for stakes. */
  readonly stake?: number;
}

const isGenerator = (v: unknown): v is GeneratorState =>
  Array.isArray(v) && v.length === 4 && v.every((n) => Number.isInteger(n) && n >= -0x80000000 && n <= 0xffffffff);
const isNames = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");
const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

/**
 * The saved match in `raw`, or null for nothing, broken JSON, another version or a wrong shape. Whether the record
 * itself replays is checked when the match is restored (that needs the engine).
 */
export function readSavedMatch(raw: string | null): SavedMatch | null {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const p = parsed as Record<string, unknown>;
  const ok =
    p.version === 1 &&
    isNames(p.names) &&
    p.names.length >= 2 &&
    isNames(p.levels) &&
    p.levels.length === p.names.length - 1 &&
    typeof p.matchSeed === "string" &&
    isGenerator(p.rng) &&
    (p.dealRng === null || isGenerator(p.dealRng)) &&
    typeof p.record === "object" &&
    p.record !== null &&
    Array.isArray(p.log) &&
    isCount(p.round) &&
    isCount(p.lives) &&
    typeof p.savedAt === "number" &&
    (p.stake === undefined || isCount(p.stake));
  return ok ? (p as unknown as SavedMatch) : null;
}

/** The saved match; an entry that cannot be read is removed, so it never gets in the way again. */
export function loadSavedMatch(): SavedMatch | null {
  const raw = readItem(SAVED_MATCH_KEY);
  const saved = readSavedMatch(raw);
  if (raw !== null && saved === null) clearSavedMatch();
  return saved;
}

/** Keeps the match (without storage, in private mode or when full, it lasts as long as the page). */
export const storeSavedMatch = (match: SavedMatch): void => writeItem(SAVED_MATCH_KEY, JSON.stringify(match));

export const clearSavedMatch = (): void => writeItem(SAVED_MATCH_KEY, null);

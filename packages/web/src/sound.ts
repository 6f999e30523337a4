import type { GameEvent } from "@schwimmen/rules";
import { useEffect, useRef } from "preact/hooks";
import type { TableModel } from "./game/model.js";
import { settings } from "./settings.js";

/**
 * Short sounds at the table. This module decides which sound an update of the table calls for and whether one may
 * play; the sounds themselves are made by `sound-synth.ts`, loaded only once sound is on and something happens.
 */
export type SoundName = "deal" | "swap" | "knock" | "thirtyOne" | "fire" | "lifeLost" | "yourTurn";

/** The sound of one event; events without a sound of their own give null. */
export function soundOf(event: GameEvent): SoundName | null {
  switch (event.type) {
    case "roundStarted":
      return "deal";
    case "swapped":
    case "swappedAll":
    case "chose":
    case "middleRenewed":
      return "swap";
    case "knocked":
      return "knock";
    case "roundEnded":
      return event.reason === "thirtyOne" ? "thirtyOne" : event.reason === "fire" ? "fire" : null;
    case "livesLost":
      return "lifeLost";
    default:
      return null;
  }
}

/** Loudest first: several events arriving at once give only the most telling sound. */
const RANK: readonly SoundName[] = ["fire", "thirtyOne", "lifeLost", "knock", "deal", "swap"];

/**
 * The sounds for one update of the table: the most telling of its events, then "your turn" when the person's turn
 * has just begun. At most two, played one after the other.
 */
export function soundsFor(events: readonly GameEvent[], turnBegan: boolean): SoundName[] {
  const found = new Set(events.map(soundOf));
  const main = RANK.find((name) => found.has(name));
  const out: SoundName[] = main ? [main] : [];
  if (turnBegan) out.push("yourTurn");
  return out;
}

/** Sound plays only when the player switched it on, and never while the page is hidden. */
export const mayPlay = (enabled: boolean, visibility: DocumentVisibilityState): boolean =>
  enabled && visibility === "visible";

let synth: Promise<typeof import("./sound-synth.js")> | null = null;

/** Plays the sounds if allowed now; the synthesizer is loaded on first use. */
export function playSounds(names: readonly SoundName[]): void {
  if (names.length === 0 || typeof document === "undefined") return;
  if (!mayPlay(settings.get().sound, document.visibilityState)) return;
  synth ??= import("./sound-synth.js");
  void synth.then(
    (module) => module.playAll(names),
    () => (synth = null),
  );
}

/**
 * The table's one hook for sounds: it follows the model's event log and whose turn it is. What was there when the
 * table first showed (a resumed match, an online table joined or reloaded) makes no sound.
 */
export function useTableSounds(model: TableModel): void {
  const last = model.log[model.log.length - 1]?.id ?? 0;
  const shown = model.view !== null;
  const myTurn = model.seat !== null && model.view?.toAct === model.seat;
  const seen = useRef<{ id: number; myTurn: boolean; shown: boolean } | null>(null);
  useEffect(() => {
    const before = seen.current;
    seen.current = { id: last, myTurn, shown };
    if (before === null || !before.shown) return;
    const events = model.log.filter((entry) => entry.id > before.id).map((entry) => entry.event);
    playSounds(soundsFor(events, myTurn && !before.myTurn));
  }, [last, myTurn, shown]);
}

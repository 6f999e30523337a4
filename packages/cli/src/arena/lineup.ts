import {
  type ArenaEntry,
  BOT_LEVELS,
  EXPERT_DEFAULTS,
  type EstimateListener,
  createBot,
  expertBot,
  isBotLevel,
} from "@schwimmen/bots";

/**
 * Bot names to arena entries. Only here does a name become a bot, so the main thread and every worker build the
 * very same lineup from the names alone.
 */
export function arenaEntry(name: string, onEstimate?: EstimateListener): ArenaEntry | null {
  if (!isBotLevel(name)) return null;
  // The same expert, telling its estimates (for `--calibration`).
  if (name === "expert" && onEstimate) return { name, create: () => expertBot(EXPERT_DEFAULTS, onEstimate) };
  // Only the oracle uses the true state; every other level decides from its seat's view.
  return { name, create: (trueState) => createBot(name, trueState) };
}

export const knownBots = (): readonly string[] => BOT_LEVELS;

/** Labels by lineup position: the first of a kind keeps its name, later ones get "#2", "#3"... */
export function seatLabels(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count === 1 ? name : `${name}#${count}`;
  });
}

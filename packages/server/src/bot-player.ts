import { randomBytes } from "node:crypto";
import { type Action, type TableView, Rng } from "@schwimmen/rules";
import { type Bot, BOT_LEVELS, createBot, isBotLevel } from "@schwimmen/bots";

/** The level tables get when they name none: the strongest everyday bot that exists. */
export function defaultBotLevel(): string {
  return isBotLevel("tactician") ? "tactician" : "random";
}

export const botLevels = (): string[] => BOT_LEVELS.filter((level) => level !== ("oracle" as string));

/** Keeps one bot per table seat (bots may remember cards within a match) and asks it for a move from the seat's view. */
export class BotPlayer {
  private readonly bots = new Map<string, { level: string; bot: Bot; rng: Rng }>();

  constructor(private readonly budgetMs: number) {}

  decide(table: string, seat: number, level: string, view: TableView): Action {
    const key = `${table}:${seat}`;
    let entry = this.bots.get(key);
    if (!entry || entry.level !== level) {
      // Only the levels offered to players (never the all-seeing arena yardstick); unknown ones play randomly.
      const known = isBotLevel(level) && botLevels().includes(level) ? level : "random";
      entry = {
        level,
        bot: createBot(known as Parameters<typeof createBot>[0]),
        rng: Rng.fromSeed(randomBytes(16).toString("hex")),
      };
      this.bots.set(key, entry);
    }
    const legal = view.legal;
    if (legal.length === 0) throw new Error(`bot asked to act for seat ${seat} without a legal action`);
    try {
      const action = entry.bot.decide(view, { rng: entry.rng, budgetMs: this.budgetMs });
      // A bot must never break the table: anything but a legal action falls back to the first legal one.
      const found = legal.find((a) => sameAction(a, action));
      if (found) return found;
    } catch {
      // fall through
    }
    return legal.find((a) => a.type === "pass") ?? legal[0]!;
  }

  /** Forgets the table's bots (a new match: fresh memories; a table no longer held here: nothing kept for it). */
  reset(table: string): void {
    for (const key of this.bots.keys()) if (key.startsWith(`${table}:`)) this.bots.delete(key);
  }

  /** How many seats of the table have a bot kept here. */
  held(table: string): number {
    let count = 0;
    for (const key of this.bots.keys()) if (key.startsWith(`${table}:`)) count++;
    return count;
  }
}

const sameAction = (a: Action, b: Action): boolean => {
  const x = a as Partial<Record<string, unknown>>;
  const y = b as Partial<Record<string, unknown>>;
  return x.seat === y.seat && x.type === y.type && x.give === y.give && x.take === y.take && x.packet === y.packet;
};

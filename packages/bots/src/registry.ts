import { type Bot, randomBot } from "./bot.js";

/** The bots a table or the arena can seat, weakest first. `oracle` sees every card and is never offered to players. */
export const BOT_LEVELS = ["random"] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

const FACTORIES: Record<BotLevel, () => Bot> = {
  random: randomBot,
};

export const isBotLevel = (name: string): name is BotLevel => (BOT_LEVELS as readonly string[]).includes(name);

/** A fresh bot (its own memory) for one seat of one match. */
export function createBot(level: BotLevel): Bot {
  return FACTORIES[level]();
}

import type { MatchState } from "@schwimmen/rules";
import { type Bot, randomBot } from "./bot.js";
import { greedyBot } from "./greedy.js";
import { expertBot } from "./expert.js";
import { tacticianBot } from "./tactician.js";
import { oracleBot } from "./oracle.js";

/** The levels offered to players, weakest first. */
export const PLAYER_BOT_LEVELS = ["random", "greedy", "tactician", "expert"] as const;
/** Every level the arena can seat: the player levels and `oracle`, which sees every card (a yardstick only). */
export const BOT_LEVELS = [...PLAYER_BOT_LEVELS, "oracle"] as const;
export type PlayerBotLevel = (typeof PLAYER_BOT_LEVELS)[number];
export type BotLevel = (typeof BOT_LEVELS)[number];

const FACTORIES: Record<PlayerBotLevel, () => Bot> = {
  random: randomBot,
  greedy: () => greedyBot(),
  tactician: () => tacticianBot(),
  expert: () => expertBot(),
};

export const isBotLevel = (name: string): name is BotLevel => (BOT_LEVELS as readonly string[]).includes(name);
export const isPlayerBotLevel = (name: string): name is PlayerBotLevel =>
  (PLAYER_BOT_LEVELS as readonly string[]).includes(name);

/**
 * A fresh bot (its own memory) for one seat of one match. `oracle` needs the true state: pass `trueState`
 * (the arena does); without it the oracle cannot be built.
 */
export function createBot(level: BotLevel, trueState?: () => MatchState): Bot {
  if (level === "oracle") {
    if (!trueState) throw new Error("the oracle bot needs a function that returns the true state");
    return createOracle(trueState);
  }
  return FACTORIES[level]();
}

/** The yardstick that sees every card: for the arena only, never for a table with people. */
export function createOracle(trueState: () => MatchState): Bot {
  return oracleBot(trueState);
}

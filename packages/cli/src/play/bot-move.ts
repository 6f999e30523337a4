// A computer opponent's move at the terminal table.
import { type Action, type Rng, type TableView } from "@schwimmen/rules";
import type { Bot } from "@schwimmen/bots";

/** A computer opponent at one seat: its bot, a generator of its own, and its level for the table. */
export interface BotSeat {
  readonly seat: number;
  readonly level: string;
  readonly bot: Bot;
  readonly rng: Rng;
}

const sameAction = (a: Action, b: Action): boolean =>
  a.seat === b.seat &&
  a.type === b.type &&
  (a.type !== "swap" || (b.type === "swap" && a.give === b.give && a.take === b.take)) &&
  (a.type !== "choose" || (b.type === "choose" && a.packet === b.packet));

function decide(seatBot: BotSeat | undefined, view: TableView, budgetMs: number): Action | undefined {
  try {
    return seatBot?.bot.decide(view, { rng: seatBot.rng, budgetMs });
  } catch {
    return undefined;
  }
}

/**
 * The bot's decision from its seat's view, checked against the legal actions. A bot that fails or answers something
 * illegal must not end the person's game: it passes then (or does anything legal).
 */
export function botMove(seatBot: BotSeat | undefined, view: TableView, budgetMs: number): Action {
  const chosen = decide(seatBot, view, budgetMs);
  if (chosen && view.legal.some((a) => sameAction(a, chosen))) return chosen;
  return view.legal.find((a) => a.type === "pass") ?? view.legal[0]!;
}

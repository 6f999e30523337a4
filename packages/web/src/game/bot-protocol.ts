import type { Action, TableView } from "@schwimmen/rules";
import type { Lang } from "../settings.js";

/** Messages between the page and the bot worker. */
export type BotRequest =
  | {
      readonly id: number;
      readonly kind: "decide";
      readonly match: string;
      readonly seat: number;
      readonly level: string;
      readonly view: TableView;
      readonly seed: string;
      /** Thinking time for this decision, when not the usual (skipping to a match's end thinks briefly). */
      readonly budgetMs?: number;
    }
  | { readonly id: number; readonly kind: "hint"; readonly view: TableView; readonly seed: string; readonly lang: Lang }
  | { readonly id: number; readonly kind: "forget"; readonly match: string };

export type BotReply =
  | { readonly id: number; readonly ok: true; readonly action: Action | null; readonly why: string | null }
  | { readonly id: number; readonly ok: false; readonly message: string };

/** Levels offered on the start page, weakest first. A level the bots package lacks falls back to the best it has. */
export const OFFERED_LEVELS = ["random", "greedy", "tactician", "expert"] as const;
/** The hint asks the strongest of these that exists. */
export const HINT_LEVELS = ["expert", "tactician", "greedy", "random"] as const;
/** Thinking time for one decision. */
export const BOT_BUDGET_MS = 700;

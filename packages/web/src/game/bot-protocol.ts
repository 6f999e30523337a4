import type { Label, OptionAnalysis } from "@schwimmen/bots";
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
  | { readonly id: number; readonly kind: "forget"; readonly match: string }
  /** The coach: every legal action with the analysis's estimates, from this view alone; with `played`, its judgement. */
  | { readonly id: number; readonly kind: "coach"; readonly view: TableView; readonly played?: Action };

export type BotReply =
  | {
      readonly id: number;
      readonly ok: true;
      readonly action: Action | null;
      readonly why: string | null;
      /** The coach's answer: the estimates, and the judgement of the move played when one was given. */
      readonly options?: readonly OptionAnalysis[];
      readonly judged?: { readonly label: Label; readonly loss: number; readonly best: Action };
    }
  | { readonly id: number; readonly ok: false; readonly message: string };

/** Levels offered on the start page, weakest first. A level the bots package lacks falls back to the best it has. */
export const OFFERED_LEVELS = ["random", "greedy", "tactician", "expert"] as const;
/** The hint asks the strongest of these that exists. */
export const HINT_LEVELS = ["expert", "tactician", "greedy", "random"] as const;
/** Thinking time for one decision. */
export const BOT_BUDGET_MS = 700;

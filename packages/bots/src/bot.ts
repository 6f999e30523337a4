import { type Action, type TableView, Rng } from "@schwimmen/rules";

/** What a bot may use besides its seat's view: a deterministic generator and a time or work budget. */
export interface DecisionContext {
  readonly rng: Rng;
  /** Soft limit on thinking time in milliseconds (bots that search stop early). */
  readonly budgetMs?: number;
}

/**
 * A computer player. It decides from one seat's view alone (never the true state); the view carries the round's
 * public history and the legal actions. Bots may keep memory across decisions of one match (card counting).
 */
export interface Bot {
  readonly name: string;
  decide(view: TableView, context: DecisionContext): Action;
  /** One line on why an action is good, for a hint button, e.g. "Swap 9s for Ks: 30 in spades". */
  explain?(view: TableView, action: Action, lang: "de" | "en"): string;
}

/** Any legal action, uniformly. */
export function randomBot(): Bot {
  return {
    name: "random",
    decide(view, { rng }) {
      const legal = view.legal;
      if (legal.length === 0) throw new Error("randomBot asked to act without a legal action");
      return legal[rng.below(legal.length)]!;
    },
  };
}

import { type Action, type MatchState, applyAction, viewFor } from "@schwimmen/rules";
import type { Bot } from "./bot.js";
import { EXPERT_DEFAULTS } from "./expert.js";
import { equity, greedyPolicy, playOut } from "./rollout.js";

/**
 * The yardstick that sees every card: it plays each legal action out on the true state (the stock order included)
 * with the greedy policy for every seat and takes the best. For the arena only; never seat it with people.
 */
export function oracleBot(trueState: () => MatchState): Bot {
  return {
    name: "oracle",
    decide(view) {
      if (view.legal.length === 1) return view.legal[0]!;
      const state = trueState();
      const me = view.viewer!;
      if (state.round?.toAct !== me) return view.legal[0]!;
      const policy = greedyPolicy(() => EXPERT_DEFAULTS.otherKnockAt);
      let best: Action = view.legal[0]!;
      let bestValue = -Infinity;
      for (const action of viewFor(state, me).legal) {
        const next = applyAction(state, action);
        if (!next.ok) continue;
        const value = equity(playOut(next.value.state, policy), me);
        if (value > bestValue + 1e-9) {
          bestValue = value;
          best = action;
        }
      }
      return best;
    },
  };
}

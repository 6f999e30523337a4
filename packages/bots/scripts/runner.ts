// A small match runner for tuning the bots (the arena command is built elsewhere).
import {
  type MatchState,
  Rng,
  type Rules,
  applyAction,
  dealRound,
  newMatch,
  viewFor,
  parseRules,
} from "@schwimmen/rules";
import type { Bot } from "../src/bot.js";

export interface MatchOutcome {
  readonly winner: number | null;
  readonly draw: boolean;
  readonly capped: number;
}

export type BotMaker = (level: string, trueState: () => MatchState) => Bot;

export function playMatch(
  levels: readonly string[],
  make: BotMaker,
  rules: Rules,
  seed: string,
  times: Map<string, number[]>,
): MatchOutcome {
  const started = newMatch({ rules, seats: levels.length, seed });
  if (!started.ok) throw new Error(started.error.message);
  let state: MatchState = started.value;
  const bots = levels.map((level) => make(level, () => state));
  const rngs = levels.map((_, seat) => Rng.fromSeed(`${seed}/${seat}`));
  let capped = 0;
  let roundActions = 0;
  while (!state.over) {
    if (state.round === null || state.round.endReason !== null) {
      const dealt = dealRound(state);
      if (!dealt.ok) throw new Error(dealt.error.message);
      state = dealt.value.state;
      roundActions = 0;
      continue;
    }
    const seat = state.round.toAct;
    const view = viewFor(state, seat);
    const t0 = performance.now();
    const action = bots[seat]!.decide(view, { rng: rngs[seat]! });
    const dt = performance.now() - t0;
    const list = times.get(levels[seat]!) ?? [];
    list.push(dt);
    times.set(levels[seat]!, list);
    const next = applyAction(state, action);
    if (!next.ok) throw new Error(`${levels[seat]} played an illegal action: ${next.error.message}`);
    state = next.value.state;
    if (++roundActions > 3000) {
      capped++;
      throw new Error("round ran past the cap");
    }
  }
  return { winner: state.winner, draw: state.draw, capped };
}

export function parseRulesArg(text: string | undefined): Rules {
  const parsed = parseRules(text ? JSON.parse(text) : undefined);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

export function quantile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

import { describe, expect, it } from "vitest";
import {
  type Card,
  type MatchState,
  type TableView,
  Rng,
  applyAction,
  dealRound,
  newMatch,
  parseRules,
  shuffled,
  viewFor,
} from "@schwimmen/rules";
import { PLAYER_BOT_LEVELS, createBot } from "../src/index.js";
import { deepFreeze } from "./helpers.js";

/** The same table with every card the seat cannot see dealt anew among the other hands and the stock. */
function reshuffleHidden(state: MatchState, seat: number, seed: string): MatchState {
  const round = state.round!;
  const others = round.hands.map((h, s) => (s !== seat && h !== null ? h : null));
  const pool: Card[] = [
    ...others.flatMap((h) => h ?? []),
    ...round.stock.slice(round.stockTop),
    ...(round.extra ?? []),
  ];
  const mixed = shuffled(pool, Rng.fromSeed(seed));
  let next = 0;
  const hands = round.hands.map((h, s) => (others[s] ? mixed.slice(next, (next += 3)) : h));
  const extra = round.extra ? mixed.slice(next, (next += 3)) : null;
  const stock = [...round.stock.slice(0, round.stockTop), ...mixed.slice(next)];
  return { ...state, round: { ...round, hands, extra, stock } };
}

const VIEW_KEYS = new Set(
  Object.keys(
    viewFor(newMatch({ seats: 2 }).ok ? (newMatch({ seats: 2 }) as { value: MatchState }).value : (null as never), 0),
  ),
);

/** A view that throws when a bot reaches for anything a view does not have (a state, a stock, other hands). */
function guarded(view: TableView): TableView {
  return new Proxy(view, {
    get(target, key, receiver) {
      if (typeof key === "string" && !VIEW_KEYS.has(key) && key !== "toJSON" && key !== "then") {
        throw new Error(`a bot reached for "${key}", which is not part of a view`);
      }
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

/** Positions from real play: every seat's turn over the first rounds of a few matches. */
function positions(rulesJson: object, seats: number, count: number): MatchState[] {
  const parsed = parseRules(rulesJson);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const out: MatchState[] = [];
  const started = newMatch({ rules: parsed.value, seats, seed: `pos-${seats}` });
  if (!started.ok) throw new Error(started.error.message);
  let state = started.value;
  const bot = createBot("greedy");
  const rng = Rng.fromSeed("pos");
  while (out.length < count && !state.over) {
    if (state.round === null || state.round.endReason !== null) {
      state = (dealRound(state) as { value: { state: MatchState } }).value.state;
      continue;
    }
    out.push(state);
    const action = bot.decide(viewFor(state, state.round.toAct), { rng });
    state = (applyAction(state, action) as { value: { state: MatchState } }).value.state;
  }
  return out;
}

describe("bots decide from their seat's view alone", () => {
  const cases: [string, object, number][] = [
    ["default, 4 seats", {}, 4],
    ["dealerChooses, 3 seats", { deal: "dealerChooses", lowMiddleRedeal: true }, 3],
    ["twentyOrLess, 2 seats", { losers: "twentyOrLess" }, 2],
    ["the hidden deal, 4 seats", { deal: "hidden" }, 4],
    ["two decks, 12 seats", { decks: 2 }, 12],
  ];
  it.each(cases)(
    "gives the same decision when the hidden cards differ (%s)",
    (_name, rules, seats) => {
      for (const state of positions(rules, seats, 30)) {
        const seat = state.round!.toAct;
        const other = reshuffleHidden(state, seat, `h-${state.round!.actionCount}`);
        const a = viewFor(state, seat);
        const b = viewFor(other, seat);
        expect(b).toEqual(a);
        for (const level of PLAYER_BOT_LEVELS) {
          const first = createBot(level).decide(deepFreeze(guarded(a)), { rng: Rng.fromSeed("same") });
          const second = createBot(level).decide(deepFreeze(guarded(b)), { rng: Rng.fromSeed("same") });
          expect(second).toEqual(first);
        }
      }
    },
    120_000,
  );

  it("offers no bot to players that sees every card", () => {
    expect(PLAYER_BOT_LEVELS as readonly string[]).not.toContain("oracle");
  });
});

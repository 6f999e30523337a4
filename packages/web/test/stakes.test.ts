import { type Action, type Ledger, DEFAULT_RULES, ledgerTotals } from "@schwimmen/rules";
import { describe, expect, it } from "vitest";
import { answer } from "../src/game/bot-brain.js";
import { createLocalGame } from "../src/game/local-game.js";
import type { TableModel } from "../src/game/model.js";
import type { SavedMatch } from "../src/game/saved-match.js";
import { myTurn, until } from "./local-helpers.js";
import { readLedger } from "../src/stakes/local-ledger.js";
import { readStakeSettings } from "../src/stakes/stake-settings.js";

const ask = async (request: Parameters<typeof answer>[0]) => answer(request);

/** Plays the person's seat (knocking when it may) until the match is over. */
async function playOut(game: ReturnType<typeof createLocalGame>): Promise<TableModel> {
  for (let step = 0; step < 500; step++) {
    const model = await until(game.store, myTurn);
    const view = model.view!;
    if (view.over) return model;
    if (view.phase === "dealing") game.nextRound();
    else {
      const { seat: _seat, ...move } = view.legal.find((a) => a.type === "knock") ?? view.legal[0]!;
      game.act(move as Action);
    }
  }
  throw new Error("the match did not end");
}

describe("stakes in a game against the computer", () => {
  it("draws the first dealer by lot, settles each match into the Kasse and keeps it over a rematch and a reload", async () => {
    let stored: Ledger = [];
    let saved: SavedMatch | null = null;
    const options = {
      rules: { ...DEFAULT_RULES, lives: 1, swimming: "off" as const },
      names: ["Ich", "Lena", "Tom"],
      levels: ["random", "random"],
      delay: () => 0,
      ask,
      seed: "stakes-web",
      stake: 20,
      dealerByLot: true,
      ledger: { load: () => stored, save: (ledger: Ledger) => (stored = ledger) },
      save: (match: SavedMatch | null) => (saved = match),
    };
    const game = createLocalGame(options);
    const lot = game.store.get().lot!;
    expect(lot.draws[0]!.seats).toEqual([0, 1, 2]);
    expect(game.store.get().view!.dealer).toBe(lot.dealer);
    expect(game.store.get().kasse).toMatchObject({ stake: 20, matches: 0, pot: 0 });
    // The pot so far, as the table shows it after every change: it only grows, by the stake.
    const pots: number[] = [];
    const unwatch = game.store.subscribe(() => pots.push(game.store.get().kasse?.pot ?? -1));
    const first = await playOut(game);
    unwatch();
    expect(first.kasse).toMatchObject({ matches: 1 });
    expect(first.kasse!.rows[0]!.pot).toBeGreaterThanOrEqual(40);
    expect(first.kasse!.pot).toBe(first.kasse!.rows[0]!.pot);
    expect(pots.every((pot, i) => pot % 20 === 0 && pot >= (pots[i - 1] ?? 0))).toBe(true);
    expect(first.kasse!.totals.reduce((sum, t) => sum + t.cents, 0)).toBe(0);
    expect(stored).toHaveLength(1);
    game.rematch();
    expect(game.store.get().lot!.key).not.toBe(lot.key);
    expect(game.store.get().kasse).toMatchObject({ matches: 1, pot: 0 });
    const second = await playOut(game);
    expect(second.kasse!.matches).toBe(2);
    expect(second.kasse!.totals).toEqual(ledgerTotals(stored));
    game.dispose();

    // A new page (a reload) finds the Kasse where it was kept; a match saved half-way keeps its own stake.
    const again = createLocalGame({ ...options, stake: 5 });
    expect(again.store.get().kasse!.totals).toEqual(second.kasse!.totals);
    await until(again.store, (m) => (m.view?.legal.length ?? 0) > 0);
    expect(saved).not.toBeNull();
    expect(saved!.stake).toBe(5);
    const resumed = createLocalGame({ ...options, resume: JSON.parse(JSON.stringify(saved)) as SavedMatch });
    expect(resumed.store.get().kasse!.stake).toBe(5);
    again.dispose();
    resumed.dispose();
  });

  it("reads broken stored settings and ledgers as empty ones", () => {
    expect(readStakeSettings("{")).toEqual({ stake: 0, dealerByLot: false });
    expect(readStakeSettings('{"stake": 5000, "dealerByLot": "yes"}')).toEqual({ stake: 0, dealerByLot: false });
    expect(readStakeSettings('{"stake": 20, "dealerByLot": true}')).toEqual({ stake: 20, dealerByLot: true });
    expect(readLedger("nope")).toEqual([]);
    expect(readLedger('[{"match": 1}]')).toEqual([]);
    const row = { match: 1, stake: 10, pot: 20, players: ["A", "B"], balance: [20, -20], takers: [0] };
    expect(readLedger(JSON.stringify([row]))).toEqual([row]);
  });
});

import { type Action, DEFAULT_RULES, type Rules, replayRecord } from "@schwimmen/rules";
import { describe, expect, it } from "vitest";
import { createLocalGame } from "../src/game/local-game.js";
import type { GameController } from "../src/game/model.js";
import { type SavedMatch, readSavedMatch } from "../src/game/saved-match.js";
import { ask, settled } from "./local-helpers.js";

function game(
  seed: string,
  keep: { saved: SavedMatch | null },
  resume?: SavedMatch | null,
  rules: Rules = DEFAULT_RULES,
) {
  return createLocalGame({
    rules,
    names: ["Ich", "Lena", "Tom"],
    levels: ["greedy", "random"],
    delay: () => 0,
    ask,
    seed,
    resume,
    save: (match) => (keep.saved = match),
  });
}

/** One step of the person: deal on, or take the first legal move (a knock every third turn). */
async function step(g: GameController, turn: number): Promise<boolean> {
  const view = (await settled(g)).view!;
  if (view.over) return false;
  if (view.phase === "dealing") g.nextRound();
  else {
    const knock = view.legal.find((a) => a.type === "knock");
    const { seat: _seat, ...move } = (turn % 3 === 2 && knock) || view.legal[0]!;
    g.act(move as Action);
  }
  return true;
}

describe("a match against the computer kept in the page", () => {
  it("resumes exactly: same round, hand and lives, and the same deals and bot moves from there on", async () => {
    const keep = { saved: null as SavedMatch | null };
    const original = game("keep-1", keep);
    for (let turn = 0; turn < 7; turn++) await step(original, turn);
    const before = (await settled(original)).view!;
    const saved = keep.saved!;
    expect(saved).not.toBeNull();
    // What the page stores survives JSON and reads back as it was.
    const stored = readSavedMatch(JSON.stringify(saved));
    expect(stored).toEqual(JSON.parse(JSON.stringify(saved)));

    const copy = { saved: null as SavedMatch | null };
    const resumed = game("another-seed", copy, stored);
    const after = (await settled(resumed)).view!;
    expect(after.round).toBe(before.round);
    expect(after.hand).toEqual(before.hand);
    expect(after.lives).toEqual(before.lives);
    expect(after.middle).toEqual(before.middle);
    expect(after.history).toEqual(before.history);
    expect(resumed.store.get().log).toEqual(original.store.get().log);

    // Both go on in step: the same moves give the same deals and the same bot answers to the end.
    for (let turn = 7; turn < 400; turn++) {
      const a = await step(original, turn);
      const b = await step(resumed, turn);
      expect(b).toBe(a);
      if (!a) break;
    }
    expect(await resumed.record()).toEqual(await original.record());
    expect(resumed.store.get().view!.over).toBe(true);
    // A finished match is no longer kept.
    expect(keep.saved).toBeNull();
    expect(copy.saved).toBeNull();
    original.dispose();
    resumed.dispose();
  });

  it("discards a broken, edited or old entry and starts afresh without an error", async () => {
    expect(readSavedMatch(null)).toBeNull();
    expect(readSavedMatch("{not json")).toBeNull();
    expect(readSavedMatch("[]")).toBeNull();
    expect(readSavedMatch(JSON.stringify({ version: 0, names: ["a", "b"] }))).toBeNull();

    const keep = { saved: null as SavedMatch | null };
    const first = game("keep-2", keep);
    await step(first, 0);
    const good = keep.saved!;
    first.dispose();
    expect(readSavedMatch(JSON.stringify({ ...good, version: 2 }))).toBeNull();
    expect(readSavedMatch(JSON.stringify({ ...good, rng: [1, 2, 3] }))).toBeNull();
    expect(readSavedMatch(JSON.stringify({ ...good, levels: [] }))).toBeNull();

    // The right shape, but a record that does not replay (a card changed by hand): a new match begins.
    const record = JSON.parse(JSON.stringify(good.record)) as { rounds: { deal: { stock: string[] } }[] };
    record.rounds[0]!.deal.stock[0] = "Xx";
    const fresh = game("keep-3", { saved: null }, { ...good, record });
    const model = await settled(fresh);
    expect(model.error).toBeNull();
    expect(model.view!.round).toBe(0);
    expect(replayRecord(await fresh.record()).ok).toBe(true);
    fresh.dispose();
  });
});

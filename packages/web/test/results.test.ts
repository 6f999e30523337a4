import { DEFAULT_RULES, type RoundResult, replayRecord } from "@schwimmen/rules";
import { describe, expect, it } from "vitest";
import { createLocalGame } from "../src/game/local-game.js";
import { framesOf, roundsOf } from "../src/game/replay-frames.js";
import { standingsOf } from "../src/game/standings.js";
import { de } from "../src/i18n/de.js";
import { translator } from "../src/i18n/index.js";
import { defaultSettings } from "../src/settings.js";
import { endingOf, rowOrder } from "../src/table/result.js";
import type { Ui } from "../src/ui.js";
import { ask, knockUntil, settled } from "./local-helpers.js";

const result = (lives: number[], state: RoundResult["state"], endReason: RoundResult["endReason"] = "knock") =>
  ({
    dealer: 0,
    endReason,
    hands: lives.map(() => ["Ah", "Kh", "Qh"]),
    values: lives.map(() => 31),
    lifeLosses: lives.map(() => 0),
    lives,
    state,
  }) as RoundResult;

describe("final standings", () => {
  it("ranks who stayed in longest first; seats out in the same round share a place", () => {
    const rounds = [
      result([2, 3, 3, 2], ["alive", "alive", "alive", "alive"]),
      result([1, 3, 0, 0], ["alive", "alive", "out", "out"]),
      result([0, 2, 0, 0], ["swimming", "alive", "out", "out"]),
      result([0, 1, 0, 0], ["out", "alive", "out", "out"]),
    ];
    const standings = standingsOf(rounds);
    expect(standings.map((s) => [s.seat, s.place, s.lives, s.outRound, s.rounds])).toEqual([
      [1, 1, 1, null, 4],
      [0, 2, 0, 3, 4],
      [2, 3, 0, 1, 2],
      [3, 3, 0, 1, 2],
    ]);
    // Two out in the same round share the place behind the winner; in a draw everyone left shares the first.
    const draw = standingsOf([
      result([1, 1, 1], ["alive", "alive", "alive"]),
      result([0, 0, 1], ["out", "out", "alive"]),
    ]);
    expect(draw.map((s) => s.place)).toEqual([1, 2, 2]);
    const allOut = standingsOf([result([0, 0, 0], ["out", "out", "out"])]);
    expect(allOut.map((s) => s.place)).toEqual([1, 1, 1]);
    expect(standingsOf([])).toEqual([]);
  });
});

describe("words for a round's end", () => {
  const ui = (lang: "de" | "en"): Ui => {
    const settings = { ...defaultSettings([lang]), lang };
    return { settings, lang, faces: "french", tr: translator(lang) };
  };
  const names = ["Ich", "Lena", "Tom"];
  const knock = result([3, 2, 3], ["alive", "alive", "alive"]);

  it("names who knocked (or says it was you)", () => {
    expect(endingOf(knock, 1, 1, names, 0, ui("de"))).toBe("Runde 2 ist vorbei: Lena hat geklopft");
    expect(endingOf(knock, 1, 0, names, 0, ui("de"))).toBe("Runde 2 ist vorbei: du hast geklopft");
    expect(endingOf(knock, 0, 2, names, 0, ui("en"))).toBe("Round 1 is over: Tom knocked");
    const full = { ...knock, endReason: "stockEmpty" as const };
    expect(endingOf(full, 0, null, names, 0, ui("de"))).toBe(`Runde 1 ist vorbei: ${de.reason_stockEmpty}`);
  });
});

describe("skipping to the end once out", () => {
  it("plays the bots' remaining rounds at once; refuses while the person is still in", async () => {
    // One life and no swimming: the person, knocking at once, soon goes out while bots are left.
    const rules = { ...DEFAULT_RULES, lives: 1, swimming: "off" as const };
    let tried = 0;
    for (let seed = 0; seed < 40; seed++) {
      const game = createLocalGame({
        rules,
        names: ["Ich", "Lena", "Tom", "Anna"],
        levels: ["greedy", "greedy", "greedy"],
        delay: () => 0,
        ask,
        seed: `skip-${seed}`,
      });
      await settled(game);
      game.skipToEnd!();
      expect(game.store.get().skipping).toBe(false);
      const view = await knockUntil(game, (v) => v.over || v.status[0] === "out");
      if (view.over) {
        game.dispose();
        continue;
      }
      tried++;
      game.skipToEnd!();
      expect(game.store.get().skipping).toBe(true);
      const end = await settled(game, (m) => m.view?.over === true && !m.skipping);
      expect(end.error).toBeNull();
      const record = replayRecord(await game.record());
      expect(record.ok && record.value.state.over).toBe(true);
      const standings = standingsOf(record.ok ? record.value.state.finished.map((f) => f.result) : []);
      expect(standings[0]!.place).toBe(1);
      expect(standings.find((s) => s.seat === 0)!.outRound).not.toBeNull();
      game.dispose();
      break;
    }
    expect(tried).toBe(1);
  }, 60_000);
});

describe("rounds of a replay", () => {
  it("gives each round's dealer, knocker, first frame and result", async () => {
    const game = createLocalGame({
      rules: DEFAULT_RULES,
      names: ["Ich", "Lena", "Tom"],
      levels: ["greedy", "greedy"],
      delay: () => 0,
      ask,
      seed: "rounds",
    });
    await knockUntil(game, (v) => v.over);
    const record = await game.record();
    const frames = framesOf(record);
    const replayed = replayRecord(record);
    if (!frames.ok || !replayed.ok) throw new Error("no replay");
    const rounds = roundsOf(frames.frames);
    const finished = replayed.value.state.finished;
    expect(rounds.length).toBe(finished.length);
    rounds.forEach((round, i) => {
      expect(round.result).toEqual(finished[i]!.result);
      expect(round.dealer).toBe(finished[i]!.result.dealer);
      expect(frames.frames[round.first]!.events[0]!.type).toBe("roundStarted");
      const knock = finished[i]!.actions.find((a) => a.type === "knock");
      expect(round.knocker).toBe(knock ? knock.seat : null);
    });
    game.dispose();
  });
});

describe("a round's table", () => {
  const hand = ["7c", "8c", "9c"] as const;
  it("lists the seats in order at a small table, and those who lost first at a big one (a phone shows its top)", () => {
    const small = { hands: [hand, null, hand, hand], lifeLosses: [0, 0, 1, 0] };
    expect(rowOrder(small)).toEqual([0, 2, 3]);
    const hands = Array.from({ length: 12 }, (_, seat) => (seat === 5 ? null : hand));
    const lifeLosses = hands.map((_, seat) => (seat === 9 || seat === 3 ? 1 : 0));
    expect(rowOrder({ hands, lifeLosses })).toEqual([3, 9, 0, 1, 2, 4, 6, 7, 8, 10, 11]);
  });
});

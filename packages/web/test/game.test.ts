import { readFileSync } from "node:fs";
import { type Action, type TableView, DEFAULT_RULES, type Rules, outcomeOf, replayRecord } from "@schwimmen/rules";
import { describe, expect, it } from "vitest";
import { availableLevel, answer } from "../src/game/bot-brain.js";
import { OFFERED_LEVELS } from "../src/game/bot-protocol.js";
import { createLocalGame } from "../src/game/local-game.js";
import { framesOf } from "../src/game/replay-frames.js";
import { myTurn, until } from "./local-helpers.js";
import { bannerOf, describeEvent, describeMove } from "../src/table/announce.js";
import { cardLabel, inGermanFaces, rankIndex } from "../src/cards/names.js";

const ask = async (request: Parameters<typeof answer>[0]) => answer(request);

function localGame(rules: Rules = DEFAULT_RULES, seed = "web-test") {
  return createLocalGame({
    rules,
    names: ["Ich", "Lena", "Tom"],
    levels: ["greedy", "random"],
    delay: () => 0,
    ask,
    seed,
  });
}

describe("a match against the computer in the page", () => {
  it("runs to its end from the person's view only; its record replays to the same outcome", async () => {
    const game = localGame();
    let turns = 0;
    for (let step = 0; step < 500; step++) {
      const model = await until(game.store, myTurn);
      const view = model.view!;
      expect(view.viewer).toBe(0);
      expect(JSON.stringify(view)).not.toContain('"stock"');
      if (view.over) break;
      if (view.phase === "dealing") {
        game.nextRound();
        continue;
      }
      turns++;
      const knock = view.legal.find((a) => a.type === "knock");
      const { seat: _seat, ...move } = (turns % 2 === 0 && knock) || view.legal[0]!;
      game.act(move as Action);
    }
    const view = game.store.get().view!;
    expect(view.over).toBe(true);
    expect(turns).toBeGreaterThan(0);
    const record = await game.record();
    const replayed = replayRecord(JSON.parse(JSON.stringify(record)));
    expect(replayed.ok).toBe(true);
    if (replayed.ok)
      expect(outcomeOf(replayed.value.state).result).toEqual({ over: true, winner: view.winner, draw: view.draw });
    expect(game.store.get().log.some((e) => e.event.type === "matchEnded")).toBe(true);
    game.dispose();
  });

  it("ignores moves out of turn and reports illegal ones without changing the game", async () => {
    const game = localGame(DEFAULT_RULES, "second");
    const model = await until(game.store, (m) => (m.view?.legal.length ?? 0) > 0);
    const before = model.view!;
    game.act({ type: "swap", give: "2c", take: "3c" });
    const after = game.store.get();
    expect(after.view!.history).toEqual(before.history);
    expect(after.error).toMatch(/./);
    game.dispose();
  });

  it("gives a hint from the person's view: a legal move", async () => {
    const game = localGame(DEFAULT_RULES, "hint");
    const model = await until(game.store, (m) => (m.view?.legal.length ?? 0) > 0);
    const hint = await game.hint!("de");
    expect(hint).not.toBeNull();
    const legal = model.view!.legal.map(({ seat: _s, ...move }) => JSON.stringify(move));
    expect(legal).toContain(JSON.stringify(hint!.move));
    game.dispose();
  });
});

describe("bots in the page", () => {
  it("offers only levels the bots package has (or falls back to its strongest)", () => {
    for (const level of OFFERED_LEVELS) expect(availableLevel(level)).toBe(level);
    expect(availableLevel("oracle")).not.toBe("oracle");
    expect(availableLevel("nonsense")).toBe("expert");
  });

  it("answers a decide request with a legal action of the asking seat", async () => {
    const game = localGame(DEFAULT_RULES, "decide");
    const model = await until(game.store, (m) => (m.view?.legal.length ?? 0) > 0);
    const view: TableView = model.view!;
    const reply = answer({ id: 1, kind: "decide", match: "m", seat: 0, level: "expert", view, seed: "s" });
    expect(reply.ok).toBe(true);
    if (reply.ok) expect(view.legal.map((a) => JSON.stringify(a))).toContain(JSON.stringify(reply.action));
    game.dispose();
  });
});

describe("replay frames", () => {
  it("has one frame per deal and per action, ending in the record's outcome", () => {
    for (const name of ["seed002-example-31", "seed002-example-knock"]) {
      // The spec's worked examples, as kept with the rules tests.
      const url = new URL(`../../rules/test/examples/${name}.json`, import.meta.url);
      const text = readFileSync(url, "utf8");
      const record = JSON.parse(text) as { rounds: { actions: unknown[] }[] };
      const frames = framesOf(record);
      if (!frames.ok) throw new Error(frames.message);
      expect(frames.frames.length).toBe(record.rounds.reduce((n, r) => n + 1 + r.actions.length, 0));
      const replayed = replayRecord(record);
      if (!replayed.ok) throw new Error(replayed.error.message);
      expect(outcomeOf(frames.frames.at(-1)!.state)).toEqual(outcomeOf(replayed.value.state));
    }
  });

  it("marks the moves the server's record names as the computer's, and only those", () => {
    const url = new URL("../../rules/test/examples/seed002-example-knock.json", import.meta.url);
    const record = JSON.parse(readFileSync(url, "utf8")) as { rounds: { actions: { seat: number }[] }[] };
    const plain = framesOf(record);
    if (!plain.ok) throw new Error(plain.message);
    expect(plain.frames.some((f) => f.byComputer)).toBe(false);
    // The second move of the first round; the frames are the deal, then one per move.
    const seat = record.rounds[0]!.actions[1]!.seat;
    const marked = framesOf({ ...record, table: { computerMoves: [[0, 1], [7, 0], "x"] } });
    if (!marked.ok) throw new Error(marked.message);
    expect(marked.frames.flatMap((f, i) => (f.byComputer ? [i] : []))).toEqual([2]);
    const said = describeEvent(
      marked.frames[2]!.events[0]!,
      { lang: "de", faces: "french", names: ["A", "B", "C", "D"] },
      true,
    );
    expect(said).toMatch(new RegExp(`^Der Computer spielt für ${"ABCD"[seat]}: `));
  });

  it("names the contract's error for a bad record", () => {
    const frames = framesOf({ players: ["a"], dealer: 0, rounds: [] });
    expect(frames).toMatchObject({ ok: false });
    expect(framesOf("nope")).toMatchObject({ ok: false, code: "INVALID_RECORD" });
  });
});

describe("words for events, moves and cards", () => {
  const speech = { lang: "de" as const, faces: "french" as const, names: ["Ich", "Lena", "Tom"] };
  it("announces knocks, 31 and Feuer", () => {
    expect(bannerOf({ type: "knocked", seat: 1 }, speech)).toBe("Lena klopft!");
    const result = {
      dealer: 0,
      endReason: "thirtyOne" as const,
      hands: [],
      values: [20, 31, 19],
      lifeLosses: [0, 0, 1],
      lives: [3, 3, 2],
      state: [],
    };
    expect(bannerOf({ type: "roundEnded", round: 0, reason: "thirtyOne", result }, speech)).toContain("31! Lena");
    expect(
      bannerOf(
        { type: "roundEnded", round: 0, reason: "fire", result: { ...result, values: [33, 10, 10] } },
        { ...speech, lang: "en" },
      ),
    ).toBe("Fire! Ich holds three aces.");
    expect(bannerOf({ type: "passed", seat: 0 }, speech)).toBeNull();
    expect(describeEvent({ type: "swapped", seat: 2, give: "Ah", take: "7c" }, speech)).toBe(
      "Tom tauscht Herz-Ass gegen Kreuz 7.",
    );
  });

  it("describes moves and names cards on both faces", () => {
    expect(describeMove({ type: "swap", give: "Qs", take: "Jh" }, { ...speech, faces: "german" })).toBe(
      "Grün-Ober gegen Herz-Unter tauschen",
    );
    expect(cardLabel("Qs", "en", "german")).toBe("Ober of leaves");
    expect(cardLabel("Td", "de", "german")).toBe("Schellen 10");
    expect(cardLabel("Ac", "en", "french")).toBe("ace of clubs");
    expect(rankIndex("J", "de", "french")).toBe("B");
    expect(rankIndex("Q", "en", "french")).toBe("Q");
    expect(rankIndex("J", "en", "german")).toBe("U");
    expect(rankIndex("T", "de", "german")).toBe("10");
    expect(inGermanFaces("Tausche Pik-Dame gegen Karo-Bube: 20 in Kreuz", "de")).toBe(
      "Tausche Grün-Ober gegen Schellen-Unter: 20 in Eichel",
    );
    expect(inGermanFaces("swap queen of spades for 9 of diamonds", "en")).toBe("swap Ober of leaves for 9 of bells");
  });
});

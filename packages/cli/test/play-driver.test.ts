import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { type MatchState, Rng, makeRecord, newMatch, outcomeOf, replayRecord } from "@schwimmen/rules";
import { type Bot, createBot } from "@schwimmen/bots";
import { type BotSeat, Game } from "../src/play/driver.js";
import { LineReader } from "../src/play/lines.js";
import { keyChooser } from "./play-script.js";

const NAMES = ["Ann", "Lena", "Tom", "Mia"];

function freshMatch(seats: number, seed: string): MatchState {
  const match = newMatch({ seats, dealer: 1, seed });
  if (!match.ok) throw new Error(match.error.message);
  return match.value;
}

/** A game whose person answers every prompt with `answer(prompt)`; null ends the input. */
function gameWith(bots: readonly Bot[], answer: (prompt: string, reader: LineReader) => string | null, seed = "d") {
  const stdin = new PassThrough();
  const reader = new LineReader(stdin);
  let out = "";
  let since = 0;
  const output = {
    write(text: string) {
      out += text;
      if (text.endsWith("> ")) {
        setImmediate(() => {
          const line = answer(out.slice(since), reader);
          since = out.length;
          if (line === null) stdin.end();
          else stdin.write(line + "\n");
        });
      }
      return true;
    },
  };
  const seats: BotSeat[] = bots.map((bot, i) => ({
    seat: i + 1,
    level: "random",
    bot,
    rng: Rng.fromSeed(`${seed}/${i}`),
  }));
  const game = new Game({
    match: freshMatch(bots.length + 1, seed),
    names: NAMES.slice(0, bots.length + 1),
    self: 0,
    bots: seats,
    lang: "en",
    input: reader,
    output,
    interactive: false,
    color: false,
    echo: true,
    delayMs: 0,
  });
  return { game, out: () => out };
}

describe("the game loop", () => {
  it("stops at once on Ctrl-C during a bot's pause, however long the pause", async () => {
    const stdin = new PassThrough();
    const reader = new LineReader(stdin);
    let out = "";
    const bots: BotSeat[] = [1, 2].map((seat) => ({
      seat,
      level: "random",
      bot: createBot("random"),
      rng: Rng.fromSeed(`c${seat}`),
    }));
    // Dealer 1: seat 2, a bot, plays first, so the game pauses 10 s before its move.
    const game = new Game({
      match: freshMatch(3, "ctrl-c"),
      names: NAMES.slice(0, 3),
      self: 0,
      bots,
      lang: "en",
      input: reader,
      output: { write: (text: string) => ((out += text), true) },
      interactive: true,
      color: false,
      echo: false,
      delayMs: 10_000,
    });
    const started = performance.now();
    const running = game.run();
    setTimeout(() => reader.interrupt(), 50);
    const result = await running;
    expect(result.end).toBe("interrupt");
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(out).toContain("to play …");
  });

  it("ends in a state whose record replays to the very same outcome", async () => {
    const rng = Rng.fromSeed("loop");
    const { game, out } = gameWith([createBot("random"), createBot("random"), createBot("random")], (p) =>
      keyChooser(p, rng),
    );
    const result = await game.run();
    expect(result.end).toBe("over");
    const replayed = replayRecord(JSON.parse(JSON.stringify(makeRecord(result.state, NAMES))));
    if (!replayed.ok) throw new Error(replayed.error.message);
    expect(outcomeOf(replayed.value.state)).toEqual(outcomeOf(result.state));
    expect(out()).toContain("Match over");
  });

  it("keeps going when a bot throws or answers an illegal action", async () => {
    const throwing: Bot = {
      name: "broken",
      decide() {
        throw new Error("boom");
      },
    };
    const illegal: Bot = {
      name: "cheat",
      decide: (view) => ({ seat: view.viewer ?? 0, type: "swap", give: "Ah", take: "Ah" }),
    };
    const { game } = gameWith([throwing, illegal], (p) => (/K knock/.test(p) ? "K" : "P"));
    const result = await game.run();
    expect(result.end).toBe("over");
  });

  it("stops at once on an interrupt (Ctrl-C) and on the end of input, keeping the match so far", async () => {
    const interrupted = gameWith([createBot("random")], (_, reader) => {
      reader.interrupt();
      return "K";
    });
    const first = await interrupted.game.run();
    expect(first.end).toBe("interrupt");
    expect(first.state.round).not.toBeNull();
    expect(interrupted.out()).toContain("Match stopped.");

    const ended = gameWith([createBot("random")], () => null);
    expect((await ended.game.run()).end).toBe("eof");
  });

  it("reads lines that arrived early in order, and a last line without a newline", async () => {
    const stdin = new PassThrough();
    const reader = new LineReader(stdin);
    stdin.write("one\r\ntwo\nthr");
    stdin.end("ee");
    expect([await reader.next(), await reader.next(), await reader.next(), await reader.next()]).toEqual([
      "one",
      "two",
      "three",
      null,
    ]);
  });
});

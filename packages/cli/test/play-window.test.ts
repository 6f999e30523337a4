/**
 * `schwimmen play` in a terminal that a person resizes and types into at any time: the screen follows the window
 * (with the notice while it is too small), and what is typed during the others' turns is answered, Q included.
 */
import { EventEmitter } from "node:events";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { runPlay } from "../src/play/command.js";
import { LineReader } from "../src/play/lines.js";
import { earlyLines } from "../src/play/others.js";
import { TEXTS } from "../src/play/text.js";
import { stripAnsi, tempFolder } from "./play-script.js";

const folder = tempFolder("schwimmen-play-window-");
const EN = { LANG: "en_US.UTF-8", SCHWIMMEN_FAST: "1" };

/** A terminal: both streams are TTYs, the window has a size and says when it changes; the person types lines. */
function terminal(columns: number, rows: number) {
  const stdin = Object.assign(new PassThrough(), { isTTY: true });
  let output = "";
  const stdout = Object.assign(new EventEmitter(), {
    isTTY: true,
    columns,
    rows,
    write(text: string) {
      output += text;
      return true;
    },
  });
  let errors = "";
  return {
    io: {
      stdin,
      stdout,
      stderr: { write: (text: string) => ((errors += text), true) },
      readFile: (path: string) => readFile(path, "utf8"),
    },
    out: () => output,
    err: () => errors,
    type: (line: string) => stdin.write(line + "\n"),
    resize(to: { columns: number; rows: number }) {
      stdout.columns = to.columns;
      stdout.rows = to.rows;
      stdout.emit("resize");
    },
    /** Waits until the output since `from` matches (as plain text), at most 5 s; the plain text since `from`. */
    async waitFor(pattern: RegExp, from = 0): Promise<string> {
      const started = Date.now();
      for (;;) {
        const text = stripAnsi(output.slice(from));
        if (pattern.test(text)) return text;
        if (Date.now() - started > 5_000) throw new Error(`no ${pattern} in:\n${text.slice(-3000)}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
  };
}

/** The rows of the last screen drawn from the top left in `text` (escape codes kept). */
const lastScreen = (text: string): string[] => stripAnsi(text.slice(text.lastIndexOf("\x1b[H"))).split("\n");

describe("schwimmen play in a window that is resized", () => {
  it("redraws the screen at once, shows the notice when the window becomes too small, and the table when it grows", async () => {
    const term = terminal(80, 24);
    const save = join(folder(), "resize.json");
    const playing = runPlay(["--bots", "random,random", "--seed", "r", "--save", save], term.io, EN);
    await term.waitFor(/1-3 a-c swap/);

    // Larger: the same screen again, at once, without a key pressed.
    let mark = term.out().length;
    term.resize({ columns: 100, rows: 30 });
    expect(stripAnsi(term.out().slice(mark))).toMatch(/Schwimmen · Round 1[\s\S]*1-3 a-c swap/);

    // Too small: the notice, fitted to the new width, in the screen's place.
    mark = term.out().length;
    term.resize({ columns: 60, rows: 20 });
    const small = lastScreen(term.out().slice(mark));
    expect(small.join(" ").replace(/\s+/g, " ")).toContain("This window is 60x20; the game needs 80x24");
    for (const line of small) expect(line.length).toBeLessThanOrEqual(60);
    expect(small.join("\n")).not.toContain("Schwimmen · Round");

    // Smaller still: the notice again with the new size.
    mark = term.out().length;
    term.resize({ columns: 50, rows: 18 });
    expect(lastScreen(term.out().slice(mark)).join(" ").replace(/\s+/g, " ")).toContain("This window is 50x18");

    // Large enough again: the table comes back by itself, within 80x24.
    mark = term.out().length;
    term.resize({ columns: 80, rows: 24 });
    const back = lastScreen(term.out().slice(mark));
    expect(back.join("\n")).toMatch(/Schwimmen · Round 1[\s\S]*1-3 a-c swap/);
    expect(back.length).toBeLessThanOrEqual(24);
    for (const line of back) expect(line.length).toBeLessThanOrEqual(78);

    term.type("Q");
    await term.waitFor(/Really quit/, mark);
    term.type("y");
    expect(await playing).toBe(0);
    expect(stripAnsi(term.out())).toContain("Match stopped.");
  });

  it("takes Enter at the notice as 'play in the small window', not as a move, and draws the table there", async () => {
    const term = terminal(80, 24);
    const save = join(folder(), "anyway.json");
    const playing = runPlay(["--bots", "random", "--seed", "a", "--save", save], term.io, EN);
    await term.waitFor(/1-3 a-c swap/);
    let mark = term.out().length;
    term.resize({ columns: 70, rows: 22 });
    await term.waitFor(/This window is 70x22/, mark);
    mark = term.out().length;
    term.type("");
    const table = await term.waitFor(/1-3 a-c swap/, mark);
    expect(table).not.toContain("Please type a move");
    // Played on in the small window: a further resize within it brings no notice back.
    mark = term.out().length;
    term.resize({ columns: 75, rows: 22 });
    expect(stripAnsi(term.out().slice(mark))).not.toContain("This window is");
    term.type("Q");
    await term.waitFor(/Really quit/, mark);
    term.type("y");
    expect(await playing).toBe(0);
    const record = JSON.parse(await readFile(save, "utf8")) as { rounds: { actions: { seat: number }[] }[] };
    expect(record.rounds.flatMap((r) => r.actions).filter((a) => a.seat === 0)).toEqual([]);
  });

  it("starts by itself when a window that was too small at the start grows, without a key", async () => {
    const term = terminal(60, 20);
    const playing = runPlay(["--bots", "random", "--seed", "s", "--save", join(folder(), "start.json")], term.io, EN);
    await term.waitFor(/This window is 60x20/);
    const mark = term.out().length;
    term.resize({ columns: 80, rows: 24 });
    await term.waitFor(/1-3 a-c swap/, mark);
    term.type("Q");
    await term.waitFor(/Really quit/, mark);
    term.type("y");
    expect(await playing).toBe(0);
  });
});

describe("schwimmen play: typing while the others play", () => {
  const slow = { LANG: "en_US.UTF-8" };

  it("answers a line typed during a bot's turn at once, and does not take it for the next move", async () => {
    const term = terminal(80, 24);
    const save = join(folder(), "early.json");
    // Seat 1 deals, so the bot at seat 2 plays first, with a pause of 300 ms before each bot move.
    const args = ["--bots", "random,random", "--seed", "w", "--delay", "300", "--save", save];
    const playing = runPlay(args, term.io, slow);
    await term.waitFor(/(Lena|Tom) to play …/);
    const mark = term.out().length;
    term.type("K");
    const answered = await term.waitFor(/Wait for your turn \("K"\)\. Q stops the match\./, mark);
    expect(answered).toMatch(/to play …/);
    await term.waitFor(/1-3 a-c swap/, mark);
    term.type("Q");
    await term.waitFor(/Really quit/, mark);
    term.type("y");
    expect(await playing).toBe(0);
    // The K typed too early knocked for nobody.
    const record = JSON.parse(await readFile(save, "utf8")) as { rounds: { actions: { seat: number }[] }[] };
    expect(record.rounds.flatMap((r) => r.actions).filter((a) => a.seat === 0)).toEqual([]);
  });

  it("keeps the answer in view through the next bots' turns, until the person's turn", async () => {
    const term = terminal(80, 24);
    const args = ["--bots", "random,random,random", "--seed", "keep", "--delay", "250"];
    const playing = runPlay([...args, "--save", join(folder(), "keep.json")], term.io, slow);
    // The first time Lena (the seat after the person's) plays, the others follow before the person's turn.
    let mark = 0;
    for (;;) {
      const seen = await term.waitFor(/1-3 a-c swap|Lena to play …/, mark);
      mark = term.out().length;
      if (/Lena to play …/.test(seen)) break;
      term.type("P");
    }
    term.type("x");
    await term.waitFor(/Wait for your turn \("x"\)/, mark);
    mark = term.out().length;
    const next = await term.waitFor(/(Tom|Mia) to play …\n Wait for your turn \("x"\)|1-3 a-c swap/, mark);
    expect(next).toMatch(/(Tom|Mia) to play …\n Wait for your turn \("x"\)/);
    // Gone at the person's turn.
    mark = term.out().length;
    await term.waitFor(/1-3 a-c swap/, mark);
    expect(lastScreen(term.out().slice(mark)).join("\n")).not.toContain("Wait for your turn");
    term.type("Q");
    await term.waitFor(/Really quit/, mark);
    term.type("y");
    expect(await playing).toBe(0);
  });

  it("asks on a Q at the help screen too, instead of only going back to the table", async () => {
    const term = terminal(80, 24);
    const playing = runPlay(["--bots", "random", "--seed", "h", "--save", join(folder(), "h.json")], term.io, EN);
    let mark = 0;
    await term.waitFor(/1-3 a-c swap/, mark);
    mark = term.out().length;
    term.type("?");
    await term.waitFor(/Enter: back to the table/, mark);
    mark = term.out().length;
    term.type("q");
    await term.waitFor(/Really quit/, mark);
    term.type("y");
    expect(await playing).toBe(0);
  });

  it("asks at once on a Q typed during a bot's turn: n plays on, y stops the match", async () => {
    const term = terminal(80, 24);
    const args = ["--bots", "random,random", "--seed", "w", "--delay", "2000", "--save", join(folder(), "q.json")];
    const playing = runPlay(args, term.io, { LANG: "de_DE.UTF-8" });
    await term.waitFor(/(Lena|Tom) ist am Zug …/);
    let mark = term.out().length;
    const started = Date.now();
    term.type("q");
    await term.waitFor(/Spiel wirklich beenden\?/, mark);
    // Asked without waiting for the bot's pause of 2 s to end.
    expect(Date.now() - started).toBeLessThan(1_500);
    mark = term.out().length;
    term.type("n");
    await term.waitFor(/ist am Zug …/, mark);
    mark = term.out().length;
    term.type("Q");
    await term.waitFor(/Spiel wirklich beenden\?/, mark);
    term.type("j");
    expect(await playing).toBe(0);
    expect(stripAnsi(term.out())).toContain("Spiel abgebrochen.");
  });

  it("says that lines which came only at the person's turn do not count, and asks on a Q among them", async () => {
    const typed = async (text: string, answer: "quit" | null) => {
      const stdin = new PassThrough();
      const reader = new LineReader(stdin);
      stdin.write(text);
      await new Promise((resolve) => setImmediate(resolve));
      let asked = 0;
      const confirmQuit = async () => (asked++, answer);
      const early = await earlyLines({ input: reader, painter: null, texts: TEXTS.en, confirmQuit });
      return { early, asked, left: reader.take() };
    };
    expect(await typed("P\n\nK\n", null)).toEqual({
      early: { hint: '"K" came before your turn and does not count. It is your turn now.' },
      asked: 0,
      left: undefined,
    });
    expect(await typed("\n", null)).toEqual({ early: {}, asked: 0, left: undefined });
    expect(await typed("x\nq\n", "quit")).toEqual({ early: { end: "quit" }, asked: 1, left: undefined });
    expect(await typed("Q\n", null)).toEqual({ early: {}, asked: 1, left: undefined });
  });
});

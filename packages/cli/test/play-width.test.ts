import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import stringWidth from "string-width";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Rng } from "@schwimmen/rules";
import { NAME_CHARS, runPlay } from "../src/play/command.js";
import { WIDTH } from "../src/play/render.js";
import type { Lang } from "../src/play/text.js";
import { keyChooser, scriptedIo, stripAnsi } from "./play-script.js";
import { assertProperty } from "./property.js";

/**
 * Everything `schwimmen play` prints, as a person at an 80x24 terminal sees it: whole matches driven through the
 * input stream with random names, 2 to 20 seats, the open and the hidden deal with one deck or two, both languages, colour on and off, redrawn screens and plain output,
 * typed mistakes, the help, quitting, the end of a match, and the error messages.
 */

let dir: string;
let bigDeck: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "schwimmen-width-"));
  bigDeck = join(dir, "french52.json");
  await writeFile(bigDeck, JSON.stringify({ deck: "french52", lives: 2 }));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Lines as the terminal shows them: a move to the top left starts a line, other escape codes take no room. */
const printedLines = (text: string): string[] => stripAnsi(text.replaceAll("\x1b[H", "\n")).split("\n");

/**
 * Control characters other than the newline and the game's own codes (colours, home, clear line, clear screen): a
 * typed name or line must never reach the terminal as a code that moves the cursor or rings the bell.
 */
const OWN_CODES = new RegExp(`${String.fromCharCode(27)}\\[([0-9;]*m|H|K|J|2J)`, "g");
const strayControls = (text: string): string[] =>
  [...text.replace(OWN_CODES, "").matchAll(/[^\P{Cc}\n]/gu)].map(
    (m) => `control U+${m[0].codePointAt(0)!.toString(16)}`,
  );

/** Fails with every offending line in full. */
function none(problems: readonly string[]): void {
  if (problems.length > 0)
    throw new Error(`${problems.length} lines too long or screens too tall:\n${problems.join("\n")}`);
}

/** Lines wider than the screen's WIDTH (two columns short of 80), with their width in terminal columns. */
const overlong = (text: string): string[] =>
  printedLines(text)
    .filter((line) => stringWidth(line) > WIDTH)
    .map((line) => `${stringWidth(line)}: ${line}`);

/**
 * The screens of a redrawn game (each starts at the top left) with more than 24 rows, the last row kept for the
 * cursor. A stopped match is the one exception: its last screen keeps the table in view and scrolls to say so.
 */
function tallScreens(text: string): string[] {
  const screens = text.split("\x1b[H").slice(1);
  return screens
    .filter((screen, i) => i < screens.length - 1 || !/Spiel abgebrochen|Match stopped/.test(screen))
    .map((screen) => printedLines(screen))
    .filter((lines) => lines.length > 24)
    .map((lines) => `${lines.length} rows: ${lines[0]}`);
}

const WIDE = ["漢", "字", "한", "👍", "👨‍👩‍👧", "🇩🇪"];
const MARKS = ["e\u0301", "a\u0308\u0301", "\u0301"];
const ODD = ["\t", "\x1b[31m", "\x1b[2J", "\u202e", "\u00ad", "\u200b", "\x07"];

/** Names as typed after --name, up to past the limit, of any characters. */
const rawName = fc.oneof(
  fc.string({ unit: "grapheme", minLength: 1, maxLength: NAME_CHARS + 4 }),
  fc.string({ unit: fc.constantFrom(...WIDE, ...MARKS, ...ODD, "W", "ß", " "), minLength: 1, maxLength: 24 }),
  fc.constantFrom(...WIDE).map((c) => c.repeat(NAME_CHARS)),
);

/** Lines a person might type by mistake: long ones, wide ones, an arrow key's escape code, a middle letter alone. */
const mistake = fc.oneof(
  fc.string({ maxLength: 90 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom("a", "b", "9c", "1z", "", "xyz", "\x1b[A", "漢".repeat(30), "?", "2"),
);

/** Mostly sensible moves from the keys shown, now and then a mistake or the help; skips to the end once out. */
function chooser(mistakes: string[]) {
  return (prompt: string, rng: Rng): string => {
    if (/S: (bis zum Ende|skip to the end)/.test(prompt)) return "s";
    const roll = rng.below(12);
    if (roll === 0 && mistakes.length > 0) return mistakes.shift()!;
    if (roll === 1) return "?";
    if (roll === 2 && /1-3 a-c/.test(prompt)) return "2";
    return keyChooser(prompt, rng);
  };
}

/** House rules for a table: the open or the hidden deal, one deck or two (the smallest deck that seats everyone). */
const RULE_SETS = [{}, { deal: "hidden" }, { decks: 2 }, { deal: "hidden", decks: 2 }];

function rulesFor(seats: number, base: Record<string, unknown>): Record<string, unknown> {
  const two = base.decks === 2 || seats > 16;
  const fits = two ? (seats <= 20 ? "skat32" : "french52") : seats <= 9 ? "skat32" : "french52";
  return { ...base, ...(two ? { decks: 2 } : {}), deck: fits, lives: 2 };
}

const game = fc.record({
  seats: fc.integer({ min: 2, max: 20 }),
  rules: fc.constantFrom(...RULE_SETS),
  lang: fc.constantFrom<Lang>("de", "en"),
  tty: fc.boolean(),
  color: fc.boolean(),
  name: rawName,
  mistakes: fc.array(mistake, { maxLength: 6 }),
  answers: fc.integer({ min: 3, max: 120 }),
  seed: fc.string({ minLength: 1, maxLength: 6 }),
  // Cents a life: the pot so far goes into the title line (1000, the most, makes the widest amounts).
  stake: fc.constantFrom(0, 10, 1000),
});

let runs = 0;

describe("everything the terminal game prints", () => {
  it("stays within 80 columns (and a redrawn screen within 24 rows), whatever the names, seats and moves", async () => {
    await assertProperty(
      fc.asyncProperty(game, async ({ seats, rules, lang, tty, color, name, mistakes, answers, seed, stake }) => {
        const io = scriptedIo({ tty, seed, choose: chooser([...mistakes]), maxAnswers: answers });
        const args = [
          "--bots",
          Array(seats - 1)
            .fill("random")
            .join(","),
          "--lang",
          lang,
          "--name",
          name,
        ];
        const file = join(dir, `rules-${runs}.json`);
        await writeFile(file, JSON.stringify(rulesFor(seats, rules)));
        args.push("--rules", file, "--seed", seed, "--delay", "0", "--save", join(dir, `run-${runs++}.json`));
        if (stake > 0) args.push("--stake", String(stake), "--dealer-by-lot");
        const code = await runPlay(args, io, color ? {} : { NO_COLOR: "1" });
        expect(code === 0 || code === 2).toBe(true);
        none([...overlong(io.out()), ...overlong(io.err()), ...strayControls(io.out())]);
        if (tty) none(tallScreens(io.out()));
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it("ends a full table of 16 on one screen that names the winner", async () => {
    const choose = (prompt: string, rng: Rng) => (/vorspulen/.test(prompt) ? "s" : keyChooser(prompt, rng));
    const io = scriptedIo({ tty: true, seed: "sixteen", choose });
    const args = [
      "--bots",
      Array(15).fill("random").join(","),
      "--rules",
      bigDeck,
      "--lang",
      "de",
      "--name",
      "漢".repeat(20),
    ];
    expect(await runPlay([...args, "--seed", "16", "--delay", "0", "--save", join(dir, "sixteen.json")], io, {})).toBe(
      0,
    );
    const last = printedLines(io.out().split("\x1b[H").at(-1)!);
    expect(last.join("\n")).toMatch(/Spiel vorbei\n (\S.* gewinnt das Spiel\.|Du gewinnst das Spiel!|Unentschieden)/);
    expect(last.length).toBeLessThanOrEqual(24);
    none(overlong(io.out()));
  });

  it.each(["de", "en"] as const)(
    "plays a hidden deal with two decks at 20 seats (%s), every screen within 80x24",
    async (lang) => {
      const choose = (prompt: string, rng: Rng) => (/S: (bis|skip)/.test(prompt) ? "s" : keyChooser(prompt, rng));
      const io = scriptedIo({ tty: true, seed: `twenty-${lang}`, choose });
      const rules = join(dir, `twenty-${lang}.json`);
      await writeFile(rules, JSON.stringify({ deal: "hidden", decks: 2, lives: 1, swimming: "firstOnly" }));
      // Beginners (greedy) and random players: a whole match of 20 stays within seconds.
      const bots = Array.from({ length: 19 }, (_, i) => (i % 3 === 0 ? "greedy" : "random"));
      const args = ["--bots", bots.join(","), "--rules", rules, "--lang", lang];
      const save = join(dir, `t20${lang}.json`);
      expect(
        await runPlay([...args, "--name", "漢".repeat(20), "--seed", "20", "--delay", "0", "--save", save], io, {}),
      ).toBe(0);
      const out = io.out();
      expect(stripAnsi(out)).toMatch(
        lang === "de" ? /1-5 zwei Karten weitergeben \(z\. B\. 45\)/ : /1-5 pass two cards on \(e\.g\. 45\)/,
      );
      expect(stripAnsi(out)).toMatch(
        lang === "de" ? /Clara gibt das Päckchen weiter\./ : /Clara passes the packet on\./,
      );
      none([...overlong(out), ...tallScreens(out)]);
    },
    60_000,
  );

  it("keeps a long or spaced save path whole on a line of its own, quoted in the replay command", async () => {
    const deep = join(dir, "a folder with spaces", "and-a-long-name-for-the-record-".repeat(2));
    await mkdir(deep, { recursive: true });
    const save = join(deep, "match.json");
    const io = scriptedIo({ script: ["Q", "j"], choose: () => null });
    expect(await runPlay(["--bots", "random", "--lang", "de", "--save", save], io, {})).toBe(0);
    const out = stripAnsi(io.out());
    expect(out).toContain(` Spiel gespeichert:\n   ${save}\n`);
    expect(out).toContain(` Auswerten:\n   npx schwimmen analyse '${save}' --seat 0\n`);
  });

  it("word-wraps every error message to the screen's width", async () => {
    const long = "x".repeat(120);
    const cases: string[][] = [
      ["--bogus-option-with-a-long-name"],
      ["--bots", `random,${long}`],
      ["--lang", long],
      ["--rules", join(dir, "missing", long)],
      ["--bots", Array(20).fill("random").join(","), "--rules", bigDeck],
      ["--name", "\u0301\u200b\x07\t "],
      ["--delay", long],
    ];
    for (const args of cases) {
      const io = scriptedIo({ choose: () => null });
      // A save path of its own, so that a case that wrongly plays never leaves a record in the working folder.
      const code = await runPlay([...args, "--save", join(dir, "never.json")], io, {});
      expect([args[0], code]).toEqual([args[0], 2]);
      expect(io.err()).toMatch(/^schwimmen play: /);
      none(overlong(io.err()));
    }
    for (const lang of ["de", "en"] as const) {
      const io = scriptedIo({ choose: () => null });
      // A missing folder is found before the match, in the player's language.
      expect(await runPlay(["--lang", lang, "--save", join(dir, "missing", long, "x.json")], io, {})).toBe(2);
      expect(io.err()).toMatch(/^schwimmen play: --save /);
      expect(io.err().replace(/\s+/g, " ")).toContain(lang === "de" ? "keinen Ordner" : "no folder");
      expect(io.out()).toBe("");
      none(overlong(io.err()));
    }
  });
});

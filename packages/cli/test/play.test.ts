import { EventEmitter } from "node:events";
import { mkdtemp, readFile, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { outcomeOf, presetsFromMarkdown, replayRecordText } from "@schwimmen/rules";
import { isBotLevel } from "@schwimmen/bots";
import { main } from "../src/main.js";
import { runPlay, defaultLineup } from "../src/play/command.js";
import { hasColour, keyChooser, scriptedIo, stripAnsi, tempFolder } from "./play-script.js";

const folder = tempFolder("schwimmen-play-");

const EN = { LANG: "en_US.UTF-8" };

async function replayed(path: string) {
  const result = replayRecordText(await readFile(path, "utf8"));
  if (!result.ok) throw new Error(`the saved record does not replay: ${result.error.message}`);
  return { outcome: outcomeOf(result.value.state), players: result.value.players };
}

describe("schwimmen play, driven through its input stream", () => {
  it("plays a whole match to a winner or a draw, shows the table and the rounds, and saves a record that replays", async () => {
    const save = join(folder(), "whole.json");
    const io = scriptedIo({ seed: "whole" });
    const code = await runPlay(["--bots", "random,random,random", "--seed", "s1", "--save", save], io, EN);
    expect(code).toBe(0);
    const out = io.out();
    expect(out).toContain("You play against Lena (Random), Tom (Random), Mia (Random).");
    expect(out).toMatch(/Middle\s+Stock \d+\s+Your hand\s+value \d+/);
    expect(out).toContain("┌───┐");
    expect(out).toMatch(/[♣♠♥♦]/);
    expect(out).toContain("Round 1 over");
    expect(out).toContain("Match over");
    expect(out).toContain(`Match saved to ${save}`);
    expect(out).not.toContain("\x1b");
    const { outcome, players } = await replayed(save);
    expect(players).toEqual(["You", "Lena", "Tom", "Mia"]);
    expect(outcome.result.over).toBe(true);
    // The outcome the record replays to is the one the screen announced.
    if (outcome.result.draw) expect(out).toContain("A draw");
    else {
      const winner = outcome.result.winner!;
      expect(out).toContain(winner === 0 ? "You win the match!" : `${players[winner]} wins the match.`);
    }
    // Every round shown at its end with the values the engine computed.
    for (const [i, round] of outcome.rounds.entries()) {
      expect(out).toContain(`Round ${i + 1} over`);
      expect(round.endReason).not.toBeNull();
    }
    expect(io.typed.length).toBeGreaterThan(0);
  });

  it("is reproducible: the same seed and the same answers give the same record", async () => {
    const records: string[] = [];
    for (const name of ["again-1.json", "again-2.json"]) {
      const save = join(folder(), name);
      const io = scriptedIo({ seed: "same" });
      expect(await runPlay(["--bots", "random,random", "--seed", "fixed", "--save", save], io, EN)).toBe(0);
      records.push(await readFile(save, "utf8"));
    }
    expect(records[0]).toBe(records[1]);
  });

  it("refuses bad input with a hint and asks again, changing nothing", async () => {
    const save = join(folder(), "bad.json");
    const bad = ["xyz", "9a", "1z", "a", "", "KK", "Q"];
    const io = scriptedIo({ script: bad, choose: () => null });
    expect(await runPlay(["--bots", "random", "--seed", "bad", "--save", save], io, EN)).toBe(0);
    const out = io.out();
    expect(out).toContain('"xyz" is not a move here. ? shows the help.');
    expect(out).toContain("Your hand cards are 1-3.");
    expect(out).toContain("The middle cards are a-c.");
    expect(out).toContain("a is a middle card");
    expect(out).toContain("Please type a move");
    expect(out).toContain('"KK" is not a move here.');
    expect(out).toContain("Match stopped.");
    // None of the bad lines became an action of seat 0.
    const { outcome } = await replayed(save);
    const record = JSON.parse(await readFile(save, "utf8")) as { rounds: { actions: { seat: number }[] }[] };
    expect(record.rounds.flatMap((r) => r.actions).filter((a) => a.seat === 0)).toEqual([]);
    expect(outcome.result.over).toBe(false);
  });

  it("saves the match so far on Q, and on the end of input, to a default file name", async () => {
    const quit = join(folder(), "quit.json");
    const io = scriptedIo({ script: ["P", "Q", "y"], choose: () => null });
    expect(await runPlay(["--bots", "random,random", "--seed", "q", "--save", quit], io, EN)).toBe(0);
    const { outcome } = await replayed(quit);
    expect(outcome.rounds.length).toBeGreaterThan(0);

    // End of input (Ctrl-D, a closed pipe) quits cleanly too; without --save the name carries a time stamp.
    const cwd = process.cwd();
    const here = await mkdtemp(join(folder(), "cwd-"));
    process.chdir(here);
    try {
      const eof = scriptedIo({ choose: () => null });
      expect(await runPlay(["--bots", "random", "--seed", "eof"], eof, EN)).toBe(0);
      const files = await readdir(here);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^schwimmen-\d{8}-\d{6}\.json$/);
      expect(eof.out()).toContain(`Match saved to ./${files[0]}`);
      await replayed(join(here, files[0]!));
    } finally {
      process.chdir(cwd);
    }
  });

  it("asks before a Q ends the match: n plays on, y (or j) quits", async () => {
    const save = join(folder(), "confirm.json");
    const io = scriptedIo({ script: ["q", "n", "P", "Q", "y"], choose: () => null });
    expect(await runPlay(["--bots", "random", "--seed", "confirm", "--save", save], io, EN)).toBe(0);
    const out = io.out();
    expect(out.match(/Really quit the match\? It is saved all the same\. y: quit · n: play on/g)).toHaveLength(2);
    expect(out).toContain("You pass.");
    expect(out).toContain("Match stopped.");
    const record = JSON.parse(await readFile(save, "utf8")) as {
      rounds: { actions: { seat: number; type: string }[] }[];
    };
    // The "n" played on: the pass after it is in the record.
    expect(record.rounds.flatMap((r) => r.actions).filter((a) => a.seat === 0)).toEqual([{ seat: 0, type: "pass" }]);

    const de = scriptedIo({ script: ["Q", "j"], choose: () => null });
    const args = ["--bots", "random", "--seed", "confirm", "--lang", "de", "--save", save, "--force"];
    expect(await runPlay(args, de, EN)).toBe(0);
    expect(de.out()).toContain("Spiel wirklich beenden?");
    expect(de.out()).toContain("Spiel abgebrochen.");
    expect(de.typed).toEqual(["Q", "j"]);
  });

  it("plays a whole hidden-deal match (--preset verdeckt): the packet's cards by number, its travel without cards", async () => {
    const save = join(folder(), "hidden.json");
    const io = scriptedIo({ seed: "hidden" });
    const code = await runPlay(
      ["--bots", "greedy,random,greedy", "--preset", "verdeckt", "--seed", "h1", "--save", save],
      io,
      EN,
    );
    expect(code).toBe(0);
    const out = io.out();
    expect(out).toMatch(/Your hand +value [\d½]+ +Packet\n/);
    expect(out).toMatch(/1-5 pass two cards on \(e\.g\. 45\) · (K knock · )?\? help · Q quit/);
    expect(out).toMatch(/(Lena|Tom|Mia) passes the packet on\./);
    expect(out).toMatch(/You pass (10|[2-9JQKA])[♣♠♥♦] and (10|[2-9JQKA])[♣♠♥♦] on\./);
    expect(out).not.toMatch(/Middle|Stock \d/);
    expect(out).toContain("Match over");
    // The person typed two of the five numbers, and the saved record replays as a hidden deal to the end.
    expect(io.typed.some((line) => /^[1-5][1-5]$/.test(line))).toBe(true);
    const { outcome } = await replayed(save);
    expect(outcome.result.over).toBe(true);
    expect(JSON.parse(await readFile(save, "utf8")).rules).toEqual({ deal: "hidden" });
  });

  it("puts a rules file's keys over the preset's, and refuses an unknown preset", async () => {
    const rules = join(folder(), "lives.json");
    await writeFile(rules, JSON.stringify({ lives: 1, swimming: "off" }));
    const save = join(folder(), "preset-rules.json");
    const io = scriptedIo({ script: ["Q", "y"], choose: () => null });
    const args = ["--bots", "greedy", "--preset", "grosse-runde", "--rules", rules, "--save", save];
    expect(await runPlay(args, io, EN)).toBe(0);
    expect(JSON.parse(await readFile(save, "utf8")).rules).toEqual({ lives: 1, swimming: "off", decks: 2 });
    const bad = scriptedIo({ choose: () => null });
    expect(await runPlay(["--preset", "gross", "--save", join(folder(), "never.json")], bad, EN)).toBe(2);
    // The ids as docs/presets.md and --help spell them.
    const ids = "standard, kitchenTable, schnauz, encyclopedic, swiss, pub, verdeckt, grosseRunde";
    expect(bad.err().replace(/\s+/g, " ")).toContain(`--preset must be one of ${ids}, not "gross"`);
    const help = scriptedIo({ choose: () => null });
    expect(await main(["play", "--help"], help)).toBe(0);
    expect(help.out().replace(/\s+/g, " ")).toMatch(
      /presets by their ids in docs\/presets\.md: standard, kitchenTable, schnauz, encyclopedic, swiss, pub, verdeckt \(the hidden deal\), grosseRunde \(/,
    );
    // Twenty seats need two decks: the message says so.
    const many = scriptedIo({ choose: () => null });
    const bots = Array(19).fill("random").join(",");
    expect(
      await runPlay(["--bots", bots, "--preset", "verdeckt", "--save", join(folder(), "never.json")], many, EN),
    ).toBe(2);
    expect(many.err().replace(/\s+/g, " ")).toContain("two decks (--preset grosseRunde) seat up to 20");
  });

  it("plays every preset of docs/presets.md by its id, in any case and with or without dashes", async () => {
    const docs = presetsFromMarkdown(await readFile(new URL("../../../docs/presets.md", import.meta.url), "utf8"));
    expect(docs.length).toBeGreaterThanOrEqual(8);
    for (const [i, preset] of docs.entries()) {
      const save = join(folder(), `preset-${preset.id}.json`);
      const io = scriptedIo({ script: ["Q", "y"], choose: () => null });
      const name = i % 2 === 0 ? preset.id : preset.id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).toUpperCase();
      expect(await runPlay(["--bots", "greedy,greedy", "--preset", name, "--save", save], io, EN), preset.id).toBe(0);
      expect(JSON.parse(await readFile(save, "utf8")).rules, preset.id).toEqual(preset.rules);
    }
  });

  it("plays in German with dealerChooses rules, where the dealer keeps or swaps its packet", async () => {
    const rules = join(folder(), "rules.json");
    await writeFile(rules, JSON.stringify({ deal: "dealerChooses", allPass: "onRequest", lowMiddleRedeal: true }));
    const save = join(folder(), "de.json");
    const io = scriptedIo({ seed: "de" });
    const args = ["--bots", "random,random", "--rules", rules, "--lang", "de", "--seed", "de2", "--save", save];
    expect(await runPlay(args, io, EN)).toBe(0);
    const out = io.out();
    expect(out).toContain("Du spielst gegen");
    expect(out).toContain("Runde 1 vorbei");
    expect(out).toContain("Spiel gespeichert");
    const { outcome } = await replayed(save);
    expect(outcome.result.over).toBe(true);
    const record = JSON.parse(await readFile(save, "utf8")) as {
      rules: object;
      rounds: { actions: { type: string }[] }[];
    };
    expect(record.rules).toEqual({ deal: "dealerChooses", allPass: "onRequest", lowMiddleRedeal: true });
    expect(record.rounds.some((r) => r.actions.some((a) => a.type === "choose"))).toBe(true);
  });

  it("redraws whole screens with colours in a terminal, waits for Enter between rounds, and drops colours for NO_COLOR", async () => {
    const save = join(folder(), "tty.json");
    const io = scriptedIo({ seed: "tty", tty: true });
    const env = { ...EN, SCHWIMMEN_FAST: "1" };
    expect(await runPlay(["--bots", "random,random,random", "--seed", "t", "--save", save], io, env)).toBe(0);
    const out = io.out();
    expect(out).toContain("\x1b[H");
    expect(out).toContain("\x1b[31m");
    expect(stripAnsi(out)).toContain("Enter: next round · Q: quit");
    expect((await replayed(save)).outcome.result.over).toBe(true);

    const plain = scriptedIo({ seed: "tty", tty: true, script: ["Q", "y"] });
    const noColor = { ...env, NO_COLOR: "1" };
    expect(
      await runPlay(["--bots", "random", "--seed", "t", "--save", join(folder(), "nc.json")], plain, noColor),
    ).toBe(0);
    expect(plain.out()).toContain("\x1b[H");
    expect(hasColour(plain.out())).toBe(false);
    expect(hasColour(io.out())).toBe(true);
  });

  it("stops quietly and still saves when the reader of its output goes away (a closed pipe)", async () => {
    const save = join(folder(), "pipe.json");
    const io = scriptedIo({ seed: "pipe" });
    const events = new EventEmitter();
    let writes = 0;
    const stdout = Object.assign(events, {
      write(text: string) {
        if (++writes === 5)
          setImmediate(() => events.emit("error", Object.assign(new Error("EPIPE"), { code: "EPIPE" })));
        return io.stdout.write(text);
      },
    });
    expect(await runPlay(["--bots", "random,random", "--seed", "p", "--save", save], { ...io, stdout }, EN)).toBe(0);
    expect((await replayed(save)).outcome.rounds.length).toBeGreaterThan(0);
    expect(io.out()).not.toContain("Match saved");
  });

  it("rejects bad options in one line that says what is wrong and where the help is, exit code 2", async () => {
    const cases: [string[], string][] = [
      [["--bots", "nobody"], 'unknown bot "nobody"'],
      [["--bots", "oracle"], 'unknown bot "oracle"'],
      [["--lang", "fr"], "--lang must be de or en"],
      [["--rules", join(folder(), "missing.json")], "cannot be read"],
      // node:util's own texts ("Unknown option '--bogus'", "Option '--bots <value>' argument missing") said as ours.
      [["--bogus"], 'unknown option "--bogus"'],
      [["-x"], 'unknown option "-x"'],
      [["--bots"], "--bots needs a value"],
      [["--seed", "1", "--save"], "--save needs a value"],
      [["--dealer-by-lot=yes"], "--dealer-by-lot takes no value"],
      [["extra"], 'unexpected argument "extra"'],
      [["--force"], "--force goes with --save FILE"],
      [["--name", "  "], "--name must not be empty"],
      [["--name", "Maximiliane-Alexandra"], "--name must have at most 20 characters, not 21"],
      [["--name", "漢".repeat(21)], "--name must have at most 20 characters, not 21"],
    ];
    for (const [args, message] of cases) {
      const io = scriptedIo({ choose: () => null });
      expect(await main(["play", ...args], io)).toBe(2);
      // One message (word-wrapped to the screen's width when long), not the usage.
      expect(io.err().replace(/\s+/g, " ")).toMatch(/^schwimmen play: .+ \(see schwimmen play --help\) $/);
      expect(io.err()).toContain(message);
      expect(io.err()).not.toMatch(/Usage|Option '|Unknown option/);
      expect(io.out()).toBe("");
    }
    const help = scriptedIo({ choose: () => null });
    expect(await main(["play", "--help"], help)).toBe(0);
    expect(help.out()).toContain("schwimmen play [--bots LEVELS]");
    const badRules = join(folder(), "bad-rules.json");
    await writeFile(badRules, JSON.stringify({ deck: "tarot" }));
    const io = scriptedIo({ choose: () => null });
    expect(await runPlay(["--rules", badRules], io, EN)).toBe(2);
    // Long messages are word-wrapped to the screen's width.
    expect(io.err().replace(/\s+/g, " ")).toContain('rule "deck" cannot be "tarot"');
    const many = scriptedIo({ choose: () => null });
    expect(await runPlay(["--bots", Array(9).fill("random").join(",")], many, EN)).toBe(2);
    expect(many.err()).toContain("2 to 9 seats");
  });

  it("seats three of the strongest everyday bot by default", () => {
    const lineup = defaultLineup();
    expect(lineup).toHaveLength(3);
    const expected = ["tactician", "greedy", "random"].find((level) => isBotLevel(level));
    expect(lineup).toEqual([expected, expected, expected]);
  });

  it("shows the help on ? and goes back to the same prompt", async () => {
    const io = scriptedIo({ script: ["?", "Q", "y"], choose: () => null });
    expect(await runPlay(["--bots", "random", "--seed", "h", "--save", join(folder(), "help.json")], io, EN)).toBe(0);
    expect(io.out()).toContain("'2b' swaps card 2 for b");
    // The move prompt, again after the help, and the question whether to quit.
    expect(io.out().split("> ").length).toBe(4);
  });

  it("says before the first screen that a 60x20 window is too small, then plays on after Enter", async () => {
    const io = scriptedIo({ tty: true, columns: 60, rows: 20, script: ["", "q", "j"] });
    const save = join(folder(), "small.json");
    expect(await runPlay(["--bots", "random", "--seed", "s", "--lang", "de", "--save", save], io, EN)).toBe(0);
    const first = stripAnsi(io.out()).split("\n> ")[0]!;
    expect(first.replace(/\s+/g, " ")).toContain("Dieses Fenster ist 60x20 groß, das Spiel braucht 80x24");
    for (const line of first.split("\n")) expect(line.length).toBeLessThanOrEqual(60);
    expect(stripAnsi(io.out())).toContain("Spiel abgebrochen.");
  });

  it("between rounds answers a move typed too early, and asks before Q ends the match", async () => {
    // At the first round's end: a move (answered, no new round), Q then n (asked, plays on), Enter (next round);
    // at the second: Q then y.
    const answers = ["2b", "q", "n", "", "q", "y"];
    const seen: string[] = [];
    const io = scriptedIo({
      tty: true,
      seed: "between",
      choose: (shown, rng) => {
        const prompt = stripAnsi(shown);
        if (/Enter: next round|Really quit/.test(prompt)) {
          seen.push(
            prompt.includes("Really quit")
              ? "asked"
              : prompt.includes('The round is over ("2b")')
                ? "answered"
                : "round over",
          );
          return answers.shift() ?? "y";
        }
        return keyChooser(shown, rng);
      },
    });
    const save = join(folder(), "between.json");
    const env = { ...EN, SCHWIMMEN_FAST: "1" };
    expect(await runPlay(["--bots", "random", "--seed", "b", "--save", save], io, env)).toBe(0);
    expect(seen.slice(0, 6)).toEqual(["round over", "answered", "asked", "round over", "round over", "asked"]);
    const record = JSON.parse(await readFile(save, "utf8")) as { rounds: unknown[] };
    expect(record.rounds.length).toBeGreaterThanOrEqual(2);
    expect(stripAnsi(io.out())).toContain("Match stopped.");
  });
});

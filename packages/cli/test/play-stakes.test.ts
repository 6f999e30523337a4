import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { drawForDealer, moneyText, replayRecordText, settleMatch } from "@schwimmen/rules";
import { runPlay } from "../src/play/command.js";
import { scriptedIo, tempFolder } from "./play-script.js";

const folder = tempFolder("schwimmen-play-stakes-");

const EN = { LANG: "en_US.UTF-8" };

describe("schwimmen play --stake --dealer-by-lot", () => {
  it("prints the draw for the first dealer, and at the end the pot and every balance", async () => {
    const save = join(folder(), "stakes.json");
    const io = scriptedIo({ seed: "stakes" });
    const args = ["--bots", "random,random", "--seed", "lot1", "--save", save, "--stake", "10", "--dealer-by-lot"];
    expect(await runPlay(args, io, EN)).toBe(0);
    const out = io.out();
    const lot = drawForDealer(3, "skat32", 1, "lot1/lot");
    const names = ["You", "Lena", "Tom"];
    expect(out).toContain("Who deals? Everyone draws a card:");
    expect(out).toContain(
      lot.dealer === 0 ? "You have the highest card and deal." : `${names[lot.dealer]} has the highest card and deals.`,
    );
    const saved = await readFile(save, "utf8");
    expect((JSON.parse(saved) as { dealer: number }).dealer).toBe(lot.dealer);
    const text = replayRecordText(saved);
    if (!text.ok) throw new Error(text.error.message);
    const settled = settleMatch(text.value.state, 10);
    if (!settled.ok) throw new Error(settled.error.message);
    expect(out).toContain(`In the pot: ${moneyText(settled.value.pot, "en")} (10c a life).`);
    // While the match is on, the title line shows the pot so far: empty at first, growing by 10c a life.
    const pots = [...out.matchAll(/Schwimmen · Round \d+ · Pot (\d+)c/g)].map((m) => Number(m[1]));
    expect(pots[0]).toBe(0);
    expect(pots.every((pot, i) => pot % 10 === 0 && pot >= (pots[i - 1] ?? 0))).toBe(true);
    expect(pots.at(-1)!).toBeGreaterThan(0);
    settled.value.balance.forEach((cents, seat) => {
      expect(out).toMatch(new RegExp(`${names[seat]}\\s+${moneyText(cents, "en", true).replace(/[+$.]/g, "\\$&")}\\n`));
    });
  });

  it("at a terminal, waits for Enter after the draw (the table's screen clears it)", async () => {
    const io = scriptedIo({ seed: "tty-lot", tty: true });
    const save = join(folder(), "tty.json");
    const args = ["--bots", "random", "--seed", "lot2", "--save", save, "--dealer-by-lot", "--stake", "5"];
    expect(await runPlay(args, io, { ...EN, SCHWIMMEN_FAST: "1" })).toBe(0);
    const out = io.out();
    expect(out).toContain("Enter: start");
    expect(out.indexOf("Enter: start")).toBeLessThan(out.indexOf("\x1b[2J"));
    expect(out).toContain("In the pot:");
  });

  it("at a terminal, Q at the draw ends before the first deal, the way Q ends a match, and saves it", async () => {
    const io = scriptedIo({ seed: "tty-lot", tty: true, script: ["q"] });
    const save = join(folder(), "lot-quit.json");
    const args = ["--bots", "random", "--seed", "lot2", "--save", save, "--dealer-by-lot", "--stake", "5"];
    expect(await runPlay(args, io, { ...EN, SCHWIMMEN_FAST: "1" })).toBe(0);
    const out = io.out();
    expect(out).toContain("Enter: start · Q: quit");
    expect(out).toContain("Match stopped.");
    // No round was dealt: nobody's hand was shown, and the saved record has no round.
    expect(out).not.toContain("Round 1");
    expect(io.typed).toEqual(["q"]);
    const record = JSON.parse(await readFile(save, "utf8")) as { rounds: unknown[] };
    expect(record.rounds).toEqual([]);
  });

  it("refuses a stake that is not whole cents from 0 to 1000, saying what it was", async () => {
    for (const [args, shown] of [
      [["--stake=-5"], "-5"],
      [["--stake", "-5"], "-5"],
      [["--stake", "1001"], "1001"],
      [["--stake", "2.5"], '"2.5"'],
      [["--stake", "ten"], '"ten"'],
    ] as const) {
      const io = scriptedIo();
      expect(await runPlay(["--bots", "random", ...args], io, EN)).toBe(2);
      const err = io.err().replace(/\s+/g, " ");
      expect(err).toContain(
        `--stake must be a whole number of cents from 1 to 1000 (0 plays without stakes), not ${shown}`,
      );
      expect(err).not.toContain("ambiguous");
    }
  });

  it("refuses a negative delay as a number out of range, not as an ambiguous option", async () => {
    const io = scriptedIo();
    expect(await runPlay(["--bots", "random", "--delay", "-5"], io, EN)).toBe(2);
    expect(io.err().replace(/\s+/g, " ")).toContain(
      "--delay must be a whole number of milliseconds from 0 to 10000, not -5",
    );
  });
});

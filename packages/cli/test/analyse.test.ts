import { describe, expect, it } from "vitest";
import { LABELS, planAnalysisText } from "@schwimmen/bots";
import { choose, knock, pass, record, redeal, swap } from "../../rules/test/helpers.js";
import { parseAnalyseArgs } from "../src/analyse/command.js";
import { momentsOf } from "../src/analyse/format.js";
import { binaryAndFolder, run as runBinary } from "./binary.js";

/** The real command, as `replay` is tested; the analysis may take a while. */
const run = (args: string[], input = "") => runBinary(args, input, {}, 120_000);

// Heads-up: seat 0 (first to act) holds the ace and king of hearts and knocks though the ten of hearts lies open.
const HANDS = ["Ah Kh 7c", "8s 9d Jc"];
const MIDDLE = "Th 8c 9s";
const game = (actions: unknown[]) =>
  JSON.stringify(record({ rounds: [{ deal: { hands: HANDS, middle: MIDDLE }, actions: actions as never }] }));
// A longer round: both seats act several times.
const LONGER = game([swap(0, "7c", "8c"), swap(1, "8s", "7c"), pass(0), swap(1, "9d", "9s"), knock(0), pass(1)]);

const { path: inFolder, file } = binaryAndFolder("packages/cli/dist/analyse/command.js", "schwimmen-analyse-");

describe("schwimmen analyse: errors as replay reports them", () => {
  const bad: [string, string][] = [
    ["not JSON", "{"],
    ["not a record", "[1, 2]"],
    ["an unknown rule", JSON.stringify({ rules: { nope: 1 }, players: ["a", "b"], dealer: 0, rounds: [] })],
    ["a seat out of turn", game([knock(1)])],
    ["a card not in the hand", game([swap(0, "Qs", "Th")])],
  ];
  it.each(bad)("%s: the same error line and exit code", (_name, text) => {
    const path = file("bad.json", text);
    const replayed = run(["replay", path]);
    expect(replayed.code).toBe(2);
    const analysed = run(["analyse", path, "--seat", "0"]);
    expect(analysed).toEqual({ code: 2, stdout: "", stderr: replayed.stderr });
    // The same from standard input.
    expect(run(["analyse", "-", "--seat", "0"], text)).toEqual(run(["replay", "-"], text));
  });

  it("a missing file: the same error", () => {
    const missing = inFolder("missing.json");
    expect(run(["analyse", missing, "--seat", "1"])).toEqual(run(["replay", missing]));
  });

  it("bad arguments: a one-line reason and exit code 2", () => {
    const path = file("ok.json", game([knock(0)]));
    for (const args of [[path], [path, "--seat", "x"], [path, "--seat", "0", "--what"], ["--seat", "0"]]) {
      const got = run(["analyse", ...args]);
      expect(got.code).toBe(2);
      expect(got.stdout).toBe("");
      expect(got.stderr).toMatch(/^schwimmen analyse: .+\(see schwimmen analyse --help\)\n$/);
    }
    const seat = run(["analyse", path, "--seat", "2"]);
    expect(seat).toEqual({ code: 2, stdout: "", stderr: expect.stringMatching(/seat 2 is not in the record/) });
  });

  it("reads its arguments as the arena does", () => {
    expect(parseAnalyseArgs(["r.json", "--seat=1", "--json"])).toEqual({
      help: false,
      args: { record: "r.json", seat: 1, json: true, worlds: 600, lang: null },
    });
    expect(parseAnalyseArgs(["r.json", "--seat", "0", "--lang", "de"])).toMatchObject({ args: { lang: "de" } });
    expect(() => parseAnalyseArgs(["r.json", "--seat", "0", "--lang", "fr"])).toThrow(
      '--lang must be de or en, not "fr"',
    );
    expect(parseAnalyseArgs(["-", "--worlds", "50", "--seat", "0"])).toMatchObject({
      args: { record: "-", worlds: 50 },
    });
    expect(parseAnalyseArgs(["--help"])).toEqual({ help: true });
    expect(() => parseAnalyseArgs(["a", "b", "--seat", "0"])).toThrow(/one record only/);
    expect(() => parseAnalyseArgs(["a", "--seat", "0", "--seat", "1"])).toThrow(/given twice/);
  });

  it("names the allowed range of a number out of it, a negative one too", () => {
    expect(() => parseAnalyseArgs(["a", "--seat", "-1"])).toThrow("--seat must be a whole number from 0 to 99, not -1");
    expect(() => parseAnalyseArgs(["a", "--seat", "x"])).toThrow('--seat must be a whole number from 0 to 99, not "x"');
    expect(() => parseAnalyseArgs(["a", "--seat", "0", "--worlds", "0"])).toThrow(
      "--worlds must be a whole number from 1 to 100000, not 0",
    );
  });
});

describe("schwimmen analyse: where each decision was made", () => {
  const turns = (text: string, seat = 0) => {
    const plan = planAnalysisText(text, seat);
    if (!plan.ok) throw new Error(plan.error.message);
    return [...momentsOf(plan.value.points)].map(([key, m]) => [key, m.round, m.turn]);
  };

  it("counts the seat's own turns in a round from 1, the record's rounds from 1 too", () => {
    // Seat 0 acts at indexes 0, 2 and 4 of the record's round 0: the first round's turns 1, 2 and 3.
    expect(turns(LONGER)).toEqual([
      ["0/0", 1, 1],
      ["0/2", 1, 2],
      ["0/4", 1, 3],
    ]);
  });

  it("takes a redeal and the move after it as one turn, and the dealer's choice of packet as none", () => {
    const redealt = record({
      rules: { allPass: "onRequest" },
      rounds: [
        {
          deal: { hands: HANDS, middle: MIDDLE, stock: "Ts Js Qs" },
          actions: [pass(0), pass(1), redeal(0), swap(0, "7c", "Ts"), pass(1)],
        },
      ],
    });
    expect(turns(JSON.stringify(redealt))).toEqual([
      ["0/0", 1, 1],
      ["0/2", 1, 2],
      ["0/3", 1, 2],
    ]);
    const chosen = record({
      rules: { deal: "dealerChooses" },
      dealer: 0,
      rounds: [{ deal: { hands: HANDS, extra: MIDDLE }, actions: [choose(0, "first"), pass(1), pass(0)] }],
    });
    expect(turns(JSON.stringify(chosen))).toEqual([
      ["0/0", 1, null],
      ["0/2", 1, 1],
    ]);
  });
});

describe("schwimmen analyse --json", () => {
  const isAction = (value: unknown) =>
    expect(value).toMatchObject({ seat: expect.any(Number), type: expect.any(String) });

  it("prints exactly the documented shape, and the same twice", () => {
    const path = file("longer.json", LONGER);
    const first = run(["analyse", path, "--seat", "0", "--json", "--worlds", "150"]);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout.trim().split("\n")).toHaveLength(1);
    const out = JSON.parse(first.stdout) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(["seat", "decisions", "accuracy"]);
    expect(out.seat).toBe(0);
    const decisions = out.decisions as Record<string, unknown>[];
    // Seat 0 acted at indexes 0, 2 and 4 of round 0.
    expect(decisions.map((d) => [d.round, d.action])).toEqual([
      [0, 0],
      [0, 2],
      [0, 4],
    ]);
    const actions = JSON.parse(LONGER).rounds[0].actions as object[];
    for (const d of decisions) {
      expect(Object.keys(d)).toEqual(["round", "action", "played", "best", "loss", "label", "options"]);
      expect(d.played).toEqual(actions[d.action as number]);
      isAction(d.best);
      expect(LABELS).toContain(d.label);
      const options = d.options as { action: unknown; loseLife: number; winMatch: number }[];
      expect(options.length).toBeGreaterThan(1);
      for (const o of options) {
        expect(Object.keys(o)).toEqual(["action", "loseLife", "winMatch"]);
        isAction(o.action);
        for (const p of [o.loseLife, o.winMatch]) expect(p >= 0 && p <= 1).toBe(true);
      }
      // Best first; the loss is the gap in match-win points to the option played.
      expect(options[0]!.action).toEqual(d.best);
      const played = options.find((o) => JSON.stringify(o.action) === JSON.stringify(d.played))!;
      expect(d.loss as number).toBeCloseTo((options[0]!.winMatch - played.winMatch) * 100, 0);
    }
    const good = decisions.filter((d) => d.label === "best" || d.label === "good").length;
    expect(out.accuracy).toBeCloseTo(good / decisions.length, 4);
    expect(run(["analyse", path, "--seat", "0", "--json", "--worlds", "150"])).toEqual(first);
  });

  it("a knock with the ten of hearts open is a blunder; the table names it among the worst", () => {
    const path = file("knock.json", game([knock(0)]));
    const json = JSON.parse(run(["analyse", path, "--seat", "0", "--json"]).stdout);
    expect(json.decisions[0]).toMatchObject({
      label: "blunder",
      played: { seat: 0, type: "knock" },
      best: { seat: 0, type: "swap", give: "7c", take: "Th" },
    });
    expect(json.accuracy).toBe(0);
    // Fewer worlds than the default: the same text twice, quicker.
    const FEW = ["--worlds", "200"];
    const table = run(["analyse", path, "--seat", "0", "--lang", "en", ...FEW]);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^Analysis of seat 0 \(P0\): 1 decision, /);
    // The moment as the game's screen counts it (round 1, the seat's first turn), with what the seat saw.
    expect(table.stdout).toContain(
      [
        "Round 1, turn 1",
        "  hand: ace of hearts, king of hearts, 7 of clubs",
        "  middle: 10 of hearts, 8 of clubs, 9 of spades",
      ].join("\n"),
    );
    expect(table.stdout).toMatch(/\n {2}played: knock \(risk [\d.]+%, win [\d.]+%\)\n/);
    expect(table.stdout).toMatch(/\n {2}best: swap 7 of clubs for 10 of hearts \(risk [\d.]+%, win [\d.]+%\)\n/);
    expect(table.stdout).toMatch(/accuracy 0\.0% \(0 of 1 decision best or good\)/);
    // Long lines go on under themselves, four spaces in.
    expect(table.stdout.replace(/\n {4}/g, " ")).toMatch(
      /worst decisions:\n {2}Round 1, turn 1: knock instead of swap 7 of clubs for 10 of hearts \(-[\d.]+ points, blunder\)/,
    );
    expect(table.stdout).not.toMatch(/round 0|action 0|7c|Th\b/);
    expect(run(["analyse", path, "--seat", "0", "--lang", "en", ...FEW])).toEqual(table);
    // In German, by --lang or by the locale as play has it; the JSON is the same in either.
    const german = run(["analyse", path, "--seat", "0", "--lang", "de", ...FEW]);
    expect(german.stdout).toMatch(/^Analyse von Platz 0 \(P0\): 1 Entscheidung, /);
    expect(german.stdout).toContain(
      "Runde 1, Zug 1\n  Hand: Herz-Ass, Herz-König, Kreuz 7\n  Mitte: Herz 10, Kreuz 8, Pik 9",
    );
    expect(german.stdout).toMatch(/gespielt: klopfen \(Risiko [\d,]+\u00a0%, Siegchance [\d,]+\u00a0%\)/);
    expect(german.stdout.replace(/\n {4}/g, " ")).toMatch(
      /Runde 1, Zug 1: klopfen statt Kreuz 7 gegen Herz 10 tauschen \(−[\d,]+ Punkte, grober Patzer\)/,
    );
    expect(
      runBinary(
        ["analyse", path, "--seat", "0", ...FEW],
        "",
        { LANG: "de_DE.UTF-8", LC_ALL: "", LC_MESSAGES: "" },
        120_000,
      ),
    ).toEqual(german);
    expect(
      runBinary(
        ["analyse", path, "--seat", "0", ...FEW],
        "",
        { LANG: "en_GB.UTF-8", LC_ALL: "", LC_MESSAGES: "" },
        120_000,
      ),
    ).toEqual(table);
    for (const lang of ["de", "en"])
      expect(run(["analyse", path, "--seat", "0", "--json", "--lang", lang, ...FEW]).stdout).toBe(
        run(["analyse", path, "--seat", "0", "--json", ...FEW]).stdout,
      );
  });

  it("is listed in the help", () => {
    expect(run(["--help"]).stdout).toMatch(/schwimmen analyse RECORD --seat N \[--json\]/);
    expect(run(["analyse", "--help"]).stdout).toMatch(
      /"options": \[\{"action": ACTION, "loseLife": P, "winMatch": P\}\]/,
    );
  });
});

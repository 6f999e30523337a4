import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../src/main.js";
import { parseArenaArgs } from "../src/arena/args.js";
import { seatLabels } from "../src/arena/lineup.js";
import { splitMatches } from "../src/arena/pool.js";
import { progressReporter } from "../src/arena/progress.js";
import { wilsonInterval } from "../src/arena/stats.js";
import { HISTOGRAM_BINS, binOf, binValue, histogramPercentile } from "../src/arena/tally.js";

const dir = mkdtempSync(join(tmpdir(), "arena-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function arena(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await main(["arena", ...args], {
    stdin: Readable.from([]),
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    readFile: (path) => readFile(path, "utf8"),
  });
  return { code, stdout, stderr };
}

const readJson = (path: string) => JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;

/** Drops what is measured rather than computed: decision times. */
const withoutTimes = (summary: Record<string, unknown>) => ({
  ...summary,
  seats: (summary.seats as Record<string, unknown>[]).map((seat) => {
    const rest = { ...seat };
    delete rest.decisionMs;
    return rest;
  }),
});

/** A small well-formedness check: every tag closes in order, attributes are quoted, no stray ampersands or angles. */
function checkXml(text: string): void {
  const body = text.replace(/^<\?xml[^?]*\?>\s*/, "");
  const open: string[] = [];
  const tag = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|<|&(?!(?:amp|lt|gt|quot|apos);)/g;
  let last = 0;
  for (let m = tag.exec(body); m !== null; m = tag.exec(body)) {
    if (m[2] === undefined) throw new Error(`stray ${m[0]} at ${m.index}`);
    const between = body.slice(last, m.index);
    if (between.includes(">")) throw new Error(`stray > before ${m.index}`);
    last = m.index + m[0].length;
    if (m[1] === "/") {
      if (open.pop() !== m[2]) throw new Error(`</${m[2]}> closes the wrong element`);
    } else if (m[4] !== "/") open.push(m[2]);
  }
  if (open.length > 0) throw new Error(`unclosed ${open.join(", ")}`);
  if (!body.trimStart().startsWith("<svg")) throw new Error("the root is not svg");
}

describe("arena statistics", () => {
  it("computes Wilson intervals (known values)", () => {
    const close = ([a, b]: [number, number], [c, d]: [number, number]) => {
      expect(a).toBeCloseTo(c, 4);
      expect(b).toBeCloseTo(d, 4);
    };
    close(wilsonInterval(0, 10), [0, 0.27753]);
    close(wilsonInterval(10, 10), [0.72247, 1]);
    close(wilsonInterval(5, 10), [0.23659, 0.76341]);
    close(wilsonInterval(47, 100), [0.37511, 0.56711]);
    close(wilsonInterval(940, 2000), [0.4482, 0.49191]);
  });

  it("reads percentiles from the log histogram within 1%", () => {
    const histogram = new Array<number>(HISTOGRAM_BINS).fill(0);
    const times = Array.from({ length: 100 }, (_, i) => (i + 1) * 0.1); // 0.1 ms to 10 ms
    for (const t of times) histogram[binOf(t)]!++;
    expect(histogramPercentile(histogram, 0.5)! / 5).toBeCloseTo(1, 1);
    expect(Math.abs(histogramPercentile(histogram, 0.95)! / 9.5 - 1)).toBeLessThan(0.011);
    expect(histogramPercentile(new Array<number>(4).fill(0), 0.5)).toBeNull();
    for (const t of [0.0003, 0.02, 3, 250]) expect(Math.abs(binValue(binOf(t)) / t - 1)).toBeLessThan(0.011);
  });

  it("splits matches into shards that cover every match once, and labels repeated bots", () => {
    for (const [matches, parts] of [
      [10, 3],
      [2, 5],
      [2000, 2],
      [1, 1],
    ] as const) {
      const shards = splitMatches(matches, parts);
      expect(shards[0]!.start).toBe(0);
      expect(shards[shards.length - 1]!.end).toBe(matches);
      shards.slice(1).forEach((shard, i) => expect(shard.start).toBe(shards[i]!.end));
      expect(shards.every((s) => s.end > s.start)).toBe(true);
    }
    expect(seatLabels(["expert", "greedy", "greedy", "greedy"])).toEqual(["expert", "greedy", "greedy#2", "greedy#3"]);
  });

  it("draws a bar on a terminal and a plain line per tenth otherwise", () => {
    let clock = 0;
    const now = () => clock;
    let tty = "";
    const bar = progressReporter(4, { write: (t: string) => (tty += t) }, true, now);
    for (let done = 1; done <= 4; done++) {
      clock += 200;
      bar.update(done);
    }
    bar.finish();
    expect(tty.split("\r").filter(Boolean)).toHaveLength(4);
    expect(tty).toContain(`[${"#".repeat(30)}] 100%  4/4 matches`);
    expect(tty.endsWith("\n")).toBe(true);
    let log = "";
    const plain = progressReporter(40, { write: (t: string) => (log += t) }, false, now);
    for (let done = 1; done <= 40; done++) plain.update(done);
    plain.finish();
    expect(log.split("\n").filter(Boolean)).toHaveLength(10);
    expect(log).not.toContain("\r");
    expect(log).toContain("arena: 40/40 matches (100%)");
  });

  it("parses the command line", () => {
    const parsed = parseArenaArgs(["--seats", "random,random", "--matches=20", "--seed", "7", "--workers", "2"]);
    expect(parsed).toMatchObject({ help: false, args: { names: ["random", "random"], matches: 20, seed: "7" } });
    expect(parseArenaArgs(["--seats", "a", "--help"])).toEqual({ help: true });
  });
});

describe("schwimmen arena", () => {
  it("prints the table and writes JSON in the promised shape and a well-formed SVG chart", async () => {
    const json = join(dir, "run.json");
    const chart = join(dir, "run.svg");
    const run = await arena(
      "--seats",
      "random,random,random",
      "--matches",
      "24",
      "--seed",
      "7",
      "--json",
      json,
      "--chart",
      chart,
    );
    expect(run.code).toBe(0);
    const lines = run.stdout.split("\n");
    expect(lines[0]).toMatch(/^seat\s+wins\s+draws\s+win share\s+95% CI\s+avg place\s+p50 ms\s+p95 ms$/);
    expect(lines.slice(1, 4).map((l) => l.split(/\s+/)[0])).toEqual(["random", "random#2", "random#3"]);
    expect(run.stdout).toMatch(/stopped by the cap of 500 actions: 0/);
    expect(run.stderr).toMatch(/24\/24 matches/);

    const summary = readJson(json);
    expect(Object.keys(summary).slice(0, 2)).toEqual(["matches", "seats"]);
    expect(summary.matches).toBe(24);
    const seats = summary.seats as Record<string, unknown>[];
    expect(seats).toHaveLength(3);
    let wins = 0;
    let draws = 0;
    for (const seat of seats) {
      expect(seat).toMatchObject({
        bot: "random",
        wins: expect.any(Number),
        draws: expect.any(Number),
        winRate: expect.any(Number),
        ci95: [expect.any(Number), expect.any(Number)],
        decisionMs: { p50: expect.any(Number), p95: expect.any(Number) },
      });
      const [low, high] = seat.ci95 as [number, number];
      expect(low).toBeLessThanOrEqual(seat.winRate as number);
      expect(high).toBeGreaterThanOrEqual(seat.winRate as number);
      expect(seat.winRate).toBeCloseTo((seat.wins as number) / 24, 4);
      wins += seat.wins as number;
      draws += seat.draws as number;
    }
    // Every match has one winner or a draw shared by at least two seats.
    const drawnMatches = summary.draws as number;
    expect(wins + drawnMatches).toBe(24);
    expect(draws).toBeGreaterThanOrEqual(2 * drawnMatches);

    const svg = readFileSync(chart, "utf8");
    checkXml(svg);
    expect(svg).toContain("fair share");
    expect(svg).toContain("random#3");
    expect(svg.match(/class="bar"/g)).toHaveLength(3);
  });

  it("gives the same results on one worker and on two", async () => {
    const one = join(dir, "one.json");
    const two = join(dir, "two.json");
    const common = ["--seats", "random,random,random,random", "--matches", "30", "--seed", "repro"];
    const first = await arena(...common, "--json", one);
    const second = await arena(...common, "--json", two, "--workers", "2");
    expect(first.code).toBe(0);
    expect(second.code).toBe(0);
    expect(second.stderr).toMatch(/on 2 worker/);
    expect(withoutTimes(readJson(two))).toEqual(withoutTimes(readJson(one)));
    // 30 matches over 4 seats: every entry sat 7 or 8 times at each table seat, 30 in all.
    for (const seat of readJson(one).seats as { positions: number[] }[]) {
      expect(seat.positions.reduce((a, b) => a + b, 0)).toBe(30);
      for (const count of seat.positions) expect([7, 8]).toContain(count);
    }
    const other = join(dir, "other.json");
    await arena("--seats", "random,random,random,random", "--matches", "30", "--seed", "other", "--json", other);
    expect(withoutTimes(readJson(other))).not.toEqual(withoutTimes(readJson(one)));
  });

  it("reads a rule file and reports rounds stopped by the cap", async () => {
    const rules = join(dir, "rules.json");
    writeFileSync(rules, JSON.stringify({ allPass: "nothing", deck: "french52" }));
    const json = join(dir, "cap.json");
    const run = await arena(
      "--seats",
      "random,random",
      "--matches",
      "4",
      "--seed",
      "c",
      "--rules",
      rules,
      "--cap",
      "3",
      "--max-rounds",
      "5",
      "--json",
      json,
    );
    expect(run.code).toBe(0);
    const summary = readJson(json);
    expect(summary.rules).toEqual({ allPass: "nothing", deck: "french52" });
    expect(summary.cappedRounds).toBeGreaterThan(0);
    expect(summary.capActions).toBe(3);
    expect(run.stdout).toMatch(new RegExp(`stopped by the cap of 3 actions: ${summary.cappedRounds as number}`));
  });

  it("refuses bad input with one clear line and exit code 2", async () => {
    const badJson = join(dir, "bad.json");
    writeFileSync(badJson, "{ nope");
    const badKey = join(dir, "badkey.json");
    writeFileSync(badKey, JSON.stringify({ colour: "red" }));
    const cases: [string[], RegExp][] = [
      [["--seats", "random,wizard"], /unknown bot "wizard"; known bots: random/],
      [["--seats", "random"], /takes 2 to 9 seats, not 1/],
      [["--seats", Array(10).fill("random").join(",")], /takes 2 to 9 seats, not 10/],
      [
        ["--seats", "random,random", "--matches", "many"],
        /--matches must be a whole number from 1 to 10000000, not "many"/,
      ],
      [["--seats", "random,random", "--matches", "0"], /--matches must be a whole number from 1 to 10000000, not 0 \(/],
      [
        ["--seats", "random,random", "--matches", "-5"],
        /--matches must be a whole number from 1 to 10000000, not -5 \(/,
      ],
      [["--seats", "random,random", "--workers", "-1"], /--workers must be a whole number from 1 to 64, not -1 \(/],
      [["--matches", "3"], /--seats is required/],
      [["--seats", "random,random", "--frobnicate", "1"], /unknown option "--frobnicate"/],
      [["--seats", "random,random", "--seed"], /--seed needs a value/],
      [["--seats", "random,random", "--rules", join(dir, "missing.json")], /no such file/],
      [["--seats", "random,random", "--rules", badJson], /not valid JSON/],
      [["--seats", "random,random", "--rules", badKey], /unknown rule key "colour"/],
      [["--seats", "random,random", "--json", join(dir, "no", "such", "out.json")], /does not exist/],
      // A folder named as an output file is found out before a single match is played.
      [
        ["--seats", "random,random", "--chart", dir],
        /^schwimmen arena: --chart .+: that is a folder; name a file in it/,
      ],
      [["--seats", "random,random", "--json", dir], /--json .+: that is a folder/],
      [["--seats", "expert,random", "--calibration", dir], /--calibration .+: that is a folder/],
    ];
    for (const [args, message] of cases) {
      const run = await arena(...args);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr).toMatch(message);
      expect(run.stderr.trim().split("\n")).toHaveLength(1);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it("--calibration: the experts' chances of losing a life against what happened, as a table, JSON and SVG", async () => {
    const json = join(dir, "calibration.json");
    const chart = join(dir, "calibration.svg");
    const common = ["--seats", "expert,greedy", "--matches", "2", "--seed", "cal"];
    const run = await arena(...common, "--json", json, "--calibration", chart);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Calibration: the expert's chance of losing a life this round/);
    expect(run.stdout).toMatch(/^predicted\s+decisions\s+mean predicted\s+observed\s+difference\s+target$/m);
    expect(run.stdout).toMatch(/^\d+ decisions, Brier score 0\.\d+/m);
    const calibration = readJson(json).calibration as { decisions: number; buckets: { count: number }[] };
    expect(calibration.buckets).toHaveLength(10);
    expect(calibration.decisions).toBeGreaterThan(0);
    expect(calibration.buckets.reduce((sum, b) => sum + b.count, 0)).toBe(calibration.decisions);
    const svg = readFileSync(chart, "utf8");
    checkXml(svg);
    expect(svg).toContain('class="diagonal"');
    // The same decisions on two workers.
    const two = join(dir, "calibration-2.json");
    expect((await arena(...common, "--json", two, "--workers", "2", "--calibration", chart)).code).toBe(0);
    expect(readJson(two).calibration).toEqual(calibration);
    const noExpert = await arena("--seats", "greedy,greedy", "--calibration", chart);
    expect(noExpert.code).toBe(2);
    expect(noExpert.stderr).toMatch(/--calibration needs an expert seat/);
  }, 120_000);

  it("explains itself with --help and is listed in the main help", async () => {
    const run = await arena("--help");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/--seats LIST/);
    expect(run.stdout).toMatch(/stopped round ends without a loser/i);
    let text = "";
    await main(["--help"], {
      stdin: Readable.from([]),
      stdout: { write: (t: string) => (text += t) },
      stderr: { write: () => true },
      readFile: (path) => readFile(path, "utf8"),
    });
    expect(text).toMatch(/schwimmen arena --seats/);
  });
});

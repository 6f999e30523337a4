import { spawnSync } from "node:child_process";
import { existsSync, openSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { outcomeOf, replayRecordText } from "@schwimmen/rules";
import { knock, pass, record, swap } from "../../rules/test/helpers.js";
import { bin, binaryAndFolder, root, run } from "./binary.js";

const BASE = ["7c 8s 9h", "Tc Ts 8h", "Jc 9s 7d"];
const MIDDLE = "Qd 8d Kc";
const game = (actions: unknown[], rules: Record<string, unknown> = {}) =>
  JSON.stringify(record({ rules, rounds: [{ deal: { hands: BASE, middle: MIDDLE }, actions: actions as never }] }));
const examples = join(root, "packages/rules/test/examples");

/** What the engine itself says for a record's text: the expected output line. */
function expectedLine(text: string): string {
  const replayed = replayRecordText(text);
  return replayed.ok ? JSON.stringify(outcomeOf(replayed.value.state)) : JSON.stringify({ error: replayed.error });
}

const { path: inFolder, file } = binaryAndFolder("packages/cli/dist/replay.js", "schwimmen-replay-");

describe("schwimmen replay FILE", () => {
  it.each(["seed002-example-31", "seed002-example-knock", "hidden-example", "two-decks-example"])(
    "%s prints its outcome and exits 0",
    (name) => {
      const got = run(["replay", join(examples, `${name}.json`)]);
      expect(got.stderr).toBe("");
      expect(got.code).toBe(0);
      const expected = JSON.parse(readFileSync(join(examples, `${name}.outcome.json`), "utf8"));
      const outcome = JSON.parse(got.stdout);
      const sets = (o: { rounds: { hands: string[][] }[] }) => o.rounds.map((r) => r.hands.map((h) => [...h].sort()));
      expect(sets(outcome)).toEqual(sets(expected));
      expect({ ...outcome, rounds: outcome.rounds.map((r: object) => ({ ...r, hands: null })) }).toEqual({
        ...expected,
        rounds: expected.rounds.map((r: object) => ({ ...r, hands: null })),
      });
      expect(got.stdout.endsWith("}\n")).toBe(true);
      expect(got.stdout.trim().split("\n")).toHaveLength(1);
    },
  );

  it("reads standard input for -", () => {
    const text = readFileSync(join(examples, "seed002-example-31.json"), "utf8");
    const got = run(["replay", "-"], text);
    expect(got.code).toBe(0);
    expect(got.stdout.trim()).toBe(expectedLine(text));
  });

  const errors: [string, string][] = [
    ["INVALID_RECORD", "{ not json"],
    ["INVALID_RECORD", game([], { fire: "maybe" })],
    ["INVALID_DEAL", game([]).replace('"7c"', '"7x"')],
    ["NOT_YOUR_TURN", game([pass(1)])],
    ["ACTION_NOT_ALLOWED", game([knock(0), knock(1)])],
    ["ACTION_NOT_ALLOWED", game([{ seat: 0, type: "passOn", give: ["7c", "8s"] }])],
    ["INVALID_RECORD", game([{ seat: 0, type: "passOn", give: ["7c"] }])],
    ["CARD_NOT_IN_HAND", game([swap(0, "Ah", "Qd")])],
    ["CARD_NOT_IN_MIDDLE", game([swap(0, "7c", "Ah")])],
    ["ROUND_OVER", game([knock(0), pass(1), pass(2), pass(0)])],
    [
      "MATCH_OVER",
      JSON.stringify(
        record({
          rules: { lives: 1, swimming: "off" },
          rounds: [
            { deal: { hands: ["7c 8s 9h", "Tc Ts 8h"], middle: MIDDLE }, actions: [knock(0), pass(1)] },
            { deal: { hands: [null as never, "Tc Ts 8h"], middle: MIDDLE } },
          ],
        }),
      ),
    ],
  ];
  it.each(errors)("%s: exit 2, the error on stderr, nothing on stdout, no stack trace", (code, text) => {
    const got = run(["replay", file(`${code}.json`, text)]);
    expect(got.code).toBe(2);
    expect(got.stdout).toBe("");
    expect(got.stderr.trim().split("\n")).toHaveLength(1);
    const error = JSON.parse(got.stderr).error;
    expect(error.code).toBe(code);
    expect(typeof error.message).toBe("string");
    expect(got.stderr).not.toMatch(/\n\s+at /);
    expect(got.stderr.trim()).toBe(expectedLine(text));
  });

  it("names the round and the action of a failing action", () => {
    const got = run(["replay", "-"], game([knock(0), pass(2)]));
    expect(JSON.parse(got.stderr)).toEqual({
      error: { code: "NOT_YOUR_TURN", message: expect.any(String), round: 0, action: 1 },
    });
  });

  it("a missing file: INVALID_RECORD, exit 2, no stack trace", () => {
    const got = run(["replay", inFolder("nothing-here.json")]);
    expect(got.code).toBe(2);
    expect(got.stdout).toBe("");
    expect(JSON.parse(got.stderr).error.code).toBe("INVALID_RECORD");
    expect(got.stderr).not.toMatch(/\n\s+at /);
  });

  it("wrong usage: exit 2, nothing on stdout, one line that says what is wrong and where the help is", () => {
    const cases: [string[], string][] = [
      [["replay"], "no record given"],
      [["replay", "a.json", "b.json"], "one record at a time"],
      [["replay", "--jsonl", "a.json"], "one record at a time"],
      // An unknown option is no file name: not {"error": ...} about a missing file.
      [["replay", "--bogus"], 'unknown option "--bogus"'],
      [["replay", "-x", "a.json"], 'unknown option "-x"'],
    ];
    for (const [args, words] of cases) {
      const got = run(args);
      expect(got.code, args.join(" ")).toBe(2);
      expect(got.stdout).toBe("");
      expect(got.stderr).toMatch(/^schwimmen replay: .+ \(see schwimmen replay --help\)\n$/);
      expect(got.stderr).toContain(words);
    }
  });
});

describe("schwimmen replay --jsonl", () => {
  const good = game([knock(0), pass(1), pass(2)]);
  const unfinished = game([swap(0, "7c", "Qd")]);
  const bad = game([pass(2)]);

  it("one line per input line, in order, good and bad mixed; exit 0", () => {
    const lines = [good, "not json", bad, "", unfinished, "[]", good];
    const got = run(["replay", "--jsonl"], lines.join("\n") + "\n");
    expect(got.code).toBe(0);
    expect(got.stderr).toBe("");
    expect(got.stdout.split("\n").slice(0, -1)).toEqual(lines.map(expectedLine));
    const codes = got.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line).error?.code ?? "ok");
    expect(codes).toEqual(["ok", "INVALID_RECORD", "NOT_YOUR_TURN", "INVALID_RECORD", "ok", "INVALID_RECORD", "ok"]);
  });

  it("a last line without a newline counts; no input gives no output", () => {
    expect(run(["replay", "--jsonl"], `${good}\n${bad}`).stdout.trim().split("\n")).toHaveLength(2);
    const empty = run(["replay", "--jsonl"], "");
    expect(empty).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it.each(["0", "1", "2", "3"])("many lines keep their order with %s worker threads", (threads) => {
    const texts = Array.from({ length: 1234 }, (_, i) =>
      i % 7 === 3 ? bad : i % 11 === 5 ? "{" : i % 2 ? good : unfinished,
    );
    const got = run(["replay", "--jsonl"], texts.join("\n") + "\n", { SCHWIMMEN_REPLAY_THREADS: threads });
    expect(got.code).toBe(0);
    const out = got.stdout.split("\n");
    expect(out.pop()).toBe("");
    expect(out).toHaveLength(texts.length);
    const expected = new Map(texts.map((t) => [t, expectedLine(t)]));
    expect(out).toEqual(texts.map((t) => expected.get(t)));
  });
});

describe("replay --jsonl in many small batches", () => {
  const good = game([knock(0), pass(1), pass(2)]);
  const bad = game([pass(2)]);
  // Names beyond ASCII: a batch is cut as bytes, at line ends only.
  const named = JSON.stringify({ ...JSON.parse(good), players: ["Jürgen", "Zoë", "Ça"] });
  const texts = Array.from({ length: 600 }, (_, i) =>
    i % 13 === 4 ? "{" : i % 17 === 8 ? "" : i % 5 === 1 ? bad : i % 3 ? named : good,
  );
  // Windows line ends too; the last line has none and still counts.
  const input = texts.map((t, i) => (i % 9 === 7 ? `${t}\r` : t)).join("\n");
  const expected = texts.map((t, i) => expectedLine(i % 9 === 7 ? `${t}\r` : t));

  it.each(["0", "1", "2"])("each output line in its input's place with %s worker threads", (threads) => {
    const got = run(["replay", "--jsonl"], input, {
      SCHWIMMEN_REPLAY_THREADS: threads,
      SCHWIMMEN_REPLAY_BATCH_BYTES: "700",
    });
    expect(got.code).toBe(0);
    expect(got.stderr).toBe("");
    expect(got.stdout.split("\n")).toEqual([...expected, ""]);
  });

  // Over 2 MB, so that lines and batches cross the 1 MB chunks in which the descriptor is read, and a later chunk
  // overwrites all of an earlier one.
  it.each(["0", "1"])("a file on standard input (read by its descriptor), %s worker threads", (threads) => {
    const times = Math.ceil((2.2 * (1 << 20)) / input.length);
    const path = file("batches.jsonl", `${input}\n`.repeat(times));
    expect(statSync(path).size).toBeGreaterThan(2 << 20);
    const got = spawnSync(process.execPath, [bin, "replay", "--jsonl"], {
      stdio: [openSync(path, "r"), "pipe", "pipe"],
      encoding: "utf8",
      env: { ...process.env, SCHWIMMEN_REPLAY_THREADS: threads, SCHWIMMEN_REPLAY_BATCH_BYTES: "5000" },
      timeout: 60_000,
      maxBuffer: 1 << 28,
    });
    expect(got.stderr).toBe("");
    expect(got.stdout.split("\n")).toEqual([...Array.from({ length: times }, () => expected).flat(), ""]);
  });

  // Run through dist/main.js, not the bundle; `--input-type`, which a worker inherits, makes each worker fail to
  // start: this thread then replays what they held, and the output is still whole.
  it("the CLI's own modules agree with the bundle, also when the worker threads fail", () => {
    expect(existsSync(join(root, "packages/cli/dist/bundle/replay-main.js"))).toBe(true);
    const main = JSON.stringify(join(root, "packages/cli/dist/main.js"));
    const got = spawnSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `const { main } = await import(${main}); process.exitCode = await main(process.argv.slice(1));`,
        "replay",
        "--jsonl",
      ],
      {
        input,
        encoding: "utf8",
        env: { ...process.env, SCHWIMMEN_REPLAY_THREADS: "2", SCHWIMMEN_REPLAY_BATCH_BYTES: "700" },
        timeout: 60_000,
      },
    );
    expect(got.stderr).toBe("");
    expect(got.status).toBe(0);
    expect(got.stdout.split("\n")).toEqual([...expected, ""]);
  });
});

describe("a reader that stops early", () => {
  it("replay --jsonl | head: no EPIPE stack trace, exit 0", () => {
    const line = game([knock(0), pass(1), pass(2)]);
    const input = file("many.jsonl", `${line}\n`.repeat(3000));
    const got = spawnSync("sh", ["-c", `"${process.execPath}" "${bin}" replay --jsonl < "${input}" | head -c 10`], {
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(got.stdout).toHaveLength(10);
    expect(got.stderr).toBe("");
  });
});

describe("schwimmen --help", () => {
  it("prints the usage with the replay command and exits 0", () => {
    const got = run(["--help"]);
    expect(got.code).toBe(0);
    expect(got.stdout).toContain("schwimmen replay FILE");
    expect(got.stdout).toContain("--jsonl");
  });
  it("replay --help prints the replay usage", () => {
    const got = run(["replay", "--help"]);
    expect(got.code).toBe(0);
    expect(got.stdout).toContain("schwimmen replay --jsonl");
  });
});

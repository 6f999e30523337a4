import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import {
  type MatchState,
  Rng,
  applyAction,
  dealRound,
  legalActions,
  makeRecord,
  newMatch,
  parseRules,
} from "@schwimmen/rules";
import { main } from "../src/main.js";
import { verifyRecord } from "../src/verify.js";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** A whole match dealt from seeds, written as the server writes records: `seed` and `seedHash` on each round. */
function seededRecord(preset: Record<string, unknown>, seatCount: number, matchSeed: string) {
  const rules = parseRules(preset);
  if (!rules.ok) throw new Error("rules");
  const made = newMatch({ rules: rules.value, seats: seatCount, dealer: 1 });
  if (!made.ok) throw new Error("match");
  let state: MatchState = made.value;
  const rng = Rng.fromSeed(matchSeed);
  const seeds: string[] = [];
  while (!state.over) {
    const seed = rng.nextSeed();
    seeds.push(seed);
    const dealt = dealRound(state, { seed });
    if (!dealt.ok) throw new Error(dealt.error.message);
    state = dealt.value.state;
    for (let legal = legalActions(state); legal.length > 0; legal = legalActions(state)) {
      const applied = applyAction(state, legal[rng.below(legal.length)]!);
      if (!applied.ok) throw new Error(applied.error.message);
      state = applied.value.state;
    }
  }
  const record = makeRecord(
    state,
    Array.from({ length: seatCount }, (_, i) => `P${i}`),
    1,
  );
  return {
    ...record,
    rounds: record.rounds.map((round, i) => ({ ...round, seed: seeds[i]!, seedHash: sha256(seeds[i]!) })),
  };
}

async function run(args: string[], files: Record<string, string>, input = "") {
  let stdout = "";
  let stderr = "";
  const code = await main(args, {
    stdin: Readable.from(input === "" ? [] : [input]),
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    readFile: async (path) => {
      const text = files[path];
      if (text === undefined) throw Object.assign(new Error("missing"), { code: "ENOENT" });
      return text;
    },
  });
  return { code, stdout, stderr };
}

describe("schwimmen verify", () => {
  it.each([
    [{}, 4, "a"],
    [{ deal: "dealerChooses" }, 3, "b"],
    [{ deck: "french52", lives: 1 }, 5, "c"],
  ])("accepts an honest record (%o, %i seats)", (rules, seats, seed) => {
    const report = verifyRecord(seededRecord(rules, seats, seed));
    expect(report.ok).toBe(true);
    expect(report.rounds.length).toBeGreaterThan(0);
    expect(report.rounds.every((r) => r.status === "ok")).toBe(true);
  });

  it("finds a stacked stock, a wrong hash and a missing seed", () => {
    const honest = seededRecord({}, 3, "d");
    // Two stock cards swapped: still a valid deal (the record replays), but not the seed's deal.
    const stacked = structuredClone(honest);
    const stock = stacked.rounds[0]!.deal.stock as string[];
    [stock[0], stock[1]] = [stock[1]!, stock[0]!];
    const a = verifyRecord(stacked);
    expect(a.ok).toBe(false);
    expect(a.rounds[0]).toMatchObject({ status: "mismatch" });
    expect(a.rounds[0]!.problems.join()).toContain("stock");
    expect(a.rounds.slice(1).every((r) => r.status === "ok")).toBe(true);

    const rehashed = structuredClone(honest);
    rehashed.rounds[1]!.seedHash = sha256("something else");
    expect(verifyRecord(rehashed).rounds[1]).toMatchObject({ status: "mismatch" });

    const unseeded = structuredClone(honest) as { rounds: { seed?: string }[] };
    delete unseeded.rounds[0]!.seed;
    const c = verifyRecord(unseeded);
    expect(c.ok).toBe(false);
    expect(c.rounds[0]).toMatchObject({ status: "unverifiable" });
  });

  it("exits 0 for an honest record, 1 for a dishonest one, 2 for a bad or missing file", async () => {
    const honest = seededRecord({}, 4, "e");
    const dishonest = structuredClone(honest);
    dishonest.rounds[0]!.seed = "0".repeat(32);
    const files = { "honest.json": JSON.stringify(honest), "bad.json": JSON.stringify(dishonest), "junk.json": "{" };
    const ok = await run(["verify", "honest.json"], files);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ ok: true });
    const bad = await run(["verify", "bad.json"], files);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout).rounds[0].status).toBe("mismatch");
    expect((await run(["verify", "junk.json"], files)).code).toBe(2);
    expect((await run(["verify", "nope.json"], files)).code).toBe(2);
    expect((await run(["verify"], files)).code).toBe(2);
  });

  it("reads the record from standard input for -, as replay and analyse do", async () => {
    const honest = JSON.stringify(seededRecord({}, 3, "stdin"));
    const piped = await run(["verify", "-"], {}, honest);
    expect(piped.code).toBe(0);
    expect(JSON.parse(piped.stdout)).toMatchObject({ ok: true });
    const junk = await run(["verify", "-"], {}, "{");
    expect(junk.code).toBe(2);
    expect(junk.stderr).toContain("not valid JSON");
  });

  it("shows its help for --help and -h instead of taking them for a file", async () => {
    for (const flag of ["--help", "-h"]) {
      const help = await run(["verify", flag], {});
      expect(help.code).toBe(0);
      expect(help.stdout).toContain("schwimmen verify RECORD");
      expect(help.stderr).toBe("");
    }
    // Any other option is a mistake, not a file name.
    const odd = await run(["verify", "--bogus"], {});
    expect(odd.code).toBe(2);
    expect(odd.stderr).toContain("usage: schwimmen verify");
  });
});

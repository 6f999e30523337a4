/**
 * `schwimmen verify RECORD`: checks a downloaded game's fair dealing. The server shuffles each round from a secret
 * seed, sends the seed's SHA-256 with the deal and reveals the seed after the round; the record carries both as
 * extra keys (`seed`, `seedHash`) on each round. Here every round is re-dealt from its seed with the engine's
 * `dealFromSeed` and compared with the recorded deal, and the seed is hashed and compared with the hash.
 */
import { createHash } from "node:crypto";
import {
  type Action,
  type Deal,
  type MatchState,
  applyAction,
  dealFromSeed,
  dealRound,
  newMatch,
  parseRules,
  replayRecord,
} from "@schwimmen/rules";
import { type Io, readRecordText } from "./replay.js";

export interface RoundCheck {
  readonly round: number;
  /** "ok": hash and deal match; "mismatch": they do not; "unverifiable": the round has no seed. */
  readonly status: "ok" | "mismatch" | "unverifiable";
  readonly seedHash: string | null;
  readonly problems: readonly string[];
}

export interface VerifyReport {
  readonly ok: boolean;
  readonly rounds: readonly RoundCheck[];
  readonly error?: { readonly code: string; readonly message: string };
}

/** A seed's hash as the server publishes it (and `play` writes it into its records). */
export const sha256Hex = (text: string): string => createHash("sha256").update(text, "utf8").digest("hex");
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function compareDeals(recorded: Deal, dealt: Deal): string[] {
  const problems: string[] = [];
  if (!same(recorded.hands, dealt.hands)) problems.push("the hands differ from the seed's deal");
  if (!same(recorded.middle, dealt.middle)) problems.push("the middle differs from the seed's deal");
  if (!same(recorded.extra, dealt.extra)) problems.push("the second packet differs from the seed's deal");
  if (dealt.packet && !same(recorded.packet, dealt.packet))
    problems.push("the hidden deal's packet differs from the seed's deal");
  if (!same(recorded.stock, dealt.stock)) problems.push("the stock differs from the seed's deal");
  return problems;
}

/** Checks every round of a parsed record. A record the engine cannot replay is reported as an error. */
export function verifyRecord(input: unknown): VerifyReport {
  const replayed = replayRecord(input);
  if (!replayed.ok) return { ok: false, rounds: [], error: replayed.error };
  const record = input as Record<string, unknown>;
  const rules = parseRules(record.rules);
  const players = record.players as unknown[];
  const made = rules.ok
    ? newMatch({ rules: rules.value, seats: players.length, dealer: record.dealer as number })
    : null;
  if (!made || !made.ok) return { ok: false, rounds: [], error: { code: "INVALID_RECORD", message: "bad match" } };
  let state: MatchState = made.value;
  const rounds: RoundCheck[] = [];
  const list = record.rounds as Record<string, unknown>[];
  for (let r = 0; r < list.length; r++) {
    const round = list[r]!;
    const deal = round.deal as Deal;
    const seed = round.seed;
    const hash = typeof round.seedHash === "string" ? round.seedHash : null;
    if (typeof seed !== "string") {
      rounds.push({ round: r, status: "unverifiable", seedHash: hash, problems: ["the round has no seed"] });
    } else {
      const problems: string[] = [];
      if (hash === null) problems.push("the round has no seedHash");
      else if (sha256Hex(seed) !== hash.toLowerCase()) problems.push("the seed does not hash to seedHash");
      problems.push(...compareDeals(deal, dealFromSeed(state, seed)));
      rounds.push({ round: r, status: problems.length === 0 ? "ok" : "mismatch", seedHash: hash, problems });
    }
    // Move on with the recorded deal and actions (the record replayed above, so these succeed).
    const dealt = dealRound(state, { deal });
    if (!dealt.ok) break;
    state = dealt.value.state;
    for (const action of (isObject(round) && Array.isArray(round.actions) ? round.actions : []) as Action[]) {
      const applied = applyAction(state, action);
      if (!applied.ok) break;
      state = applied.value.state;
    }
  }
  return { ok: rounds.length > 0 && rounds.every((c) => c.status === "ok"), rounds };
}

/** The command: reads the record from a file or, for "-", standard input; prints the report as JSON; exit 0 when every round checks out, 1 when not, 2 for a bad record. */
export async function verifyFile(path: string, io: Io): Promise<number> {
  // A file, or "-" for standard input (as replay and analyse read it); the same error line when it cannot be read.
  const text = await readRecordText(path, io);
  if (text === null) return 2;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    io.stderr.write(
      JSON.stringify({ error: { code: "INVALID_RECORD", message: "the record is not valid JSON" } }) + "\n",
    );
    return 2;
  }
  const report = verifyRecord(parsed);
  if (report.error) {
    io.stderr.write(JSON.stringify({ error: report.error }) + "\n");
    return 2;
  }
  io.stdout.write(JSON.stringify(report) + "\n");
  return report.ok ? 0 : 1;
}

export const VERIFY_USAGE = `  schwimmen verify RECORD      check a game record's deals against its revealed
                               seeds and their hashes (RECORD may be - for
                               standard input); prints a JSON report, exit 0
                               when every round checks out, 1 if not, 2 for a
                               bad record`;

export const verifyCommand = {
  usage: VERIFY_USAGE,
  async run(args: readonly string[], io: Io): Promise<number> {
    if (args.includes("--help") || args.includes("-h")) {
      io.stdout.write(`Usage:\n${VERIFY_USAGE}\n`);
      return 0;
    }
    const [path] = args;
    if (args.length === 1 && path !== undefined && (path === "-" || !path.startsWith("-"))) return verifyFile(path, io);
    io.stderr.write("usage: schwimmen verify RECORD|-  (schwimmen verify --help for more)\n");
    return 2;
  },
};

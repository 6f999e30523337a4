import { type GameRecord, type MatchState, makeRecord } from "@schwimmen/rules";
import { sha256Hex } from "../verify.js";

/** A round of a saved record, with the seed it was shuffled from and that seed's SHA-256 (as the server adds them). */
export type SeededRound = GameRecord["rounds"][number] & { readonly seed?: string; readonly seedHash?: string };

export type PlayedRecord = Omit<GameRecord, "rounds"> & { readonly rounds: readonly SeededRound[] };

/**
 * The record of a match played in the terminal: every round carries `seed` and `seedHash`, so `schwimmen verify`
 * can re-deal it. Unlike the server's download, a round still in play when the match was stopped stays in the
 * record (a replay shows it) and gets its seed too: the record already states its whole deal, and the person
 * was the only one at the table, so the seed gives nothing away.
 */
export function playedRecord(
  state: MatchState,
  names: readonly string[],
  seeds: readonly (string | null)[],
): PlayedRecord {
  const record = makeRecord(state, names);
  const rounds = record.rounds.map((round, index): SeededRound => {
    const seed = seeds[index];
    return typeof seed === "string" ? { ...round, seed, seedHash: sha256Hex(seed) } : round;
  });
  return { ...record, rounds };
}

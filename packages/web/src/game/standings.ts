import type { RoundResult, SeatStatus } from "@schwimmen/rules";

/** One seat's line in the final standings. */
export interface Standing {
  readonly seat: number;
  /** 1 for the best; seats that went out in the same round (or both end the match) share a place. */
  readonly place: number;
  readonly lives: number;
  readonly status: SeatStatus;
  /** The round (from 0) in which the seat went out; null for a seat still in at the end. */
  readonly outRound: number | null;
  /** Rounds the seat played in. */
  readonly rounds: number;
}

/**
 * The order of a match's seats from its finished rounds: who stayed in longest ranks first, a seat still in at the
 * end above all others, more lives above fewer among those; equal seats share a place (1, 1, 3).
 */
export function standingsOf(results: readonly RoundResult[]): Standing[] {
  const last = results[results.length - 1];
  if (!last) return [];
  const seats = last.state.map((status, seat): Standing => {
    const out = results.findIndex((result) => result.state[seat] === "out");
    const outRound = out === -1 ? null : out;
    return {
      seat,
      place: 0,
      lives: last.lives[seat] ?? 0,
      status,
      outRound,
      rounds: outRound === null ? results.length : outRound + 1,
    };
  });
  const key = (s: Standing) => [s.outRound ?? results.length, s.outRound === null ? s.lives : 0] as const;
  const better = (a: Standing, b: Standing) => {
    const [ra, la] = key(a);
    const [rb, lb] = key(b);
    return rb - ra || lb - la;
  };
  const sorted = seats.toSorted((a, b) => better(a, b) || a.seat - b.seat);
  return sorted.map((standing, index) => {
    const first = sorted.findIndex((other) => better(other, standing) === 0);
    return { ...standing, place: (first === -1 ? index : first) + 1 };
  });
}

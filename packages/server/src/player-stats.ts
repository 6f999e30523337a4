/**
 * A player's statistics, computed from the saved match records they sat in: each record is replayed by the rules
 * package, and the finished rounds tell knocks, 31s, Feuer and lost lives; the order in which seats went out tells
 * the places.
 */
import { type MatchState, isFire, replayRecordText } from "@schwimmen/rules";
import { computerMovesOf, moveKey } from "./computer-moves.js";
import { type MatchAccess, codeShown, matchAccess, matchKey } from "./match-privacy.js";
import type { PlayerRecordRow } from "./player-store.js";

export interface PlayerStats {
  readonly played: number;
  readonly won: number;
  /** Mean place (1 = winner; seats out in the same round share a place); null without matches. */
  readonly averagePlace: number | null;
  readonly livesLostPerMatch: number | null;
  readonly knocks: number;
  /** Knocks after which the knocker lost a life. */
  readonly knocksLost: number;
  readonly thirtyOnes: number;
  readonly fires: number;
  /** The house rules (differences from the defaults, "key=value") played most, most often first, at most three. */
  readonly favouriteRules: readonly { readonly rule: string; readonly matches: number }[];
}

/** One past match as the profile lists it. */
export interface PlayerMatch {
  /** The table's code; null for a private table's match the viewer did not sit in (match-privacy.ts). */
  readonly code: string | null;
  /** Played at a private table (reached by invite code only). */
  readonly private: boolean;
  readonly match: number;
  readonly finishedAt: number;
  readonly seat: number;
  readonly seats: number;
  readonly place: number | null;
  readonly won: boolean;
  /** The other seats' names. */
  readonly opponents: readonly string[];
}

/** Places by when each seat went out: later (or never) is better; seats out in the same round share a place. */
export function placesOf(state: MatchState): number[] {
  const outRound = Array.from({ length: state.seatCount }, (_, seat) => {
    const round = state.finished.findIndex((r) => r.result.state[seat] === "out");
    return round < 0 ? Infinity : round;
  });
  return outRound.map((mine, seat) => {
    if (state.winner === seat) return 1;
    return 1 + outRound.filter((other, i) => i !== seat && (other > mine || state.winner === i)).length;
  });
}

interface Tally {
  played: number;
  won: number;
  places: number;
  placed: number;
  lives: number;
  knocks: number;
  knocksLost: number;
  thirtyOnes: number;
  fires: number;
  rules: Map<string, number>;
}

/**
 * Counts one match of `seat`. `away`: the seats of people who had left when the match ended (the record's
 * `table.awayAtEnd`); the computer finished it for them, so such a seat wins nothing and shares the last place.
 */
function count(
  tally: Tally,
  state: MatchState,
  seat: number,
  rules: unknown,
  away: readonly number[],
  computer: ReadonlySet<string>,
): number | null {
  tally.played++;
  const gone = away.includes(seat);
  if (state.winner === seat && !gone) tally.won++;
  const lastPlace = state.seatCount - away.length + 1;
  const place = !state.over ? null : gone ? lastPlace : (placesOf(state)[seat] ?? null);
  if (place !== null) {
    tally.places += place;
    tally.placed++;
  }
  state.finished.forEach(({ actions, result }, round) => {
    const lost = result.lifeLosses[seat] ?? 0;
    tally.lives += lost;
    const mine = (index: number) => !computer.has(moveKey(round, index));
    const knock = actions.findIndex((a) => a.type === "knock" && a.seat === seat);
    if (knock >= 0 && mine(knock)) {
      tally.knocks++;
      if (lost > 0) tally.knocksLost++;
    }
    // A 31 or Feuer is the player's unless the computer made the seat's last move of the round (a dealt one is).
    const last = actions.findLastIndex((a) => a.seat === seat);
    const ownHand = last < 0 || mine(last);
    if (ownHand && result.endReason === "thirtyOne" && result.values[seat] === 31) tally.thirtyOnes++;
    const hand = result.hands[seat];
    if (ownHand && result.endReason === "fire" && hand && isFire(hand, state.rules)) tally.fires++;
  });
  if (typeof rules === "object" && rules !== null) {
    for (const [key, value] of Object.entries(rules)) {
      const rule = `${key}=${String(value)}`;
      tally.rules.set(rule, (tally.rules.get(rule) ?? 0) + 1);
    }
  }
  return place;
}

/**
 * Statistics and the match list of one player from their records (rows that do not replay are left out), as
 * `viewer` (the player id of whoever asks, null for nobody signed in) may see them; `access` tells, per match
 * (`matchKey`), whether it was private and who sat in it.
 */
export function playerStats(
  rows: readonly PlayerRecordRow[],
  viewer: string | null = null,
): { stats: PlayerStats; matches: PlayerMatch[]; access: Map<string, MatchAccess> } {
  const tally: Tally = {
    played: 0,
    won: 0,
    places: 0,
    placed: 0,
    lives: 0,
    knocks: 0,
    knocksLost: 0,
    thirtyOnes: 0,
    fires: 0,
    rules: new Map(),
  };
  const matches: PlayerMatch[] = [];
  const access = new Map<string, MatchAccess>();
  for (const row of rows) {
    const replayed = replayRecordText(row.record);
    if (!replayed.ok || row.seat >= replayed.value.state.seatCount) continue;
    const { state, players } = replayed.value;
    const { rules, table } = JSON.parse(row.record) as {
      rules?: unknown;
      table?: { awayAtEnd?: unknown; computerMoves?: unknown };
    };
    const seen = matchAccess(table, row.tableVisibility);
    access.set(matchKey(row.code, row.match), seen);
    const listed: unknown = table?.awayAtEnd;
    const away = Array.isArray(listed) ? listed.filter((s): s is number => Number.isInteger(s)) : [];
    const place = count(tally, state, row.seat, rules, away, computerMovesOf(table?.computerMoves));
    matches.push({
      code: codeShown(seen, viewer) ? row.code : null,
      private: seen.private,
      match: row.match,
      finishedAt: row.at,
      seat: row.seat,
      seats: state.seatCount,
      place,
      won: state.winner === row.seat && !away.includes(row.seat),
      opponents: players.filter((_, i) => i !== row.seat),
    });
  }
  const per = (n: number, of: number) => (of === 0 ? null : Math.round((n / of) * 100) / 100);
  const favouriteRules = [...tally.rules]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 3)
    .map(([rule, n]) => ({ rule, matches: n }));
  const stats: PlayerStats = {
    played: tally.played,
    won: tally.won,
    averagePlace: per(tally.places, tally.placed),
    livesLostPerMatch: per(tally.lives, tally.played),
    knocks: tally.knocks,
    knocksLost: tally.knocksLost,
    thirtyOnes: tally.thirtyOnes,
    fires: tally.fires,
    favouriteRules,
  };
  return { stats, matches, access };
}

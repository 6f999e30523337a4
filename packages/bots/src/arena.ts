import {
  type Action,
  type MatchState,
  type RoundResult,
  type Rules,
  DEFAULT_RULES,
  Rng,
  applyAction,
  dealRound,
  maxSeats,
  newMatch,
  nextSeat,
  phaseOf,
  viewFor,
} from "@schwimmen/rules";
import type { Bot } from "./bot.js";

/**
 * The arena's match runner: one whole match (lives, swimming, out) among given bots, with no I/O.
 * Everything is decided by (seed, match index), so a run can be split over threads and merged exactly.
 */

/** One entry of the lineup. `create` gets a way to read the true state; only a yardstick bot (oracle) may use it. */
export interface ArenaEntry {
  readonly name: string;
  create(trueState: () => MatchState): Bot;
}

export interface ArenaMatchOptions {
  readonly lineup: readonly ArenaEntry[];
  readonly rules?: Rules;
  readonly seed: string;
  readonly matchIndex: number;
  /** A round still running after this many actions is stopped and counts as ended without a loser. */
  readonly capActions?: number;
  /** A match still running after this many rounds is stopped unfinished (no winner, no draw). */
  readonly maxRounds?: number;
  /** Passed to every bot's DecisionContext. */
  readonly budgetMs?: number;
  /** Milliseconds, for decision times; `performance.now` unless a test fixes it. */
  readonly clock?: () => number;
  /** Hears each round's result once it ends (null for a round the cap stopped), e.g. to score predictions. */
  readonly onRoundEnd?: (result: RoundResult | null) => void;
}

export interface ArenaMatchResult {
  readonly matchIndex: number;
  /** `tableSeatOf[e]`: the table seat lineup entry e sat in (seat 0 deals first). */
  readonly tableSeatOf: readonly number[];
  /** Per lineup entry: 1 = winner; by order of going out, later is better; seats going out together share (average). */
  readonly places: readonly number[];
  /** The winning lineup entry, or null. */
  readonly winner: number | null;
  readonly draw: boolean;
  /** In a draw, the lineup entries that went out together last and share it; otherwise empty. */
  readonly drawnBy: readonly number[];
  /** Stopped after `maxRounds` rounds: nobody won; seats still in share the top places. */
  readonly unfinished: boolean;
  readonly rounds: number;
  /** Rounds stopped by the action cap (counted as ended without a loser). */
  readonly cappedRounds: number;
  readonly actions: number;
  /** Per lineup entry: the time of each `decide` call in milliseconds. */
  readonly decisionMs: readonly (readonly number[])[];
}

export const DEFAULT_CAP_ACTIONS = 500;
export const DEFAULT_MAX_ROUNDS = 1000;

/** Lineup entry sitting at table seat `seat` in match `matchIndex`: match i shifts the lineup by i seats. */
export const entryAtSeat = (seat: number, matchIndex: number, seats: number): number =>
  (((seat - matchIndex) % seats) + seats) % seats;

export const seatOfEntry = (entry: number, matchIndex: number, seats: number): number => (entry + matchIndex) % seats;

/** Seeds derived from the run's seed, so each match and each seat's bot is reproducible on its own. */
export const matchSeed = (seed: string, matchIndex: number): string => `${seed}/match ${matchIndex}`;
export const botSeed = (seed: string, matchIndex: number, seat: number): string =>
  `${seed}/match ${matchIndex}/seat ${seat}`;

/** Checks a lineup against the rules before a run: 2 seats up to what the deck serves. */
export function lineupProblem(count: number, rules: Rules): string | null {
  const most = maxSeats(rules.deck, rules.decks);
  const decks = rules.decks === 2 ? " (two decks)" : "";
  if (count < 2 || count > most) return `a ${rules.deck}${decks} match takes 2 to ${most} seats, not ${count}`;
  return null;
}

/** Thrown when the rules engine refuses something the arena did: a bot returned an illegal action, say. */
export class ArenaError extends Error {
  override readonly name = "ArenaError";
}

/** Fractional places from the groups of seats that went out, first group first; `remaining` are still in. */
export function placesFromElimination(
  seats: number,
  outGroups: readonly (readonly number[])[],
  remaining: readonly number[],
): number[] {
  const places = new Array<number>(seats).fill(0);
  let worst = seats;
  const share = (group: readonly number[]) => {
    const best = worst - group.length + 1;
    const place = (best + worst) / 2;
    for (const seat of group) places[seat] = place;
    worst = best - 1;
  };
  for (const group of outGroups) share(group);
  if (remaining.length > 0) share(remaining);
  return places;
}

/** Ends a round the cap stopped: no loser, the deal passes on, the round index keeps counting for the bots. */
function stopRound(state: MatchState): MatchState {
  const round = state.round!;
  return {
    ...state,
    nextDealer: nextSeat(state, round.dealer),
    // The engine has no "stopped" reason; the arena only needs the round closed so the next one can be dealt.
    round: { ...round, endReason: "stockEmpty" },
  };
}

export function playArenaMatch(options: ArenaMatchOptions): ArenaMatchResult {
  const { lineup, seed, matchIndex } = options;
  const rules = options.rules ?? DEFAULT_RULES;
  const capActions = options.capActions ?? DEFAULT_CAP_ACTIONS;
  const maxRounds = options.maxRounds ?? DEFAULT_MAX_ROUNDS;
  const clock = options.clock ?? (() => performance.now());
  const n = lineup.length;
  const problem = lineupProblem(n, rules);
  if (problem) throw new ArenaError(problem);

  const created = newMatch({ rules, seats: n, dealer: 0, seed: matchSeed(seed, matchIndex) });
  if (!created.ok) throw new ArenaError(created.error.message);
  let state = created.value;
  const trueState = () => state;
  const tableSeatOf = lineup.map((_, entry) => seatOfEntry(entry, matchIndex, n));
  const bots: Bot[] = [];
  const rngs: Rng[] = [];
  for (let seat = 0; seat < n; seat++) {
    const entry = lineup[entryAtSeat(seat, matchIndex, n)]!;
    bots.push(entry.create(trueState));
    rngs.push(Rng.fromSeed(botSeed(seed, matchIndex, seat)));
  }
  const times: number[][] = Array.from({ length: n }, () => []);
  const outGroups: number[][] = [];
  let rounds = 0;
  let cappedRounds = 0;
  let actions = 0;

  const must = <T>(result: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }): T => {
    if (!result.ok) throw new ArenaError(`match ${matchIndex}: ${result.error.code}: ${result.error.message}`);
    return result.value;
  };

  while (!state.over && rounds < maxRounds) {
    const statusBefore = state.status;
    state = must(dealRound(state)).state;
    rounds++;
    while (phaseOf(state) === "playing" || phaseOf(state) === "choosing") {
      const round = state.round!;
      if (round.actionCount >= capActions) {
        state = stopRound(state);
        cappedRounds++;
        options.onRoundEnd?.(null);
        break;
      }
      const seat = round.toAct;
      const context =
        options.budgetMs === undefined ? { rng: rngs[seat]! } : { rng: rngs[seat]!, budgetMs: options.budgetMs };
      const view = viewFor(state, seat);
      const started = clock();
      const action: Action = bots[seat]!.decide(view, context);
      times[seat]!.push(clock() - started);
      if (action.seat !== seat)
        throw new ArenaError(`match ${matchIndex}: the bot at seat ${seat} acted for seat ${action.seat}`);
      state = must(applyAction(state, action)).state;
      actions++;
      if (state.round!.endReason !== null) options.onRoundEnd?.(state.finished[state.finished.length - 1]!.result);
    }
    const wentOut: number[] = [];
    for (let seat = 0; seat < n; seat++) {
      if (statusBefore[seat] !== "out" && state.status[seat] === "out") wentOut.push(seat);
    }
    if (wentOut.length > 0) outGroups.push(wentOut);
  }

  const remaining: number[] = [];
  for (let seat = 0; seat < n; seat++) if (state.status[seat] !== "out") remaining.push(seat);
  const placesBySeat = placesFromElimination(n, outGroups, remaining);
  return {
    matchIndex,
    tableSeatOf,
    places: tableSeatOf.map((seat) => placesBySeat[seat]!),
    winner: state.winner === null ? null : entryAtSeat(state.winner, matchIndex, n),
    draw: state.draw,
    drawnBy: state.draw ? (outGroups[outGroups.length - 1] ?? []).map((seat) => entryAtSeat(seat, matchIndex, n)) : [],
    unfinished: !state.over,
    rounds,
    cappedRounds,
    actions,
    decisionMs: tableSeatOf.map((seat) => times[seat]!),
  };
}

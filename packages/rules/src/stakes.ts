/**
 * Playing for stakes (rule documents 000 and 003): every life a seat loses puts the stake into the pot, the last one
 * standing takes the pot. Amounts are whole cents of play money. A match that ends in a draw (everyone still in
 * loses their last life in the same round) splits the pot among those seats; cents that do not divide evenly go one
 * each to the sharers in playing order, starting with the seat after the last round's dealer, as coins are handed
 * out round the table. So nothing stays behind: the balances of a match always add up to zero.
 */
import { type Result, type EngineError, ok, err, engineError } from "./result.js";
import type { MatchState, SeatStatus } from "./state.js";

/** The largest stake per life a table may set (10 euros), so that sums stay small whole numbers. */
export const MAX_STAKE = 1000;

export const isStake = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= MAX_STAKE;

/** What a finished match means for the stakes, seat by seat. */
export interface StakeOutcome {
  /** Lives each seat gave over the whole match (going under included; see `livesGiven`). */
  readonly lifeLosses: readonly number[];
  /** The seat left at the end, or null for a draw. */
  readonly winner: number | null;
  /** For a draw: the seats that went out together in the last round, in playing order from the seat after its dealer. */
  readonly sharers: readonly number[];
}

export interface Settlement {
  /** Cents per life. */
  readonly stake: number;
  /** Everything paid in, in cents. */
  readonly pot: number;
  /** Per seat: cents paid into the pot. */
  readonly paid: readonly number[];
  /** Per seat: cents taken from the pot. */
  readonly won: readonly number[];
  /** Per seat: won minus paid. The balances add up to zero. */
  readonly balance: readonly number[];
  /** Who took the pot: the winner alone, or the seats sharing it after a draw. */
  readonly takers: readonly number[];
}

/** Settles a finished match given as an outcome (see `settleMatch` for a match state). */
export function settleStakes(stake: number, outcome: StakeOutcome): Result<Settlement, EngineError> {
  const bad = (message: string) => err(engineError("INVALID_RECORD", message));
  if (!isStake(stake)) return bad(`the stake must be a whole number of cents from 0 to ${MAX_STAKE}`);
  const seats = outcome.lifeLosses.length;
  const isSeat = (seat: unknown) => Number.isInteger(seat) && (seat as number) >= 0 && (seat as number) < seats;
  if (outcome.lifeLosses.some((n) => !Number.isInteger(n) || n < 0)) return bad("life losses must be whole numbers");
  const takers = outcome.winner === null ? outcome.sharers : [outcome.winner];
  if (takers.length === 0 || !takers.every(isSeat) || new Set(takers).size !== takers.length) {
    return bad("the pot needs a winning seat or the seats that share it");
  }
  const paid = outcome.lifeLosses.map((lost) => lost * stake);
  const pot = paid.reduce((sum, cents) => sum + cents, 0);
  const share = Math.floor(pot / takers.length);
  const remainder = pot - share * takers.length;
  const won = new Array<number>(seats).fill(0);
  takers.forEach((seat, i) => (won[seat] = share + (i < remainder ? 1 : 0)));
  const balance = won.map((cents, seat) => cents - paid[seat]!);
  return ok({ stake, pot, paid, won, balance, takers });
}

/**
 * Lives each seat actually gave over a match, the sinking one included ("Schwimmen" is a fourth life, document 000).
 * A record's `lifeLosses` count a losing knocker's two in full even when the first already sank the seat; a seat pays
 * only for the lives it had, charged one at a time as the engine charges them (scoring.ts).
 */
export function livesGiven(state: MatchState): number[] {
  const { rules, seatCount } = state;
  const given = new Array<number>(seatCount).fill(0);
  let lives = new Array<number>(seatCount).fill(rules.lives);
  let status: SeatStatus[] = new Array<SeatStatus>(seatCount).fill("alive");
  let swimmingTaken = false;
  for (const { result } of state.finished) {
    result.lifeLosses.forEach((count, seat) => {
      let left = lives[seat] ?? 0;
      for (let k = 0; k < count && status[seat] !== "out"; k++) {
        given[seat] = (given[seat] ?? 0) + 1;
        if (left === 0) status[seat] = "out";
        else if (--left === 0) {
          const maySwim = rules.swimming === "everyone" || (rules.swimming === "firstOnly" && !swimmingTaken);
          status[seat] = maySwim ? "swimming" : "out";
        }
      }
    });
    swimmingTaken ||= result.lives.some((n) => n === 0);
    // Go on from the engine's own account of the round.
    lives = result.lives.slice();
    status = result.state.slice();
  }
  return given;
}

/**
 * Cents in the pot so far: the stake for every life given in the rounds played (a round still on adds nothing yet).
 * At the match's end it is the pot that `settleMatch` hands out.
 */
export const potSoFar = (state: MatchState, stake: number): number =>
  stake * livesGiven(state).reduce((sum, lives) => sum + lives, 0);

/** The outcome of a finished match state: the lives each seat gave, and who takes the pot. */
export function stakeOutcome(state: MatchState): Result<StakeOutcome, EngineError> {
  if (!state.over) return err(engineError("ACTION_NOT_ALLOWED", "only a finished match is settled"));
  const lifeLosses = livesGiven(state);
  const last = state.finished[state.finished.length - 1];
  if (state.winner !== null || last === undefined) return ok({ lifeLosses, winner: state.winner, sharers: [] });
  // A draw: the seats of the last round, in playing order from the seat after its dealer.
  const step = state.rules.direction === "clockwise" ? 1 : state.seatCount - 1;
  const sharers: number[] = [];
  for (let i = 1, seat = last.result.dealer; i <= state.seatCount; i++) {
    seat = (seat + step) % state.seatCount;
    if (last.result.hands[seat] != null) sharers.push(seat);
  }
  return ok({ lifeLosses, winner: null, sharers });
}

/** Settles a finished match at `stake` cents per life. */
export function settleMatch(state: MatchState, stake: number): Result<Settlement, EngineError> {
  const outcome = stakeOutcome(state);
  return outcome.ok ? settleStakes(stake, outcome.value) : outcome;
}

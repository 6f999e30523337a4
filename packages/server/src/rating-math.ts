/**
 * The rating arithmetic, with no I/O: the `openskill` library's Plackett-Luce model over the order in which seats
 * went out, its `ordinal` as the one shown number, and which matches count. Used by the server (ratings.ts) and by
 * the script that measures the bots (scripts/rate-bots.ts), so both rate exactly alike.
 */
import { type Rules, makeRules, parseRules } from "@schwimmen/rules";
import { ordinal, rate, rating } from "openskill";
import { PRESETS } from "./protocol.js";

/** A skill estimate: mean and spread on the library's scale (a newcomer is mu 25, sigma 25/3). */
export interface Skill {
  readonly mu: number;
  readonly sigma: number;
}

/**
 * The shown number: `ordinal` (mu - 3 sigma, a cautious estimate) scaled as 1500 + 20 x ordinal. A newcomer (ordinal
 * 0) shows 1500 and rises as the server learns their level; one unit of the library's skill scale is 20 points.
 */
export const SHOWN_TARGET = 1500;
export const SHOWN_ALPHA = 20;

/** A rating stays provisional (shown with a mark) while its spread is above this: a newcomer starts at 8.33 and
 * comes below after about ten rated matches. */
export const PROVISIONAL_SIGMA = 5;

export const newSkill = (): Skill => rating();

export const shownRating = (skill: Skill): number =>
  Math.round(ordinal(skill, { alpha: SHOWN_ALPHA, target: SHOWN_TARGET }));

export const isProvisional = (skill: Skill): boolean => skill.sigma > PROVISIONAL_SIGMA;

/**
 * Places from the round each seat went out in (null: still in at the end, the winner). Later out is better; seats
 * out in the same round share a place. Places are 1-based in competition style: 1, 2, 2, 4. The seats `away` marks
 * (people who had left when the match ended; the computer finished it for them) share the last place, behind all
 * others, however the computer did for them.
 */
export function placesFromOut(outRound: readonly (number | null)[], away: readonly boolean[] = []): number[] {
  const key = (round: number | null, seat: number) => (away[seat] ? -Infinity : round === null ? Infinity : round);
  const keys = outRound.map(key);
  return keys.map((mine) => 1 + keys.filter((other) => other > mine).length);
}

/** One seat of a rated match: its skill before, and whether it is fixed (a bot: rated against, never changed). */
export interface RatedSeat {
  readonly skill: Skill;
  readonly fixed: boolean;
}

/** New skills after one match, seat by seat (a fixed seat keeps its skill). Each seat is a one-player team. */
export function rateMatch(seats: readonly RatedSeat[], places: readonly number[]): Skill[] {
  if (seats.length !== places.length || seats.length < 2) throw new Error("a rated match needs a place per seat");
  const rated = rate(
    seats.map((s) => [{ mu: s.skill.mu, sigma: s.skill.sigma }]),
    { rank: [...places] },
  );
  return seats.map((seat, i) => {
    const after = rated[i]![0]!;
    return seat.fixed ? seat.skill : { mu: after.mu, sigma: after.sigma };
  });
}

/** The rule sets that may be rated: the defaults and each preset, in their short form (differences, fixed order). */
const shortForm = (rules: Rules): string => JSON.stringify(makeRules(rules));
const RATED_RULES = new Set(
  Object.values(PRESETS).flatMap((preset) => {
    const parsed = parseRules(preset);
    return parsed.ok ? [shortForm(parsed.value)] : [];
  }),
);

/** Whether a table's rules are the defaults or exactly one of the server's presets (house rules are not rated). */
export const ratedRules = (rules: Rules): boolean => RATED_RULES.has(shortForm(rules));

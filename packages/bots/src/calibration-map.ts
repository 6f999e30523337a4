/**
 * The calibration map of the expert's chance of losing a life this round. The raw chance is the share of sampled
 * worlds in which the seat lost a life; it runs low, because the sampler draws the other hands from its opponent
 * model, which makes them weaker than the hands that real players keep (most of all once somebody has knocked: the
 * knocker and the others then hold more than the worlds assume). The map turns a raw chance into the share of
 * decisions with that raw chance that were followed by a lost life, separately before and after a knock.
 *
 * Fitted by `scripts/calibration-fit.ts` on its own matches (expert against greedy seats, seeds "calibration-fit
 * ..."), checked on fresh ones with `schwimmen arena --calibration` (see the bots README). A raw 0 or 1 stays as it
 * is: then the round's end was certain in every world (a 31, say), and so it was in play.
 */

/** Knots (raw, calibrated), raw rising; between knots the map is linear, and (0, 0) and (1, 1) are fixed. */
export type Knots = readonly (readonly [number, number])[];

export interface LoseLifeMap {
  /** Decisions while nobody has knocked in the round. */
  readonly open: Knots;
  /** Decisions after another seat's knock (the seat's last turn of the round). */
  readonly knocked: Knots;
}

// Fitted on 20,539 decisions of 900 matches (expert against three greedy seats): raw chances before any knock ran
// up to 5 points low in the middle; after a knock up to 22 points low. Printed by `calibration-fit.ts fit`.
export const LOSE_LIFE_MAP: LoseLifeMap = {
  open: [
    [0.0218, 0.0245],
    [0.0711, 0.0719],
    [0.1228, 0.1294],
    [0.1718, 0.1721],
    [0.222, 0.2498],
    [0.2718, 0.3285],
    [0.3214, 0.3741],
    [0.3718, 0.4188],
    [0.4223, 0.4331],
    [0.4967, 0.5171],
    [0.5703, 0.5639],
    [0.6201, 0.6134],
    [0.6689, 0.6333],
    [0.7441, 0.664],
    [0.8209, 0.7895],
    [0.8704, 0.8095],
    [0.9209, 0.9655],
    [0.9731, 1],
  ],
  knocked: [
    [0.0192, 0.0636],
    [0.0715, 0.1983],
    [0.1214, 0.2282],
    [0.1723, 0.2525],
    [0.2205, 0.3459],
    [0.2701, 0.469],
    [0.3194, 0.5556],
    [0.3706, 0.5833],
    [0.4217, 0.6176],
    [0.4714, 0.686],
    [0.5242, 0.7391],
    [0.5957, 0.7616],
    [0.6995, 0.8632],
    [0.7731, 0.8791],
    [0.8465, 0.9796],
    [0.9218, 0.9894],
    [0.9775, 0.9939],
  ],
};

function interpolate(knots: Knots, raw: number): number {
  let [x0, y0] = [0, 0];
  for (const [x1, y1] of [...knots, [1, 1] as const]) {
    if (raw <= x1) return x1 === x0 ? y1 : y0 + ((y1 - y0) * (raw - x0)) / (x1 - x0);
    [x0, y0] = [x1, y1];
  }
  return 1;
}

/** The calibrated chance for a raw one; `knocked`: somebody has knocked before the decision. */
export function calibrateLoseLife(raw: number, knocked: boolean, map: LoseLifeMap = LOSE_LIFE_MAP): number {
  if (raw <= 0 || raw >= 1) return raw;
  return interpolate(knocked ? map.knocked : map.open, raw);
}

export interface LoseLifeSample {
  readonly raw: number;
  readonly knocked: boolean;
  readonly lost: boolean;
}

/**
 * Fits knots for one phase: the raw chances strictly between 0 and 1 in `bins` equal bins, each bin's mean raw
 * chance and share lost, made non-decreasing by pooling adjacent violators (weighted by decisions), so the map is
 * the isotonic regression of the outcome on the binned raw chance.
 */
export function fitKnots(samples: readonly LoseLifeSample[], bins = 20): [number, number][] {
  const sums = Array.from({ length: bins }, () => ({ n: 0, raw: 0, lost: 0 }));
  for (const s of samples) {
    if (s.raw <= 0 || s.raw >= 1) continue;
    const bin = sums[Math.min(bins - 1, Math.floor(s.raw * bins))]!;
    bin.n++;
    bin.raw += s.raw;
    if (s.lost) bin.lost++;
  }
  const blocks: { n: number; raw: number; lost: number; bins: number }[] = [];
  for (const bin of sums) {
    if (bin.n === 0) continue;
    blocks.push({ ...bin, bins: 1 });
    // Pool while the last block's share lost is below the one before it.
    while (blocks.length > 1) {
      const b = blocks[blocks.length - 1]!;
      const a = blocks[blocks.length - 2]!;
      if (a.lost / a.n <= b.lost / b.n) break;
      blocks.splice(blocks.length - 2, 2, {
        n: a.n + b.n,
        raw: a.raw + b.raw,
        lost: a.lost + b.lost,
        bins: a.bins + b.bins,
      });
    }
  }
  const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;
  return blocks.map((b) => [round4(b.raw / b.n), round4(b.lost / b.n)]);
}

export const fitLoseLifeMap = (samples: readonly LoseLifeSample[], bins = 20): LoseLifeMap => ({
  open: fitKnots(
    samples.filter((s) => !s.knocked),
    bins,
  ),
  knocked: fitKnots(
    samples.filter((s) => s.knocked),
    bins,
  ),
});

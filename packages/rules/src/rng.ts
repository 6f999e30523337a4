/**
 * A small seeded generator (sfc32) so that shuffles are reproducible from a seed string.
 * The rules stay pure: seeds come in from outside (tests fix them, the server draws them from node:crypto).
 */
export type RngState = readonly [number, number, number, number];

/** Turns any seed string into a generator state: 32 hex digits are taken as they are, anything else is hashed. */
export function rngFromSeed(seed: string): RngState {
  if (/^[0-9a-f]{32}$/i.test(seed)) {
    return [0, 8, 16, 24].map((i) => parseInt(seed.slice(i, i + 8), 16) >>> 0) as unknown as RngState;
  }
  // cyrb128: a well-mixed 128-bit string hash.
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  return [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
}

/** The largest multiple of `n` up to 2^32: draws below it map evenly onto [0, n). */
const acceptBelow = (n: number): number => Math.floor(0x100000000 / n) * n;
/** `acceptBelow` of the small bounds that shuffles and bots ask for most, computed once (a division fewer a draw). */
const ACCEPT = Float64Array.from({ length: 257 }, (_, n) => (n === 0 ? 0 : acceptBelow(n)));

/** A mutable generator for the length of one computation; the state it ends in can be stored again. */
export class Rng {
  // Declared only (no class fields): defining four fields on each new generator cost more than its twelve warm-up
  // draws. The constructor assigns all four, always in this order.
  declare private a: number;
  declare private b: number;
  declare private c: number;
  declare private d: number;

  /** A generator from a fresh seed state, warmed up; `warmUp: false` resumes a state that `state()` saved. */
  constructor(state: RngState, warmUp = true) {
    // As 32-bit integers (every draw works modulo 2^32, so this changes no draw): the fields then stay small
    // integers, not boxed floating-point numbers (a seed state's words above 2^31 made them so, and every draw
    // slower).
    this.a = state[0] | 0;
    this.b = state[1] | 0;
    this.c = state[2] | 0;
    this.d = state[3] | 0;
    // Warm up so that similar seeds diverge.
    if (warmUp) for (let i = 0; i < 12; i++) this.nextUint32();
  }

  static fromSeed(seed: string): Rng {
    return new Rng(rngFromSeed(seed));
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A uniform whole number in [0, n), without modulo bias. */
  below(n: number): number {
    // Draws from `accept` up are rejected (they would favour small results). Remainders via floor division: exact
    // for these ranges, and much cheaper than `%` on numbers beyond 2^31.
    const accept = n >>> 0 === n && n < ACCEPT.length ? ACCEPT[n]! : acceptBelow(n);
    for (;;) {
      const x = this.nextUint32();
      if (x < accept) return x - Math.floor(x / n) * n;
    }
  }

  /**
   * Fisher-Yates on a copy, with the draws of `below(i + 1)`. Every seeded deal runs this, so the draws are written
   * out on local variables (the generator's fields are read once and written back once); the property tests hold
   * it to `below`.
   */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    let a = this.a;
    let b = this.b;
    let c = this.c;
    let d = this.d;
    for (let i = out.length - 1; i > 0; i--) {
      const n = i + 1;
      const accept = n < ACCEPT.length ? ACCEPT[n]! : acceptBelow(n);
      let x: number;
      do {
        // nextUint32, as above.
        const t = (((a + b) | 0) + d) | 0;
        d = (d + 1) | 0;
        a = b ^ (b >>> 9);
        b = (c + (c << 3)) | 0;
        c = (c << 21) | (c >>> 11);
        c = (c + t) | 0;
        x = t >>> 0;
      } while (x >= accept);
      const j = x - Math.floor(x / n) * n;
      const tmp = out[i]!;
      out[i] = out[j]!;
      out[j] = tmp;
    }
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
    return out;
  }

  /** 32 hex digits: a fresh seed, e.g. for the next round of a match seeded once. */
  nextSeed(): string {
    return seedText(this.nextSeedState());
  }

  /** The generator state that `Rng.fromSeed(this.nextSeed())` would start from, without the text round trip. */
  nextSeedState(): RngState {
    return [this.nextUint32(), this.nextUint32(), this.nextUint32(), this.nextUint32()];
  }

  state(): RngState {
    return [this.a, this.b, this.c, this.d];
  }
}

/** Fisher-Yates on a copy. */
export function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  return rng.shuffle(items);
}

/** The character codes of the hex digits, by value. */
const HEX_DIGITS = Uint8Array.from("0123456789abcdef", (digit) => digit.charCodeAt(0));
/** The hex digit (as a character code) of `word`'s four bits from bit `shift` up. */
const digit = (word: number, shift: number): number => HEX_DIGITS[(word >>> shift) & 15]!;

/**
 * The 32 hex digits that `rngFromSeed` reads back as exactly this state. One string made at once from its character
 * codes: every seeded round makes one, and joining pieces made sixteen strings on the way.
 */
export function seedText(state: RngState): string {
  const a = state[0];
  const b = state[1];
  const c = state[2];
  const d = state[3];
  // prettier-ignore
  return String.fromCharCode(
    digit(a, 28), digit(a, 24), digit(a, 20), digit(a, 16), digit(a, 12), digit(a, 8), digit(a, 4), digit(a, 0),
    digit(b, 28), digit(b, 24), digit(b, 20), digit(b, 16), digit(b, 12), digit(b, 8), digit(b, 4), digit(b, 0),
    digit(c, 28), digit(c, 24), digit(c, 20), digit(c, 16), digit(c, 12), digit(c, 8), digit(c, 4), digit(c, 0),
    digit(d, 28), digit(d, 24), digit(d, 20), digit(d, 16), digit(d, 12), digit(d, 8), digit(d, 4), digit(d, 0),
  );
}

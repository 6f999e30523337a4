import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assertProperty } from "./property.js";
import { type Card, RULE_VALUES, Rng, deckCards, handValue, mayReach31, rngFromSeed, shuffled } from "../src/index.js";

/**
 * The engine's shortcuts against the plain rules they stand for: the quick test before a hand's value, and the
 * generator's table of rejection bounds and its shuffle. (Random play through both entry points of the one rules
 * core is in properties.test.ts.)
 */

describe("mayReach31", () => {
  it("holds for every three-card hand worth 31 or more, under every value rule, copies of a card included", () => {
    const cards = deckCards("french52");
    let reaching = 0;
    for (const fire of RULE_VALUES.fire) {
      for (const scoring of RULE_VALUES.scoring) {
        const rules = { fire, scoring, threeOfAKindTies: "equal" } as const;
        const hand: Card[] = ["2c", "2c", "2c"];
        for (const a of cards) {
          hand[0] = a;
          for (const b of cards) {
            hand[1] = b;
            for (const c of cards) {
              hand[2] = c;
              if (handValue(hand, rules) < 31) continue;
              reaching++;
              if (!mayReach31(hand)) throw new Error(`${hand.join(" ")} is worth 31 or more under ${fire}/${scoring}`);
            }
          }
        }
      }
    }
    // The test has looked at real 31s (and Feuer), not at nothing.
    expect(reaching).toBeGreaterThan(1000);
  });

  it("is true for longer or shorter hands (no shortcut there)", () => {
    expect(mayReach31(["Ac", "Kc"])).toBe(true);
    expect(mayReach31(["Ac", "Kd", "7h", "8s"])).toBe(true);
    expect(mayReach31(["Ac", "Kd", "7h"])).toBe(false);
  });
});

/** The generator's draws as first written: the rejection bound computed at each draw. */
function referenceBelow(rng: Rng, n: number): number {
  const limit = 0x100000000 - Math.floor(0x100000000 / n) * n;
  const accept = 0x100000000 - limit;
  for (;;) {
    const x = rng.nextUint32();
    if (x < accept) return x - Math.floor(x / n) * n;
  }
}

describe("Rng", () => {
  it("below draws exactly as the bound computed each time, for small and large bounds", () => {
    assertProperty(
      fc.property(
        fc.string(),
        fc.array(fc.oneof(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: 2 ** 32 })), { maxLength: 40 }),
        (seed, bounds) => {
          const fast = new Rng(rngFromSeed(seed));
          const plain = new Rng(rngFromSeed(seed));
          for (const n of bounds) expect(fast.below(n)).toBe(referenceBelow(plain, n));
          expect(fast.state()).toEqual(plain.state());
        },
      ),
    );
  });

  it("shuffles as Fisher-Yates with those draws, and leaves the generator where they leave it", () => {
    assertProperty(
      fc.property(fc.string(), fc.constantFrom(...RULE_VALUES.deck), fc.constantFrom(1, 2), (seed, deck, decks) => {
        const items = deckCards(deck, decks as 1 | 2);
        const fast = new Rng(rngFromSeed(seed));
        const plain = new Rng(rngFromSeed(seed));
        const expected = items.slice();
        for (let i = expected.length - 1; i > 0; i--) {
          const j = referenceBelow(plain, i + 1);
          [expected[i], expected[j]] = [expected[j]!, expected[i]!];
        }
        expect(shuffled(items, fast)).toEqual(expected);
        expect(fast.state()).toEqual(plain.state());
      }),
    );
  });
});

import { describe, expect, it } from "vitest";
import { chartRange, ratingSeries } from "../src/players/profile-page.js";

describe("the rating chart on a profile", () => {
  const history = [{ at: 1, rating: 1531, code: "ABCDEFGHJK", match: 1 }];
  const matches = [
    { code: "ABCDEFGHJK", match: 2, rated: false, ratingBefore: null, ratingAfter: null },
    { code: "ABCDEFGHJK", match: 1, rated: true, ratingBefore: 1500, ratingAfter: 1531 },
  ];

  it("starts the line at the rating before the first rated match", () => {
    expect(ratingSeries(history, matches)).toEqual([1500, 1531]);
    const later = [...history, { at: 2, rating: 1519, code: "KJHGFEDCBA", match: 1 }];
    expect(ratingSeries(later, matches)).toEqual([1500, 1531, 1519]);
  });

  it("keeps the history as it is when the first match's rating before is not known", () => {
    expect(ratingSeries(history, [])).toEqual([1531]);
    expect(ratingSeries(history, [{ ...matches[1], ratingBefore: null }])).toEqual([1531]);
    expect(ratingSeries([], matches)).toEqual([]);
    expect(ratingSeries(null, null)).toEqual([]);
  });

  it("gives a single point or a flat line an axis around it, and a real span its own ends", () => {
    expect(chartRange([1531])).toEqual({ low: 1521, high: 1541 });
    expect(chartRange([1500, 1500, 1500])).toEqual({ low: 1490, high: 1510 });
    expect(chartRange([1500, 1531])).toEqual({ low: 1500, high: 1531 });
    expect(chartRange([1500, 1510])).toEqual({ low: 1495, high: 1515 });
  });
});

import { describe, expect, it } from "vitest";
import { matchRatingOf, ratingChange } from "../src/ratings/match-rating.js";

const row = (fields: Record<string, unknown>) => ({
  code: "ABCDEFGHJK",
  match: 2,
  rated: true,
  ratingBefore: 1500,
  ratingAfter: 1523.4,
  ...fields,
});

describe("a match's rating change at the end of an online match", () => {
  it("finds the row of this table's match, not another match of the same table", () => {
    const rows = [row({ match: 1, ratingAfter: 1490 }), row({}), row({ code: "ZZZZZZZZZZ" })];
    expect(matchRatingOf(rows, "ABCDEFGHJK", 2)).toEqual({ rated: true, reason: null, before: 1500, after: 1523.4 });
    expect(matchRatingOf(rows, "ABCDEFGHJK", 1)).toEqual({ rated: true, reason: null, before: 1500, after: 1490 });
    expect(matchRatingOf(rows, "ABCDEFGHJK", 3)).toBeNull();
  });

  it("says unrated for a match the server did not rate, or whose numbers are missing", () => {
    const unrated = { rated: false, reason: null, before: null, after: null };
    expect(matchRatingOf([row({ rated: false, ratingBefore: null, ratingAfter: null })], "ABCDEFGHJK", 2)).toEqual(
      unrated,
    );
    expect(matchRatingOf([row({ ratingAfter: "1523" })], "ABCDEFGHJK", 2)).toEqual(unrated);
    expect(matchRatingOf([row({ ratingBefore: Number.NaN })], "ABCDEFGHJK", 2)).toEqual(unrated);
  });

  it("keeps the server's reason for an unrated match, and only a reason it knows", () => {
    const unrated = (unratedField: unknown) =>
      matchRatingOf(
        [row({ rated: false, unrated: unratedField, ratingBefore: null, ratingAfter: null })],
        "ABCDEFGHJK",
        2,
      );
    for (const reason of ["private", "houseRules", "fewPeople", "samePlayerTwice", "unfinished"])
      expect(unrated(reason)).toEqual({ rated: false, reason, before: null, after: null });
    for (const odd of [null, undefined, "", "toString", "__proto__", 3, { reason: "private" }])
      expect(unrated(odd)).toEqual({ rated: false, reason: null, before: null, after: null });
    // A rated row never carries a reason, whatever else it says.
    expect(matchRatingOf([row({ unrated: "private" })], "ABCDEFGHJK", 2)).toMatchObject({ rated: true, reason: null });
  });

  it("ignores answers of any other shape", () => {
    for (const answer of [null, undefined, 7, "rows", {}, [null, 3, "x"], [{ code: "ABCDEFGHJK", match: "2" }]])
      expect(matchRatingOf(answer, "ABCDEFGHJK", 2)).toBeNull();
  });

  it("writes the change with its sign", () => {
    expect(ratingChange(23)).toBe("+23");
    expect(ratingChange(-8)).toBe("−8");
    expect(ratingChange(0)).toBe("±0");
  });
});

import { describe, expect, it } from "vitest";
import { monthStep } from "../src/ratings/leaderboard-page.js";

describe("the leaderboard's month arrows", () => {
  it("step over the year's ends and keep two digits for the month", () => {
    const cases: [string, -1 | 1, string][] = [
      ["2026-11", -1, "2026-10"],
      ["2026-01", -1, "2025-12"],
      ["2026-12", 1, "2027-01"],
      ["2026-09", 1, "2026-10"],
      ["2000-02", -1, "2000-01"],
    ];
    for (const [month, by, expected] of cases) expect(monthStep(month, by), `${month} ${by}`).toBe(expected);
  });
});

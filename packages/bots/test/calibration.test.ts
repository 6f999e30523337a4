import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { RoundResult, TableView } from "@schwimmen/rules";
import {
  CalibrationRecorder,
  addPrediction,
  brierScore,
  bucketOf,
  calibrationRows,
  emptyCalibration,
  mergeCalibration,
} from "../src/calibration.js";
import { LOSE_LIFE_MAP, type LoseLifeMap, calibrateLoseLife, fitKnots } from "../src/calibration-map.js";
import type { ActionEstimate } from "../src/evaluate.js";

describe("the calibration tally", () => {
  it("buckets predictions into tenths, the last one closed", () => {
    expect([0, 0.05, 0.1, 0.35, 0.999, 1].map(bucketOf)).toEqual([0, 0, 1, 3, 9, 9]);
  });

  it("counts, merges by addition and gives the Brier score", () => {
    const a = emptyCalibration();
    addPrediction(a, 0.2, false);
    addPrediction(a, 0.25, true);
    const b = emptyCalibration();
    addPrediction(b, 0.9, true);
    const merged = mergeCalibration(emptyCalibration(), a);
    mergeCalibration(merged, b);
    const rows = calibrationRows(merged);
    expect(rows[2]).toEqual({ from: 0.2, count: 2, predicted: 0.225, observed: 0.5 });
    expect(rows[9]).toMatchObject({ count: 1, observed: 1 });
    expect(rows[0]).toEqual({ from: 0, count: 0, predicted: null, observed: null });
    expect(brierScore(merged)).toBeCloseTo((0.04 + 0.5625 + 0.01) / 3, 10);
    expect(brierScore(emptyCalibration())).toBeNull();
  });

  it("scores a round's predictions when it ends, and drops those of a stopped round", () => {
    const recorder = new CalibrationRecorder();
    const tell = (seat: number, p: number) =>
      recorder.listener({ viewer: seat } as TableView, { loseLife: p } as ActionEstimate);
    tell(0, 0.3);
    tell(1, 0.6);
    recorder.roundEnded({ lifeLosses: [1, 0] } as unknown as RoundResult);
    tell(0, 0.95);
    recorder.roundEnded(null);
    expect(recorder.tally.count.reduce((x, y) => x + y, 0)).toBe(2);
    expect(recorder.tally.lost[3]).toBe(1);
    expect(recorder.tally.lost[6]).toBe(0);
  });
});

describe("the calibration map", () => {
  const map: LoseLifeMap = {
    open: [
      [0.2, 0.3],
      [0.6, 0.7],
    ],
    knocked: [[0.5, 0.8]],
  };

  it("keeps a certain outcome and interpolates between its knots", () => {
    expect(calibrateLoseLife(0, true, map)).toBe(0);
    expect(calibrateLoseLife(1, false, map)).toBe(1);
    expect(calibrateLoseLife(0.1, false, map)).toBeCloseTo(0.15, 10);
    expect(calibrateLoseLife(0.4, false, map)).toBeCloseTo(0.5, 10);
    expect(calibrateLoseLife(0.8, false, map)).toBeCloseTo(0.85, 10);
    expect(calibrateLoseLife(0.25, true, map)).toBeCloseTo(0.4, 10);
  });

  it("the fitted map rises with the raw chance and stays within 0 and 1", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (a, b) => {
        for (const knocked of [false, true]) {
          const [x, y] = [calibrateLoseLife(Math.min(a, b), knocked), calibrateLoseLife(Math.max(a, b), knocked)];
          expect(x).toBeLessThanOrEqual(y + 1e-12);
          expect(x).toBeGreaterThanOrEqual(0);
          expect(y).toBeLessThanOrEqual(1);
        }
      }),
    );
    expect(LOSE_LIFE_MAP.open.length).toBeGreaterThan(3);
    expect(LOSE_LIFE_MAP.knocked.length).toBeGreaterThan(3);
  });

  it("is fitted as an isotonic regression: bins that fall are pooled", () => {
    const sample = (raw: number, lost: boolean) => ({ raw, knocked: false, lost });
    const samples = [
      sample(0.12, true),
      sample(0.13, false),
      sample(0.32, false),
      sample(0.33, false),
      sample(0.52, true),
      sample(0.53, true),
      sample(0, true),
      sample(1, false),
    ];
    // Bins: 0.1-0.15 loses half, 0.3-0.35 none (pooled with the first), 0.5-0.55 all; 0 and 1 are left out.
    expect(fitKnots(samples)).toEqual([
      [0.225, 0.25],
      [0.525, 1],
    ]);
  });
});

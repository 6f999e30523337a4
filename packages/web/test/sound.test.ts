import type { GameEvent } from "@schwimmen/rules";
import { describe, expect, it } from "vitest";
import { defaultSettings, readSettings } from "../src/settings.js";
import { mayPlay, soundOf, soundsFor } from "../src/sound.js";

const result = { dealer: 0, endReason: "knock", hands: [], values: [], lifeLosses: [], lives: [], state: [] } as const;
const ended = (reason: "knock" | "thirtyOne" | "fire" | "stockEmpty"): GameEvent => ({
  type: "roundEnded",
  round: 0,
  reason,
  result: { ...result, endReason: reason },
});

describe("table sounds", () => {
  it("gives each event its sound", () => {
    expect(soundOf({ type: "roundStarted", round: 0, dealer: 0, middle: null, stockSize: 20 })).toBe("deal");
    expect(soundOf({ type: "swapped", seat: 1, give: "Ah", take: "7c" })).toBe("swap");
    expect(soundOf({ type: "swappedAll", seat: 1, gave: [], took: [] })).toBe("swap");
    expect(soundOf({ type: "knocked", seat: 2 })).toBe("knock");
    expect(soundOf(ended("thirtyOne"))).toBe("thirtyOne");
    expect(soundOf(ended("fire"))).toBe("fire");
    expect(soundOf(ended("knock"))).toBeNull();
    expect(soundOf({ type: "livesLost", seat: 0, count: 1, lives: 2 })).toBe("lifeLost");
    expect(soundOf({ type: "passed", seat: 0 })).toBeNull();
    expect(soundOf({ type: "matchEnded", winner: 1, draw: false })).toBeNull();
  });

  it("plays the most telling sound of an update, then 'your turn' when it has just begun", () => {
    const lost: GameEvent = { type: "livesLost", seat: 0, count: 1, lives: 2 };
    const swap: GameEvent = { type: "swapped", seat: 1, give: "Ah", take: "7c" };
    expect(soundsFor([swap, ended("thirtyOne"), lost], false)).toEqual(["thirtyOne"]);
    expect(soundsFor([swap, ended("fire"), lost], false)).toEqual(["fire"]);
    expect(soundsFor([swap, ended("knock"), lost], false)).toEqual(["lifeLost"]);
    expect(soundsFor([{ type: "knocked", seat: 1 }], true)).toEqual(["knock", "yourTurn"]);
    expect(soundsFor([{ type: "passed", seat: 1 }], true)).toEqual(["yourTurn"]);
    expect(soundsFor([{ type: "passed", seat: 1 }], false)).toEqual([]);
    expect(soundsFor([], false)).toEqual([]);
  });

  it("is off until switched on, is remembered, and is silent while the page is hidden", () => {
    const base = defaultSettings(["de"]);
    expect(base.sound).toBe(false);
    expect(readSettings(JSON.stringify({ ...base, sound: true }), base).sound).toBe(true);
    expect(readSettings(JSON.stringify({ ...base, sound: "yes" }), base).sound).toBe(false);
    expect(readSettings(JSON.stringify({ lang: "de" }), base).sound).toBe(false);
    expect(mayPlay(false, "visible")).toBe(false);
    expect(mayPlay(true, "visible")).toBe(true);
    expect(mayPlay(true, "hidden")).toBe(false);
  });
});

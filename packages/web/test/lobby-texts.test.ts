import { describe, expect, it } from "vitest";
import { LOBBY_TEXTS, lobbyTranslator, presetName } from "../src/lobby/lobby-texts.js";

const fields = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the lobby's words", () => {
  it("fills the same placeholders in German and English", () => {
    for (const key of Object.keys(LOBBY_TEXTS.en) as (keyof typeof LOBBY_TEXTS.en)[])
      expect(fields(LOBBY_TEXTS.de[key]), key).toEqual(fields(LOBBY_TEXTS.en[key]));
  });

  it("says Schnell spielen and names the server presets, falling back to a preset's own name", () => {
    const de = lobbyTranslator("de");
    expect(de("quickPlay")).toBe("Schnell spielen");
    expect(presetName(de, "verdeckt")).toBe("Verdeckt");
    expect(presetName(lobbyTranslator("en"), "standard")).toBe("Standard");
    expect(presetName(de, "someNewPreset")).toBe("someNewPreset");
    expect(presetName(de, null)).toBe("");
  });
});

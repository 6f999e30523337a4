import { DEFAULT_RULES, RULE_KEYS, RULE_VALUES, parseRules } from "@schwimmen/rules";
import { describe, expect, it } from "vitest";
import { de } from "../src/i18n/de.js";
import { en } from "../src/i18n/en.js";
import { PRESETS, changedKeys, fullRules, matchingPreset, presetsFromMarkdown } from "../src/presets.js";
import { RULE_TEXTS, ruleValueName } from "../src/rule-texts.js";
import { defaultSettings, preferredLang, readSettings } from "../src/settings.js";

describe("language and stored settings", () => {
  it("picks German where the browser puts German before English, English otherwise", () => {
    expect(preferredLang(["de-DE", "en-US"])).toBe("de");
    expect(preferredLang(["de-AT"])).toBe("de");
    expect(preferredLang(["en-GB", "de-DE"])).toBe("en");
    expect(preferredLang(["fr-FR", "de-CH"])).toBe("de");
    expect(preferredLang(["fr-FR"])).toBe("en");
    expect(preferredLang([])).toBe("en");
    expect(defaultSettings(["de"]).lang).toBe("de");
  });

  it("reads stored settings and ignores what is malformed", () => {
    const base = defaultSettings(["en"]);
    expect(readSettings(null, base)).toBe(base);
    expect(readSettings("not json", base)).toBe(base);
    const read = readSettings(
      JSON.stringify({ lang: "de", faces: "german", seats: 99, name: "", speed: "warp", rules: [1] }),
      base,
    );
    expect(read).toMatchObject({
      lang: "de",
      faces: "german",
      seats: base.seats,
      name: base.name,
      speed: base.speed,
      rules: base.rules,
    });
  });
});

describe("texts", () => {
  it("German and English have the same keys and the same placeholders", () => {
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
    const fields = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(en) as (keyof typeof en)[]) expect(fields(de[key]), key).toEqual(fields(en[key]));
  });

  it("every rule key has a label, an explanation and value names in both languages", () => {
    expect(Object.keys(RULE_TEXTS).sort()).toEqual([...RULE_KEYS].sort());
    for (const key of RULE_KEYS) {
      for (const lang of ["de", "en"] as const) {
        expect(RULE_TEXTS[key].label[lang].length).toBeGreaterThan(0);
        expect(RULE_TEXTS[key].explain[lang].length).toBeGreaterThan(0);
        if (key === "lives") continue;
        for (const value of RULE_VALUES[key] as readonly unknown[]) {
          expect(RULE_TEXTS[key].values[JSON.stringify(value)]?.[lang], `${key}=${String(value)}`).toBeTruthy();
          expect(ruleValueName(key, value, lang)).toBe(RULE_TEXTS[key].values[JSON.stringify(value)]?.[lang]);
        }
      }
    }
  });
});

describe("presets", () => {
  it("every preset is a valid rule set and is recognised again", () => {
    expect(PRESETS[0]!.rules).toEqual({});
    for (const preset of PRESETS) {
      expect(parseRules(preset.rules).ok, preset.id).toBe(true);
      expect(matchingPreset(preset.rules as Record<string, unknown>)?.id).toBe(preset.id);
    }
    expect(new Set(PRESETS.map((p) => p.id)).size).toBe(PRESETS.length);
  });

  it("come from the JSON block of docs/presets.md, with the default set first", () => {
    expect(PRESETS.length).toBeGreaterThan(1);
    expect(PRESETS.map((p) => p.id)).toContain("schnauz");
    const read = presetsFromMarkdown(
      'intro\n```json\n[{"id":"a","name":{"de":"A","en":"A"},"rules":{"swapAll":false}},{"id":"bad","name":{"de":"B","en":"B"},"rules":{"swapAll":3}}]\n```\n',
    );
    expect(read).toEqual([{ id: "a", name: { de: "A", en: "A" }, rules: { swapAll: false } }]);
    expect(presetsFromMarkdown(undefined).map((p) => p.id)).toEqual(["standard"]);
    expect(presetsFromMarkdown("```json\nnot json```").map((p) => p.id)).toEqual(["standard"]);
  });

  it("fills in defaults and lists only the changed keys", () => {
    expect(fullRules({})).toEqual(DEFAULT_RULES);
    expect(fullRules({ swapAll: false, bogus: 1 }).swapAll).toBe(false);
    // Stored settings are input: unknown values fall back to the defaults; the hidden deal and two decks are kept.
    expect(fullRules({ lives: 99, decks: 3 })).toEqual(DEFAULT_RULES);
    expect(fullRules({ deal: "hidden", decks: 2 })).toEqual({ ...DEFAULT_RULES, deal: "hidden", decks: 2 });
    expect(fullRules({ deal: "dealerChooses" }).deal).toBe("dealerChooses");
    expect(changedKeys({ swapAll: false, lives: 3, deal: "dealerChooses" })).toEqual(["deal", "swapAll"]);
    expect(matchingPreset({ swapAll: false })).toBeUndefined();
  });
});

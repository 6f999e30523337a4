import { type DeckName, maxSeats } from "@schwimmen/rules";
import { describe, expect, it } from "vitest";
import { TEXTS } from "../src/i18n/index.js";
import { PRESETS } from "../src/presets.js";
import { RULE_TEXTS } from "../src/rule-texts.js";

/** Every text a player can see: the UI tables, rule labels, explanations and value names, preset names. */
function shownTexts(lang: "de" | "en"): string[] {
  const rules = Object.values(RULE_TEXTS).flatMap((rule) => [
    rule.label[lang],
    rule.explain[lang],
    ...Object.values(rule.values).map((value) => value[lang]),
  ]);
  return [...Object.values(TEXTS[lang]), ...rules, ...PRESETS.map((preset) => preset.name[lang])];
}

describe("the words on screen", () => {
  it("name the bot levels Einsteiger, Fortgeschritten, Profi (Beginner, Advanced, Expert)", () => {
    expect([TEXTS.de.level_greedy, TEXTS.de.level_tactician, TEXTS.de.level_expert]).toEqual([
      "Einsteiger",
      "Fortgeschritten",
      "Profi",
    ]);
    expect([TEXTS.en.level_greedy, TEXTS.en.level_tactician, TEXTS.en.level_expert]).toEqual([
      "Beginner",
      "Advanced",
      "Expert",
    ]);
    for (const lang of ["de", "en"] as const)
      for (const text of shownTexts(lang)) expect(text).not.toMatch(/gierig|taktiker|greedy|tactician/i);
  });

  it("keep 'Runde' (round) for a deal: a lap is an 'Umlauf' (lap)", () => {
    const lap = /erste[nr]? runde(?!n)|schiebe-?runde|runde ohne tausch/i;
    expect("nach der ersten Runde").toMatch(lap);
    for (const text of shownTexts("de")) expect(text).not.toMatch(lap);
    expect(RULE_TEXTS.knock.values['"afterFirstLap"']!.de).toMatch(/Umlauf/);
    expect(RULE_TEXTS.knock.values['"afterFirstLap"']!.en).toMatch(/lap/);
    for (const text of shownTexts("en")) expect(text).not.toMatch(/first round|round of pass/i);
  });

  it("explain the options a pub player stumbled on", () => {
    const de = (key: keyof typeof RULE_TEXTS, value: string) => RULE_TEXTS[key].values[value]!.de;
    expect(de("swimming", '"firstOnly"')).not.toBe("nur die Ersten");
    expect(de("losers", '"twentyOrLess"')).toMatch(/niedrigste darüber/);
    // Option names fit a phone-wide list box.
    for (const rule of Object.values(RULE_TEXTS))
      for (const value of Object.values(rule.values)) expect(value.de.length + value.en.length).toBeLessThan(64);
    expect(RULE_TEXTS.scoring.label.de).not.toMatch(/Handeln/);
    expect(RULE_TEXTS.scoring.explain.de).toMatch(/zwei Könige/);
    expect(de("threeOfAKindTies", '"equal"')).not.toBe("alle gleich");
    expect(PRESETS.map((preset) => preset.name.de)).not.toContain("Lexikon");
    // Every explanation is a sentence of its own, not a repeat of the label.
    for (const rule of Object.values(RULE_TEXTS))
      for (const lang of ["de", "en"] as const) {
        expect(rule.explain[lang]).toMatch(/[.?]$/);
        expect(rule.explain[lang].length).toBeGreaterThan(rule.label[lang].length + 15);
      }
  });

  it("give each deck the player count the rules allow", () => {
    for (const deck of ["skat32", "french52", "jass36"] as DeckName[])
      for (const lang of ["de", "en"] as const) expect(RULE_TEXTS.deck.explain[lang]).toContain(`${maxSeats(deck)} `);
    for (const lang of ["de", "en"] as const) expect(RULE_TEXTS.decks.explain[lang]).toContain(`20 `);
    expect(maxSeats("skat32", 2)).toBe(20);
  });

  it("fill every placeholder in both languages the same way", () => {
    const fields = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(TEXTS.en) as (keyof typeof TEXTS.en)[])
      expect(fields(TEXTS.de[key]), key).toEqual(fields(TEXTS.en[key]));
  });
});

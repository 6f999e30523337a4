import fc from "fast-check";
import stringWidth from "string-width";
import { describe, expect, it } from "vitest";
import {
  type Card,
  DEFAULT_RULES,
  RULE_VALUES,
  type TableView,
  applyAction,
  dealRound,
  deckCards,
  newMatch,
  viewFor,
} from "@schwimmen/rules";
import { cleanName } from "../src/play/command.js";
import { keyItems, parseInput } from "../src/play/commands.js";
import { type LogEntry, narrate } from "../src/play/narrate.js";
import {
  type Screen,
  WIDTH,
  cardLines,
  helpLines,
  keyLines,
  logLines,
  plainTable,
  roundResultLines,
  seatLines,
  tableScreen,
  textLines,
} from "../src/play/render.js";
import { cardFace, makeStyle, valueText } from "../src/play/style.js";
import { type Lang, TEXTS } from "../src/play/text.js";
import { hasColour, stripAnsi } from "./play-script.js";
import { statesOfRandomMatches, stepsOfRandomMatch } from "./play-states.js";
import { assertProperty } from "./property.js";

const LONG_NAMES = [
  "Maximiliane-Theresa",
  "Lena",
  "Tom",
  "Bartholomäus von Hohenstein",
  "Mia",
  "Ben",
  "Emma",
  "Paul",
  "Lea",
];

function screenFor(seats: number, lang: Lang, color: boolean): Screen {
  return {
    texts: TEXTS[lang],
    lang,
    style: makeStyle(color),
    names: LONG_NAMES.slice(0, seats),
    levels: LONG_NAMES.slice(0, seats).map((_, seat) => (seat === 0 ? null : "tactician")),
    self: 0,
  };
}

const log = Array.from({ length: 30 }, (_, i) => ({
  text: `Bartholomäus von Hohenstein nimmt 10♥ und legt 10♦ ab, zum ${i}. Mal, und das ist eine sehr lange Zeile.`,
  tone: i % 3 === 0 ? ("announce" as const) : ("plain" as const),
}));

/** Terminal columns, by the Unicode width tables: wide characters count 2, combining marks and escape codes 0. */
const columns = (line: string): number => {
  let width = measured.get(line);
  if (width === undefined) {
    if (measured.size > 10_000) measured.clear();
    width = stringWidth(line);
    measured.set(line, width);
  }
  return width;
};
const measured = new Map<string, number>();
const widest = (lines: readonly string[]): number => Math.max(...lines.map(columns));

/** The lines that pass the screen's width (WIDTH, two columns short of 80), with their width, for a clear failure. */
const overlong = (lines: readonly string[]): string[] =>
  lines.filter((l) => columns(l) > WIDTH).map((l) => `${columns(l)}: ${stripAnsi(l)}`);

/** Characters that are two columns wide (CJK, Hangul, half-width kana are narrow, emoji, a flag) or none at all. */
const WIDE = ["漢", "字", "한", "ｱ", "👍", "👨‍👩‍👧", "🇩🇪"];
const COMBINING = ["e\u0301", "a\u0308\u0301", "\u0301", "\u200b"];
const ODD = ["\t", "\n", "\x1b[31m", "\u202e", "\u00ad", "\x07"];

/** Raw names as a person might type them, up to past the limit: any text, wide, combining and control characters. */
const rawName = fc.oneof(
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 26 }),
  fc.string({ unit: "binary", minLength: 1, maxLength: 26 }),
  fc.string({ unit: fc.constantFrom(...WIDE, ...COMBINING, ...ODD, "W", "ß", " ", "-"), minLength: 1, maxLength: 26 }),
  fc.constantFrom(...WIDE).map((c) => c.repeat(26)),
);

/** A name as the client keeps it (the person's is refused when nothing visible is left; bots' names are short). */
const playerName = (raw: string): string => {
  const name = cleanName(raw);
  return stringWidth(name) > 0 ? name : "X";
};

/** Every state of some random matches, with each seat's view, under random house rules. */
function* views(seed: string, matches: number): Generator<{ view: TableView; seats: number }> {
  let n = 0;
  // Every fifth state keeps the run short while still meeting every phase of many rounds.
  for (const state of statesOfRandomMatches(seed, matches)) {
    if (n++ % 5 === 0) yield { view: viewFor(state, 0), seats: state.seatCount };
  }
}

describe("the renderer", () => {
  it("fits every screen of random matches in 80 columns and 24 rows", () => {
    assertProperty(
      fc.property(
        fc.string({ minLength: 1, maxLength: 8 }),
        fc.constantFrom<Lang>("de", "en"),
        fc.boolean(),
        (seed, lang, color) => {
          for (const { view, seats } of views(seed, 3)) {
            const screen = screenFor(seats, lang, color);
            const prompt = keyLines(keyItems(view, screen.texts), screen.style);
            const full = tableScreen(view, screen, { log, prompt, hint: "x".repeat(120), rows: 23 });
            expect(widest(full)).toBeLessThanOrEqual(WIDTH);
            expect(full.length).toBeLessThanOrEqual(24);
            expect(widest(plainTable(view, screen))).toBeLessThanOrEqual(WIDTH);
            if (view.lastResult) {
              const result = roundResultLines(view.lastResult, view.round, view.knocker, screen, view.rules);
              expect(widest(result)).toBeLessThanOrEqual(WIDTH);
            }
            // Colour changes nothing but the colour.
            if (color) {
              const plain = tableScreen(view, screenFor(seats, lang, false), {
                log,
                prompt: prompt.map(stripAnsi),
                rows: 23,
              });
              const coloured = tableScreen(view, screen, { log, prompt, rows: 23 });
              expect(coloured.map(stripAnsi)).toEqual(plain);
            }
          }
        },
      ),
      // Found by this property: two 31s at once, one by a long name, made the round's title 84 columns wide.
      { numRuns: 15, examples: [["pp", "de", false]] },
    );
  }, 120_000);

  it("separates the keys always by the same ' · ', wrapped between keys when they do not fit one line", () => {
    const seen = new Set<number>();
    for (const lang of ["de", "en"] as const) {
      for (const { view, seats } of views(`keys-${lang}`, 6)) {
        const screen = screenFor(seats, lang, false);
        const items = keyItems(view, screen.texts);
        const lines = keyLines(items, screen.style);
        seen.add(lines.length);
        // The keys in order, each "KEY label", joined by " · " on each line: never two spaces between keys.
        expect(lines.map((line) => line.slice(1)).join(" · ")).toBe(
          items.map((i) => `${i.key} ${i.label}`).join(" · "),
        );
        for (const line of lines) {
          expect(line.startsWith(" ") && !line.startsWith("  ")).toBe(true);
          expect(stringWidth(line)).toBeLessThanOrEqual(WIDTH);
        }
      }
    }
    // German's usual turn needs two lines (the separator is not squeezed to fit one), English's one.
    expect([...seen].sort()).toEqual([1, 2]);
  });

  it("keeps every line within the width for any names, 2 to 20 seats, every phase, both languages", () => {
    const table = fc.record({
      seed: fc.string({ minLength: 1, maxLength: 8 }),
      seats: fc.integer({ min: 2, max: 20 }),
      lang: fc.constantFrom<Lang>("de", "en"),
      color: fc.boolean(),
      names: fc.array(rawName, { minLength: 20, maxLength: 20 }),
      typed: fc.array(fc.oneof(fc.string({ maxLength: 30 }), rawName), { maxLength: 3 }),
    });
    assertProperty(
      fc.property(table, ({ seed, seats, lang, color, names, typed }) => {
        const texts = TEXTS[lang];
        const style = makeStyle(color);
        const shown = names.slice(0, seats).map(playerName);
        const levels = ["random", "greedy", "tactician", "expert"];
        const screen: Screen = {
          texts,
          lang,
          style,
          names: shown,
          levels: shown.map((_, i) => levels[i % 4]!),
          self: 0,
        };
        const helps = (["openMiddle", "dealerChooses", "hidden"] as const).flatMap((deal) => helpLines(screen, deal));
        const bad: string[] = [...overlong(helps)];
        const played: LogEntry[] = [];
        for (const { state, events } of stepsOfRandomMatch(seed, seats, 250)) {
          const narrated = narrate({ texts, lang, rules: state.rules, names: shown, self: 0 }, events);
          played.push(...narrated);
          bad.push(...overlong(narrated.flatMap((entry) => logLines(entry, style))));
          const view = viewFor(state, 0);
          const round = state.round;
          const last = state.finished[state.finished.length - 1];
          if (round && last && events.some((e) => e.type === "roundEnded")) {
            // The round as it ended, and as if every hand still in had 31 or three aces at once: the longest titles.
            const { result } = last;
            const all31 = { ...result, endReason: "thirtyOne" as const, values: result.hands.map(() => 31) };
            const aces: Card[] = ["Ac", "As", "Ah"];
            const allFire = { ...result, endReason: "fire" as const, hands: result.hands.map((h) => h && aces) };
            const fireRules = { ...state.rules, fire: "endsRound" as const };
            bad.push(
              ...overlong(roundResultLines(result, round.index, round.knocker, screen, state.rules)),
              ...overlong(roundResultLines(all31, round.index, null, screen, state.rules)),
              ...overlong(roundResultLines(allFire, round.index, null, screen, fireRules)),
            );
            const announced = narrate({ texts, lang, rules: fireRules, names: shown, self: 0 }, [
              { type: "roundEnded", round: round.index, reason: "fire", result: allFire },
            ]);
            bad.push(...overlong(announced.flatMap((entry) => logLines(entry, style))));
          }
          bad.push(...overlong(plainTable(view, screen)));
          let prompt = textLines(texts.toPlay({ name: shown[view.toAct ?? 0] ?? "", self: false }), style.dim);
          const hints: (string | undefined)[] = [undefined];
          if (view.toAct === 0 && view.legal.length > 0) {
            prompt = keyLines(keyItems(view, texts), style);
            for (const line of [...typed, "a", "9c", "1z", "", "xyz"]) {
              const parsed = parseInput(line, view, texts, null);
              if (parsed.kind === "hint") hints.push(parsed.hint);
            }
          }
          for (const hint of hints) {
            const full = tableScreen(view, screen, { log: played.slice(-200), prompt, hint, rows: 23 });
            bad.push(...overlong(full));
            if (full.length > 24) bad.push(`${full.length} rows`);
          }
        }
        if (bad.length > 0) throw new Error(`${bad.length} lines too long or screens too tall:\n${bad.join("\n")}`);
      }),
      { numRuns: 12 },
    );
  }, 120_000);

  it.each(["openMiddle", "hidden"] as const)(
    "lists 10 to 20 seats in two columns, so every table fits 80 columns and 24 rows (%s)",
    (deal) => {
      for (let seats = 2; seats <= 20; seats++) {
        const rules = { ...DEFAULT_RULES, deal, deck: "french52" as const, decks: seats > 16 ? 2 : 1 } as const;
        const started = newMatch({ seats, seed: `wide-${seats}`, rules });
        if (!started.ok) throw new Error(started.error.message);
        const dealt = dealRound(started.value);
        if (!dealt.ok) throw new Error(dealt.error.message);
        const state = dealt.value.state;
        // The seat to act, or (when the deal ended the round at once) seat 0 before the round's result.
        const view = viewFor(state, state.round!.endReason === null ? state.round!.toAct : 0);
        for (const lang of ["de", "en"] as const) {
          const names = Array.from({ length: seats }, (_, i) => `Gast ${i + 1}`);
          const levels = names.map((_, i) => (i === view.viewer ? null : "tactician"));
          const screen = { ...screenFor(seats, lang, true), names, levels, self: view.viewer! };
          const prompt = keyLines(keyItems(view, screen.texts), screen.style);
          const full = tableScreen(view, screen, { log, prompt, hint: "x".repeat(120), rows: 23 });
          expect(full.length).toBeLessThanOrEqual(24);
          expect(widest(full)).toBeLessThanOrEqual(80);
          // Every seat is still named on the table, and on the round's result.
          const text = full.map(stripAnsi).join("\n");
          for (const name of names) expect(text).toContain(name);
          const last = state.finished.at(-1);
          if (last) {
            const result = roundResultLines(last.result, 0, null, screen, rules);
            expect(result.length + 3).toBeLessThanOrEqual(24);
            expect(widest(result)).toBeLessThanOrEqual(WIDTH);
            for (const name of names) expect(result.map(stripAnsi).join("\n")).toContain(name);
          }
        }
      }
    },
  );

  it("says under every rule set what 31, three aces and losing do, within the width and 22 rows (24 with its foot)", () => {
    const values = <K extends "deal" | "fire" | "thirtyOne" | "losers" | "knockerPays" | "swimming">(key: K) =>
      [...new Set(RULE_VALUES[key])] as (typeof DEFAULT_RULES)[K][];
    const problems: string[] = [];
    for (const lang of ["de", "en"] as const)
      for (const deal of values("deal"))
        for (const fire of values("fire"))
          for (const thirtyOne of values("thirtyOne"))
            for (const losers of values("losers"))
              for (const knockerPays of values("knockerPays"))
                for (const swimming of values("swimming")) {
                  const rules = { ...DEFAULT_RULES, deal, fire, thirtyOne, losers, knockerPays, swimming };
                  const screen = { texts: TEXTS[lang], lang, style: makeStyle(false), names: [], levels: [], self: 0 };
                  const lines = helpLines(screen, deal, rules);
                  const where = `${lang} ${deal} ${fire} ${thirtyOne} ${losers} ${knockerPays} ${swimming}`;
                  if (lines.length > 22) problems.push(`${where}: ${lines.length} rows`);
                  problems.push(...overlong(lines).map((line) => `${where}: ${line}`));
                }
    expect(problems).toEqual([]);
    const text = (rules: object) =>
      helpLines(
        { texts: TEXTS.en, lang: "en", style: makeStyle(false), names: [], levels: [], self: 0 },
        "openMiddle",
        {
          ...DEFAULT_RULES,
          ...rules,
        },
      )
        .join(" ")
        .replace(/\s+/g, " ");
    expect(text({})).toContain("Fire: 33, the round ends, all others lose");
    expect(text({ thirtyOne: "noEnd" })).toContain("31 ends nothing here");
    expect(text({ swimming: "off" })).toContain("nobody swims here");
  });

  it("shows the seat's own hand, the middle and the stock, but nothing hidden", () => {
    const hands: Card[][] = [
      ["Ah", "8h", "Ks"],
      ["Th", "9h", "8d"],
      ["As", "9s", "Qh"],
      ["7d", "8s", "9d"],
    ];
    const middle: Card[] = ["Kh", "7c", "Td"];
    const dealt = new Set([...hands.flat(), ...middle]);
    const deck = ["c", "s", "h", "d"].flatMap((s) =>
      ["7", "8", "9", "T", "J", "Q", "K", "A"].map((r) => `${r}${s}` as Card),
    );
    const stock = deck.filter((c) => !dealt.has(c));
    const deal = { hands, middle };
    const match = newMatch({ seats: 4, dealer: 3 });
    if (!match.ok) throw new Error("no match");
    const started = dealRound(match.value, { deal: { ...deal, stock } });
    if (!started.ok) throw new Error(started.error.message);
    const after = applyAction(started.value.state, { seat: 0, type: "knock" });
    if (!after.ok) throw new Error(after.error.message);
    const view = viewFor(after.value.state, 1);
    const screen = { ...screenFor(4, "en", false), self: 1, names: ["Ann", "You", "Tom", "Mia"] };
    const text = plainTable(view, screen).join("\n");
    expect(text).toContain("│10♥│ │ 9♥│ │ 8♦│");
    expect(text).toContain("│ K♥│ │ 7♣│ │10♦│");
    expect(text).toContain(`Stock ${stock.length}`);
    expect(text).toContain("value 19");
    expect(text).toContain("Ann knocked: 3 turns left");
    expect(text).toMatch(/▶ You +●●●/);
    expect(text).toMatch(/Ann +●●● +knocked/);
    expect(text).toMatch(/Mia +●●● +Dealer/);
    // No other hand leaks into the picture.
    for (const card of ["Ah", "8h", "Ks", "As", "9s", "Qh"] as Card[])
      expect(text).not.toContain(`│${cardFace(card, "en").padStart(3)}│`);
  });

  it("shows a hidden deal's packet to the seat that holds it, and to the others only who holds it", () => {
    const hands: Card[][] = [
      ["7c", "8s", "9h"],
      ["Tc", "Ts", "8h"],
      ["Jc", "9s", "7d"],
    ];
    const packet: Card[] = ["Ac", "Kd"];
    const dealt = new Set([...hands.flat(), ...packet]);
    const stock = deckCards("skat32").filter((c) => !dealt.has(c));
    const match = newMatch({ seats: 3, dealer: 2, rules: { ...DEFAULT_RULES, deal: "hidden" } });
    if (!match.ok) throw new Error("no match");
    const started = dealRound(match.value, { deal: { hands, middle: null, packet, stock } });
    if (!started.ok) throw new Error(started.error.message);
    const names = ["You", "Lena", "Tom"];
    const face = (card: Card) => `│${cardFace(card, "en").padStart(3)}│`;
    // Seat 0 acts first: its three cards (1-3) and the packet's two (4, 5).
    const mine = plainTable(viewFor(started.value.state, 0), { ...screenFor(3, "en", false), names }).join("\n");
    expect(mine).toMatch(/Your hand +value 9 +Packet\n/);
    expect(mine).toContain(`${face("7c")} ${face("8s")} ${face("9h")}`);
    expect(mine).toContain(`${face("Ac")} ${face("Kd")}`);
    expect(mine).toMatch(/1 +2 +3 +4 +5/);
    expect(mine).not.toMatch(/Middle|Stock/);
    // Lena sees her own cards and that the packet is with seat 0, face down; never its cards nor another hand.
    const screen = { ...screenFor(3, "de", false), names: ["Ann", "Lena", "Tom"], self: 1 };
    const hers = plainTable(viewFor(started.value.state, 1), screen).join("\n");
    expect(hers).toContain("Päckchen bei Ann");
    expect(hers).toContain("│░░░│ │░░░│");
    expect(hers).toContain(`${face("Tc")} ${face("Ts")} ${face("8h")}`);
    for (const card of [...packet, ...hands[0]!, ...hands[2]!]) expect(hers).not.toContain(face(card));
    // Once seat 0 has passed two cards on, Lena holds the packet: now its cards are hers to see.
    const passed = applyAction(started.value.state, { seat: 0, type: "passOn", give: ["7c", "Kd"] });
    if (!passed.ok) throw new Error(passed.error.message);
    const next = plainTable(viewFor(passed.value.state, 1), screen).join("\n");
    expect(next).toContain(`${face("7c")} ${face("Kd")}`);
    expect(plainTable(viewFor(passed.value.state, 0), { ...screenFor(3, "en", false), names }).join("\n")).toMatch(
      /Packet: with Lena/,
    );
  });

  it("draws cards with suit symbols, hearts and diamonds in red, and German rank letters", () => {
    const style = makeStyle(true);
    const screen = { ...screenFor(2, "de", true) };
    const match = newMatch({ seats: 2, seed: "cards" });
    if (!match.ok) throw new Error("no match");
    const dealt = dealRound(match.value);
    if (!dealt.ok) throw new Error(dealt.error.message);
    const lines = cardLines(viewFor(dealt.value.state, 0), screen, null);
    expect(hasColour(lines.join(""))).toBe(true);
    expect(style.red("K♥")).toBe("\x1b[31mK♥\x1b[0m");
    expect(cardFace("Qh", "de")).toBe("D♥");
    expect(cardFace("Jc", "de")).toBe("B♣");
    expect(cardFace("Td", "en")).toBe("10♦");
    expect(cardFace("As", "en")).toBe("A♠");
    expect(valueText(30.5)).toBe("30½");
  });

  it("marks swimming and out seats and shows lives as filled and empty dots", () => {
    const screen = screenFor(3, "en", false);
    const base = viewFor(newMatchOrThrow(3), 0);
    const view: TableView = { ...base, lives: [2, 0, 0], status: ["alive", "swimming", "out"] };
    const lines = seatLines(view, screen).map(stripAnsi);
    expect(lines[0]).toMatch(/Maximiliane…? +●●○/);
    expect(lines[1]).toMatch(/Lena +○○○ +swimming/);
    expect(lines[2]).toMatch(/Tom +✗ +out/);
  });
});

function newMatchOrThrow(seats: number) {
  const match = newMatch({ seats, seed: "m" });
  if (!match.ok) throw new Error(match.error.message);
  return match.value;
}

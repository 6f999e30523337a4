import { describe, expect, it } from "vitest";
import { type Card, DEFAULT_RULES, dealRound, deckCards, newMatch } from "@schwimmen/rules";
import { narrate } from "../src/play/narrate.js";
import { TEXTS, langFromEnv } from "../src/play/text.js";

/** The events of a round dealt with these hands (the rest of the deck in the middle and the stock). */
function dealtEvents(hands: Card[][]) {
  const used = new Set(hands.flat());
  const rest = deckCards("skat32").filter((c) => !used.has(c));
  const match = newMatch({ seats: hands.length, dealer: 0 });
  if (!match.ok) throw new Error(match.error.message);
  const dealt = dealRound(match.value, { deal: { hands, middle: rest.slice(0, 3), stock: rest.slice(3) } });
  if (!dealt.ok) throw new Error(dealt.error.message);
  return dealt.value.events;
}

const narrator = (lang: "de" | "en") => ({
  texts: TEXTS[lang],
  lang,
  rules: DEFAULT_RULES,
  names: ["Ann", "Lena", "Tom"],
  self: 0,
});

describe("announcements", () => {
  it("calls out Feuer and 31 at the deal, and who loses lives, in German and English", () => {
    const fire = dealtEvents([
      ["7c", "8c", "9c"],
      ["Ac", "Ad", "Ah"],
      ["7d", "8d", "9d"],
    ]);
    expect(narrate(narrator("en"), fire).map((e) => e.text)).toEqual([
      "── Round 1: you deal ──",
      "Fire! Lena has three aces.",
      "You lose a life (2 left).",
      "Tom loses a life (2 left).",
    ]);
    expect(narrate(narrator("de"), fire).map((e) => e.text)).toContain("Feuer! Lena hat drei Asse.");

    const schnauz = dealtEvents([
      ["As", "Ks", "Qs"],
      ["7c", "8c", "9c"],
      ["7d", "8d", "Td"],
    ]);
    const de = narrate(narrator("de"), schnauz);
    expect(de.map((e) => e.text)).toEqual([
      "── Runde 1: du gibst ──",
      "Schnauz! Du hast 31.",
      "Lena verliert ein Leben (noch 2).",
    ]);
    expect(de[1]!.tone).toBe("announce");
    expect(narrate(narrator("en"), schnauz)[1]!.text).toBe("31! You have 31.");
  });

  it("speaks of the person in the second person and of bots by name", () => {
    const events = [
      { type: "knocked", seat: 2 },
      { type: "passed", seat: 0 },
      { type: "swapped", seat: 1, give: "Qh", take: "Jc" },
      { type: "swimming", seat: 0 },
      { type: "matchEnded", winner: 0, draw: false },
    ] as const;
    expect(narrate(narrator("en"), events).map((e) => e.text)).toEqual([
      "Tom knocks! Everyone else plays once more.",
      "You pass.",
      "Lena takes J♣ for Q♥.",
      "You are swimming!",
      "You win the match!",
    ]);
    expect(narrate(narrator("de"), events).map((e) => e.text)).toEqual([
      "Tom klopft! Alle anderen sind noch einmal dran.",
      "Du schiebst.",
      "Lena nimmt B♣ und legt D♥ ab.",
      "Du schwimmst!",
      "Du gewinnst das Spiel!",
    ]);
  });

  it("tells who hands the packet on in a hidden deal, never which cards, and only the knock when it goes on unchanged", () => {
    const events = [
      { type: "passedOn", seat: 1, to: 2 },
      { type: "passedOn", seat: 0, to: 1 },
      { type: "knocked", seat: 2 },
      { type: "passedOn", seat: 2, to: 0 },
    ] as const;
    expect(narrate(narrator("de"), events).map((e) => e.text)).toEqual([
      "Lena gibt das Päckchen weiter.",
      "Du gibst das Päckchen weiter.",
      "Tom klopft! Alle anderen sind noch einmal dran.",
    ]);
    expect(narrate(narrator("en"), events).map((e) => e.text)).toEqual([
      "Lena passes the packet on.",
      "You pass the packet on.",
      "Tom knocks! Everyone else plays once more.",
    ]);
    // The person's own log names the two cards it passed on; nobody else's does.
    expect(narrate(narrator("de"), events.slice(0, 2), ["Qh", "Tc"]).map((e) => e.text)).toEqual([
      "Lena gibt das Päckchen weiter.",
      "Du gibst D♥ und 10♣ weiter.",
    ]);
  });

  it("takes the language from the locale: LC_ALL first, then LANG", () => {
    expect(langFromEnv({ LANG: "de_DE.UTF-8" })).toBe("de");
    expect(langFromEnv({ LC_ALL: "de_AT.UTF-8", LANG: "en_US.UTF-8" })).toBe("de");
    expect(langFromEnv({ LC_ALL: "C", LANG: "de_DE.UTF-8" })).toBe("en");
    expect(langFromEnv({})).toBe("en");
  });
});

describe("a knock and who plays once more", () => {
  const knock = (seat: number) => [{ type: "knocked" as const, seat }];
  it("names the one seat left to play, or says everyone else, in German and English", () => {
    const two = { ...narrator("de"), seatsIn: [0, 2] };
    expect(narrate(two, knock(0)).map((e) => e.text)).toEqual(["Du klopfst! Tom ist noch einmal dran."]);
    expect(narrate({ ...two, texts: TEXTS.en, lang: "en" as const }, knock(2)).map((e) => e.text)).toEqual([
      "Tom knocks! You have one more turn.",
    ]);
    expect(narrate({ ...narrator("en"), seatsIn: [0, 1] }, knock(0)).map((e) => e.text)).toEqual([
      "You knock! Lena has one more turn.",
    ]);
    expect(narrate({ ...two, seatsIn: [0, 1, 2] }, knock(1)).map((e) => e.text)).toEqual([
      "Lena klopft! Alle anderen sind noch einmal dran.",
    ]);
    expect(narrate({ ...narrator("en"), seatsIn: [0, 1, 2] }, knock(0)).map((e) => e.text)).toEqual([
      "You knock! Everyone else plays once more.",
    ]);
  });
});

describe("two decks, and a swimmer who goes under", () => {
  it("says a swap for the same card from the middle as such, not as taking and laying down one card", () => {
    const events = [
      { type: "swapped", seat: 2, give: "7s", take: "7s" },
      { type: "swapped", seat: 0, give: "Ah", take: "Ah" },
    ] as const;
    expect(narrate(narrator("de"), events).map((e) => e.text)).toEqual([
      "Tom tauscht 7♠ gegen die gleiche Karte aus der Mitte.",
      "Du tauschst A♥ gegen die gleiche Karte aus der Mitte.",
    ]);
    expect(narrate(narrator("en"), events).map((e) => e.text)).toEqual([
      "Tom swaps 7♠ for the same card from the middle.",
      "You swap A♥ for the same card from the middle.",
    ]);
  });

  it("tells a swimmer who loses that it goes under, not that it loses a life it does not have", () => {
    const events = [
      { type: "livesLost", seat: 0, count: 1, lives: 0 },
      { type: "out", seat: 0 },
      { type: "livesLost", seat: 1, count: 1, lives: 0 },
      { type: "out", seat: 1 },
      { type: "livesLost", seat: 2, count: 1, lives: 0 },
      { type: "swimming", seat: 2 },
    ] as const;
    // Seats 0 and 1 were swimming; seat 2 had one life left.
    expect(narrate({ ...narrator("de"), swimming: [0, 1] }, events).map((e) => e.text)).toEqual([
      "Du gehst unter und bist raus.",
      "Lena geht unter und ist raus.",
      "Tom verliert ein Leben.",
      "Tom schwimmt!",
    ]);
    expect(narrate({ ...narrator("en"), swimming: [0, 1] }, events).map((e) => e.text)).toEqual([
      "You go under and are out.",
      "Lena goes under and is out.",
      "Tom loses a life.",
      "Tom is swimming!",
    ]);
    // Without swimming (its last life lost, out at once) the loss is said, then that it is out.
    expect(narrate(narrator("en"), events.slice(2, 4)).map((e) => e.text)).toEqual([
      "Lena loses a life.",
      "Lena is out.",
    ]);
  });
});

describe("labels", () => {
  it("capitalises the titles of the table's parts in English as in German (Middle, Stock, Pot)", () => {
    for (const lang of ["de", "en"] as const) {
      const t = TEXTS[lang];
      for (const title of [t.round(1), t.pot("1 €"), t.stock(17), t.middle, t.yourHand, t.packet, t.secondPacket])
        expect(title.charAt(0), title).toBe(title.charAt(0).toUpperCase());
    }
  });

  it("capitalises the bot levels and the dealer in English as in German", () => {
    for (const lang of ["de", "en"] as const) {
      for (const level of ["random", "greedy", "tactician", "expert"]) {
        const label = TEXTS[lang].level(level);
        expect(label.charAt(0), label).toBe(label.charAt(0).toUpperCase());
      }
      expect(TEXTS[lang].dealer.charAt(0)).toBe(TEXTS[lang].dealer.charAt(0).toUpperCase());
    }
    expect(TEXTS.en.level("greedy")).toBe("Beginner");
    expect(TEXTS.en.level("expert")).toBe("Expert");
  });
});

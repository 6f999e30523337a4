import type { GameEvent } from "@schwimmen/rules";
import { describe, expect, it } from "vitest";
import { appendLog } from "../src/game/model.js";
import { currentBanner, describeEvent, latestWords, stockWords } from "../src/table/announce.js";

const names = ["Mara", "Lena", "Tom"];
const de = { lang: "de" as const, faces: "french" as const, names, me: 0 };
const en = { ...de, lang: "en" as const };

const result = (values: number[]) => ({
  dealer: 0,
  endReason: "thirtyOne" as const,
  hands: [],
  values,
  lifeLosses: [1, 0, 0],
  lives: [2, 3, 3],
  state: [],
});
const dealt = (round: number, dealer = 1): GameEvent => ({
  type: "roundStarted",
  round,
  dealer,
  middle: null,
  stockSize: 20,
});
const log = (...events: GameEvent[]) => appendLog([], events);

describe("the table's banner belongs to the round it tells of", () => {
  it("shows a knock while its round runs, and not once the next round is dealt", () => {
    const knock: GameEvent = { type: "knocked", seat: 0 };
    expect(currentBanner(log(dealt(0), knock, { type: "passed", seat: 1 }), de)?.text).toBe("Du klopfst!");
    expect(currentBanner(log(dealt(0), knock, { type: "passed", seat: 1 }, dealt(1)), de)).toBeNull();
    // The dealer's choice of the next round: still nothing of the old knock.
    const chose: GameEvent = { type: "chose", seat: 2, packet: "first", middle: [] };
    expect(currentBanner(log(dealt(0), knock, dealt(1, 2), chose), de)).toBeNull();
    // A knock of the new round is shown again.
    expect(currentBanner(log(dealt(0), knock, dealt(1), { type: "knocked", seat: 2 }), de)?.text).toBe("Tom klopft!");
  });

  it("takes a 31 away with the new deal and at the match's end", () => {
    const ended: GameEvent = { type: "roundEnded", round: 0, reason: "thirtyOne", result: result([20, 31, 19]) };
    expect(currentBanner(log(dealt(0), ended), de)?.text).toBe("31! Lena beendet die Runde.");
    expect(currentBanner(log(dealt(0), ended, dealt(1)), de)).toBeNull();
    expect(currentBanner(log(dealt(0), ended, { type: "matchEnded", winner: 1, draw: false }), de)).toBeNull();
  });

  it("shows no banner for news that is many moves old (e.g. a log brought back after a reload)", () => {
    const passes: GameEvent[] = Array.from({ length: 7 }, (_, i) => ({ type: "passed", seat: (i % 2) + 1 }));
    expect(currentBanner(log(dealt(0), { type: "knocked", seat: 1 }, ...passes), de)).toBeNull();
  });
});

describe("your own moves are told to you in the second person", () => {
  const ended = (reason: "thirtyOne" | "fire", values: number[]): GameEvent => ({
    type: "roundEnded",
    round: 0,
    reason,
    result: result(values),
  });
  const cases: [GameEvent, string, string][] = [
    [dealt(1, 0), "Runde 2: Du gibst.", "Round 2: you deal."],
    [{ type: "chose", seat: 0, packet: "second", middle: [] }, "Du hast ein Päckchen gewählt.", "You chose a packet."],
    [
      { type: "swapped", seat: 0, give: "Ah", take: "7c" },
      "Du tauschst Herz-Ass gegen Kreuz 7.",
      "You swap ace of hearts for 7 of clubs.",
    ],
    [{ type: "swappedAll", seat: 0, gave: [], took: [] }, "Du tauschst alle drei Karten.", "You swap all three cards."],
    [{ type: "passed", seat: 0 }, "Du schiebst.", "You pass."],
    [{ type: "knocked", seat: 0 }, "Du klopfst!", "You knock!"],
    [ended("thirtyOne", [31, 20, 19]), "31! Du beendest die Runde.", "31! You end the round."],
    [ended("fire", [33, 20, 19]), "Feuer! Du hast drei Asse.", "Fire! You hold three aces."],
    [{ type: "livesLost", seat: 0, count: 1, lives: 2 }, "Du verlierst 1 Leben.", "You lose 1 life."],
    [{ type: "swimming", seat: 0 }, "Du schwimmst!", "You are swimming!"],
    [{ type: "out", seat: 0 }, "Du bist raus.", "You are out."],
    [{ type: "matchEnded", winner: 0, draw: false }, "Du gewinnst die Partie!", "You win the match!"],
  ];
  it.each(cases)("%j", (event, german, english) => {
    expect(describeEvent(event, de)).toBe(german);
    expect(describeEvent(event, en)).toBe(english);
    // Another seat's move keeps its name; without a seat of one's own (watching, replays) every move does.
    expect(describeEvent(event, { ...de, me: 2 })).not.toMatch(/^(Du|31! Du|Feuer! Du|Runde 2: Du)/);
    expect(describeEvent(event, { ...en, me: null })).toContain("Mara");
  });
});

describe("moves the computer made for a person are told as such", () => {
  it("says the computer played for you (or for someone else), in the log, the status line and the banner", () => {
    const knock: GameEvent = { type: "knocked", seat: 0 };
    const swap: GameEvent = { type: "swapped", seat: 1, give: "7h", take: "As" };
    expect(describeEvent(knock, de, true)).toBe("Der Computer spielt für dich: Du klopfst!");
    expect(describeEvent(knock, en, true)).toBe("The computer plays for you: You knock!");
    expect(describeEvent(swap, de, true)).toBe("Der Computer spielt für Lena: Lena tauscht Herz 7 gegen Pik-Ass.");
    // Not marked: the person's own move, as before; events that are no move stay as they are.
    expect(describeEvent(knock, de)).toBe("Du klopfst!");
    expect(describeEvent(dealt(0), de, true)).toBe(describeEvent(dealt(0), de));
    // Through the log: a marked entry keeps its mark for the banner and the status line.
    const marked = appendLog([], [dealt(0), { event: knock, byComputer: true }, { event: swap, byComputer: false }]);
    expect(marked.map((entry) => entry.byComputer ?? false)).toEqual([false, true, false]);
    expect(currentBanner(marked, de)?.text).toBe("Der Computer spielt für dich: Du klopfst!");
  });
});

describe("the status line after a round's end", () => {
  const lost = (seat: number, count = 1): GameEvent => ({ type: "livesLost", seat, count, lives: 2 });
  const five = { ...de, names: ["Mara", "Lena", "Tom", "Ben", "Ida"] };

  it("names every seat that lost a life, not only the last one", () => {
    expect(latestWords(log(dealt(0), lost(1), lost(2)), de)).toBe("Lena und Tom verlieren je 1 Leben.");
    expect(latestWords(log(dealt(0), lost(1), lost(2)), en)).toBe("Lena and Tom lose 1 life each.");
    expect(latestWords(log(dealt(0), lost(1), lost(2), lost(3), lost(4)), five)).toBe(
      "Lena, Tom, Ben und Ida verlieren je 1 Leben.",
    );
    // One loser: as before.
    expect(latestWords(log(dealt(0), lost(2)), de)).toBe("Tom verliert 1 Leben.");
  });

  it("tells the viewer's own loss first, in the second person, and keeps different counts apart", () => {
    expect(latestWords(log(dealt(0), lost(2), lost(0)), de)).toBe("Du verlierst 1 Leben. Tom verliert 1 Leben.");
    // The knocker pays double: two losses of different size.
    expect(latestWords(log(dealt(0), lost(1, 2), lost(2)), de)).toBe("Lena verliert 2 Leben. Tom verliert 1 Leben.");
  });

  it("adds who swims and who is out, after the lives", () => {
    const events: GameEvent[] = [lost(1), { type: "swimming", seat: 1 }, lost(2), { type: "out", seat: 2 }];
    expect(latestWords(log(dealt(0), ...events), de)).toBe(
      "Lena und Tom verlieren je 1 Leben. Lena schwimmt! Tom ist raus.",
    );
    expect(latestWords(log(dealt(0), lost(0), { type: "swimming", seat: 0 }), en)).toBe(
      "You lose 1 life. You are swimming!",
    );
  });
});

describe("the stock's size in words", () => {
  it("says one card in the singular", () => {
    expect(stockWords(1, "de")).toBe("1 Karte im Stapel");
    expect(stockWords(17, "de")).toBe("17 Karten im Stapel");
    expect(stockWords(1, "en")).toBe("1 card in the stock");
    expect(stockWords(0, "en")).toBe("0 cards in the stock");
  });
});

/** "dealerChooses" rules: the dealer's choice of packets made plain on the table, in the keys, the hints and the help. */
import { describe, expect, it } from "vitest";
import { DEFAULT_RULES, type TableView, dealRound, newMatch, viewFor } from "@schwimmen/rules";
import { keyItems, parseInput } from "../src/play/commands.js";
import { type Screen, cardLines, helpLines, keyLines } from "../src/play/render.js";
import { makeStyle } from "../src/play/style.js";
import { type Lang, TEXTS } from "../src/play/text.js";

/** The dealer's view (seat 0, the person) before it has chosen a packet. */
function choosingView(): TableView {
  const made = newMatch({ rules: { ...DEFAULT_RULES, deal: "dealerChooses" }, seats: 3, dealer: 0, seed: "choose" });
  if (!made.ok) throw new Error(made.error.message);
  const dealt = dealRound(made.value);
  if (!dealt.ok) throw new Error(dealt.error.message);
  const view = viewFor(dealt.value.state, 0);
  expect(view.phase).toBe("choosing");
  return view;
}

const screen = (lang: Lang): Screen => ({
  texts: TEXTS[lang],
  lang,
  style: makeStyle(false),
  names: ["Du", "Lena", "Tom"],
  levels: [null, "random", "random"],
  self: 0,
});

describe("schwimmen play: the dealer chooses a packet", () => {
  it("numbers the packets on the table, not the cards, and the keys name both packets", () => {
    const view = choosingView();
    const de = cardLines(view, screen("de"), null).join("\n");
    expect(de).toContain("Zweites Päckchen");
    expect(de).toContain("Dein erstes Päckchen");
    expect(de).not.toMatch(/1\s+2\s+3/);
    // The 1 under the packet the dealer holds, the 2 under the face-down one.
    const keyRow = cardLines(view, screen("de"), null).at(-1)!;
    expect(keyRow.trim().split(/\s+/)).toEqual(["2", "1"]);
    const en = cardLines(view, screen("en"), null).join("\n");
    expect(en).toContain("Second packet");
    expect(keyLines(keyItems(view, TEXTS.de), makeStyle(false)).join("")).toContain(
      "1 dieses Päckchen behalten · 2 das zweite nehmen",
    );
    expect(keyLines(keyItems(view, TEXTS.en), makeStyle(false)).join("")).toContain(
      "1 keep this packet · 2 take the second, unseen one",
    );
  });

  it("answers any other key with what to press, in either language", () => {
    const view = choosingView();
    for (const lang of ["de", "en"] as const) {
      for (const line of ["3", "1a", "K", "A", "P", "xyz"]) {
        expect(parseInput(line, view, TEXTS[lang], null)).toEqual({
          kind: "hint",
          hint: TEXTS[lang].hints.choosePacket,
        });
      }
      expect(TEXTS[lang].hints.choosePacket).toMatch(/1.*2/);
      expect(parseInput("2", view, TEXTS[lang], null)).toMatchObject({ kind: "action", action: { packet: "second" } });
      expect(parseInput("?", view, TEXTS[lang], null)).toEqual({ kind: "help" });
    }
  });

  it("explains the choice in the help under these rules only", () => {
    const de = helpLines(screen("de"), "dealerChooses").join("\n");
    expect(de).toContain("Geber wählt");
    expect(helpLines(screen("en"), "dealerChooses").join("\n")).toContain("Dealer chooses");
    expect(helpLines(screen("en"), "openMiddle").join("\n")).not.toContain("Dealer chooses");
  });
});

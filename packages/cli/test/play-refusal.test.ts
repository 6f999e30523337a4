/** A refused move says why, from the engine's answer, in both languages. */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEFAULT_RULES,
  type MatchState,
  type Rules,
  applyAction,
  dealRound,
  newMatch,
  viewFor,
} from "@schwimmen/rules";
import { runPlay } from "../src/play/command.js";
import { parseInput } from "../src/play/commands.js";
import { refusalHint } from "../src/play/refusal.js";
import { TEXTS, type Lang } from "../src/play/text.js";
import { scriptedIo } from "./play-script.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "schwimmen-play-refusal-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A fresh round of three under the given rules, seat 0 to act first. */
function dealt(rules: Partial<Rules>, seed = "refuse"): MatchState {
  const made = newMatch({ rules: { ...DEFAULT_RULES, ...rules }, seats: 3, dealer: 2, seed });
  if (!made.ok) throw new Error(made.error.message);
  const round = dealRound(made.value);
  if (!round.ok) throw new Error(round.error.message);
  expect(round.value.state.round!.toAct).toBe(0);
  return round.value.state;
}

const names = ["Du", "Lena", "Tom"];
const hint = (state: MatchState, line: string, lang: Lang = "en"): string => {
  const why = (tried: Parameters<typeof refusalHint>[1]) =>
    refusalHint(state, tried, lang, TEXTS[lang], (seat) => ({ name: names[seat] ?? "", self: seat === 0 }));
  const parsed = parseInput(line, viewFor(state, state.round!.toAct), TEXTS[lang], null, why);
  return parsed.kind === "hint" ? parsed.hint : `not a hint: ${parsed.kind}`;
};

describe("schwimmen play: why a move is refused", () => {
  it("a knock in the first lap, and a knock after someone knocked", () => {
    const first = dealt({ knock: "afterFirstLap" });
    expect(hint(first, "K")).toBe("Nobody may knock before everyone has had a turn.");
    expect(hint(first, "K", "de")).toBe("Klopfen geht erst, wenn jeder einmal am Zug war.");
    const open = dealt({});
    const knocked = applyAction(open, { seat: 0, type: "knock" });
    if (!knocked.ok) throw new Error(knocked.error.message);
    // Seat 1 to act after seat 0's knock: the person at seat 0 is "you" in the reason.
    expect(hint(knocked.value.state, "K")).toBe("You have already knocked; only one knock a round.");
    expect(hint(knocked.value.state, "K", "de")).toBe("Du hast schon geklopft; pro Runde klopft nur einer.");
  });

  it("a new middle, by what the rules ask for one", () => {
    expect(hint(dealt({}), "R")).toBe("These rules do not let you ask for a new middle.");
    expect(hint(dealt({ allPass: "onRequest" }), "R", "de")).toBe(
      "Eine neue Mitte gibt es nur, wenn gerade alle geschoben haben.",
    );
    expect(hint(dealt({ allPass: "onRequest", lowMiddleRedeal: true }), "R")).toContain("7, 8 and 9");
  });

  it("passing and swapping all three when the rules forbid them, and swaps in a hidden deal", () => {
    expect(hint(dealt({ allPass: "forbidden" }), "P")).toBe("These rules do not allow passing: swap or knock.");
    expect(hint(dealt({ swapAll: false }), "A", "de")).toBe(
      "Alle drei Karten tauschen ist nach diesen Regeln nicht erlaubt.",
    );
    expect(hint(dealt({ deal: "hidden" }), "P")).toContain("two of your five cards (1-5) to pass them on, e.g. 45");
  });

  it("shows the reason at the table", async () => {
    const rules = join(dir, "late-knock.json");
    await writeFile(rules, JSON.stringify({ knock: "afterFirstLap" }));
    for (const [lang, reason] of [
      ["en", "Nobody may knock before everyone has had a turn."],
      ["de", "Klopfen geht erst, wenn jeder einmal am Zug war."],
    ] as const) {
      const io = scriptedIo({ script: ["K"], choose: () => null });
      const args = [
        "--bots",
        "random",
        "--rules",
        rules,
        "--lang",
        lang,
        "--seed",
        "k",
        "--save",
        join(dir, `${lang}.json`),
      ];
      expect(await runPlay(args, io, {})).toBe(0);
      expect(io.out()).toContain(reason);
      expect(io.out()).not.toContain(TEXTS[lang].hints.notAllowed);
    }
  });
});

import { describe, expect, it } from "vitest";
import { type TableView, Rng, dealRound, newMatch, viewFor } from "@schwimmen/rules";
import { createBot } from "../src/index.js";

function firstView(): TableView {
  const started = newMatch({ seats: 3, seed: "explain" });
  if (!started.ok) throw new Error(started.error.message);
  const dealt = dealRound(started.value);
  if (!dealt.ok) throw new Error(dealt.error.message);
  const state = dealt.value.state;
  return viewFor(state, state.round!.toAct);
}

describe("hints", () => {
  it.each(["tactician", "expert"] as const)("%s explains its choice in German and English", (level) => {
    const view = firstView();
    const bot = createBot(level);
    const action = bot.decide(view, { rng: Rng.fromSeed("hint") });
    const en = bot.explain!(view, action, "en");
    const de = bot.explain!(view, action, "de");
    expect(en.length).toBeGreaterThan(10);
    expect(de).not.toEqual(en);
  });

  it("names the cards and the resulting hand of a swap", () => {
    const view = firstView();
    const swap = view.legal.find((a) => a.type === "swap")!;
    const text = createBot("expert").explain!(view, swap, "en");
    expect(text).toMatch(/^Swap .+ for .+: \d+(\.5)? in (clubs|spades|hearts|diamonds)|three of a kind/);
    expect(createBot("expert").explain!(view, swap, "de")).toMatch(/^Tausche .+ gegen .+:/);
  });
});

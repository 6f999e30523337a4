import { describe, expect, it } from "vitest";
import { type Card, type TableView, Rng, dealRound, deckCards, newMatch, viewFor } from "@schwimmen/rules";
import { createBot, explainAction } from "../src/index.js";

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

describe("the pass hint", () => {
  function viewOf(hand: Card[], middle: Card[]): TableView {
    const started = newMatch({ seats: 3, seed: "pass-hint" });
    if (!started.ok) throw new Error(started.error.message);
    const used = new Set<Card>([...hand, ...middle]);
    const others: Card[][] = [
      ["7h", "9d", "Th"],
      ["8c", "9h", "Td"],
    ];
    for (const c of others.flat()) used.add(c);
    const stock = deckCards("skat32", 1).filter((c) => !used.has(c));
    const toAct = (started.value.nextDealer + 1) % 3;
    const hands = [0, 1, 2].map((seat) => (seat === toAct ? hand : others.shift()!));
    const dealt = dealRound(started.value, { deal: { hands, middle, stock } });
    if (!dealt.ok) throw new Error(dealt.error.message);
    return viewFor(dealt.value.state, toAct);
  }
  const pass = (view: TableView) => view.legal.find((a) => a.type === "pass")!;

  it("does not claim that no swap beats the hand when one does", () => {
    const view = viewOf(["Ks", "Js", "7c"], ["8s", "Kc", "7d"]);
    const en = explainAction(view, pass(view), "en");
    const de = explainAction(view, pass(view), "de");
    expect(en).not.toMatch(/no swap beats/);
    expect(en).toMatch(/keep 20 in spades.*28 in spades/);
    expect(de).not.toMatch(/kein Tausch/);
    expect(de).toMatch(/28 in Pik/);
  });

  it("says so when no swap beats the hand", () => {
    const view = viewOf(["As", "Ks", "9s"], ["8d", "8h", "7c"]);
    expect(explainAction(view, pass(view), "en")).toMatch(/^Pass: no swap beats 30 in spades$/);
    expect(explainAction(view, pass(view), "de")).toMatch(/^Schieben: kein Tausch bringt mehr als 30 in Pik$/);
  });

  it("says 'Klopfen mit drei Gleichen' (the dative after 'mit'), and 'drei Gleiche' elsewhere", () => {
    const view = viewOf(["Ks", "Kc", "Kh"], ["8s", "Jc", "7d"]);
    const knock = view.legal.find((a) => a.type === "knock")!;
    expect(explainAction(view, knock, "de")).toMatch(/^Klopfen mit drei Gleichen \(30,5\):/);
    expect(explainAction(view, knock, "en")).toMatch(/^Knock with three of a kind \(30\.5\):/);
    expect(explainAction(view, pass(view), "de")).toMatch(/mehr als drei Gleiche \(30,5\)$/);
  });
});

describe("a hint on a slow device", () => {
  it("when the time runs out before the search says anything, the expert plays the sound baseline move", () => {
    // Out of time at once (budget 0): before, the first candidate in legal order won, here a swap down to 20.
    const started = newMatch({ seats: 3, seed: "slow-hint" });
    if (!started.ok) throw new Error(started.error.message);
    const hand: Card[] = ["Qc", "Kc", "9s"];
    const middle: Card[] = ["Kh", "Jc", "8s"];
    const others: Card[][] = [
      ["7h", "9d", "Th"],
      ["8c", "9h", "Td"],
    ];
    const used = new Set<Card>([...hand, ...middle, ...others.flat()]);
    const stock = deckCards("skat32", 1).filter((c) => !used.has(c));
    const toAct = (started.value.nextDealer + 1) % 3;
    const hands = [0, 1, 2].map((seat) => (seat === toAct ? hand : others.shift()!));
    const dealt = dealRound(started.value, { deal: { hands, middle, stock } });
    if (!dealt.ok) throw new Error(dealt.error.message);
    const view = viewFor(dealt.value.state, toAct);
    for (const seed of ["a", "b", "c"]) {
      const action = createBot("expert").decide(view, { rng: Rng.fromSeed(seed), budgetMs: 0 });
      expect(action, seed).toMatchObject({ type: "swap", give: "9s", take: "Jc" });
    }
  });
});

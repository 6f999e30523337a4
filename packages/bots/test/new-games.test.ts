import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Card,
  type MatchState,
  type Rules,
  type TableView,
  DEFAULT_RULES,
  RULE_KEYS,
  RULE_VALUES,
  Rng,
  applyAction,
  dealRound,
  newMatch,
  parseRules,
  viewFor,
} from "@schwimmen/rules";
import {
  PLAYER_BOT_LEVELS,
  botRuleValues,
  createBot,
  explainAction,
  lineupProblem,
  unplayableByBots,
} from "../src/index.js";
import { greedyMove, situationOfView } from "../src/greedy.js";
import { bestKeep, keepOptions, unseenByViewer, withoutCards } from "../src/hand.js";
import { inPlayElsewhere, passTrail, sampleWorld } from "../src/sampler.js";
import { trackRound } from "../src/tracker.js";
import { playChecked } from "./helpers.js";

function rulesOf(json: object): Rules {
  const parsed = parseRules(json);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

const HIDDEN = rulesOf({ deal: "hidden" });

/** A view of a hidden deal's seat to act with the given cards (only what the policies read is filled in). */
function hiddenView(hand: Card[], packet: Card[], rules: Rules = HIDDEN): TableView {
  const started = newMatch({ rules, seats: 3, seed: "view" });
  if (!started.ok) throw new Error(started.error.message);
  const dealt = dealRound(started.value);
  if (!dealt.ok) throw new Error(dealt.error.message);
  const view = viewFor(dealt.value.state, dealt.value.state.round!.toAct);
  return { ...view, hand, packet };
}

describe("the hidden deal: which two of five to pass on, and when to knock", () => {
  it("keeps the best three and, on a tie, passes on the pair that feeds the next seat least", () => {
    const best = bestKeep(["Ah", "Kh", "7c"], ["Qh", "8s"], HIDDEN);
    expect(best.value).toBe(31);
    expect(best.give.slice().sort()).toEqual(["7c", "8s"]);
    // 21 in hearts either way; passing the two spades (a 20 start) feeds more than a ten and a seven of two suits.
    const tie = bestKeep(["Ah", "Th", "Ks"], ["Qs", "7d"], HIDDEN);
    expect(tie.value).toBe(21);
    expect(tie.give.slice().sort()).toEqual(["7d", "Ks"].sort());
    const options = keepOptions(["Ah", "Th", "Ks"], ["Qs", "7d"], HIDDEN);
    expect(options).toHaveLength(10);
    expect(options[0]!.give).toEqual(tie.give);
  });

  it("counts each pair once when the five cards hold a card twice (two decks)", () => {
    const rules = rulesOf({ deal: "hidden", decks: 2 });
    const options = keepOptions(["Ah", "Ah", "Kh"], ["Kh", "7c"], rules);
    expect(options).toHaveLength(5);
    expect(options[0]!.value).toBe(31);
  });

  it("explains a pass with the hand it keeps", () => {
    const view = hiddenView(["Ah", "Kh", "7c"], ["Qh", "8s"]);
    const action = { seat: view.viewer!, type: "passOn" as const, give: ["7c", "8s"] as Card[] };
    expect(explainAction(view, action, "en")).toBe("Pass on 7 of clubs and 8 of spades, keeping 31 in hearts");
    expect(explainAction(view, action, "de")).toMatch(/weitergeben, 31 in .+ behalten$/);
  });

  it("greedy knocks at 27 unless keeping other cards ends the round at once", () => {
    const knock = greedyMove(situationOfView(hiddenView(["Ah", "Kh", "7h"], ["8c", "9d"])));
    expect(knock.type).toBe("knock");
    const win = greedyMove(situationOfView(hiddenView(["Ah", "Kh", "7h"], ["Qh", "9d"])));
    expect(win).toEqual({ type: "passOn", give: ["7h", "9d"] });
    const weak = greedyMove(situationOfView(hiddenView(["Ac", "Kh", "7h"], ["Qh", "9d"])));
    expect(weak.type).toBe("passOn");
  });

  it("the expert knocks with 27 or more as well, and searches below that", () => {
    const strong = hiddenView(["Ah", "Kh", "7h"], ["8c", "9d"]);
    expect(createBot("expert").decide(strong, { rng: Rng.fromSeed("k") }).type).toBe("knock");
    const real = hiddenPositions(HIDDEN, 3, "expert-search", 1)[0]!;
    const view = viewFor(real, real.round!.toAct);
    expect(view.legal).toContainEqual(createBot("expert").decide(view, { rng: Rng.fromSeed("k") }));
  });
});

/** Every position of a few hidden-deal matches among greedy and random bots, with the true state. */
function hiddenPositions(rules: Rules, seats: number, seed: string, count: number): MatchState[] {
  const started = newMatch({ rules, seats, seed });
  if (!started.ok) throw new Error(started.error.message);
  let state = started.value;
  const bots = Array.from({ length: seats }, (_, i) => createBot(i % 3 === 2 ? "random" : "greedy"));
  const rng = Rng.fromSeed(seed);
  const out: MatchState[] = [];
  while (out.length < count && !state.over) {
    if (state.round === null || state.round.endReason !== null) {
      state = (dealRound(state) as { value: { state: MatchState } }).value.state;
      continue;
    }
    out.push(state);
    const action = bots[state.round.toAct]!.decide(viewFor(state, state.round.toAct), { rng });
    state = (applyAction(state, action) as { value: { state: MatchState } }).value.state;
  }
  return out;
}

describe("what the cards it passed on tell a bot (hidden deal)", () => {
  it("places the passed cards only where they truly are, and samples worlds with every card as often as dealt", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 7 }), fc.constantFrom(1, 2), fc.nat(), (seats, decks, seed) => {
        const rules = rulesOf({ deal: "hidden", decks });
        for (const state of hiddenPositions(rules, seats, `trail-${seed}`, 40)) {
          const round = state.round!;
          const view = viewFor(state, round.toAct);
          const trail = passTrail(view);
          if (trail?.exact) {
            // The seat that handed this packet on keeps exactly the viewer's cards it did not pass back.
            expect(withoutCards(trail.cards, round.hands[trail.holder]!)).toEqual([]);
          }
          const others = round.hands.flatMap((h, s) => (s === round.toAct || h === null ? [] : h));
          // With one deck every card it passed on and does not hold again is in another hand (two decks: a copy may be).
          if (decks === 1)
            expect(withoutCards([...inPlayElsewhere(view, trail), ...(trail?.cards ?? [])], others)).toEqual([]);
          const guess = sampleWorld(view, trackRound(view), Rng.fromSeed(`s${seed}`));
          const hidden = [...guess.hands.flatMap((h) => h ?? []), ...guess.stock];
          const truth = [...others, ...round.stock];
          expect(hidden.slice().sort()).toEqual(truth.slice().sort());
        }
      }),
      { numRuns: 30 },
    );
  }, 60_000);
});

describe("two decks", () => {
  it("counts a card it holds as still in play once more", () => {
    const view = hiddenView(["Ah", "Kh", "7c"], ["Ah", "8s"], rulesOf({ deal: "hidden", decks: 2 }));
    const unseen = unseenByViewer(view);
    expect(unseen.filter((c) => c === "Ah")).toHaveLength(0);
    expect(unseen.filter((c) => c === "Kh")).toHaveLength(1);
    expect(unseen.filter((c) => c === "Qh")).toHaveLength(2);
    expect(unseen).toHaveLength(64 - 5);
  });

  it("seats up to 20 at an arena table with two decks of 32", () => {
    expect(lineupProblem(20, rulesOf({ decks: 2 }))).toBeNull();
    expect(lineupProblem(21, rulesOf({ decks: 2 }))).toMatch(/2 to 20 seats/);
    expect(lineupProblem(10, DEFAULT_RULES)).toMatch(/2 to 9 seats/);
  });

  it.each([
    ["open middle", { decks: 2 }],
    ["hidden deal", { decks: 2, deal: "hidden" }],
  ])(
    "every level plays legally at 20 seats (%s, first rounds)",
    (_name, json) => {
      const bots = Array.from({ length: 20 }, (_, i) => createBot(PLAYER_BOT_LEVELS[i % PLAYER_BOT_LEVELS.length]!));
      const played = playChecked(bots, rulesOf(json), `twenty-${_name}`, 4);
      expect(played.actions.length).toBeGreaterThan(20);
    },
    60_000,
  );

  it("plays whole matches of the new games among the four levels", () => {
    for (const json of [{ deal: "hidden" }, { decks: 2 }, { decks: 2, deal: "hidden", deck: "french52" }]) {
      const played = playChecked(
        PLAYER_BOT_LEVELS.map((level) => createBot(level)),
        rulesOf(json),
        `whole-${JSON.stringify(json)}`,
      );
      expect(played.state.over).toBe(true);
    }
  }, 120_000);
});

describe("which games the bots play", () => {
  it("plays every value of every rule key", () => {
    for (const key of RULE_KEYS) expect(botRuleValues(key)).toEqual(RULE_VALUES[key]);
    expect(unplayableByBots(rulesOf({ deal: "hidden", decks: 2 }))).toBeNull();
  });

  it("still names a value left out, for a list that has one", () => {
    const left = { deal: ["hidden"], decks: [2] };
    expect(botRuleValues("deal", left)).not.toContain("hidden");
    expect(botRuleValues("lives", left)).toEqual(RULE_VALUES.lives);
    expect(unplayableByBots({ ...DEFAULT_RULES, deal: "hidden" }, left)).toMatch(/do not play deal "hidden"/);
    expect(unplayableByBots(DEFAULT_RULES, left)).toBeNull();
  });
});

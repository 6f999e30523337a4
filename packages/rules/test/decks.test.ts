import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  type Card,
  dealRound,
  deckCards,
  handValue,
  legalActions,
  maxSeats,
  newMatch,
  outcomeOf,
  parseRules,
  replayRecordText,
} from "../src/index.js";
import { type Fixture, checkFixture, err, h, knock, pass, passOn, record, replay, swap } from "./helpers.js";

/**
 * Two decks (`"decks": 2`): every card twice, copies interchangeable, no sum above 31, more seats.
 * Three seats, dealer 2: seat 0 acts first.
 */
const TWO = { decks: 2 };
/** Seat 0 holds an ace of hearts; the middle holds its copy. Values 21, 19, 20. */
const HANDS = ["Ah Kh 7c", "Ts 9s 8d", "Qs Js 7d"];
const MIDDLE = "Ah 8c Ts";
const two = (actions: unknown[], rules: Record<string, unknown> = {}, hands = HANDS, middle = MIDDLE) =>
  record({ rules: { ...TWO, ...rules }, rounds: [{ deal: { hands, middle }, actions: actions as never }] });
const players = (n: number, rules: Record<string, unknown>) => ({
  rules,
  players: Array.from({ length: n }, (_, i) => `p${i}`),
  dealer: 0,
  rounds: [],
});
const patched = (patch: (deal: { stock: string[]; middle: string[] }) => void) => {
  const r = two([]);
  patch((r.rounds as { deal: { stock: string[]; middle: string[] } }[])[0]!.deal);
  return r;
};

const seats: Fixture[] = [
  { name: "20 seats for skat32", record: players(20, TWO), expected: { rounds: 0 } },
  { name: "21 seats for skat32", record: players(21, TWO), expected: err("INVALID_RECORD") },
  { name: "23 seats for jass36", record: players(23, { ...TWO, deck: "jass36" }), expected: { rounds: 0 } },
  { name: "24 seats for jass36", record: players(24, { ...TWO, deck: "jass36" }), expected: err("INVALID_RECORD") },
  { name: "33 seats for french52", record: players(33, { ...TWO, deck: "french52" }), expected: { rounds: 0 } },
  { name: "34 seats for french52", record: players(34, { ...TWO, deck: "french52" }), expected: err("INVALID_RECORD") },
  { name: "20 seats in a hidden deal", record: players(20, { ...TWO, deal: "hidden" }), expected: { rounds: 0 } },
  {
    name: "21 seats in a hidden deal",
    record: players(21, { ...TWO, deal: "hidden" }),
    expected: err("INVALID_RECORD"),
  },
  { name: "decks 3 is no rule value", record: players(3, { decks: 3 }), expected: err("INVALID_RECORD") },
  { name: 'decks "2" is not a number', record: players(3, { decks: "2" }), expected: err("INVALID_RECORD") },
];

const deals: Fixture[] = [
  { name: "a deal of two decks", record: two([]), expected: { endReason: null } },
  {
    name: "a card three times",
    record: patched((d) => (d.stock[0] = "Ah")),
    expected: err("INVALID_DEAL", 0),
  },
  {
    name: "a card once only",
    record: patched((d) => d.stock.splice(d.stock.indexOf("Kh"), 1)),
    expected: err("INVALID_DEAL", 0),
  },
  {
    name: "a one-deck deal under decks 2",
    record: record({ rules: TWO, rounds: [{ deal: { hands: HANDS, middle: "Qd 8d Kc", decks: 1 } }] }),
    expected: err("INVALID_DEAL", 0),
  },
  {
    name: "a two-deck deal under one deck",
    record: record({ rounds: [{ deal: { hands: HANDS, middle: "Qd 8d Kc", decks: 2 } }] }),
    expected: err("INVALID_DEAL", 0),
  },
];

const play: Fixture[] = [
  {
    name: "the worked example: a copy swapped for its copy, then two aces of hearts and a king count 31",
    record: two([pass(0), swap(1, "Ts", "Ts"), swap(2, "7d", "Ts"), swap(0, "7c", "Ah")]),
    expected: {
      endReason: "thirtyOne",
      hands: ["Ah Ah Kh", "Ts 9s 8d", "Qs Js Ts"],
      values: [31, 19, 30],
      lifeLosses: [0, 1, 0],
    },
  },
  {
    name: "a swap of a card for its copy is a swap: it breaks a run of passes",
    record: two([pass(0), pass(1), swap(2, "7d", "8c"), pass(0), swap(1, "Ts", "Ts"), pass(2)]),
    expected: { endReason: null, check: (s) => expect(s.round!.stockTop).toBe(0) },
  },
  {
    name: "without the copy swap the same passes lay a new middle",
    record: two([pass(0), pass(1), swap(2, "7d", "8c"), pass(0), pass(1), pass(2)]),
    expected: { endReason: null, check: (s) => expect(s.round!.stockTop).toBe(3) },
  },
  {
    name: "a swap of a card for its copy is allowed where passing is not",
    record: two([swap(0, "Ah", "Ah")], { allPass: "forbidden" }),
    expected: { endReason: null, hands: HANDS, check: (s) => expect(s.round!.turns).toBe(1) },
  },
  {
    name: "a one-suit sum of 32 dealt counts 31 and ends the round",
    record: two([], {}, ["Ah Ah Kh", "Ts 9s 8d", "Qs Js 7d"], "7c 8c Ts"),
    expected: { endReason: "thirtyOne", values: [31, 19, 20], lifeLosses: [0, 1, 0] },
  },
  {
    name: "a capped 31 ends nothing under thirtyOne noEnd",
    record: two([], { thirtyOne: "noEnd" }, ["Ah Ah Th", "Ts 9s 8d", "Qs Js 7d"], "7c 8c Ts"),
    expected: { endReason: null },
  },
  {
    name: "a capped 31 under thirtyOne allOthersLose: every seat without 31 loses",
    record: two([], { thirtyOne: "allOthersLose" }, ["Ah Ah Th", "Ts 9s 8d", "Qs Js 7d"], "7c 8c Ts"),
    expected: { endReason: "thirtyOne", values: [31, 19, 20], lifeLosses: [0, 1, 1] },
  },
  {
    name: "three cards of one rank with two copies are three of a kind (30.5)",
    record: two([knock(0), pass(1), pass(2)], {}, ["7h 7h 7s", "Ts 9s 8d", "Qs Js 7d"], "Ah 8c Ts"),
    expected: { endReason: "knock", values: [30.5, 19, 20], lifeLosses: [0, 1, 0] },
  },
  {
    name: "three aces with two copies are Feuer",
    record: two([], {}, ["Ah Ah As", "Ts 9s 8d", "Qs Js 7d"], "7c 8c Ts"),
    expected: { endReason: "fire", values: [33, 19, 20], lifeLosses: [0, 1, 1] },
  },
  {
    name: "two seats dealt Feuer: neither loses",
    record: two([], {}, ["Ah Ac As", "Ah Ac Ad", "Qs Js 7d"], "7c 8c Ts"),
    expected: { endReason: "fire", values: [33, 33, 20], lifeLosses: [0, 0, 1] },
  },
  {
    name: "CARD_NOT_IN_HAND: the other copy is in the middle, not in the hand",
    record: two([swap(0, "Ts", "Ah")]),
    expected: err("CARD_NOT_IN_HAND", 0, 0),
  },
  {
    name: "CARD_NOT_IN_MIDDLE: the other copy is in a hand, not in the middle",
    record: two([swap(0, "7c", "Kh")]),
    expected: err("CARD_NOT_IN_MIDDLE", 0, 0),
  },
  {
    name: "a card held twice can be swapped twice",
    record: two(
      [swap(0, "Ah", "8c"), pass(1), pass(2), swap(0, "Ah", "Ts")],
      {},
      ["Ah Ah 7c", "Ts 9s 8d", "Qs Js 7d"],
      "Kh 8c Ts",
    ),
    expected: { endReason: null, hands: ["8c Ts 7c", "Ts 9s 8d", "Qs Js 7d"] },
  },
  {
    name: "hidden deal with two decks: a card held twice may be passed on twice",
    record: record({
      rules: { ...TWO, deal: "hidden" },
      rounds: [
        { deal: { hands: ["7c 7c 9h", "Tc Ts 8h", "Jc 9s 7d"], packet: "Ac Kc" }, actions: [passOn(0, "7c 7c")] },
      ],
    }),
    expected: {
      endReason: null,
      hands: ["9h Ac Kc", "Tc Ts 8h", "Jc 9s 7d"],
      check: (s) => expect(s.round!.packet).toEqual(["7c", "7c"]),
    },
  },
  {
    name: "hidden deal with two decks: a card held once may not be passed on twice",
    record: record({
      rules: { ...TWO, deal: "hidden" },
      rounds: [
        { deal: { hands: ["7c 8s 9h", "Tc Ts 8h", "Jc 9s 7d"], packet: "7c Kc" }, actions: [passOn(0, "8s 8s")] },
      ],
    }),
    expected: err("CARD_NOT_IN_HAND", 0, 0),
  },
  {
    name: "hidden deal with two decks: a card and its copy from the packet",
    record: record({
      rules: { ...TWO, deal: "hidden" },
      rounds: [
        { deal: { hands: ["7c 8s 9h", "Tc Ts 8h", "Jc 9s 7d"], packet: "7c Kc" }, actions: [passOn(0, "7c 7c")] },
      ],
    }),
    expected: { endReason: null, hands: ["8s 9h Kc", "Tc Ts 8h", "Jc 9s 7d"] },
  },
];

describe.each([
  ["two decks: seats", seats],
  ["two decks: deals", deals],
  ["two decks: play", play],
])("%s", (_, fixtures) => {
  it.each(fixtures.map((f) => [f.name, f] as const))("%s", (_name, fixture) => checkFixture(fixture));
});

describe("two decks", () => {
  it("each card of each deck exactly twice", () => {
    for (const deck of ["skat32", "jass36", "french52"] as const) {
      const cards = deckCards(deck, 2);
      expect(cards.length).toBe(deckCards(deck).length * 2);
      for (const card of deckCards(deck)) expect(cards.filter((c) => c === card)).toHaveLength(2);
      expect(maxSeats(deck, 2)).toBe({ skat32: 20, jass36: 23, french52: 33 }[deck]);
    }
  });

  it("no one-suit sum counts above 31", () => {
    const rules = parseRules(TWO);
    if (!rules.ok) throw new Error(rules.error.message);
    const value = (hand: string) => handValue(h(hand) as Card[], rules.value);
    expect(value("Ah Ah Kh")).toBe(31);
    expect(value("Ah Ah Th")).toBe(31);
    expect(value("Ah Ah 9h")).toBe(31);
    expect(value("Ah Ah 8h")).toBe(30);
    expect(value("Ah Ah Ks")).toBe(22);
    expect(value("Kh Kh Qh")).toBe(30);
  });

  it("a swap names cards, not copies: each swap once in the legal actions", () => {
    const got = replay(two([], {}, ["Ah Ah 7c", "Ts 9s 8d", "Qs Js 7d"], "Kh Kh 8c"));
    if (!got.ok) throw new Error(got.error.message);
    const swaps = legalActions(got.state)
      .filter((a) => a.type === "swap")
      .map((a) => (a.type === "swap" ? `${a.give}-${a.take}` : ""));
    expect(swaps.sort()).toEqual(["7c-8c", "7c-Kh", "Ah-8c", "Ah-Kh"]);
    expect(legalActions(got.state).map((a) => a.type)).toEqual([
      ...swaps.map(() => "swap"),
      "swapAll",
      "pass",
      "knock",
    ]);
  });

  it.each(["openMiddle", "dealerChooses", "hidden"] as const)(
    "a seeded %s deal of two decks holds every card twice",
    (deal) => {
      const rules = parseRules({ ...TWO, deal });
      if (!rules.ok) throw new Error(rules.error.message);
      const match = newMatch({ rules: rules.value, seats: 20, seed: "two decks" });
      if (!match.ok) throw new Error(match.error.message);
      const dealt = dealRound(match.value);
      if (!dealt.ok) throw new Error(dealt.error.message);
      const { hands, middle, extra, packet, stock } = dealt.value.state.round!.deal;
      const all = [
        ...hands.flatMap((hand) => hand ?? []),
        ...(middle ?? []),
        ...(extra ?? []),
        ...(packet ?? []),
        ...stock,
      ];
      expect([...all].sort()).toEqual([...deckCards("skat32", 2)].sort());
      expect(stock.length).toBe(64 - 60 - (deal === "hidden" ? 2 : 3));
    },
  );

  it("the worked example of the rules pages replays to its outcome", () => {
    const dir = new URL("./examples/", import.meta.url).pathname;
    const got = replayRecordText(readFileSync(`${dir}two-decks-example.json`, "utf8"));
    if (!got.ok) throw new Error(got.error.message);
    const expected = JSON.parse(readFileSync(`${dir}two-decks-example.outcome.json`, "utf8"));
    expect(JSON.parse(JSON.stringify(outcomeOf(got.value.state)))).toEqual(expected);
  });
});

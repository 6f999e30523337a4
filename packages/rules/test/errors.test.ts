import { describe, expect, it } from "vitest";
import { DEFAULT_RULES, RULE_KEYS, RULE_VALUES, parseRules } from "../src/index.js";
import { type Fixture, checkFixture, err, choose, knock, pass, record, replay, swap } from "./helpers.js";

const BASE = ["7c 8s 9h", "Tc Ts 8h", "Jc 9s 7d"];
const MIDDLE = "Qd 8d Kc";
const base = (actions: unknown[], rules: Record<string, unknown> = {}) =>
  record({ rules, rounds: [{ deal: { hands: BASE, middle: MIDDLE }, actions: actions as never }] });
/** A round that has ended (seat 0 knocked, the others passed). */
const ended = (extra: unknown) => base([knock(0), pass(1), pass(2), extra]);

const shape: Fixture[] = [
  { name: "not JSON", record: "{ rules: ", expected: err("INVALID_RECORD") },
  { name: "not an object", record: "[1, 2]", expected: err("INVALID_RECORD") },
  { name: "JSON null", record: "null", expected: err("INVALID_RECORD") },
  { name: "players missing", record: '{"rules":{},"dealer":0,"rounds":[]}', expected: err("INVALID_RECORD") },
  { name: "players not names", record: { players: ["a", 2], dealer: 0, rounds: [] }, expected: err("INVALID_RECORD") },
  { name: "one player", record: { players: ["a"], dealer: 0, rounds: [] }, expected: err("INVALID_RECORD") },
  {
    name: "ten players for skat32",
    record: { players: [..."abcdefghij"], dealer: 0, rounds: [] },
    expected: err("INVALID_RECORD"),
  },
  {
    name: "nine players for skat32",
    record: { players: [..."abcdefghi"], dealer: 0, rounds: [] },
    expected: { rounds: 0 },
  },
  {
    name: "eleven players for jass36",
    record: { rules: { deck: "jass36" }, players: [..."abcdefghijk"], dealer: 0, rounds: [] },
    expected: { rounds: 0 },
  },
  {
    name: "twelve players for jass36",
    record: { rules: { deck: "jass36" }, players: [..."abcdefghijkl"], dealer: 0, rounds: [] },
    expected: err("INVALID_RECORD"),
  },
  {
    name: "sixteen players for french52",
    record: { rules: { deck: "french52" }, players: [..."abcdefghijklmnop"], dealer: 0, rounds: [] },
    expected: { rounds: 0 },
  },
  {
    name: "seventeen players for french52",
    record: { rules: { deck: "french52" }, players: [..."abcdefghijklmnopq"], dealer: 0, rounds: [] },
    expected: err("INVALID_RECORD"),
  },
  {
    name: "dealer out of range",
    record: { players: ["a", "b"], dealer: 2, rounds: [] },
    expected: err("INVALID_RECORD"),
  },
  {
    name: "dealer not whole",
    record: { players: ["a", "b"], dealer: 0.5, rounds: [] },
    expected: err("INVALID_RECORD"),
  },
  {
    name: "dealer true is not a number",
    record: { players: ["a", "b"], dealer: true, rounds: [] },
    expected: err("INVALID_RECORD"),
  },
  {
    name: "dealer written 1.0 is a whole number",
    record: '{"players":["a","b"],"dealer":1.0,"rounds":[]}',
    expected: { rounds: 0 },
  },
  {
    name: "rounds not a list",
    record: { players: ["a", "b"], dealer: 0, rounds: {} },
    expected: err("INVALID_RECORD"),
  },
  {
    name: "a round not an object",
    record: { players: ["a", "b"], dealer: 0, rounds: [3] },
    expected: err("INVALID_RECORD", 0),
  },
  {
    name: "a round without a deal",
    record: { players: ["a", "b"], dealer: 0, rounds: [{ actions: [] }] },
    expected: err("INVALID_RECORD", 0),
  },
  {
    name: "a round without actions",
    record: (() => {
      const r = base([]);
      delete (r.rounds as Record<string, unknown>[])[0]!.actions;
      return r;
    })(),
    expected: err("INVALID_RECORD", 0),
  },
  { name: "unknown rule key", record: base([], { fires: "off" }), expected: err("INVALID_RECORD") },
  { name: "unknown rule value", record: base([], { fire: "sometimes" }), expected: err("INVALID_RECORD") },
  {
    name: "rules not an object",
    record: { rules: [], players: ["a", "b"], dealer: 0, rounds: [] },
    expected: err("INVALID_RECORD"),
  },
  { name: "lives 0", record: base([], { lives: 0 }), expected: err("INVALID_RECORD") },
  { name: "lives 10", record: base([], { lives: 10 }), expected: err("INVALID_RECORD") },
  { name: "lives 2.5", record: base([], { lives: 2.5 }), expected: err("INVALID_RECORD") },
  { name: "lives true is not a number", record: base([], { lives: true }), expected: err("INVALID_RECORD") },
  { name: 'lives "3" is not a number', record: base([], { lives: "3" }), expected: err("INVALID_RECORD") },
  { name: "knockerPays 3", record: base([], { knockerPays: 3 }), expected: err("INVALID_RECORD") },
  { name: "swapAll as a string", record: base([], { swapAll: "false" }), expected: err("INVALID_RECORD") },
  {
    name: "lives written 1.0 and knockerPays 2.0 are whole numbers",
    record: JSON.stringify(base([knock(0), pass(1), pass(2)])).replace(
      '"rules":{}',
      '"rules":{"lives":1.0,"knockerPays":2.0}',
    ),
    expected: { lifeLosses: [2, 0, 0], state: ["out", "alive", "alive"] },
  },
  {
    name: "unknown keys are ignored outside rules",
    record: (() => {
      const r = base([{ ...knock(0), note: "hm" }, pass(1), pass(2)]);
      const round = (r.rounds as Record<string, unknown>[])[0]!;
      round.note = "x";
      (round.deal as Record<string, unknown>).note = "y";
      return { ...r, comment: "a friendly game", version: 7 };
    })(),
    expected: { endReason: "knock", lifeLosses: [1, 0, 0] },
  },
];

const deals: Fixture[] = [
  {
    name: "a hand of two cards",
    record: { rounds: [{ deal: { hands: ["7c 8s", "Tc Ts 8h", "Jc 9s 7d"], middle: MIDDLE } }] },
    expected: err("INVALID_DEAL", 0),
  },
  {
    name: "a card dealt twice",
    record: (() => {
      const r = base([]);
      const deal = (r.rounds as { deal: { stock: string[] } }[])[0]!.deal;
      deal.stock[0] = "7c";
      return r;
    })(),
    expected: err("INVALID_DEAL", 0),
  },
  {
    name: "a card missing",
    record: (() => {
      const r = base([]);
      (r.rounds as { deal: { stock: string[] } }[])[0]!.deal.stock.pop();
      return r;
    })(),
    expected: err("INVALID_DEAL", 0),
  },
  {
    name: "a hand too many",
    record: (() => {
      const r = base([]);
      (r.rounds as { deal: { hands: unknown[] } }[])[0]!.deal.hands.push(null);
      return r;
    })(),
    expected: err("INVALID_DEAL", 0),
  },
  {
    name: "a middle of two cards",
    record: { rounds: [{ deal: { hands: BASE, middle: "Qd 8d" } }] },
    expected: err("INVALID_DEAL", 0),
  },
  {
    name: "a malformed deal card comes before a wrong deal (INVALID_RECORD over INVALID_DEAL)",
    record: (() => {
      const r = record({ rounds: [{ deal: { hands: ["7c 8s", "Tc Ts 8h", "Jc 9s 7d"], middle: MIDDLE } }] });
      (r.rounds as { deal: { stock: unknown[] } }[])[0]!.deal.stock.push(7);
      return r;
    })(),
    expected: err("INVALID_RECORD", 0),
  },
  {
    name: "a card that is not a card",
    record: (() => {
      const r = base([]);
      (r.rounds as { deal: { stock: string[] } }[])[0]!.deal.stock[0] = "Xx";
      return r;
    })(),
    expected: err("INVALID_DEAL", 0),
  },
];

const actions: Fixture[] = [
  { name: "seat out of range", record: base([{ seat: 3, type: "pass" }]), expected: err("INVALID_RECORD", 0, 0) },
  { name: "seat negative", record: base([{ seat: -1, type: "pass" }]), expected: err("INVALID_RECORD", 0, 0) },
  { name: "seat not whole", record: base([{ seat: 0.5, type: "pass" }]), expected: err("INVALID_RECORD", 0, 0) },
  {
    name: "seat true is not a number",
    record: base([{ seat: true, type: "pass" }]),
    expected: err("INVALID_RECORD", 0, 0),
  },
  {
    name: 'seat "0" is not a number',
    record: base([{ seat: "0", type: "pass" }]),
    expected: err("INVALID_RECORD", 0, 0),
  },
  {
    name: "seat written 0.0 is a whole number",
    record: JSON.stringify(base([pass(0)])).replace('"seat":0', '"seat":0.0'),
    expected: { endReason: null, check: (s) => expect(s.round!.toAct).toBe(1) },
  },
  { name: "unknown action type", record: base([{ seat: 0, type: "fold" }]), expected: err("INVALID_RECORD", 0, 0) },
  { name: "action without a type", record: base([{ seat: 0 }]), expected: err("INVALID_RECORD", 0, 0) },
  { name: "action not an object", record: base(["pass"]), expected: err("INVALID_RECORD", 0, 0) },
  {
    name: "swap without take",
    record: base([{ seat: 0, type: "swap", give: "7c" }]),
    expected: err("INVALID_RECORD", 0, 0),
  },
  { name: "swap of a non-card", record: base([swap(0, "7c", "Qx")]), expected: err("INVALID_RECORD", 0, 0) },
  {
    name: "choose of a third packet",
    record: base([{ seat: 0, type: "choose", packet: "third" }]),
    expected: err("INVALID_RECORD", 0, 0),
  },
  {
    name: "the shape is checked before ROUND_OVER",
    record: ended({ seat: true, type: "pass" }),
    expected: err("INVALID_RECORD", 0, 3),
  },
  { name: "ROUND_OVER after the round has ended", record: ended(pass(0)), expected: err("ROUND_OVER", 0, 3) },
  { name: "ROUND_OVER comes before NOT_YOUR_TURN", record: ended(pass(2)), expected: err("ROUND_OVER", 0, 3) },
  {
    name: "ROUND_OVER after a dealt 31",
    record: record({
      rounds: [{ deal: { hands: ["7c 8s 9h", "Ah Kh Qh", "Jc 9s 7d"], middle: MIDDLE }, actions: [pass(0)] }],
    }),
    expected: err("ROUND_OVER", 0, 0),
  },
  { name: "NOT_YOUR_TURN", record: base([pass(1)]), expected: err("NOT_YOUR_TURN", 0, 0) },
  {
    name: "NOT_YOUR_TURN comes before ACTION_NOT_ALLOWED",
    record: base([knock(1)], { knock: "afterFirstLap" }),
    expected: err("NOT_YOUR_TURN", 0, 0),
  },
  {
    name: "ACTION_NOT_ALLOWED",
    record: base([knock(0)], { knock: "afterFirstLap" }),
    expected: err("ACTION_NOT_ALLOWED", 0, 0),
  },
  {
    name: "ACTION_NOT_ALLOWED comes before CARD_NOT_IN_HAND (a swap before the dealer's choice)",
    record: record({
      rules: { deal: "dealerChooses" },
      rounds: [{ deal: { hands: BASE, extra: MIDDLE }, actions: [swap(2, "Ah", "As")] }],
    }),
    expected: err("ACTION_NOT_ALLOWED", 0, 0),
  },
  {
    name: "CARD_NOT_IN_HAND comes before CARD_NOT_IN_MIDDLE",
    record: base([swap(0, "Ah", "As")]),
    expected: err("CARD_NOT_IN_HAND", 0, 0),
  },
  {
    name: "CARD_NOT_IN_HAND: another seat's card",
    record: base([swap(0, "Tc", "Qd")]),
    expected: err("CARD_NOT_IN_HAND", 0, 0),
  },
  { name: "CARD_NOT_IN_MIDDLE", record: base([swap(0, "7c", "As")]), expected: err("CARD_NOT_IN_MIDDLE", 0, 0) },
  {
    name: "CARD_NOT_IN_MIDDLE: a card of the hand",
    record: base([swap(0, "7c", "8s")]),
    expected: err("CARD_NOT_IN_MIDDLE", 0, 0),
  },
  {
    name: "errors name the round and the action",
    record: record({
      rounds: [
        { deal: { hands: BASE, middle: MIDDLE }, actions: [knock(0), pass(1), pass(2)] },
        { deal: { hands: BASE, middle: MIDDLE }, actions: [pass(1), pass(2), choose(0, "first")] },
      ],
    }),
    expected: err("ACTION_NOT_ALLOWED", 1, 2),
  },
];

describe.each([
  ["record shape", shape],
  ["deals", deals],
  ["actions in check order", actions],
])("%s", (_, fixtures) => {
  it.each(fixtures.map((f) => [f.name, f] as const))("%s", (_name, fixture) => checkFixture(fixture));
});

describe("actions as logged", () => {
  it("keys a caller added to an action never reach the history, views or a written record (bug fix)", async () => {
    const { makeRecord, spectatorView } = await import("../src/index.js");
    const got = replay(
      base([
        { ...pass(0), note: "secret", give: "Ah" },
        { ...knock(1), extra: [1, 2] },
      ]),
    );
    if (!got.ok) throw new Error(got.error.message);
    expect(spectatorView(got.state).history).toEqual([pass(0), knock(1)]);
    const written = JSON.stringify(makeRecord(got.state, ["a", "b", "c"]));
    expect(written).not.toContain("secret");
    expect(written).not.toContain("extra");
  });
});

describe("parseRules", () => {
  const cases = RULE_KEYS.flatMap((key) => RULE_VALUES[key].map((value) => [key, value] as const));
  it.each(cases)("%s: %s is accepted", (key, value) => {
    const parsed = parseRules({ [key]: value });
    expect(parsed.ok && parsed.value[key]).toBe(value);
    if (parsed.ok)
      for (const other of RULE_KEYS) if (other !== key) expect(parsed.value[other]).toBe(DEFAULT_RULES[other]);
  });
  it("every key has its default when left out", () => {
    expect(parseRules({})).toEqual({ ok: true, value: DEFAULT_RULES });
    expect(parseRules(undefined)).toEqual({ ok: true, value: DEFAULT_RULES });
  });
  it("the defaults are those of the seed document", () => {
    expect(DEFAULT_RULES).toEqual({
      deck: "skat32",
      direction: "clockwise",
      deal: "openMiddle",
      lives: 3,
      swimming: "everyone",
      knock: "anytime",
      allPass: "newMiddle",
      swapAll: true,
      lowMiddleRedeal: false,
      scoring: "suit",
      threeOfAKindTies: "equal",
      fire: "allOthersLose",
      thirtyOne: "endsRound",
      knockerPays: 1,
      losers: "lowest",
      decks: 1,
    });
  });
  it.each(RULE_KEYS)("%s: a value of another key is refused", (key) => {
    const parsed = parseRules({ [key]: "openMiddleX" });
    expect(parsed.ok ? "ok" : parsed.error.code).toBe("INVALID_RECORD");
  });
  it("a record replays every rule value", () => {
    for (const [key, value] of cases) {
      const got = replay(base([], { [key]: value }));
      // The helper fills the stock from the rules' deck; dealerChooses and hidden deals need a packet, not a middle.
      if (key === "deal" && value !== "openMiddle") expect(got.ok ? "ok" : got.error.code).toBe("INVALID_DEAL");
      else expect(got.ok, `${key}: ${String(value)}`).toBe(true);
    }
  });
});

import { describe, expect, it } from "vitest";
import { legalActions } from "../src/index.js";
import { type Fixture, checkFixture, err, choose, knock, pass, passOn, record, redeal, swap } from "./helpers.js";
import { EXAMPLE, HANDS, HIDDEN, NEAR31, PACKET, hidden, openMiddle } from "./hidden-deal.js";

/** The hidden deal: fixtures in the contract's error order, the round's rules and its deals. */

const withDeal = (patch: (deal: Record<string, unknown>) => void) => {
  const r = hidden([]);
  patch((r.rounds as { deal: Record<string, unknown> }[])[0]!.deal);
  return r;
};

/** Errors of a `passOn` and of the other actions in a hidden deal, in the contract's order. */
const errors: Fixture[] = [
  {
    name: "give not a list",
    record: hidden([{ seat: 0, type: "passOn", give: "8s" }]),
    expected: err("INVALID_RECORD", 0, 0),
  },
  { name: "give missing", record: hidden([{ seat: 0, type: "passOn" }]), expected: err("INVALID_RECORD", 0, 0) },
  {
    name: "give of one card",
    record: hidden([{ seat: 0, type: "passOn", give: ["8s"] }]),
    expected: err("INVALID_RECORD", 0, 0),
  },
  {
    name: "give of three cards",
    record: hidden([{ seat: 0, type: "passOn", give: ["8s", "9h", "7c"] }]),
    expected: err("INVALID_RECORD", 0, 0),
  },
  {
    name: "give with a non-card",
    record: hidden([{ seat: 0, type: "passOn", give: ["8s", "Xx"] }]),
    expected: err("INVALID_RECORD", 0, 0),
  },
  {
    name: "give with a number",
    record: hidden([{ seat: 0, type: "passOn", give: ["8s", 7] }]),
    expected: err("INVALID_RECORD", 0, 0),
  },
  {
    name: "give with a card of another deck (a two in skat32)",
    record: hidden([{ seat: 0, type: "passOn", give: ["8s", "2c"] }]),
    expected: err("INVALID_RECORD", 0, 0),
  },
  {
    name: "the shape of give is checked whatever the deal (open middle)",
    record: openMiddle([{ seat: 0, type: "passOn", give: ["8s"] }]),
    expected: err("INVALID_RECORD", 0, 0),
  },
  {
    name: "the same card twice is a shape, each card checked alone (then: held only once)",
    record: hidden([passOn(0, "8s 8s")]),
    expected: err("CARD_NOT_IN_HAND", 0, 0),
  },
  {
    name: "the shape comes before ROUND_OVER",
    record: hidden([...EXAMPLE, { seat: 0, type: "passOn", give: ["8s"] }]),
    expected: err("INVALID_RECORD", 0, 6),
  },
  {
    name: "ROUND_OVER after the knock's last turns",
    record: hidden([...EXAMPLE, passOn(0, "7d 8h")]),
    expected: err("ROUND_OVER", 0, 6),
  },
  {
    name: "ROUND_OVER comes before NOT_YOUR_TURN",
    record: hidden([...EXAMPLE, passOn(1, "7d 8h")]),
    expected: err("ROUND_OVER", 0, 6),
  },
  { name: "NOT_YOUR_TURN", record: hidden([passOn(1, "Tc Ts")]), expected: err("NOT_YOUR_TURN", 0, 0) },
  {
    name: "NOT_YOUR_TURN comes before ACTION_NOT_ALLOWED (a passOn out of turn in an open game)",
    record: openMiddle([passOn(1, "Tc Ts")]),
    expected: err("NOT_YOUR_TURN", 0, 0),
  },
  {
    name: "ACTION_NOT_ALLOWED: passOn outside a hidden deal, before any card check",
    record: openMiddle([passOn(0, "Ah As")]),
    expected: err("ACTION_NOT_ALLOWED", 0, 0),
  },
  {
    name: "ACTION_NOT_ALLOWED: passOn before the dealer's choice",
    record: record({
      rules: { deal: "dealerChooses" },
      rounds: [{ deal: { hands: HANDS, extra: "Qd 8d Kc" }, actions: [passOn(2, "Jc 9s")] }],
    }),
    expected: err("ACTION_NOT_ALLOWED", 0, 0),
  },
  {
    name: "ACTION_NOT_ALLOWED: swap in a hidden deal",
    record: hidden([swap(0, "7c", "Ac")]),
    expected: err("ACTION_NOT_ALLOWED", 0, 0),
  },
  {
    name: "ACTION_NOT_ALLOWED: swap in a hidden deal, even of cards nobody holds",
    record: hidden([swap(0, "As", "Ah")]),
    expected: err("ACTION_NOT_ALLOWED", 0, 0),
  },
  {
    name: "ACTION_NOT_ALLOWED: swapAll",
    record: hidden([{ seat: 0, type: "swapAll" }]),
    expected: err("ACTION_NOT_ALLOWED", 0, 0),
  },
  { name: "ACTION_NOT_ALLOWED: pass", record: hidden([pass(0)]), expected: err("ACTION_NOT_ALLOWED", 0, 0) },
  { name: "ACTION_NOT_ALLOWED: redeal", record: hidden([redeal(0)]), expected: err("ACTION_NOT_ALLOWED", 0, 0) },
  {
    name: "ACTION_NOT_ALLOWED: redeal even with lowMiddleRedeal",
    record: hidden([redeal(0)], { lowMiddleRedeal: true }),
    expected: err("ACTION_NOT_ALLOWED", 0, 0),
  },
  {
    name: "a choose by the dealer is out of turn (NOT_YOUR_TURN)",
    record: hidden([choose(2, "first")]),
    expected: err("NOT_YOUR_TURN", 0, 0),
  },
  {
    name: "ACTION_NOT_ALLOWED: choose by the seat to act",
    record: hidden([choose(0, "first")]),
    expected: err("ACTION_NOT_ALLOWED", 0, 0),
  },
  {
    name: "ACTION_NOT_ALLOWED: a second knock",
    record: hidden([knock(0), knock(1)]),
    expected: err("ACTION_NOT_ALLOWED", 0, 1),
  },
  {
    name: "ACTION_NOT_ALLOWED: knock afterFirstLap counts passOn turns (too early)",
    record: hidden([passOn(0, "8s 9h"), passOn(1, "Tc 8h"), knock(2)], { knock: "afterFirstLap" }),
    expected: err("ACTION_NOT_ALLOWED", 0, 2),
  },
  {
    name: "knock afterFirstLap counts passOn turns (allowed after a lap)",
    record: hidden(EXAMPLE, { knock: "afterFirstLap" }),
    expected: { endReason: "knock", lifeLosses: [0, 1, 0] },
  },
  {
    name: "CARD_NOT_IN_HAND: a card not among the five",
    record: hidden([passOn(0, "8s Ah")]),
    expected: err("CARD_NOT_IN_HAND", 0, 0),
  },
  {
    name: "CARD_NOT_IN_HAND: another seat's card",
    record: hidden([passOn(0, "Tc 8s")]),
    expected: err("CARD_NOT_IN_HAND", 0, 0),
  },
  {
    name: "CARD_NOT_IN_HAND: a card of the packet just passed on is no longer there",
    record: hidden([passOn(0, "8s 9h"), passOn(1, "Ac Tc")]),
    expected: err("CARD_NOT_IN_HAND", 0, 1),
  },
];

/** How the hidden round goes. */
const play: Fixture[] = [
  {
    name: "the worked example: knock, every other seat acts once more, the lowest loses",
    record: hidden(EXAMPLE),
    expected: {
      endReason: "knock",
      hands: ["Ac Kc 7c", "Ts 8s 9h", "Jc Tc 9s"],
      values: [28, 18, 20],
      lifeLosses: [0, 1, 0],
      lives: [3, 2, 3],
    },
  },
  {
    name: "give names the two cards in either order",
    record: hidden([passOn(0, "9h 8s"), passOn(1, "8h Tc")]),
    expected: {
      endReason: null,
      hands: ["Ac Kc 7c", "Ts 8s 9h", "Jc 9s 7d"],
      check: (s) => expect([...s.round!.packet!].sort()).toEqual(["8h", "Tc"]),
    },
  },
  {
    name: "passing the packet on as it came keeps the hand (a seat may do that instead of knocking)",
    record: hidden([passOn(0, "Ac Kc")]),
    expected: { endReason: null, hands: HANDS, check: (s) => expect(s.round!.toAct).toBe(1) },
  },
  {
    name: "a knock hands the packet on unchanged; the knocker keeps its three cards",
    record: hidden([knock(0)]),
    expected: {
      endReason: null,
      hands: HANDS,
      check: (s) => {
        expect(s.round!.packet).toEqual(["Ac", "Kc"]);
        expect(s.round!.toAct).toBe(1);
      },
    },
  },
  {
    name: "a passOn that keeps 31 ends the round at once",
    record: record({
      rules: HIDDEN,
      rounds: [{ deal: { hands: NEAR31, packet: "Ah Kh" }, actions: [passOn(0, "7c 8s")] }],
    }),
    expected: {
      endReason: "thirtyOne",
      hands: ["Qh Ah Kh", NEAR31[1]!, NEAR31[2]!],
      values: [31, 10, 10],
      lifeLosses: [0, 1, 1],
    },
  },
  {
    name: "31 counts only on the three cards kept",
    record: record({
      rules: HIDDEN,
      rounds: [{ deal: { hands: NEAR31, packet: "Ah Kh" }, actions: [passOn(0, "Ah Kh")] }],
    }),
    expected: { endReason: null, values: null, check: (s) => expect(s.round!.packet).toEqual(["Kh", "Ah"]) },
  },
  {
    name: "the packet is no hand at the deal: two aces plus the third in the packet are Feuer only once kept",
    record: record({
      rules: HIDDEN,
      rounds: [
        { deal: { hands: ["Ac As 7d", "Tc Ts 8h", "Jc 9s 7c"], packet: "Ah 8s" }, actions: [passOn(0, "7d 8s")] },
      ],
    }),
    expected: { endReason: "fire", values: [33, 10, 17], lifeLosses: [0, 1, 1] },
  },
  {
    name: "the packet is no hand at the deal: nothing ends while the first seat's Feuer is still in the packet",
    record: record({
      rules: HIDDEN,
      rounds: [{ deal: { hands: ["Ac As 7d", "Tc Ts 8h", "Jc 9s 7c"], packet: "Ah 8s" } }],
    }),
    expected: { endReason: null, check: (s) => expect(legalActions(s).length).toBe(11) },
  },
  {
    name: "a 31 dealt to another seat ends the round before the first seat acts",
    record: record({
      rules: HIDDEN,
      rounds: [{ deal: { hands: ["7c 8s 9h", "Ah Kh Qh", "Jc 9s 7d"], packet: "Ac As" } }],
    }),
    expected: { endReason: "thirtyOne", values: [9, 31, 10], lifeLosses: [1, 0, 0] },
  },
  {
    name: "Feuer dealt to another seat ends the round at once",
    record: record({
      rules: HIDDEN,
      rounds: [{ deal: { hands: ["7c 8s 9h", "Ah Ad As", "Jc 9s 7d"], packet: "Ac Kc" } }],
    }),
    expected: { endReason: "fire", lifeLosses: [1, 0, 1] },
  },
  {
    name: "the packet skips a seat that is out: it goes to the next seat in the match",
    record: record({
      rules: { ...HIDDEN, lives: 1, swimming: "off" },
      rounds: [
        { deal: { hands: HANDS, packet: PACKET }, actions: [knock(0), passOn(1, "Ac Kc"), passOn(2, "Ac Kc")] },
        // Seat 0 is out (lowest, 9); seat 1 deals, seat 2 acts first and hands the packet to seat 1.
        { deal: { hands: [null, "Tc Ts 8h", "Jc 9s 7d"] as never, packet: PACKET }, actions: [passOn(2, "Ac Kc")] },
      ],
    }),
    expected: { rounds: 2, endReason: null, check: (s) => expect(s.round!.toAct).toBe(1) },
  },
  {
    name: "allPass, swapAll and lowMiddleRedeal have no effect; the stock stays unused",
    record: hidden(EXAMPLE, { allPass: "forbidden", swapAll: false, lowMiddleRedeal: true }),
    expected: { endReason: "knock", lifeLosses: [0, 1, 0], check: (s) => expect(s.round!.stockTop).toBe(0) },
  },
];

/** Deals of a hidden round. */
const deals: Fixture[] = [
  { name: "a packet of three cards", record: hidden([], {}, "Ac Kc Qc"), expected: err("INVALID_DEAL", 0) },
  { name: "a packet of one card", record: hidden([], {}, "Ac"), expected: err("INVALID_DEAL", 0) },
  { name: "no packet", record: withDeal((d) => delete d.packet), expected: err("INVALID_DEAL", 0) },
  { name: "packet null", record: withDeal((d) => (d.packet = null)), expected: err("INVALID_DEAL", 0) },
  {
    name: "a middle besides the packet",
    record: withDeal((d) => (d.middle = ["Qd", "8d", "Kc"])),
    expected: err("INVALID_DEAL", 0),
  },
  {
    name: "an empty middle is still a middle",
    record: withDeal((d) => (d.middle = [])),
    expected: err("INVALID_DEAL", 0),
  },
  { name: '"middle": null is fine', record: withDeal((d) => (d.middle = null)), expected: { endReason: null } },
  {
    name: "an extra packet",
    record: withDeal((d) => (d.extra = ["Qd", "8d", "Kc"])),
    expected: err("INVALID_DEAL", 0),
  },
  { name: '"extra": null is fine', record: withDeal((d) => (d.extra = null)), expected: { endReason: null } },
  {
    name: "a packet card dealt twice",
    record: withDeal((d) => ((d.packet as string[])[0] = "7c")),
    expected: err("INVALID_DEAL", 0),
  },
  {
    name: "a packet card that is not a card",
    record: withDeal((d) => ((d.packet as string[])[0] = "Xx")),
    expected: err("INVALID_DEAL", 0),
  },
  {
    name: "open case: a packet that is not a list of strings is a bad shape (INVALID_RECORD), like a middle",
    record: withDeal((d) => (d.packet = "Ac Kc")),
    expected: err("INVALID_RECORD", 0),
  },
  {
    name: "a packet key in any other deal is ignored, like every unknown key",
    record: (() => {
      const r = openMiddle([pass(0)]);
      (r.rounds as { deal: Record<string, unknown> }[])[0]!.deal.packet = 5;
      return r;
    })(),
    expected: { endReason: null },
  },
  {
    name: "nine seats at most for skat32, the hidden deal included",
    record: { rules: HIDDEN, players: [..."abcdefghij"], dealer: 0, rounds: [] },
    expected: err("INVALID_RECORD"),
  },
  {
    name: "nine seats for skat32",
    record: { rules: HIDDEN, players: [..."abcdefghi"], dealer: 0, rounds: [] },
    expected: { rounds: 0 },
  },
];

describe.each([
  ["hidden deal: errors in the contract's order", errors],
  ["hidden deal: the round", play],
  ["hidden deal: deals", deals],
])("%s", (_, fixtures) => {
  it.each(fixtures.map((f) => [f.name, f] as const))("%s", (_name, fixture) => checkFixture(fixture));
});

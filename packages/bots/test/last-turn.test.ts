import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Action,
  type Card,
  type Deal,
  type MatchState,
  type Rules,
  type SeatStatus,
  type TableView,
  Rng,
  applyAction,
  dealRound,
  handStrength,
  handValue,
  newMatch,
  parseRules,
  viewFor,
} from "@schwimmen/rules";
import { type Bot, analyseRecord, createBot, expertBot, EXPERT_DEFAULTS } from "../src/index.js";
import { handAfter } from "../src/choices.js";
import { tacticianBot, TACTICIAN_DEFAULTS } from "../src/tactician.js";
import { tableArb } from "./helpers.js";

/**
 * The last turn after a knock: the seat's hand after it is its hand at the round's end. The play-tester's records
 * (`schwimmen play`) had tactician and expert seats break a three of a kind or a 28 there for nothing, and in two
 * decks swap a card for its own copy. The positions below are those of the records, dealt again as they were.
 */

const cards = (text: string): Card[] => text.split(" ").filter((c) => c !== "") as Card[];

/** "2 Kd>Ac", "3 swapAll", "0 knock", "3 choose second": one recorded action. */
function act(text: string): Action {
  const [seatText, what, packet] = text.split(" ");
  const seat = Number(seatText);
  if (what!.includes(">")) {
    const [give, take] = what!.split(">") as [Card, Card];
    return { seat, type: "swap", give, take };
  }
  if (what === "choose") return { seat, type: "choose", packet: packet as "first" | "second" };
  return { seat, type: what as "pass" | "knock" | "swapAll" };
}

interface Scene {
  readonly rules: Partial<Rules>;
  readonly dealer: number;
  readonly deal: Deal;
  readonly actions: readonly string[];
  /** Lives and seats out as they stood when the round was dealt (default: a fresh match). */
  readonly lives?: readonly number[];
  readonly status?: readonly SeatStatus[];
}

/** The state of a scene: a match with its rules, the round dealt as recorded, the recorded actions applied. */
function stateOf(scene: Scene): MatchState {
  const rules = parseRules(scene.rules);
  if (!rules.ok) throw new Error(rules.error.message);
  const started = newMatch({ rules: rules.value, seats: scene.deal.hands.length, dealer: scene.dealer });
  if (!started.ok) throw new Error(started.error.message);
  let state: MatchState = started.value;
  if (scene.lives && scene.status) state = { ...state, lives: scene.lives, status: scene.status };
  const dealt = dealRound(state, { deal: scene.deal });
  if (!dealt.ok) throw new Error(dealt.error.message);
  state = dealt.value.state;
  for (const text of scene.actions) {
    const next = applyAction(state, act(text));
    if (!next.ok) throw new Error(`${text}: ${next.error.message}`);
    state = next.value.state;
  }
  return state;
}

const viewOf = (scene: Scene): TableView => {
  const state = stateOf(scene);
  return viewFor(state, state.round!.toAct);
};

/** `schwimmen play --seed 1`, round 7: Tom (seat 2) holds Ks Kc Kd after Du's knock; Ac 7d 9c lie open. */
const kings: Scene = {
  rules: {},
  dealer: 0,
  lives: [0, 1, 3, 2],
  status: ["swimming", "alive", "alive", "alive"],
  deal: {
    hands: [cards("8c Td 7c"), cards("Ks 7d 9c"), cards("7h Kc Kd"), cards("Ad Ts As")],
    middle: cards("Ac Qh 8h"),
    stock: cards("Th Jd Jc Qc Qs 9s Jh Js Ah 7s Tc Qd Kh 8d 9d 8s 9h"),
  },
  actions: ["1 Ks>Ac", "2 7h>Ks", "3 swapAll", "0 knock", "1 swapAll"],
};

/** Preset swiss, seed 5, round 1: Mia (seat 3) moves last after Tom's knock, holding 7d Ad Kd (28). */
const swiss: Scene = {
  rules: { deck: "jass36", direction: "counterclockwise", deal: "dealerChooses", threeOfAKindTies: "higherRank" },
  dealer: 3,
  deal: {
    hands: [cards("Jc Js Tc"), cards("Ac 8h 7h"), cards("9h 6h Kd"), cards("Th 7c Qc")],
    extra: cards("7d Ad 6c"),
    stock: cards("Qs 8d 6s Kh 8s Qd 7s 6d As 9c 9s Jd Ts 8c Ah 9d Ks Td Qh Jh Kc"),
  },
  actions: ["3 choose second", "2 Kd>Th", "1 8h>Qc", "0 Js>7c", "3 6c>Kd", "2 knock", "1 7h>6c", "0 pass"],
};

/** Preset grosse-runde (two decks, 20 seats, 3 of them out), round 20, after Lea's (seat 7) knock. */
const bigRound = (upTo: number): Scene => ({
  rules: { decks: 2 },
  dealer: 4,
  lives: [0, 2, 2, 3, 3, 1, 2, 3, 1, 3, 2, 1, 3, 1, 3, 2, 0, 0, 0, 0],
  status: [
    ...(["swimming"] as const),
    ...Array.from({ length: 15 }, () => "alive" as const),
    ...(["out", "swimming", "out", "out"] as const),
  ],
  deal: {
    hands: [
      ..."Ad Qs Jh|Qs Tc 7s|Qd 8c Qh|9s 8s 9d|Jc 7h 8c|Ks 9s 9d|Ah 7h 8d|Tc Ac 7d|Kc 7d Th|7c Qd Jd|7c Th 8h|Kh Kd Td|Ks Td 9h|Qh As 8d|As Js Kh|9h 9c Js"
        .split("|")
        .map(cards),
      null,
      cards("Jc Qc Kd"),
      null,
      null,
    ],
    middle: cards("Ts Jd 9c"),
    stock: cards("Qc Ah Ad Ac 8h Kc 8s Jh 7s Ts"),
  },
  actions: [
    ..."5 pass|6 7h>Jd|7 7d>9c|8 Kc>7h|9 7c>7d|10 7c>Ts|11 Td>Kc|12 Ks>Td|13 Qh>Ks|14 pass|15 9c>Qh|17 Jc>9c|0 pass".split(
      "|",
    ),
    ..."1 Qs>Jc|2 8c>Qs|3 swapAll|4 7h>8s|5 Ks>9d|6 swapAll|7 knock|8 7h>Ah|9 7d>8d|10 Ts>7h|11 pass|12 9h>Ts".split(
      "|",
    ),
    ..."13 pass|14 pass|15 Js>9h|17 Kd>7d|0 pass|1 7s>Js|2 Qs>Kd|3 8c>7s|4 Jc>Qs".split("|"),
  ].slice(0, upTo),
});

const LEVELS = ["greedy", "tactician", "expert"] as const;
const SEEDS = ["s0", "s1", "s2", "s3", "s4", "s5"];

const strengthAfter = (view: TableView, action: Action): number => handStrength(handAfter(view, action), view.rules);

describe("the last turn after a knock (the play-tester's positions)", () => {
  const positions: [string, TableView, string][] = [
    ["Tom's three kings", viewOf(kings), "Ks Kc Kd"],
    ["Mia's 28 in bells (swiss)", viewOf(swiss), "7d Ad Kd"],
    ["Tom's three queens (two decks, 20 seats)", viewOf(bigRound(31)), "Qd Qs Qh"],
    ["Emma's three nines (two decks, 20 seats)", viewOf(bigRound(34)), "9d 9s 9d"],
  ];

  it.each(positions)("%s: every level keeps the hand (no swap makes it better)", (_, view, hand) => {
    expect(view.knocker).not.toBeNull();
    expect(view.hand).toEqual(cards(hand));
    for (const level of LEVELS) {
      for (const seed of SEEDS) {
        const action = createBot(level).decide(view, { rng: Rng.fromSeed(seed) });
        expect(`${level} ${seed}: ${action.type}`).toBe(`${level} ${seed}: pass`);
      }
    }
  });

  it("the analysis: passing with Tom's three kings cannot lose, and breaking them is no good move", () => {
    const state = stateOf({ ...kings, lives: undefined, status: undefined, actions: [] });
    const record = {
      rules: {},
      players: ["Du", "Lena", "Tom", "Mia"],
      dealer: 0,
      rounds: [{ deal: kings.deal, actions: [...kings.actions, "2 Kd>Ac"].map(act) }],
    };
    expect(state.round!.toAct).toBe(1);
    const result = analyseRecord(record, 2, { worlds: 300 });
    if (!result.ok) throw new Error(result.error.message);
    const last = result.value.decisions.at(-1)!;
    expect(last.played).toEqual({ seat: 2, type: "swap", give: "Kd", take: "Ac" });
    expect(last.best.type).toBe("pass");
    // Only Mia moves after Tom, and Tom saw the cards she took (7h, which he left, and Qh 8h): no Feuer for her.
    expect(last.options.find((o) => o.action.type === "pass")!.loseLife).toBe(0);
    expect(["best", "good"]).not.toContain(last.label);
    expect(last.loss).toBeGreaterThan(2);
  }, 60_000);
});

/**
 * Two decks: a seat after a knock holds the eight of diamonds, and the other eight of diamonds lies open. Swapping
 * one for the other changes nothing: the same as passing.
 */
function copyScene(): Scene {
  const hands = [cards("8d Kd 9d"), cards("7c 8s 9h"), cards("Qs Js 7s")];
  const middle = cards("8d 7h Tc");
  const used = [...hands.flat(), ...middle];
  const left = new Map<Card, number>();
  for (const c of used) left.set(c, (left.get(c) ?? 0) + 1);
  const stock: Card[] = [];
  for (const suit of ["c", "s", "h", "d"]) {
    for (const rank of ["7", "8", "9", "T", "J", "Q", "K", "A"]) {
      const card = `${rank}${suit}` as Card;
      for (let copy = left.get(card) ?? 0; copy < 2; copy++) stock.push(card);
    }
  }
  // Seat 1 moves first (dealer 0): it knocks, and seat 2 passes; then seat 0 has the last turn.
  return { rules: { decks: 2 }, dealer: 0, deal: { hands, middle, stock }, actions: ["1 knock", "2 pass"] };
}

describe("a card for its own copy (two decks)", () => {
  it("no level swaps it when passing does the same, and the analysis calls the pass best", () => {
    const view = viewOf(copyScene());
    expect(view.hand).toEqual(cards("8d Kd 9d"));
    expect(view.legal).toContainEqual({ seat: 0, type: "swap", give: "8d", take: "8d" });
    for (const level of LEVELS) {
      for (const seed of SEEDS) {
        const action = createBot(level).decide(view, { rng: Rng.fromSeed(seed) });
        expect(`${level} ${seed}: ${JSON.stringify(action)}`).toBe(`${level} ${seed}: {"seat":0,"type":"pass"}`);
      }
    }
    const scene = copyScene();
    const record = {
      rules: scene.rules,
      players: ["A", "B", "C"],
      dealer: scene.dealer,
      rounds: [{ deal: scene.deal, actions: [...scene.actions, "0 8d>8d"].map(act) }],
    };
    const result = analyseRecord(record, 0, { worlds: 200 });
    if (!result.ok) throw new Error(result.error.message);
    const last = result.value.decisions.at(-1)!;
    expect(last.best).toEqual({ seat: 0, type: "pass" });
    // The same as the pass: nothing lost.
    expect(last.loss).toBe(0);
    expect(last.options[0]!.action).toEqual({ seat: 0, type: "pass" });
  }, 60_000);
});

/** The expert and tactician with fewer worlds, so that the property runs fast; the same decision rules. */
const quickBots = (): Record<string, () => Bot> => ({
  greedy: () => createBot("greedy"),
  tactician: () => tacticianBot({ ...TACTICIAN_DEFAULTS, worlds: 24 }),
  expert: () => expertBot({ ...EXPERT_DEFAULTS, worlds: 40, sampleTries: 16 }),
});

describe("the last turn under random rules and positions", () => {
  it("no level leaves itself a weaker hand than it could keep (unless the rules reward a weaker hand)", () => {
    const seed = process.env.LAST_TURN_SEED ? Number(process.env.LAST_TURN_SEED) : undefined;
    const arb = fc.record({ table: tableArb(6), deal: fc.nat(), knockAfter: fc.nat({ max: 12 }) });
    fc.assert(
      fc.property(arb, ({ table: { rules, seats }, deal, knockAfter }) => {
        const started = newMatch({ rules, seats, seed: `last-${deal}` });
        if (!started.ok) return;
        let state: MatchState = started.value;
        const random = createBot("random");
        const makers = quickBots();
        const rng = Rng.fromSeed(`last-turn ${deal}`);
        // Two rounds: random play (so hands of every kind come up) and a knock as soon as one is legal after
        // `knockAfter` turns; every last turn is put to each level.
        for (let rounds = 0; rounds < 2 && !state.over; rounds++) {
          const dealt = dealRound(state);
          if (!dealt.ok) throw new Error(dealt.error.message);
          state = dealt.value.state;
          for (let steps = 0; state.round!.endReason === null && steps < 200; steps++) {
            const view = viewFor(state, state.round!.toAct);
            let action: Action;
            const knock = view.legal.find((a) => a.type === "knock");
            if (knock && view.turns >= knockAfter) action = knock;
            else if (view.knocker !== null && view.phase === "playing" && view.legal.length > 1) {
              const current = handStrength(view.hand ?? [], rules);
              const canKeep = view.legal.some((a) => strengthAfter(view, a) >= current);
              for (const [level, make] of Object.entries(makers)) {
                const chosen = make().decide(view, { rng: new Rng(rng.nextSeedState()) });
                if (rules.losers === "twentyOrLess" || !canKeep) continue;
                const where = `${level}, rules ${JSON.stringify(rules)}, hand ${view.hand} (${handValue(
                  view.hand ?? [],
                  rules,
                )}), middle ${view.middle}, packet ${view.packet}, chose ${JSON.stringify(chosen)}`;
                expect(strengthAfter(view, chosen), where).toBeGreaterThanOrEqual(current);
              }
              action = random.decide(view, { rng });
            } else action = random.decide(view, { rng });
            const next = applyAction(state, action);
            if (!next.ok) throw new Error(next.error.message);
            state = next.value.state;
          }
        }
      }),
      { numRuns: 80, seed },
    );
  }, 120_000);
});

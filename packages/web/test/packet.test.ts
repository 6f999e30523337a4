/**
 * The hidden deal at the table, without a browser: the two cards picked (by click, key or drag) map onto exactly the
 * legal `passOn` moves of an engine-driven match, and the status line tells the packet's way round.
 */
import { describe, expect, it } from "vitest";
import {
  type Action,
  type Card,
  type MatchState,
  DEFAULT_RULES,
  applyAction,
  dealRound,
  newMatch,
  viewFor,
} from "@schwimmen/rules";
import type { LoggedEvent } from "../src/game/model.js";
import { latestWords } from "../src/table/announce.js";
import { type Slot, dropSlots, passOnOf, slotCard } from "../src/table/packet.js";

const SLOTS: readonly Slot[] = ["h0", "h1", "h2", "p0", "p1"];

/** A hidden-deal match of `seats`, dealt from a fixed seed, played on by `steps` engine moves (the first legal). */
function hiddenMatch(seats: number, decks: 1 | 2, steps: number): MatchState {
  const made = newMatch({
    rules: { ...DEFAULT_RULES, deal: "hidden", decks },
    seats,
    seed: `packet-${seats}-${decks}`,
  });
  if (!made.ok) throw new Error(made.error.message);
  const dealt = dealRound(made.value);
  if (!dealt.ok) throw new Error(dealt.error.message);
  let state = dealt.value.state;
  for (let i = 0; i < steps && state.round?.endReason === null; i++) {
    const seat = state.round.toAct;
    const action = viewFor(state, seat).legal.find((a) => a.type === "passOn")!;
    const applied = applyAction(state, action);
    if (!applied.ok) throw new Error(applied.error.message);
    state = applied.value.state;
  }
  return state;
}

describe("picking the two cards to pass on", () => {
  it("every pair of the five cards is one legal passOn, and every legal passOn is such a pair (one deck and two)", () => {
    let turns = 0;
    for (const [seats, decks] of [
      [4, 1],
      [20, 2],
      [3, 2],
    ] as const) {
      for (let steps = 0; steps < 6; steps++) {
        const state = hiddenMatch(seats, decks, steps);
        if (state.round?.endReason !== null) continue;
        const view = viewFor(state, state.round.toAct);
        expect(view.packet).toHaveLength(2);
        const found = new Set<Action>();
        for (let i = 0; i < SLOTS.length; i++)
          for (let j = i + 1; j < SLOTS.length; j++) {
            const a = slotCard(view, SLOTS[i]!)!;
            const b = slotCard(view, SLOTS[j]!)!;
            const move = passOnOf(view.legal, a, b);
            expect(move, `${a} ${b}`).not.toBeNull();
            const action = view.legal.find(
              (x) => x.type === "passOn" && move?.type === "passOn" && x.give.join() === move.give.join(),
            )!;
            found.add(action);
            // The move is legal for the engine itself.
            expect(applyAction(state, { ...move!, seat: view.viewer! } as Action).ok).toBe(true);
          }
        expect(found.size).toBe(view.legal.filter((x) => x.type === "passOn").length);
        turns++;
      }
    }
    expect(turns).toBeGreaterThan(10);
  });

  it("a seat without the packet can pass nothing on", () => {
    const state = hiddenMatch(4, 1, 1);
    const other = (state.round!.toAct + 1) % 4;
    const view = viewFor(state, other);
    expect(view.packet).toBeNull();
    expect(view.legal).toEqual([]);
    expect(slotCard(view, "p0")).toBeUndefined();
    expect(passOnOf(view.legal, view.hand![0]!, view.hand![1]!)).toBeNull();
  });

  it("a drag gives the dragged card and the packet's other card, across the two rows only", () => {
    expect(dropSlots("h1", "p0")).toEqual(["h1", "p1"]);
    expect(dropSlots("h2", "p1")).toEqual(["h2", "p0"]);
    expect(dropSlots("p0", "h0")).toEqual(["h0", "p1"]);
    expect(dropSlots("h0", "h1")).toBeNull();
    expect(dropSlots("p0", "p1")).toBeNull();
    expect(dropSlots(undefined, "p1")).toBeNull();
    expect(dropSlots("x9", "p1")).toBeNull();
  });
});

describe("the packet's way in words", () => {
  const speech = { lang: "de" as const, faces: "french" as const, names: ["Mara", "Anna", "Ben"], me: 0 };
  const log = (...events: LoggedEvent["event"][]): LoggedEvent[] => events.map((event, i) => ({ id: i + 1, event }));

  it("says who passes the packet on, and a knock rather than the packet it hands on", () => {
    expect(latestWords(log({ type: "passedOn", seat: 1, to: 2 }), speech)).toBe("Anna gibt das Päckchen weiter.");
    expect(latestWords(log({ type: "passedOn", seat: 0, to: 1 }), speech)).toBe("Du gibst das Päckchen weiter.");
    const knock = log({ type: "knocked", seat: 1 }, { type: "passedOn", seat: 1, to: 2 });
    expect(latestWords(knock, speech)).toBe("Anna klopft!");
    expect(latestWords(log({ type: "passedOn", seat: 1, to: 2 }), { ...speech, lang: "en" })).toBe(
      "Anna passes the packet on.",
    );
  });
});

// The cards picked are named, not copies: with two decks a pair of equal cards is one move.
it("two copies of a card in hand and packet make one legal pair", () => {
  const legal: Action[] = [{ seat: 0, type: "passOn", give: ["Ah", "Ah"] as Card[] }];
  expect(passOnOf(legal, "Ah", "Ah")).toEqual({ type: "passOn", give: ["Ah", "Ah"] });
  expect(passOnOf(legal, "Ah", "Kh")).toBeNull();
});

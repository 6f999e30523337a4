import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  type MatchState,
  applyAction,
  legalActions,
  makeRecord,
  outcomeOf,
  replayRecordText,
  spectatorView,
  viewFor,
} from "../src/index.js";
import { h, knock, passOn, replay } from "./helpers.js";
import { EXAMPLE, HANDS, PACKET, hidden } from "./hidden-deal.js";

/** The hidden deal: what each seat sees, its events, its records and the worked example of the rules pages. */
const stateAfter = (actions: unknown[]): MatchState => {
  const got = replay(hidden(actions));
  if (!got.ok) throw new Error(got.error.message);
  return got.state;
};

describe("hidden deal: what each seat sees", () => {
  it("its own three cards, the packet only while it holds it, and who holds it", () => {
    const state = stateAfter([passOn(0, "8s 9h")]);
    const holder = viewFor(state, 1);
    expect(holder.hand).toEqual(h("Tc Ts 8h"));
    expect(holder.packet).toEqual(h("8s 9h"));
    expect(holder.packetHolder).toBe(1);
    expect(holder.middle).toBeNull();
    for (const seat of [0, 2]) {
      const view = viewFor(state, seat);
      expect(view.packet).toBeNull();
      expect(view.packetHolder).toBe(1);
    }
    expect(spectatorView(state).packetHolder).toBe(1);
    expect(spectatorView(state).packet).toBeNull();
  });

  it("another seat's passOn shows who passed on, not which cards; its own shows the cards it gave", () => {
    const state = stateAfter([passOn(0, "8s 9h"), passOn(1, "Tc 8h")]);
    expect(viewFor(state, 0).history).toEqual([passOn(0, "8s 9h"), { seat: 1, type: "passOn", give: [] }]);
    // Seat 1 held 8s and 9h, but once passed on they are gone from its view: only what it gave itself stays.
    expect(viewFor(state, 1).history).toEqual([{ seat: 0, type: "passOn", give: [] }, passOn(1, "8h Tc")]);
    expect(JSON.stringify(spectatorView(state))).not.toMatch(/"(8s|9h|Tc|8h)"/);
    // Seat 2 holds the packet now: it sees it as its packet, not in the history.
    const holder = viewFor(state, 2);
    expect(holder.packet).toEqual(h("8h Tc"));
    expect(holder.history.every((a) => a.type !== "passOn" || a.give.length === 0)).toBe(true);
  });

  it("the legal actions are each pair of the five cards once, and a knock", () => {
    const state = stateAfter([]);
    const legal = legalActions(state);
    expect(legal.filter((a) => a.type === "passOn")).toHaveLength(10);
    expect(legal.filter((a) => a.type === "knock")).toHaveLength(1);
    expect(legal).toHaveLength(11);
    expect(viewFor(state, 0).legal).toEqual(legal);
  });

  it("the events of a passOn and of a knock say who handed the packet to whom, never the cards", () => {
    const state = stateAfter([]);
    const passed = applyAction(state, passOn(0, "8s 9h"));
    if (!passed.ok) throw new Error(passed.error.message);
    expect(passed.value.events).toEqual([{ type: "passedOn", seat: 0, to: 1 }]);
    const knocked = applyAction(passed.value.state, knock(1));
    if (!knocked.ok) throw new Error(knocked.error.message);
    expect(knocked.value.events).toEqual([
      { type: "knocked", seat: 1 },
      { type: "passedOn", seat: 1, to: 2 },
    ]);
  });
});

describe("hidden deal: records", () => {
  it("a written record keeps the packet and replays to the same outcome", () => {
    const state = stateAfter(EXAMPLE);
    const written = makeRecord(state, ["Du", "Lena", "Tom"]);
    expect(written.rounds[0]!.deal).toEqual({ hands: HANDS.map(h), packet: h(PACKET), stock: expect.any(Array) });
    const again = replayRecordText(JSON.stringify(written));
    if (!again.ok) throw new Error(again.error.message);
    expect(outcomeOf(again.value.state)).toEqual(JSON.parse(JSON.stringify(outcomeOf(state))));
  });

  it("the worked example of the rules pages replays to its outcome", () => {
    const dir = new URL("./examples/", import.meta.url).pathname;
    const got = replayRecordText(readFileSync(`${dir}hidden-example.json`, "utf8"));
    if (!got.ok) throw new Error(got.error.message);
    const expected = JSON.parse(readFileSync(`${dir}hidden-example.outcome.json`, "utf8"));
    expect(JSON.parse(JSON.stringify(outcomeOf(got.value.state)))).toEqual(expected);
  });
});

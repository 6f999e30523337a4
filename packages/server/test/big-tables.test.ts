/**
 * The two games of issue 9 at the server: tables of up to 20 seats (two decks beyond a deck's own limit) and the
 * hidden deal, whose packet only its holder may see.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Card, type TableView, replayRecord } from "@schwimmen/rules";
import { LIMITS } from "../src/protocol.js";
import {
  type Msg,
  TestClient,
  autoplay,
  getJson,
  isState,
  matchOver,
  seedsCheckOut,
  testServer,
  watchedMatch,
} from "./helpers.js";

type Server = Awaited<ReturnType<typeof testServer>>;

/** What is wrong with the packet in one seat's (or a spectator's) frames: it may show only to its holder. */
function packetProblems(messages: readonly Msg[], seat: number | null): string[] {
  const problems: string[] = [];
  for (const m of messages) {
    if (!isState(m)) continue;
    const view = m.view as unknown as TableView;
    if (view.phase === "playing" && view.packetHolder !== view.toAct) problems.push("packetHolder is not toAct");
    if (view.packet !== null && (seat === null || view.toAct !== seat || view.packet.length !== 2))
      problems.push(`seat ${seat} sees a packet it does not hold`);
    if (seat !== null && view.phase === "playing" && view.toAct === seat && view.legal.length > 0) {
      if (view.packet === null) problems.push(`seat ${seat} does not see the packet it holds`);
      if (!view.legal.every((a) => a.type === "passOn" || a.type === "knock")) problems.push("a move besides passOn");
    }
    for (const action of view.history) {
      if (action.type === "passOn" && action.seat !== seat && action.give.length > 0)
        problems.push(`seat ${seat} sees the cards seat ${action.seat} passed on`);
    }
  }
  return problems;
}

describe("big tables and the hidden deal", () => {
  let server: Server;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(async () => {
    await server?.cleanup();
  });

  it("takes 2 to 20 seats, beyond a deck's own limit only with two decks", async () => {
    expect(LIMITS.maxSeats).toBe(20);
    const host = await TestClient.open(server.url);
    const create = (seats: number, extra: object) =>
      host.request({ type: "create", name: "Groß", playerName: "Anna", seats, ...extra });
    // One deck of 32 seats 9, of 52 seats 16; the refusal names the rules, and no table is made.
    const held = server.hub.size;
    expect(await create(10, {})).toMatchObject({ type: "error", code: "INVALID_RULES" });
    expect(await create(17, { rules: { deck: "french52" } })).toMatchObject({ type: "error", code: "INVALID_RULES" });
    expect(await create(21, { preset: "grosseRunde" })).toMatchObject({ type: "error", code: "BAD_MESSAGE" });
    expect(server.hub.size).toBe(held);
    const made = await create(20, { preset: "grosseRunde", botLevel: "random" });
    expect(made).toMatchObject({ type: "sync", table: { seatCount: 20, preset: "grosseRunde" } });
    expect((made.table as { rules: { decks: number } }).rules.decks).toBe(2);
    await host.close();
  });

  it("plays a 20-seat two-deck match with bots to its end", async () => {
    const host = await TestClient.open(server.url);
    const made = await host.request({
      type: "create",
      name: "Große Runde",
      playerName: "Anna",
      seats: 20,
      preset: "grosseRunde",
      botLevel: "random",
      turnSeconds: 0,
    });
    const code = (made.table as { code: string }).code;
    await host.request({ type: "start" });
    autoplay(host);
    const end = await host.waitFor(matchOver(1), 60_000);
    expect((end.view as unknown as TableView).seatCount).toBe(20);
    const record = await getJson(`${server.url}/api/tables/${code}/record`);
    expect(replayRecord(record.body).ok).toBe(true);
    expect(seedsCheckOut(record.body).problems).toEqual([]);
    // Every deal holds each of the 32 cards twice.
    const rounds = (record.body as { rounds: { deal: { hands: (Card[] | null)[]; middle: Card[]; stock: Card[] } }[] })
      .rounds;
    for (const { deal } of rounds) {
      const counts = new Map<Card, number>();
      for (const c of [...deal.hands.flatMap((h) => h ?? []), ...deal.middle, ...deal.stock])
        counts.set(c, (counts.get(c) ?? 0) + 1);
      expect(counts.size).toBe(32);
      expect([...counts.values()].every((n) => n === 2)).toBe(true);
    }
    await host.close();
  });

  it("plays a hidden deal with bots: only the seat to act sees the packet, nobody the cards others pass on", async () => {
    const { host, guest, spectator, code } = await watchedMatch(server.url, "verdeckt", "Verdeckt");
    const record = await getJson(`${server.url}/api/tables/${code}/record`);
    expect(replayRecord(record.body).ok).toBe(true);
    expect(seedsCheckOut(record.body).problems).toEqual([]);
    const passOns = (record.body as { rounds: { actions: { type: string }[] }[] }).rounds
      .flatMap((r) => r.actions)
      .filter((a) => a.type === "passOn").length;
    expect(passOns).toBeGreaterThan(0);

    expect(packetProblems(host.messages, 0)).toEqual([]);
    expect(packetProblems(guest.messages, 1)).toEqual([]);
    expect(packetProblems(spectator.messages, null)).toEqual([]);
    // The check can fail: the host's frames read as the guest's show a packet the guest does not hold.
    const holding = host.messages.some((m) => isState(m) && (m.view as unknown as TableView).packet !== null);
    expect(holding).toBe(true);
    expect(packetProblems(host.messages, 1).length).toBeGreaterThan(0);
    // Events say who passed the packet to whom, never which cards.
    for (const m of spectator.messages) {
      for (const { event } of (m.events ?? []) as { event: { type: string } }[]) {
        if (event.type === "passedOn") expect(Object.keys(event).sort()).toEqual(["seat", "to", "type"]);
      }
    }
    await Promise.all([host.close(), guest.close(), spectator.close()]);
  });
});

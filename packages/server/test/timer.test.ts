/** The turn timer on a manual clock: a player who does not act is marked away and a bot plays for them. */
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../src/clock.js";
import { TestClient, autoplay, isState, runUntil, testServer, tick, type Msg } from "./helpers.js";

type Server = Awaited<ReturnType<typeof testServer>>;
let server: Server | null = null;
afterEach(async () => {
  await server?.cleanup();
  server = null;
});

const view = (m: Msg) => m.view as unknown as { toAct: number | null; phase: string; round: number };
const seats = (m: Msg) => (m.table as unknown as { seats: { away: boolean }[] }).seats;

describe("turn timer", () => {
  it("lets a bot play for a player who runs out of time, marks them away until they come back", async () => {
    const clock = new ManualClock();
    server = await testServer({ clock, settings: { botDelayMs: 0, roundPauseMs: 1000 } });
    const host = await TestClient.open(server.url);
    const created = await host.request({
      type: "create",
      name: "Timer",
      playerName: "Slow",
      seats: 3,
      botLevel: "random",
      turnSeconds: 10,
    });
    const code = (created.table as unknown as { code: string }).code;
    // A quick second player, who acts at once on its turns.
    const quick = await TestClient.open(server.url);
    await quick.request({ type: "join", code, name: "Quick" });
    autoplay(quick);
    expect((created.table as unknown as { turnSeconds: number }).turnSeconds).toBe(10);
    await host.request({ type: "start" });
    // Wait (on the manual clock) until it is the host's turn in a round in play.
    const myTurn = (m: Msg) => isState(m) && view(m).toAct === 0 && view(m).phase === "playing";
    await runUntil(clock, 100, () => myTurn(host.latest!));
    const turn = host.latest!;
    const endsAt = (turn.table as unknown as { turnEndsAt: number }).turnEndsAt;
    expect(endsAt).toBeGreaterThan(clock.now());
    expect(endsAt).toBeLessThanOrEqual(clock.now() + 10_000);
    // Something else changing (the quick player leaves, so a bot takes its seat) keeps the running deadline.
    clock.advance(3_000);
    const left = host.next((m) => m.type === "update");
    await quick.request({ type: "leave" });
    const other = await left;
    expect((other.events as { event: { type: string } }[])[0]!.event.type).toBe("away");
    expect((other.table as unknown as { turnEndsAt: number }).turnEndsAt).toBe(endsAt);
    // Just before the deadline nothing happens.
    clock.advance(endsAt - clock.now() - 1);
    await tick();
    expect(host.latest!.version).toBe(other.version);
    // At the deadline: away, and the bot's move for the host, in one update.
    clock.advance(1);
    const timedOut = await host.next((m) => m.type === "update");
    const types = (timedOut.events as { event: { type: string; seat?: number } }[]).map((e) => e.event);
    expect(types[0]).toEqual({ type: "away", seat: 0, reason: "timeout" });
    expect(types.length).toBeGreaterThan(1);
    expect(seats(timedOut)[0]!.away).toBe(true);
    // While away, the bot plays the host's turns at once: the match goes on without any move from the host.
    const v = timedOut.version as number;
    await runUntil(clock, 200, () => (host.latest!.version as number) > v + 6);
    // Coming back: `back` ends "away"; the timer runs again on the host's next turn.
    const back = await host.request({ type: "back" });
    expect(back.type).toBe("update");
    expect((back.events as { event: unknown }[]).map((e) => e.event)).toContainEqual({ type: "back", seat: 0 });
    expect(seats(back)[0]!.away).toBe(false);
    expect(await host.request({ type: "back" })).toMatchObject({ type: "error", code: "NOT_AWAY" });
    await host.close();
  });
});

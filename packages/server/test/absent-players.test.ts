/**
 * Players who are gone: a seat nobody is connected for begins a match away, a rematch leaves it away, its turns are
 * short, and the moves the computer makes for it are marked as the computer's.
 */
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_RULES } from "@schwimmen/rules";
import { ManualClock } from "../src/clock.js";
import { SqliteStore } from "../src/sqlite-store.js";
import { ABSENT_TURN_SECONDS } from "../src/table-driver.js";
import { type LogEntry, type TableModel, applyEntry, initialModel } from "../src/table-model.js";
import { TestClient, autoplay, getJson, isState, matchOver, runUntil, testServer, tick, type Msg } from "./helpers.js";
import { person } from "./rated-helpers.js";

type Server = Awaited<ReturnType<typeof testServer>>;
let server: Server | null = null;
afterEach(async () => {
  await server?.cleanup();
  server = null;
});

interface Seat {
  away: boolean;
  connected: boolean;
}
interface Info {
  code: string;
  seats: Seat[];
  turnEndsAt: number | null;
  awayAtEnd?: number[];
}
interface Versioned {
  v: number;
  by?: string;
  event: { type: string; seat?: number; reason?: string };
}
const info = (m: Msg) => m.table as unknown as Info;
const view = (m: Msg) =>
  m.view as unknown as { toAct: number | null; phase: string; legal: { type: string; seat?: number }[] };
const eventsOf = (m: Msg) => (isState(m) ? (m.events as unknown as Versioned[]) : []);

/** A table made by `host` ("Host", seat 0) with these options; returns its code. */
async function open(host: TestClient, seats: number, turnSeconds: number, preset?: "quick"): Promise<string> {
  const made = await host.request({
    type: "create",
    name: "Absent",
    playerName: "Host",
    seats,
    botLevel: "random",
    turnSeconds,
    ...(preset ? { preset } : {}),
  });
  return info(made).code;
}

/** Until the newest state `client` has is a turn of `seat` in a round in play (the clock moving in small steps). */
const turnOf = (clock: ManualClock, client: TestClient, seat: number) =>
  runUntil(clock, 50, () => view(client.latest!).toAct === seat && view(client.latest!).phase === "playing");

describe("a seat nobody is connected for", () => {
  it("begins the match away when its player is not connected at the start", async () => {
    const clock = new ManualClock();
    server = await testServer({ clock, settings: { botDelayMs: 0, roundPauseMs: 1000 } });
    const host = await TestClient.open(server.url);
    const code = await open(host, 3, 60);
    const guest = await TestClient.open(server.url);
    await guest.request({ type: "join", code, name: "Gone" });
    guest.terminate();
    await host.waitFor((m) => m.type === "table" && !info(m).seats[1]!.connected);
    const started = await host.request({ type: "start" });
    expect(info(started).seats.map((s) => s.away)).toEqual([false, true, false]);
    expect(eventsOf(started).map((e) => e.event)).toContainEqual({ type: "away", seat: 1, reason: "left" });
    // The computer plays seat 1 at once: its turns never run a timer, and the clock need not reach one.
    autoplay(host);
    const computerMoves = () => host.messages.flatMap(eventsOf).filter((e) => e.by === "computer").length;
    await runUntil(clock, 100, () => computerMoves() >= 3, 200);
    for (const m of host.messages.filter(isState)) {
      if (view(m).toAct === 1) expect(info(m).turnEndsAt).toBeNull();
    }
    // Coming back ends "away", as during any match.
    const back = await TestClient.open(server.url, guest.token);
    const joined = await back.request({ type: "join", code });
    expect(info(joined).seats[1]!.away).toBe(false);
    await Promise.all([host.close(), back.close()]);
  });

  it("stays away through a rematch; an away player who is connected comes back", async () => {
    const store = new SqliteStore(":memory:");
    server = await testServer({ store });
    const host = await TestClient.open(server.url);
    const code = await open(host, 4, 60, "quick");
    const gone = await TestClient.open(server.url);
    await gone.request({ type: "join", code, name: "Gone" });
    // Seat 2's player has two connections: one leaves (the seat is away), the other stays and watches.
    const stay = await TestClient.open(server.url);
    await stay.request({ type: "join", code, name: "Stay" });
    const second = await TestClient.open(server.url, stay.token);
    await second.request({ type: "join", code });
    const playing = autoplay(host);
    await host.request({ type: "start" });
    await gone.request({ type: "leave" });
    gone.terminate();
    await stay.request({ type: "leave" });
    await host.waitFor(matchOver(1), 30_000);
    playing.stop();
    expect(info(host.latest!).seats.map((s) => [s.away, s.connected])).toEqual([
      [false, true],
      [true, false],
      [true, true],
      [false, true],
    ]);
    const again = await host.request({ type: "rematch" });
    expect(info(again).seats.map((s) => s.away)).toEqual([false, true, false, false]);
    // The decision is in the log entry, so a reload of the table gives the same seats.
    const entries = (await store.loadTable(code))!.entries.map((e) => JSON.parse(e.entry) as LogEntry);
    expect(entries.find((e) => e.kind === "rematch")).toMatchObject({ away: [1] });
    await Promise.all([host.close(), stay.close(), second.close()]);
  });

  it("rematch and start entries replay alike; old ones without `away` bring everybody back", () => {
    const config = {
      seats: 3,
      rules: DEFAULT_RULES,
      preset: null,
      botLevel: "random",
      turnSeconds: 60,
    };
    let model: TableModel = initialModel("ABCDEFGHJK", "Replay", config);
    const apply = (entry: LogEntry) => {
      const applied = applyEntry(model, entry);
      if (!applied.ok) throw new Error(applied.error.message);
      model = applied.model;
      return applied.events;
    };
    apply({ kind: "join", seat: 0, name: "A", token: "a".repeat(43) });
    apply({ kind: "join", seat: 1, name: "B", token: "b".repeat(43) });
    // A seat that holds no person cannot be away.
    expect(applyEntry(model, { kind: "start", dealer: 0, bots: [2], away: [2] })).toMatchObject({ ok: false });
    expect(apply({ kind: "start", dealer: 0, bots: [2], away: [1] })).toContainEqual({
      type: "away",
      seat: 1,
      reason: "left",
    });
    expect(model.seats.map((s) => s.away)).toEqual([false, true, false]);
    // A finished match, as the store would give it back: the old entry brings seat 1 back, the new one keeps it away.
    const over: TableModel = { ...model, status: "over" };
    model = over;
    apply({ kind: "rematch", dealer: 1 });
    expect(model.seats.map((s) => s.away)).toEqual([false, false, false]);
    model = over;
    expect(apply({ kind: "rematch", dealer: 1, away: [1] }).map((e) => e.type)).toEqual(["matchStarted"]);
    expect(model.seats.map((s) => s.away)).toEqual([false, true, false]);
  });
});

describe("the turn of a seat nobody is connected for", () => {
  it(`lasts ${ABSENT_TURN_SECONDS} s when it begins without a connection; coming back keeps that deadline`, async () => {
    const clock = new ManualClock();
    server = await testServer({ clock, settings: { botDelayMs: 0, roundPauseMs: 1000 } });
    const host = await TestClient.open(server.url);
    const code = await open(host, 2, 60);
    const guest = await TestClient.open(server.url);
    await guest.request({ type: "join", code, name: "Guest" });
    await host.request({ type: "start" });
    // The host's turn, with the guest connected (it moves at once on its own turns).
    const guestPlay = autoplay(guest);
    await turnOf(clock, host, 0);
    expect(info(host.latest!).turnEndsAt! - clock.now()).toBeGreaterThan(59_000);
    guestPlay.stop();
    guest.terminate();
    await host.waitFor((m) => m.type === "table" && !info(m).seats[1]!.connected);
    // The host moves; the guest's next turn begins while nobody is connected for it.
    autoplay(host);
    await turnOf(clock, host, 1);
    const deadline = info(host.latest!).turnEndsAt!;
    expect(deadline - clock.now()).toBeLessThanOrEqual(ABSENT_TURN_SECONDS * 1000);
    expect(deadline - clock.now()).toBeGreaterThan(ABSENT_TURN_SECONDS * 1000 - 1000);
    // Back within the turn: the deadline stays as it was.
    clock.advance(5_000);
    const back = await TestClient.open(server.url, guest.token);
    expect(info(await back.request({ type: "join", code })).turnEndsAt).toBe(deadline);
    clock.advance(deadline - clock.now() - 1);
    await tick();
    expect(info(back.latest!).seats[1]!.away).toBe(false);
    clock.advance(1);
    const timedOut = await back.next((m) => m.type === "update");
    expect(eventsOf(timedOut)[0]!.event).toEqual({ type: "away", seat: 1, reason: "timeout" });
    await Promise.all([host.close(), back.close()]);
  });

  it(`comes to ${ABSENT_TURN_SECONDS} s from a drop during it, never later than the table's own deadline`, async () => {
    const clock = new ManualClock();
    server = await testServer({ clock, settings: { botDelayMs: 0, roundPauseMs: 1000 } });
    for (const turnSeconds of [60, 10, 0]) {
      const host = await TestClient.open(server.url);
      const code = await open(host, 2, turnSeconds);
      const guest = await TestClient.open(server.url);
      await guest.request({ type: "join", code, name: "Guest" });
      await host.request({ type: "start" });
      autoplay(host);
      await turnOf(clock, guest, 1);
      const endsAt = info(guest.latest!).turnEndsAt;
      if (turnSeconds === 0) expect(endsAt).toBeNull();
      else expect(endsAt! - clock.now()).toBeGreaterThan(turnSeconds * 1000 - 1000);
      clock.advance(4_000);
      guest.terminate();
      const dropped = await host.waitFor((m) => m.type === "table" && !info(m).seats[1]!.connected);
      const shortened = turnSeconds === 0 ? null : Math.min(endsAt!, clock.now() + ABSENT_TURN_SECONDS * 1000);
      expect(info(dropped).turnEndsAt, `turnSeconds ${turnSeconds}`).toBe(shortened);
      if (turnSeconds === 60) expect(shortened).toBeLessThan(endsAt!);
      if (turnSeconds === 10) expect(shortened).toBe(endsAt);
      // Back a moment later: the deadline stays as it was.
      clock.advance(2_000);
      const back = await TestClient.open(server.url, guest.token);
      expect(info(await back.request({ type: "join", code })).turnEndsAt).toBe(shortened);
      if (shortened !== null) {
        clock.advance(shortened - clock.now());
        const timedOut = await host.next((m) => m.type === "update");
        expect(eventsOf(timedOut)[0]!.event).toEqual({ type: "away", seat: 1, reason: "timeout" });
      }
      await Promise.all([host.close(), back.close()]);
    }
  });
});

describe("moves the computer makes for a person", () => {
  it("carry by: computer on their event, in pushes and in resync answers; players' and bots' moves do not", async () => {
    server = await testServer();
    const host = await TestClient.open(server.url);
    const code = await open(host, 3, 60, "quick");
    const guest = await TestClient.open(server.url);
    await guest.request({ type: "join", code, name: "Gone" });
    const spectator = await TestClient.open(server.url);
    await spectator.request({ type: "watch", code });
    const playing = autoplay(host);
    const started = await host.request({ type: "start" });
    await guest.request({ type: "leave" });
    guest.terminate();
    await Promise.all([host.waitFor(matchOver(1), 30_000), spectator.waitFor(matchOver(1), 30_000)]);
    playing.stop();
    const moves = new Set(["chose", "swapped", "swappedAll", "passed", "passedOn", "knocked", "middleRenewed"]);
    const seen = new Map<string, Versioned>();
    for (const e of host.messages.flatMap(eventsOf)) seen.set(JSON.stringify(e), e);
    const all = [...seen.values()];
    const marked = all.filter((e) => e.by !== undefined);
    expect(marked.length).toBeGreaterThan(0);
    for (const e of marked) {
      expect(e.by).toBe("computer");
      expect(e.event.seat).toBe(1);
      expect(moves.has(e.event.type)).toBe(true);
    }
    // Every move of seat 1 after it left is the computer's; the host's and the bot's own moves carry no mark.
    const leftAt = all.find((e) => e.event.type === "away" && e.event.seat === 1)!.v;
    const firstOfVersion = (e: Versioned) => all.find((o) => o.v === e.v) === e;
    for (const e of all.filter((o) => o.event.seat === 1 && o.v > leftAt && moves.has(o.event.type))) {
      if (firstOfVersion(e)) expect(e.by).toBe("computer");
    }
    expect(all.filter((e) => e.event.seat !== 1 && e.by !== undefined)).toEqual([]);
    // The spectator was sent the same events (events are public; views stay one seat's own).
    const watched = new Set(spectator.messages.flatMap(eventsOf).map((e) => JSON.stringify(e)));
    for (const e of marked) expect(watched.has(JSON.stringify(e))).toBe(true);
    // A resync from before a marked move (within the replay buffer) gets the mark again.
    const from = Math.max(started.version as number, (host.latest!.version as number) - 200);
    const late = await TestClient.open(server.url);
    const resync = await late.request({ type: "watch", code, lastVersion: from });
    expect(resync.type).toBe("update");
    expect(eventsOf(resync).filter((e) => e.by === "computer")).toEqual(marked.filter((e) => e.v > from));
    await Promise.all([host.close(), spectator.close(), late.close()]);
  });
});

describe("a person away when a rated match ends", () => {
  it("is placed last for the ratings and wins nothing in the profile, however the computer did for them", async () => {
    server = await testServer();
    const anna = await person(server.url, "Anna");
    const ben = await person(server.url, "Ben");
    const made = await anna.client.request({
      type: "create",
      name: "Stammtisch",
      playerName: "Anna",
      seats: 3,
      preset: "quick",
      turnSeconds: 0,
    });
    const code = info(made).code;
    await anna.client.request({ type: "setVisibility", visibility: "public" });
    await ben.client.request({ type: "join", code, name: "Ben" });
    const playing = autoplay(anna.client);
    await anna.client.request({ type: "start" });
    // Ben leaves at once: the computer plays his seat to the end.
    await ben.client.request({ type: "leave" });
    const over = await anna.client.waitFor(matchOver(1), 30_000);
    playing.stop();
    // The table tells every screen who was away at the end (the result marks that seat), also after Ben is back.
    expect(info(over).awayAtEnd).toEqual([1]);
    const back = await ben.client.request({ type: "join", code });
    expect(info(back).seats[1]!.away).toBe(false);
    expect(info(back).awayAtEnd).toEqual([1]);
    const record = (await getJson(`${server.url}/api/tables/${code}/record?match=1`)).body as {
      rounds: { actions: { type: string; seat: number }[] }[];
      table: { awayAtEnd?: number[]; computerMoves?: [number, number][] };
    };
    expect(record.table.awayAtEnd).toEqual([1]);
    // Ben never moved himself: the record names every move of his seat as the computer's, and no other.
    const bensMoves = record.rounds.flatMap((round, r) =>
      round.actions.flatMap((a, i) => (a.seat === 1 ? [[r, i]] : [])),
    );
    expect(bensMoves.length).toBeGreaterThan(0);
    expect(record.table.computerMoves).toEqual(bensMoves);
    const [benRow] = await server.ratings.matchesOf(ben.id, 1);
    expect(benRow).toMatchObject({ code, match: 1, seat: 1, place: 3, seats: 3, rated: true });
    const [annaRow] = await server.ratings.matchesOf(anna.id, 1);
    expect(annaRow!.place).toBeLessThan(3);
    const profile = (await getJson(`${server.url}/api/players/${ben.id}`)).body as {
      stats: { played: number; won: number; averagePlace: number };
      matches: { won: boolean; place: number }[];
    };
    // None of the computer's knocks counts as his.
    expect(profile.stats).toMatchObject({ played: 1, won: 0, averagePlace: 3, knocks: 0, thirtyOnes: 0, fires: 0 });
    expect(profile.matches[0]).toMatchObject({ won: false, place: 3 });
    await Promise.all([anna.client.close(), ben.client.close()]);
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { TestClient, autoplay, isState, matchOver, testServer, type Msg } from "./helpers.js";

type Server = Awaited<ReturnType<typeof testServer>>;
interface View {
  toAct: number | null;
  round: number;
  phase: string;
  history: unknown[];
  legal: { type: string }[];
}
const view = (m: Msg) => m.view as unknown as View;

let server: Server | null = null;
afterEach(async () => {
  await server?.cleanup();
  server = null;
});

/** A 3-seat table: host (seat 0), guest (seat 1), one bot; started. */
async function table(s: Server) {
  const host = await TestClient.open(s.url);
  const created = await host.request({
    type: "create",
    name: "Reconnect",
    playerName: "Host",
    seats: 3,
    botLevel: "random",
    rules: { lives: 6 },
  });
  const code = (created.table as { code: string }).code;
  const guest = await TestClient.open(s.url);
  await guest.request({ type: "join", code, name: "Guest" });
  await host.request({ type: "start" });
  return { host, guest, code };
}

describe("reconnection", () => {
  it("a player who drops mid-round comes back with its last version, gets what it missed, and plays on", async () => {
    server = await testServer();
    const { host, guest, code } = await table(server);
    const hostPlay = autoplay(host);
    // The guest drops as soon as it is the guest's turn in a round in play; the host and the bot go on until then.
    const turn = await guest.waitFor((m) => isState(m) && view(m).toAct === 1 && view(m).legal.length > 0, 20_000);
    const lastVersion = guest.latest!.version as number;
    const token = guest.token;
    guest.terminate();
    // Seen from the host: the guest's seat is no longer connected.
    await host.waitFor(
      (m) => m.type === "table" && !(m.table as unknown as { seats: { connected: boolean }[] }).seats[1]!.connected,
    );
    expect(view(turn).phase).toBe("playing");

    const back = await TestClient.open(server.url, token);
    expect(back.token).toBe(token);
    const resumed = await back.request({ type: "join", code, lastVersion });
    // Nothing happened since (it is the guest's turn and the timer is long): an empty catch-up from its version.
    expect(resumed).toMatchObject({ type: "update", from: lastVersion, seat: 1 });
    expect(resumed.version).toBe(lastVersion);
    expect(view(resumed).toAct).toBe(1);
    autoplay(back);
    await Promise.all([back.waitFor(matchOver(1), 60_000), host.waitFor(matchOver(1), 60_000)]);
    hostPlay.stop();
    await Promise.all([host.close(), back.close()]);
  });

  it("a player who missed a few versions gets exactly the missed events; one far behind gets a full sync", async () => {
    server = await testServer({ settings: { botDelayMs: 0, roundPauseMs: 0, replayVersions: 12 } });
    const { host, guest, code } = await table(server);
    autoplay(host);
    await guest.waitFor((m) => isState(m) && view(m).toAct === 1, 20_000);
    const before = guest.latest!.version as number;
    const token = guest.token;
    // The guest leaves: it is marked away and a bot plays its seat.
    await guest.request({ type: "leave" });
    guest.terminate();
    const hostSaw: Msg[] = [];
    host.onMessage = ((play) => (m: Msg) => {
      hostSaw.push(m);
      play?.(m);
    })(host.onMessage);
    // Wait until a few versions have passed, but fewer than the buffer holds.
    await host.waitFor((m) => isState(m) && (m.version as number) >= before + 3, 20_000);
    const near = await TestClient.open(server.url, token);
    const update = await near.request({ type: "join", code, lastVersion: before });
    expect(update.type).toBe("update");
    expect(update.from).toBe(before);
    const versions = (update.events as { v: number }[]).map((e) => e.v);
    expect(versions.every((v) => v > before && v <= (update.version as number))).toBe(true);
    // Coming back ends "away".
    expect((update.table as unknown as { seats: { away: boolean }[] }).seats[1]!.away).toBe(false);
    await near.request({ type: "leave" });
    near.terminate();

    // Far behind: more versions than the buffer holds.
    const now = host.latest!.version as number;
    await host.waitFor((m) => isState(m) && (m.version as number) >= now + 20, 8_000);
    const far = await TestClient.open(server.url, token);
    const sync = await far.request({ type: "join", code, lastVersion: before });
    expect(sync.type).toBe("sync");
    expect(sync.seat).toBe(1);
    // The sync's view is the seat's own view, and its version is the table's.
    expect(sync.version).toBeGreaterThanOrEqual(now + 20);
    autoplay(far);
    await Promise.all([far.waitFor(matchOver(1), 60_000), host.waitFor(matchOver(1), 60_000)]);
    await Promise.all([host.close(), far.close()]);
  });

  it("after a restart of the server, tables are restored from the store and a client resyncs", async () => {
    server = await testServer({ settings: { botDelayMs: 0, roundPauseMs: 0, snapshotEvery: 7 } });
    const { host, guest, code } = await table(server);
    autoplay(guest);
    const hostPlay = autoplay(host, undefined, (m) => (m.version as number) <= 12);
    await host.waitFor((m) => isState(m) && view(m).toAct === 0 && (m.version as number) > 12, 10_000);
    hostPlay.stop();
    const seen = host.latest!;
    const tokens = [host.token, guest.token];
    const dir = server.dir;
    await server.close();
    const { startServer } = await import("../src/server.js");
    const restarted = await startServer({
      port: 0,
      host: "127.0.0.1",
      dbPath: `${dir}/test.db`,
      staticDir: `${dir}/none`,
      rateMessages: 1_000_000,
      settings: { botDelayMs: 0, roundPauseMs: 0, snapshotEvery: 7 },
    });
    server = Object.assign(restarted, { dir, cleanup: () => restarted.close() });
    const h = await TestClient.open(restarted.url, tokens[0]);
    // The replay buffer is gone with the old process: anyone behind gets a full sync of the restored table.
    const sync = await h.request({ type: "join", code, lastVersion: (seen.version as number) - 1 });
    expect(sync.type).toBe("sync");
    expect(sync.version).toBe(seen.version);
    expect(sync.view).toEqual(seen.view);
    const g = await TestClient.open(restarted.url, tokens[1]);
    await g.request({ type: "join", code });
    autoplay(h);
    autoplay(g);
    await Promise.all([h.waitFor(matchOver(1), 60_000), g.waitFor(matchOver(1), 60_000)]);
    await Promise.all([h.close(), g.close()]);
  });
});

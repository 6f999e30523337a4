import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replayRecord } from "@schwimmen/rules";
import { TestClient, autoplay, getJson, matchOver, seedsCheckOut, testServer } from "./helpers.js";

type Server = Awaited<ReturnType<typeof testServer>>;

describe("a whole match over the protocol", () => {
  let server: Server;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(async () => {
    await server?.cleanup();
  });

  it("plays two humans and two bots to the end, then a rematch, and the record verifies", async () => {
    const host = await TestClient.open(server.url);
    const created = await host.request({
      type: "create",
      name: "Freitag",
      playerName: "Lena",
      seats: 4,
    });
    expect(created.type).toBe("sync");
    // No level named: the table gets the default (tactician when the bots package offers it).
    const level = (created.table as unknown as { botLevel: string }).botLevel;
    expect(["tactician", "random"]).toContain(level);
    const code = (created.table as { code: string }).code;
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{10}$/);
    const guest = await TestClient.open(server.url);
    const joined = await guest.request({ type: "join", code: code.toLowerCase(), name: "  Tom  " });
    expect(joined.type).toBe("sync");
    expect(joined.seat).toBe(1);
    const seats = (joined.table as { seats: { name: string; kind: string }[] }).seats;
    expect(seats[1]).toMatchObject({ name: "Tom", kind: "human" });

    // Only the host may start.
    expect(await guest.request({ type: "start" })).toMatchObject({ type: "error", code: "NOT_HOST" });
    const started = await host.request({ type: "start" });
    expect(started.type).toBe("update");
    const table = started.table as { status: string; seats: { kind: string }[]; seedHash: string };
    expect(table.status).toBe("playing");
    expect(table.seats.map((s) => s.kind)).toEqual(["human", "human", "bot", "bot"]);
    expect(table.seedHash).toMatch(/^[0-9a-f]{64}$/);

    autoplay(host);
    autoplay(guest);
    const [endHost] = await Promise.all([host.waitFor(matchOver(1), 60_000), guest.waitFor(matchOver(1), 60_000)]);
    expect(endHost.table).toMatchObject({ status: "over", match: 1 });

    const record = await getJson(`${server.url}/api/tables/${code}/record`);
    expect(record.status).toBe(200);
    expect(replayRecord(record.body).ok).toBe(true);
    const report = seedsCheckOut(record.body);
    expect(report.problems).toEqual([]);
    expect(report.rounds).toBeGreaterThan(0);

    // Rematch at the same table.
    expect(await guest.request({ type: "rematch" })).toMatchObject({ type: "error", code: "NOT_HOST" });
    const again = await host.request({ type: "rematch" });
    expect(again.type).toBe("update");
    expect(again.table).toMatchObject({ status: "playing", match: 2 });
    autoplay(host);
    autoplay(guest);
    await Promise.all([host.waitFor(matchOver(2), 60_000), guest.waitFor(matchOver(2), 60_000)]);
    const first = await getJson(`${server.url}/api/tables/${code}/record?match=1`);
    expect(first.body).toEqual(record.body);
    const second = await getJson(`${server.url}/api/tables/${code}/record`);
    expect(seedsCheckOut(second.body).problems).toEqual([]);
    await Promise.all([host.close(), guest.close()]);

    // Nobody follows the finished table any more: it may leave memory, and comes back from the store when asked for.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const held = server.hub.size;
    expect(server.hub.sweep()).toBeGreaterThanOrEqual(1);
    expect(server.hub.size).toBeLessThan(held);
    const reloaded = await getJson(`${server.url}/api/tables/${code}/record`);
    expect(reloaded.body).toEqual(second.body);
  });
});

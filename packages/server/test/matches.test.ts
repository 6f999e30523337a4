import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replayRecord } from "@schwimmen/rules";
import { TestClient, autoplay, getJson, matchOver, testServer } from "./helpers.js";

type Server = Awaited<ReturnType<typeof testServer>>;

describe("a table's finished matches over HTTP", () => {
  let server: Server;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(async () => {
    await server?.cleanup();
  });

  it("lists every match after a rematch, oldest first, and serves the record of each", async () => {
    const host = await TestClient.open(server.url);
    const created = await host.request({ type: "create", name: "Zwei", playerName: "Lena", seats: 2, preset: "quick" });
    const code = (created.table as { code: string }).code;
    const none = await getJson(`${server.url}/api/tables/${code}/matches`);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ code, matches: [] });

    await host.request({ type: "start" });
    const play = autoplay(host);
    await host.waitFor(matchOver(1), 60_000);
    const firstRecord = await getJson(`${server.url}/api/tables/${code}/record`);
    expect(await host.request({ type: "rematch" })).toMatchObject({ type: "update" });
    autoplay(host);
    await host.waitFor(matchOver(2), 60_000);
    play.stop();
    const latest = await getJson(`${server.url}/api/tables/${code}/record`);

    const list = await getJson(`${server.url}/api/tables/${code.toLowerCase()}/matches`);
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toBe("no-store");
    const body = list.body as {
      code: string;
      matches: { match: number; finishedAt: number; seats: string[]; winner: number | null }[];
    };
    expect(body.code).toBe(code);
    expect(body.matches.map((m) => m.match)).toEqual([1, 2]);
    for (const m of body.matches) {
      expect(m.seats).toEqual(["Lena", "Bot 2"]);
      expect(Number.isInteger(m.finishedAt)).toBe(true);
    }
    expect(body.matches[0]!.finishedAt).toBeLessThanOrEqual(body.matches[1]!.finishedAt);
    // The winner is the replayed record's (the record itself holds no outcome).
    const winnerOf = (record: unknown) => {
      const replayed = replayRecord(record);
      if (!replayed.ok) throw new Error(replayed.error.message);
      return replayed.value.state.winner;
    };
    expect(body.matches[0]!.winner).toBe(winnerOf(firstRecord.body));
    expect(body.matches[1]!.winner).toBe(winnerOf(latest.body));

    // Each listed match can be fetched; without ?match the latest one comes, as before.
    const one = await getJson(`${server.url}/api/tables/${code}/record?match=1`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(firstRecord.body);
    const two = await getJson(`${server.url}/api/tables/${code}/record?match=2`);
    expect(two.body).toEqual(latest.body);
    expect((one.body as { table: { match: number } }).table.match).toBe(1);
    expect((await getJson(`${server.url}/api/tables/${code}/record?match=3`)).status).toBe(404);
    expect((await getJson(`${server.url}/api/tables/${code}/record?match=x`)).status).toBe(404);
    await host.close();
  });
});

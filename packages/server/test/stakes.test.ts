/** Stakes and the first dealer by lot at a table: settled after each match, kept over a rematch and a restart. */
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  type LotDraw,
  drawForDealer,
  highestOf,
  ledgerTotals,
  lotShowMs,
  replayRecord,
  settleMatch,
} from "@schwimmen/rules";
import { DEFAULT_RULES } from "@schwimmen/rules";
import type { KasseInfo, TableInfo } from "../src/protocol.js";
import { applyEntry, initialModel } from "../src/table-model.js";
import { TestClient, autoplay, getJson, isState, matchOver, tempDir, testServer, type Msg } from "./helpers.js";

type Server = Awaited<ReturnType<typeof testServer>>;
const servers: Server[] = [];
const dirs: { remove: () => void }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.cleanup()));
  for (const d of dirs.splice(0)) d.remove();
});

const tableOf = (m: Msg) => m.table as unknown as TableInfo;
type Drawn = { type: "dealerDrawn"; dealer: number; draws: LotDraw[] };
const eventsOf = (m: Msg) => (m.events as { event: { type: string } }[]).map((e) => e.event);

/** Plays the host's seat at random until match `match` is over; returns the last state. */
async function playOut(host: TestClient, match: number): Promise<Msg> {
  const auto = autoplay(host);
  const end = await host.waitFor(matchOver(match), 60_000);
  auto.stop();
  return end;
}

describe("stakes at a table", () => {
  it("settles each match into the Kasse, keeps it over a rematch and a restart, and serves it as CSV", async () => {
    const dir = tempDir();
    dirs.push(dir);
    const dbPath = join(dir.dir, "stakes.db");
    const first = await testServer({ dbPath, settings: { botDelayMs: 0, roundPauseMs: 0, snapshotEvery: 7 } });
    const host = await TestClient.open(first.url);
    const made = await host.request({
      type: "create",
      name: "Kneipe",
      playerName: "Lena",
      seats: 3,
      preset: "quick",
      botLevel: "random",
      turnSeconds: 0,
      stake: 10,
      dealerByLot: true,
    });
    expect(tableOf(made)).toMatchObject({
      stake: 10,
      dealerByLot: true,
      kasse: { stake: 10, pot: 0, matches: 0, totals: [] },
    });
    const code = tableOf(made).code;

    // The lot: a dealerDrawn event before matchStarted, whose dealer holds the last pass's highest card.
    const started = await host.request({ type: "start" });
    const events = eventsOf(started);
    const drawn = events.find((e) => e.type === "dealerDrawn") as Drawn | undefined;
    expect(drawn).toBeDefined();
    expect(events.findIndex((e) => e.type === "dealerDrawn")).toBeLessThan(
      events.findIndex((e) => e.type === "matchStarted"),
    );
    expect(drawn!.draws[0]!.seats).toEqual([0, 1, 2]);
    expect(highestOf(drawn!.draws[drawn!.draws.length - 1]!)).toEqual([drawn!.dealer]);
    expect(events.find((e) => e.type === "matchStarted")).toMatchObject({ dealer: drawn!.dealer });

    const end1 = await playOut(host, 1);
    const kasse1 = tableOf(end1).kasse!;
    expect(kasse1.matches).toBe(1);
    const rec1 = await getJson(`${first.url}/api/tables/${code}/record`);
    const body1 = rec1.body as { dealer: number; table: { lot: string } };
    // The record's dealer is the lot's, and its seed draws it again.
    expect(body1.dealer).toBe(drawn!.dealer);
    expect(drawForDealer(3, "skat32", 1, body1.table.lot).dealer).toBe(drawn!.dealer);
    const row1 = kasse1.rows[0]!;
    // The engine settles the downloaded record the same way.
    const replayed = replayRecord(rec1.body);
    if (!replayed.ok) throw new Error("the record does not replay");
    expect(settleMatch(replayed.value.state, 10)).toMatchObject({
      ok: true,
      value: { pot: row1.pot, balance: row1.balance },
    });
    expect(row1.pot).toBeGreaterThan(0);
    // The pot shown at the table grew by the stake for each life lost, round by round, to the one paid out.
    expect(kasse1.pot).toBe(row1.pot);
    const pots = host.messages.flatMap((m) => (m.table ? [tableOf(m).kasse?.pot ?? -1] : []));
    expect(pots.every((pot, i) => pot % 10 === 0 && pot >= (pots[i - 1] ?? 0))).toBe(true);
    expect(pots[0]).toBe(0);
    expect(pots.at(-1)).toBe(row1.pot);
    expect(row1.balance.reduce((a, b) => a + b, 0)).toBe(0);
    expect(row1.players).toEqual(["Lena", "Bot 2", "Bot 3"]);

    // A rematch: a new lot, a second row, totals over both.
    const again = await host.request({ type: "rematch" });
    expect(eventsOf(again).some((e) => e.type === "dealerDrawn")).toBe(true);
    // The new match starts with an empty pot.
    expect(tableOf(again).kasse).toMatchObject({ pot: 0, matches: 1 });
    const end2 = await playOut(host, 2);
    const kasse2 = tableOf(end2).kasse!;
    expect(kasse2.matches).toBe(2);
    expect(kasse2.rows[0]).toEqual(row1);
    expect(kasse2.totals).toEqual(ledgerTotals(kasse2.rows));
    expect(kasse2.totals.reduce((sum, t) => sum + t.cents, 0)).toBe(0);

    const csv = await fetch(`${first.url}/api/tables/${code}/ledger.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toContain(`kasse-${code}.csv`);
    const text = await csv.text();
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toBe("match,stake,pot,Lena,Bot 2,Bot 3");
    expect(lines).toHaveLength(4);
    // ?lang=de: the same Kasse for a German spreadsheet.
    const germanBytes = Buffer.from(
      await (await fetch(`${first.url}/api/tables/${code}/ledger.csv?lang=de`)).arrayBuffer(),
    );
    // A byte order mark first (a spreadsheet then reads UTF-8), then the rows.
    expect([...germanBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const german = germanBytes.subarray(3).toString("utf8").split("\r\n");
    expect(german[0]).toBe("Partie;Einsatz;Pott;Lena;Bot 2;Bot 3");
    const asPlain = german.slice(1).map((line) => line.replaceAll(";", "|").replaceAll(",", ".").replaceAll("|", ","));
    expect(asPlain).toEqual(
      text
        .split("\r\n")
        .slice(1)
        .map((line) => line.replace(/^total/, "Summe")),
    );
    expect(lines[1]!.startsWith("1,0.10,")).toBe(true);
    const euros = (cents: number) => (cents / 100).toFixed(2);
    expect(lines[3]).toBe(
      ["total", "", euros(kasse2.rows[0]!.pot + kasse2.rows[1]!.pot), ...kasse2.totals.map((t) => euros(t.cents))].join(
        ",",
      ),
    );
    await host.close();
    await first.close();

    // A restart: the Kasse comes back from the snapshot and the log.
    const second = await testServer({ dbPath });
    servers.push(second);
    const info = await getJson(`${second.url}/api/tables/${code}`);
    expect((info.body as { kasse: KasseInfo }).kasse).toEqual(kasse2);
    expect(await (await fetch(`${second.url}/api/tables/${code}/ledger.csv`)).text()).toBe(text);
    // And it goes on growing with the next match.
    const back = await TestClient.open(second.url, host.token);
    const joined = await back.request({ type: "join", code });
    expect(isState(joined)).toBe(true);
    await back.request({ type: "rematch" });
    const end3 = await playOut(back, 3);
    expect(tableOf(end3).kasse).toMatchObject({ matches: 3 });
    expect(tableOf(end3).kasse!.rows.slice(0, 2)).toEqual(kasse2.rows);
    await back.close();
  }, 90_000);

  it("deals the first round only once the clients have shown the lot: no turn runs under the show", async () => {
    const server = await testServer({ settings: { botDelayMs: 0, roundPauseMs: 0 } });
    servers.push(server);
    const host = await TestClient.open(server.url);
    const base = { type: "create", name: "Tisch", playerName: "Lena", seats: 4, preset: "quick" } as const;
    await host.request({ ...base, botLevel: "random", turnSeconds: 60, dealerByLot: true });
    const asked = performance.now();
    const started = await host.request({ type: "start" });
    const events = eventsOf(started);
    expect(events.map((e) => e.type)).toContain("dealerDrawn");
    expect(events.map((e) => e.type)).not.toContain("roundStarted");
    // Nobody's clock runs yet.
    expect(tableOf(started).turnEndsAt ?? null).toBeNull();
    const drawn = events.find((e) => e.type === "dealerDrawn") as Drawn;
    await host.waitFor((m) => JSON.stringify(m.events ?? []).includes('"roundStarted"'), 20_000);
    // Timers never fire early; a little slack for the clock's rounding.
    expect(performance.now() - asked).toBeGreaterThanOrEqual(lotShowMs(drawn) - 20);
    await host.close();
  }, 30_000);

  it("refuses a stake out of bounds and plays without stakes by default", async () => {
    const server = await testServer();
    servers.push(server);
    const host = await TestClient.open(server.url);
    const base = { type: "create", name: "Tisch", playerName: "Lena", seats: 2 } as const;
    for (const stake of [-1, 1001, 2.5, "10"]) {
      const answer = await host.request({ ...base, stake } as never);
      expect(answer).toMatchObject({ type: "error", code: "BAD_MESSAGE" });
    }
    const plain = await host.request(base);
    expect(tableOf(plain)).toMatchObject({ stake: 0, dealerByLot: false, kasse: null });
    const code = tableOf(plain).code;
    const csv = await fetch(`${server.url}/api/tables/${code}/ledger.csv`);
    expect((await csv.text()).split("\r\n")[0]).toBe("match,stake,pot");
    await host.close();
  });
});

describe("the lot in the table's log", () => {
  const config = {
    seats: 4,
    rules: DEFAULT_RULES,
    preset: null,
    botLevel: "random",
    turnSeconds: 0,
    dealerByLot: true,
  };
  const lobby = () => {
    let model = initialModel("KAZYAAAAAA", "Los", config);
    const joined = applyEntry(model, { kind: "join", seat: 0, name: "Lena", token: "t".repeat(32) });
    if (!joined.ok) throw new Error(joined.error.message);
    model = joined.model;
    return model;
  };

  it("replays the dealer from the entry's seed and refuses an entry whose dealer is not the lot's", () => {
    const lot = drawForDealer(4, "skat32", 1, "seed-a");
    const wrong = (lot.dealer + 1) % 4;
    const model = lobby();
    const refused = applyEntry(model, { kind: "start", dealer: wrong, bots: [1, 2, 3], lot: "seed-a" });
    expect(refused).toMatchObject({ ok: false, error: { code: "INTERNAL" } });
    const started = applyEntry(model, { kind: "start", dealer: lot.dealer, bots: [1, 2, 3], lot: "seed-a" });
    if (!started.ok) throw new Error(started.error.message);
    expect(started.model.firstDealer).toBe(lot.dealer);
    expect(started.model.lot).toBe("seed-a");
    expect(started.events.find((e) => e.type === "dealerDrawn")).toEqual({
      type: "dealerDrawn",
      dealer: lot.dealer,
      draws: lot.draws,
    });
  });

  it("loads a model stored before stakes (no ledger, no stake) and plays it without a Kasse", () => {
    const { ledger: _ledger, lot: _lot, ...old } = lobby();
    const oldConfig = { seats: 4, rules: DEFAULT_RULES, preset: null, botLevel: "random", turnSeconds: 0 };
    const started = applyEntry({ ...old, config: oldConfig }, { kind: "start", dealer: 2, bots: [1, 2, 3] });
    if (!started.ok) throw new Error(started.error.message);
    expect(started.events.some((e) => e.type === "dealerDrawn")).toBe(false);
    expect(started.model.ledger ?? []).toEqual([]);
  });
});

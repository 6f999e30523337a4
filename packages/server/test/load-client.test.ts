/**
 * The benches' load clients (bench/load-client.ts) read most frames from their first bytes only: these tests play
 * real tables against a real server, so a change of the frames' layout that the clients no longer read fails here.
 */
import { expect, test } from "vitest";
import { type BenchTable, type PlayHooks, openTable } from "../bench/load-client.js";
import { getJson, testServer } from "./helpers.js";

function recorder() {
  const measured: number[] = [];
  const errors: string[] = [];
  let acted = 0;
  let closes = 0;
  let stopping = false;
  const hooks: PlayHooks = {
    phase: () => "play",
    think: () => 0,
    stopping: () => stopping,
    acted: () => void acted++,
    measured: (_phase, ms) => void measured.push(ms),
    error: (code) => void errors.push(code),
    unexpectedClose: () => void closes++,
  };
  return {
    hooks,
    measured,
    errors,
    get acted() {
      return acted;
    },
    get closes() {
      return closes;
    },
    stop: () => (stopping = true),
  };
}

async function until(what: string, done: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test("clients seat their tables, act on their turns and time each action until every seat has its update", async () => {
  const server = await testServer({ settings: { roundPauseMs: 0 } });
  const run = recorder();
  let tables: BenchTable[] = [];
  try {
    tables = await Promise.all([0, 1, 2].map(() => openTable([server.url], 4, run.hooks)));
    for (const table of tables) expect((await table.players[0]!.request({ type: "start" })).type).toBe("update");
    await until("60 measured actions", () => run.measured.length >= 60);
    run.stop();
    expect(run.errors).toEqual([]);
    expect(run.closes).toBe(0);
    // Every action the clients sent is measured, but for those still in flight (at most two per table).
    expect(run.acted).toBeGreaterThanOrEqual(run.measured.length);
    expect(run.acted - run.measured.length).toBeLessThanOrEqual(2 * tables.length);
    expect(run.measured.every((ms) => ms >= 0 && ms < 10_000)).toBe(true);
    // All four seats followed every update: once play stops, they all hold the table's newest version.
    const together = (table: BenchTable) => new Set(table.players.map((p) => p.version)).size === 1;
    await until("every seat at the newest version", () => tables.every(together), 5000);
  } finally {
    for (const table of tables) table.terminate();
    await server.cleanup();
  }
});

test("a host whose match is over asks for a rematch, and the next match is played", async () => {
  const server = await testServer({ settings: { roundPauseMs: 0 } });
  const run = recorder();
  let table: BenchTable | null = null;
  try {
    table = await openTable([server.url], 2, run.hooks);
    await table.players[0]!.request({ type: "start" });
    // Two seats with five lives each finish a match within a few hundred random moves; the host then rematches.
    await until(
      "match 2",
      async () => {
        const { body } = await getJson(`${server.url}/api/tables/${table!.code}`);
        return (body as { match: number }).match >= 2;
      },
      30_000,
    );
    run.stop();
    expect(run.errors).toEqual([]);
  } finally {
    table?.terminate();
    await server.cleanup();
  }
});

/**
 * The group commit's statement is prepared once per writer connection and runs on a generic plan. That plan is made
 * from the sizes the tables have when the connection first writes, which on a fresh cluster is nearly nothing; these
 * tests hold that it still looks each batch's rows up by key once the tables are large.
 */
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { BATCH_STATEMENTS, type PendingAppend, writeBatchAtOnce } from "../src/pg-append.js";
import { migratePg, WRITER_SETTINGS } from "../src/pg-store.js";
import { newPool } from "../src/pg-transaction.js";
import { usePostgres } from "./pg-harness.js";

const running = usePostgres();

const TABLES = 3000;

const append = (code: string, version: number): PendingAppend => ({
  code,
  entries: [{ version, entry: '{"kind":"act"}' }],
  status: null,
  at: 1000 + version,
  done: () => {},
});

/** A batch of these tables at `version`, claimed by node "a" at epoch 1. */
async function writeAsA(pool: pg.Pool, codes: readonly string[], version: number): Promise<Set<string>> {
  const batch = codes.map((code) => append(code, version));
  return writeBatchAtOnce(pool, batch, { node: "a", codes, tags: codes.map((code) => `${code}:1`) });
}

/** Tables T0… with their leases (even ones on node "a", odd ones on "b"), and as many seated tokens. */
async function fill(admin: pg.Pool, from: number, to: number): Promise<void> {
  const codes = Array.from({ length: to - from }, (_, i) => `T${from + i}`);
  await admin.query(
    `INSERT INTO tables (code, name, config, created_at, updated_at) SELECT c, 'n', '{}', 0, 0 FROM unnest($1::text[]) c`,
    [codes],
  );
  await admin.query(
    `INSERT INTO table_leases (code, node, epoch, expires_at)
     SELECT c, CASE WHEN substr(c, 2)::int % 2 = 0 THEN 'a' ELSE 'b' END, 1, now() + interval '1 hour'
     FROM unnest($1::text[]) c`,
    [codes],
  );
  await admin.query(`INSERT INTO tokens (token, created_at, used_at) SELECT 'k' || c, 0, 0 FROM unnest($1::text[]) c`, [
    codes,
  ]);
}

describe("the group commit's prepared statement", () => {
  it("prepared on a fresh database, finds a large one's rows by key, and is never planned again", async () => {
    const url = await running().createDatabase();
    const admin = newPool(url, 1);
    // One connection, so that the EXPLAIN below runs in the session that holds the prepared statement.
    const writer = newPool(url, 1, WRITER_SETTINGS);
    try {
      await migratePg(admin);
      // The first batch prepares the statement on a fresh database: no table has a lease, so nothing is written.
      expect([...(await writeAsA(writer, ["T0", "T1"], 1))]).toEqual([]);
      await fill(admin, 0, 2);
      expect([...(await writeAsA(writer, ["T0", "T1"], 1))]).toEqual(["T0"]);

      // No ANALYZE: that would make the plan anew. Until autovacuum gets to it, the plan made above is the one used.
      await fill(admin, 2, TABLES);
      const codes = ["T10", "T11", "T2000"];
      expect([...(await writeAsA(writer, codes, 1))].sort()).toEqual(["T10", "T2000"]);
      const written = await admin.query<{ code: string }>("SELECT code FROM actions ORDER BY code");
      expect(written.rows.map((r) => r.code)).toEqual(["T0", "T10", "T2000"]);

      const args = [
        "'a'",
        `'{${codes.join(",")}}'`,
        `'{${codes.map((c) => `${c}:1`).join(",")}}'`,
        `'{T10}'`,
        "'{2}'",
        `'{"{}"}'`,
        "'{1}'",
        "'{kT10}'",
        "'{1}'",
        "'{T10}'",
        "'{T10}'",
        "'{NULL}'",
        "'{NULL}'",
        "'{1}'",
      ].join(", ");
      const explained = await writer.query<{ "QUERY PLAN": string }>(
        `EXPLAIN EXECUTE "${BATCH_STATEMENTS.fenced}"(${args})`,
      );
      const plan = explained.rows.map((r) => r["QUERY PLAN"]).join("\n");
      // Each table is read through its primary key: no scan of a whole table, not the leases of a whole node.
      expect(plan).not.toMatch(/Seq Scan|table_leases_node|Merge Join/);
      expect(plan).toMatch(/table_leases_pkey/);
      expect(plan).toMatch(/Index Scan using tokens_pkey/);
      expect(plan).toMatch(/Index Scan using tables_pkey/);
      const prepared = await writer.query<{ generic_plans: string; custom_plans: string }>(
        "SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = $1",
        [BATCH_STATEMENTS.fenced],
      );
      expect(Number(prepared.rows[0]!.custom_plans)).toBe(0);
      expect(Number(prepared.rows[0]!.generic_plans)).toBeGreaterThanOrEqual(2);
    } finally {
      await Promise.all([admin.end(), writer.end()]);
    }
  }, 60_000);

  it("without the writers' settings, the same statement would scan a whole table (the trap they avoid)", async () => {
    // A control, so that the test above can fail: a session that may plan freely picks a worse plan at this size.
    const url = await running().createDatabase();
    const admin = newPool(url, 1);
    const free = newPool(url, 1, { plan_cache_mode: "force_generic_plan" });
    try {
      await migratePg(admin);
      await fill(admin, 0, 2);
      await admin.query("ANALYZE");
      await writeAsA(free, ["T0"], 1);
      const plan = (
        await free.query<{ "QUERY PLAN": string }>(
          `EXPLAIN EXECUTE "${BATCH_STATEMENTS.fenced}"('a', '{T0}', '{T0:1}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}')`,
        )
      ).rows
        .map((r) => r["QUERY PLAN"])
        .join("\n");
      expect(plan).toMatch(/Seq Scan/);
    } finally {
      await Promise.all([admin.end(), free.end()]);
    }
  }, 60_000);
});

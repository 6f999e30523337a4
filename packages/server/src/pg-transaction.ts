/** PostgreSQL helpers shared by the stores: the pool they open and one transaction on it. */
import pg from "pg";

/** BIGINT (epoch ms) comes back as a number: every time we keep is far below 2^53. */
const INT8_OID = 20;
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === INT8_OID && format !== "binary"
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format ?? "text")) as pg.CustomTypesConfig["getTypeParser"],
};

/**
 * A bounded pool whose BIGINT columns come back as numbers. `settings`: server settings for each of its sessions
 * (PostgreSQL's `-c name=value` startup options).
 */
export function newPool(url: string, max: number, settings: Readonly<Record<string, string>> = {}): pg.Pool {
  const options = Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(" ");
  const pool = new pg.Pool({
    connectionString: url,
    max,
    ...(options ? { options } : {}),
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
    types,
  });
  // An idle connection that breaks (the server restarts) must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  return pool;
}

/** Runs `work` in one transaction on one connection of the pool: committed when it returns, rolled back when it throws. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (cause) {
    await client.query("ROLLBACK").catch(() => {});
    throw cause;
  } finally {
    client.release();
  }
}

/**
 * An account's name is the account's: over HTTP a guest is neither made nor renamed under it (NAME_TAKEN, nothing
 * changed), and at a table a guest from before the account took the name is the one marked "(2)".
 */
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Players } from "../src/players.js";
import { SqlitePlayerStore } from "../src/sqlite-players.js";
import { TestClient, testServer } from "./helpers.js";

type Server = Awaited<ReturnType<typeof testServer>>;

async function session(url: string, name: string, cookie?: string) {
  const res = await fetch(`${url}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ name }),
  });
  const body = (await res.json()) as { player?: { id: string; name: string; kind: string }; error?: { code: string } };
  return { status: res.status, body, cookie: res.headers.get("set-cookie")?.split(";")[0] ?? null };
}

const me = async (url: string, cookie: string) =>
  ((await (await fetch(`${url}/api/me`, { headers: { cookie } })).json()) as { player: { name: string } | null })
    .player;

describe("an account's name", () => {
  let server: Server;
  let db: Database.Database;
  let players: Players;
  let jonas: { id: string; cookie: string };
  let early: { id: string; cookie: string };
  beforeAll(async () => {
    server = await testServer();
    // A guest "Jonas" from before, then the one who keeps the name as an account (what the passkey does).
    const before = await session(server.url, "Jonas");
    const later = await session(server.url, "Jonas");
    early = { id: before.body.player!.id, cookie: before.cookie! };
    jonas = { id: later.body.player!.id, cookie: later.cookie! };
    db = new Database(join(server.dir, "test.db"));
    players = new Players(new SqlitePlayerStore(db));
    const account = await players.makeAccount((await players.one(jonas.id))!);
    expect(account.ok).toBe(true);
  });
  afterAll(async () => {
    db?.close();
    await server?.cleanup();
  });

  it("is refused to a new guest and to a guest's rename, changing nothing", async () => {
    for (const name of ["Jonas", "jonas", "Ｊｏｎａｓ"]) {
      const made = await session(server.url, name);
      expect(made.status).toBe(409);
      expect(made.body.error).toMatchObject({ code: "NAME_TAKEN" });
      expect(made.cookie).toBeNull();
    }
    const lena = await session(server.url, "Lena");
    const renamed = await session(server.url, "JONAS", lena.cookie!);
    expect(renamed.status).toBe(409);
    expect(renamed.body.error).toMatchObject({ code: "NAME_TAKEN" });
    expect(await me(server.url, lena.cookie!)).toMatchObject({ id: lena.body.player!.id, name: "Lena" });
    // The guest from before keeps playing under it; guests still share other names.
    expect(await me(server.url, early.cookie)).toMatchObject({ name: "Jonas", kind: "guest" });
    expect((await session(server.url, "Lena")).status).toBe(201);
  });

  it("at a table the account keeps the plain name and the guest gets the mark, whoever sat down first", async () => {
    const connect = async (cookie: string) => {
      const client = await TestClient.connect(server.url, { cookie });
      client.token = ((await client.request({ type: "hello" })) as { token: string }).token;
      return client;
    };
    const guest = await connect(early.cookie);
    const account = await connect(jonas.cookie);
    const made = await guest.request({ type: "create", name: "Jonasse", playerName: "Jonas", seats: 4 });
    const code = (made.table as { code: string }).code;
    const joined = await account.request({ type: "join", code, name: "Jonas" });
    type Seats = { seats: { name: string | null; player?: string }[] };
    const seats = (joined.table as Seats).seats;
    expect(seats.map((s) => [s.name, s.player ?? null])).toEqual([
      ["Jonas (2)", early.id],
      ["Jonas", jonas.id],
      [null, null],
      [null, null],
    ]);
    // The guest's screen hears of its new name.
    const news = await guest.waitFor((m) => m.type === "update" && m.version === joined.version);
    const events = (news.events as { event: { type: string } }[]).map((e) => e.event);
    expect(events).toContainEqual({ type: "seatTaken", seat: 0, name: "Jonas (2)", kind: "human" });
    // Another guest of the same name sitting down later gets the next mark.
    const third = await TestClient.open(server.url);
    const after = await third.request({ type: "join", code, name: "jonas" });
    expect((after.table as Seats).seats.map((s) => s.name)).toEqual(["Jonas (2)", "Jonas", "jonas (3)", null]);
    await Promise.all([guest.close(), account.close(), third.close()]);
  });
});

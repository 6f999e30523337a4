/** Players over HTTP on 127.0.0.1: sessions, name rules, unique account names, profiles and deleting an account. */
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nameKey } from "../src/names.js";
import { Players } from "../src/players.js";
import { SqlitePlayerStore } from "../src/sqlite-players.js";
import { SqliteStore } from "../src/sqlite-store.js";
import { TestClient, autoplay, getJson, matchOver, tempDir, testServer } from "./helpers.js";

type Server = Awaited<ReturnType<typeof testServer>>;

interface Answer {
  status: number;
  body: Record<string, unknown>;
  cookie: string | null;
}

/** A request with JSON; `cookie` is sent when given. */
async function call(
  url: string,
  method: string,
  options: { body?: unknown; cookie?: string | null; headers?: Record<string, string>; raw?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers["content-type"] ??= "application/json";
  if (options.cookie) headers.cookie = options.cookie;
  const res = await fetch(url, {
    method,
    headers,
    body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const setCookie = res.headers.get("set-cookie");
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, cookie: setCookie };
}

/** The `name=value` part of a Set-Cookie header. */
const cookieOf = (setCookie: string | null): string => {
  if (!setCookie) throw new Error("no Set-Cookie");
  return setCookie.split(";")[0]!;
};

const playerOf = (answer: Answer) => answer.body.player as { id: string; name: string; kind: string } | null;

describe("players and sessions", () => {
  let server: Server;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(async () => {
    await server?.cleanup();
  });

  it("a name makes a guest with an HttpOnly, SameSite=Lax cookie; renaming keeps the player; sign-out ends it", async () => {
    const made = await call(`${server.url}/api/session`, "POST", { body: { name: "  Lena   Maier " } });
    expect(made.status).toBe(201);
    expect(made.cookie).toMatch(/^schwimmen_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    const player = playerOf(made)!;
    expect(player).toMatchObject({ name: "Lena Maier", kind: "guest" });
    expect(player.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const cookie = cookieOf(made.cookie);

    expect(playerOf(await call(`${server.url}/api/me`, "GET", { cookie }))).toEqual(player);
    expect(playerOf(await call(`${server.url}/api/me`, "GET"))).toBeNull();

    const renamed = await call(`${server.url}/api/session`, "POST", { body: { name: "Lena" }, cookie });
    expect(renamed.status).toBe(200);
    expect(playerOf(renamed)).toEqual({ ...player, name: "Lena" });
    expect(renamed.cookie).toBeNull();

    const out = await call(`${server.url}/api/session`, "DELETE", { cookie });
    expect(out.cookie).toMatch(/^schwimmen_session=; Path=\/; Max-Age=0/);
    expect(playerOf(await call(`${server.url}/api/me`, "GET", { cookie }))).toBeNull();
  });

  it("takes letters of any script and refuses control, zero-width and direction characters, changing nothing", async () => {
    for (const name of ["Jürgen", "Σοφία", "李小龍", "Ana María", "Øyvind 2"]) {
      const made = await call(`${server.url}/api/session`, "POST", { body: { name } });
      expect(made.status, name).toBe(201);
      expect(playerOf(made)!.name).toBe(name);
    }
    const refused: [unknown, string][] = [
      ["", "empty"],
      ["   ", "empty"],
      ["An\u0007na", "invisible"],
      ["An\u200Bna", "invisible"],
      ["\u202EannA", "invisible"],
      ["A".repeat(25), "tooLong"],
      ["<b>Max</b>", "characters"],
      ["Bot 3", "botName"],
      [42, "tooLong"],
    ];
    for (const [name, reason] of refused) {
      const answer = await call(`${server.url}/api/session`, "POST", { body: { name } });
      expect(answer.status, String(name)).toBe(400);
      expect(answer.body.error).toMatchObject({ code: "INVALID_NAME", reason });
      expect(answer.cookie).toBeNull();
    }
    // A guest's refused rename leaves the name as it was.
    const guest = await call(`${server.url}/api/session`, "POST", { body: { name: "Karl" } });
    const cookie = cookieOf(guest.cookie);
    expect((await call(`${server.url}/api/session`, "POST", { body: { name: "Ka\u200Brl" }, cookie })).status).toBe(
      400,
    );
    expect(playerOf(await call(`${server.url}/api/me`, "GET", { cookie }))!.name).toBe("Karl");
  });

  it("refuses bad requests without a change: not JSON, too large, from another site", async () => {
    const url = `${server.url}/api/session`;
    const cases = [
      await call(url, "POST", { raw: "{name:", headers: { "content-type": "application/json" } }),
      await call(url, "POST", { raw: JSON.stringify({ name: "Ute" }), headers: { "content-type": "text/plain" } }),
      await call(url, "POST", { body: { name: "Ute", pad: "x".repeat(20_000) } }),
      await call(url, "POST", { body: { name: "Ute" }, headers: { origin: "https://evil.example" } }),
      await call(`${server.url}/api/passkeys/register/options`, "POST", { body: {} }),
      await call(`${server.url}/api/passkeys/login/verify`, "POST", { body: { id: "x" } }),
    ];
    expect(cases.map((c) => c.status)).toEqual([400, 400, 400, 403, 401, 400]);
    expect(cases.map((c) => (c.body.error as { code: string }).code)).toEqual([
      "BAD_REQUEST",
      "BAD_REQUEST",
      "BAD_REQUEST",
      "FOREIGN_ORIGIN",
      "NOT_SIGNED_IN",
      "CHALLENGE_MISSING",
    ]);
    for (const c of cases) expect(c.cookie).toBeNull();
    expect((await getJson(`${server.url}/api/players/nobody`)).status).toBe(404);
    expect((await getJson(`${server.url}/api/players/%E0%A4%A`)).status).toBe(404);
  });

  it("passkey options hold a challenge, kept once per session; a forged answer is refused and uses it up", async () => {
    const guest = await call(`${server.url}/api/session`, "POST", { body: { name: "Petra" } });
    const cookie = cookieOf(guest.cookie);
    const options = await call(`${server.url}/api/passkeys/register/options`, "POST", { body: {}, cookie });
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({ rp: { name: "Schwimmen", id: "127.0.0.1" }, user: { name: "Petra" } });
    expect(options.body.authenticatorSelection).toMatchObject({ residentKey: "required" });
    const forged = {
      id: "abc",
      rawId: "abc",
      type: "public-key",
      response: { clientDataJSON: "e30", attestationObject: "" },
    };
    const refused = await call(`${server.url}/api/passkeys/register/verify`, "POST", { body: forged, cookie });
    expect(refused.body.error).toMatchObject({ code: "PASSKEY_REFUSED" });
    const again = await call(`${server.url}/api/passkeys/register/verify`, "POST", { body: forged, cookie });
    expect(again.body.error).toMatchObject({ code: "CHALLENGE_MISSING" });
    expect(playerOf(await call(`${server.url}/api/me`, "GET", { cookie }))!.kind).toBe("guest");

    // Signing in from a new device: the options come with a session cookie (no player yet).
    const login = await call(`${server.url}/api/passkeys/login/options`, "POST", { body: {} });
    expect(login.status).toBe(200);
    expect(typeof login.body.challenge).toBe("string");
    expect(login.body.allowCredentials ?? []).toEqual([]);
    const device = cookieOf(login.cookie);
    expect(playerOf(await call(`${server.url}/api/me`, "GET", { cookie: device }))).toBeNull();
  });

  it("a seat knows its player; the profile counts the match; deleting the account leaves a neutral name", async () => {
    const guest = await call(`${server.url}/api/session`, "POST", { body: { name: "Mara" } });
    const cookie = cookieOf(guest.cookie);
    const id = playerOf(guest)!.id;
    const host = await TestClient.connect(server.url, { cookie });
    const welcome = await host.request({ type: "hello" });
    host.token = (welcome as { token: string }).token;
    const created = await host.request({
      type: "create",
      name: "Profil",
      playerName: "Mara",
      seats: 2,
      preset: "quick",
    });
    const table = created.table as { code: string; seats: { player?: string }[] };
    expect(table.seats[0]!.player).toBe(id);
    expect(table.seats[1]!.player).toBeUndefined();
    await host.request({ type: "start" });
    const play = autoplay(host);
    await host.waitFor(matchOver(1), 60_000);
    play.stop();
    await host.close();

    const record = await getJson(`${server.url}/api/tables/${table.code}/record`);
    expect((record.body as { table: { players: unknown[] } }).table.players).toEqual([id, null]);
    // Mara's own view: the code of her (private) table is hers to see (others get none, profile-privacy.test.ts).
    const profile = await call(`${server.url}/api/players/${id}`, "GET", { cookie });
    expect(profile.status).toBe(200);
    const body = profile.body as {
      player: { name: string; deleted: boolean };
      stats: { played: number; won: number; averagePlace: number; livesLostPerMatch: number };
      matches: { code: string; match: number; place: number; opponents: string[] }[];
    };
    expect(body.player).toMatchObject({ name: "Mara", deleted: false });
    expect(body.stats.played).toBe(1);
    expect([1, 2]).toContain(body.stats.averagePlace);
    expect(body.stats.won).toBe(body.stats.averagePlace === 1 ? 1 : 0);
    expect(body.stats.livesLostPerMatch).toBeGreaterThan(0);
    expect(body.matches).toEqual([expect.objectContaining({ code: table.code, match: 1, opponents: ["Bot 2"] })]);

    // Deleting: from another site refused; then for real.
    expect(
      (await call(`${server.url}/api/me`, "DELETE", { cookie, headers: { origin: "https://x.example" } })).status,
    ).toBe(403);
    const gone = await call(`${server.url}/api/me`, "DELETE", { cookie });
    expect(gone.status).toBe(200);
    expect(gone.cookie).toMatch(/Max-Age=0/);
    expect(playerOf(await call(`${server.url}/api/me`, "GET", { cookie }))).toBeNull();
    const after = (await getJson(`${server.url}/api/players/${id}`)).body as typeof body;
    expect(after.player).toMatchObject({ name: "Gelöschter Spieler", deleted: true });
    expect(after.matches).toEqual([]);
    // Nothing of the deleted player's rating or its matches stays on the profile either.
    expect((after as unknown as { rating: unknown }).rating).toBeNull();
    const kept = (await getJson(`${server.url}/api/tables/${table.code}/record`)).body as {
      players: string[];
      table: { players: unknown[] };
    };
    expect(kept.players).toEqual(["Gelöschter Spieler", "Bot 2"]);
    expect(kept.table.players).toEqual([null, null]);
    const list = (await getJson(`${server.url}/api/tables/${table.code}/matches`)).body as {
      matches: { seats: string[] }[];
    };
    expect(list.matches[0]!.seats).toEqual(["Gelöschter Spieler", "Bot 2"]);
  }, 90_000);
});

describe("new sessions per address", () => {
  it("are limited (refused names do not count); past the limit nothing is made", async () => {
    const server = await testServer({ sessionsPerAddress: 2 });
    try {
      const url = `${server.url}/api/session`;
      expect((await call(url, "POST", { body: { name: "" } })).status).toBe(400);
      expect((await call(url, "POST", { body: { name: "Eins" } })).status).toBe(201);
      expect((await call(url, "POST", { body: { name: "Zwei" } })).status).toBe(201);
      const third = await call(url, "POST", { body: { name: "Drei" } });
      expect(third.status).toBe(429);
      expect(third.body.error).toMatchObject({ code: "RATE_LIMITED" });
      expect(third.cookie).toBeNull();
      expect((await call(`${server.url}/api/passkeys/login/options`, "POST", { body: {} })).status).toBe(429);
    } finally {
      await server.cleanup();
    }
  });
});

describe("behind HTTPS (PUBLIC_URL)", () => {
  it("cookies are Secure, and passkeys belong to the public host", async () => {
    const server = await testServer({ publicUrl: "https://schwimmen.example" });
    try {
      const made = await call(`${server.url}/api/session`, "POST", { body: { name: "Ida" } });
      expect(made.cookie).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
      const cookie = cookieOf(made.cookie);
      const options = await call(`${server.url}/api/passkeys/register/options`, "POST", { body: {}, cookie });
      expect(options.body.rp).toEqual({ name: "Schwimmen", id: "schwimmen.example" });
      const own = { origin: "https://schwimmen.example" };
      expect(
        (await call(`${server.url}/api/session`, "POST", { body: { name: "Ida" }, cookie, headers: own })).status,
      ).toBe(200);
      const local = { origin: server.url };
      expect(
        (await call(`${server.url}/api/session`, "POST", { body: { name: "Ida" }, cookie, headers: local })).status,
      ).toBe(403);
    } finally {
      await server.cleanup();
    }
  });
});

describe("account names", () => {
  const dir = tempDir();
  let store: SqliteStore;
  let players: Players;
  beforeAll(() => {
    store = new SqliteStore(join(dir.dir, "names.db"));
    players = new Players(new SqlitePlayerStore(store.database));
  });
  afterAll(async () => {
    await store.close();
    dir.remove();
  });

  const guest = async (name: string) => {
    const made = await players.createGuest(name);
    if (!made.ok) throw new Error(made.error.message);
    return made.value.player;
  };

  it("are unique among accounts under NFKC and case folding; guests may share them", async () => {
    const anna = await guest("Anna");
    // A guest from before the account took the name keeps it.
    const twin = await guest("ＡＮＮＡ");
    expect((await players.makeAccount(anna)).ok).toBe(true);
    expect(twin.name).toBe("ＡＮＮＡ");
    expect(nameKey(twin.name)).toBe(nameKey("anna"));
    expect(await players.makeAccount(twin)).toMatchObject({ ok: false, error: { code: "NAME_TAKEN" } });
    // The refusal changed nothing: still a guest.
    expect((await players.one(twin.id))!.kind).toBe("guest");
    // Another account may not rename to it; the owner may change its case.
    const ben = await guest("Ben");
    const account = await players.makeAccount(ben);
    if (!account.ok) throw new Error("Ben");
    expect(await players.rename(account.value, "anna")).toMatchObject({ ok: false, error: { code: "NAME_TAKEN" } });
    expect((await players.one(ben.id))!.name).toBe("Ben");
    expect(await players.rename({ ...anna, kind: "account" }, "ANNA")).toMatchObject({ ok: true });
    // Once deleted, the name is free again.
    await players.delete({ ...anna, kind: "account" });
    expect((await players.makeAccount(twin)).ok).toBe(true);
  });

  it("sessions expire: without a player after a day, any after a year unused", async () => {
    let now = 1_000_000;
    const timed = new Players(new SqlitePlayerStore(store.database), () => now);
    const made = await timed.createGuest("Uwe");
    if (!made.ok) throw new Error("Uwe");
    const cookie = `other=1; schwimmen_session=${made.value.secret}`;
    await timed.newSession(null);
    now += 2 * 86_400_000;
    expect(await timed.sweep()).toBe(1);
    expect((await timed.fromCookie(cookie))?.id).toBe(made.value.player.id);
    now += 200 * 86_400_000;
    const later = await timed.createGuest("Vera");
    if (!later.ok) throw new Error("Vera");
    now += 366 * 86_400_000;
    expect(await timed.fromCookie(cookie)).toBeNull();
    expect(await timed.sweep()).toBeGreaterThanOrEqual(1);
    expect(await timed.fromCookie(`schwimmen_session=${later.value.secret}`)).toBeNull();
    expect(await timed.fromCookie("schwimmen_session=short")).toBeNull();
  });

  it("the database refuses a second account of the same key even when two requests pass the check at once", async () => {
    const a = await guest("Zoe");
    const b = await guest("zoe");
    const both = await Promise.all([players.makeAccount(a), players.makeAccount(b)]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    const db = new Database(join(dir.dir, "names.db"), { readonly: true });
    const rows = db
      .prepare("SELECT COUNT(*) AS n FROM players WHERE kind = 'account' AND name_key = ?")
      .get(nameKey("Zoe"));
    db.close();
    expect(rows).toEqual({ n: 1 });
  });
});

/**
 * A private table's code is its key (replays, spectating, chat): a profile and a player's rated matches give it only
 * to a player who sat in that match; a public table's code stays for everybody. On SQLite and on PostgreSQL.
 */
import { describe, expect, it } from "vitest";
import { codeShown, matchAccess, ratingRowsFor } from "../src/match-privacy.js";
import { openPgStores } from "../src/pg-stores.js";
import { type Msg, autoplay, matchOver, testServer } from "./helpers.js";
import { usePostgres } from "./pg-harness.js";
import { person, playPublicMatch } from "./rated-helpers.js";

const running = usePostgres();

type Person = Awaited<ReturnType<typeof person>>;

/** `host` opens a private three-seat table, `guest` sits down, a bot takes the third seat; they play it out. */
async function playPrivateMatch(host: Person, guest: Person): Promise<string> {
  const made = await host.client.request({
    type: "create",
    name: "Privat",
    playerName: "Lena",
    seats: 3,
    preset: "quick",
    turnSeconds: 0,
  });
  const code = (made as Msg & { table: { code: string; visibility: string } }).table.code;
  expect((made as Msg & { table: { visibility: string } }).table.visibility).toBe("private");
  await guest.client.request({ type: "join", code, name: "Tom" });
  const playing = [autoplay(host.client), autoplay(guest.client)];
  await host.client.request({ type: "start" });
  await Promise.all([host.client.waitFor(matchOver(1), 30_000), guest.client.waitFor(matchOver(1), 30_000)]);
  for (const p of playing) p.stop();
  return code;
}

interface ProfileAnswer {
  matches: { code: string | null; match: number; private: boolean }[];
  rating: { matches: { code: string | null; rated: boolean }[] } | null;
}

async function getAs(url: string, cookie: string | null): Promise<{ status: number; text: string }> {
  const res = await fetch(url, { headers: cookie ? { cookie } : {} });
  return { status: res.status, text: await res.text() };
}

const stores = [
  { name: "SQLite", options: async () => ({}) },
  { name: "PostgreSQL", options: async () => openPgStores(await running().createDatabase(), { poolSize: 4 }) },
];

describe.each(stores)("a private table's code on profiles ($name)", ({ options }) => {
  it("is given to the players of that match only; a public table's code to everybody", async () => {
    const server = await testServer(await options());
    try {
      const lena = await person(server.url, "Lena");
      const tom = await person(server.url, "Tom");
      const uwe = await person(server.url, "Uwe");
      const secret = await playPrivateMatch(lena, tom);
      const open = await playPublicMatch(lena, uwe, ["Lena", "Uwe"]);
      // The match-ended hook (ratings) runs after the record is saved: wait until both matches are taken.
      for (let i = 0; i < 200 && (await server.ratings.matchesOf(lena.id, 10)).length < 2; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const profileUrl = `${server.url}/api/players/${lena.id}`;

      // Uwe (not at the private table) and a visitor without a session: no code, no link; the public one stays.
      for (const viewer of [uwe.cookie, null]) {
        const answer = await getAs(profileUrl, viewer);
        expect(answer.status).toBe(200);
        expect(answer.text).not.toContain(secret);
        const body = JSON.parse(answer.text) as ProfileAnswer;
        expect(body.matches).toEqual([
          expect.objectContaining({ code: open, match: 1, private: false }),
          expect.objectContaining({ code: null, match: 1, private: true }),
        ]);
        expect(body.rating?.matches.map((m) => [m.code, m.rated])).toEqual([
          [open, true],
          [null, false],
        ]);
        const rated = await getAs(`${profileUrl}/ratings`, viewer);
        expect(rated.status).toBe(200);
        expect(rated.text).not.toContain(secret);
        expect(rated.text).toContain(open);
      }

      // Lena herself, and Tom who sat at the private table, see its code.
      for (const viewer of [lena.cookie, tom.cookie]) {
        const body = JSON.parse((await getAs(profileUrl, viewer)).text) as ProfileAnswer;
        expect(body.matches.map((m) => [m.code, m.private])).toEqual([
          [open, false],
          [secret, true],
        ]);
        expect(body.rating?.matches.map((m) => m.code)).toEqual([open, secret]);
        expect((await getAs(`${profileUrl}/ratings`, viewer)).text).toContain(secret);
      }
      // The record keeps the visibility the match was played with.
      const record = JSON.parse((await getAs(`${server.url}/api/tables/${secret}/record`, null)).text) as {
        table: { visibility: string };
      };
      expect(record.table.visibility).toBe("private");
      for (const p of [lena, tom, uwe]) await p.client.close();
    } finally {
      await server.cleanup();
    }
  }, 90_000);
});

describe("who may see a match's code", () => {
  it("takes the record's visibility first, else the table's stored one; private unless known public", () => {
    const seated = { players: ["p-lena", null, "p-tom"] };
    expect(matchAccess({ ...seated, visibility: "private" }, "public")).toEqual({
      private: true,
      players: ["p-lena", "p-tom"],
    });
    expect(matchAccess({ ...seated, visibility: "public" }, null).private).toBe(false);
    expect(matchAccess(seated, "public").private).toBe(false);
    expect(matchAccess(seated, null).private).toBe(true);
    expect(matchAccess(undefined, undefined)).toEqual({ private: true, players: [] });
    const hidden = matchAccess(seated, null);
    expect([codeShown(hidden, "p-tom"), codeShown(hidden, "p-uwe"), codeShown(hidden, null)]).toEqual([
      true,
      false,
      false,
    ]);
    // Rated matches were public; an unrated one the viewer may not see, or one not known, loses its code.
    const rows = [
      { code: "AAAAAAAAAA", match: 1, rated: true },
      { code: "BBBBBBBBBB", match: 1, rated: false },
      { code: "CCCCCCCCCC", match: 2, rated: false },
    ];
    const access = new Map([["BBBBBBBBBB/1", hidden]]);
    expect(ratingRowsFor(rows, access, "p-uwe")).toEqual([
      rows[0],
      { code: null, match: 1, rated: false, private: true },
      { code: null, match: 2, rated: false },
    ]);
    expect(ratingRowsFor(rows, access, "p-tom")).toEqual([rows[0], rows[1], { code: null, match: 2, rated: false }]);
  });
});

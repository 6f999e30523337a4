/** Names that look blank or pose as someone else are refused with INVALID_NAME; equal names at a table get a mark. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkDisplayName, checkTableName, distinctName, nameKey, tidyName } from "../src/names.js";
import { LIMITS } from "../src/protocol.js";
import { TestClient, getJson, testServer } from "./helpers.js";

const check = (raw: string) => checkDisplayName(tidyName(raw), LIMITS.nameChars);

/** [name, problem word] for names that must be refused. */
const REFUSED: readonly (readonly [string, string])[] = [
  ["\u3164", "invisible"], // Hangul filler: a "letter" that shows nothing
  ["\u3164\u3164\u3164", "invisible"],
  ["Anna\u3164", "invisible"],
  ["\u115f\u1160", "invisible"],
  ["\uffa0", "invisible"],
  ["\u2800", "invisible"], // blank braille pattern
  ["\u2800\u2800 \u2800", "invisible"],
  ["\u200b", "invisible"], // zero-width space
  ["Li\u200dsa", "invisible"],
  ["\u202eevil", "invisible"], // right-to-left override
  ["a\u00adb", "invisible"], // soft hyphen
  ["Tom\u034f", "invisible"], // combining grapheme joiner
  ["\u0301\u0301", "marks"], // only combining marks: refused (the marks have nothing to sit on)
  ["\u0301", "marks"],
  ["a" + "\u0336".repeat(3), "marks"],
  ["e" + "\u0301".repeat(4), "marks"], // NFC makes é of the first: two more are allowed, three are not
  ["Z" + "\u0336\u0337\u0338\u0330\u0331\u0332\u0333\u0334".repeat(3).slice(0, 23), "marks"], // 23 on one letter
  ["- \u0301", "marks"],
  ["Bot 2", "botName"],
  ["Bot", "botName"],
  ["bot2", "botName"],
  ["BOT  12", "botName"],
  ["B0t 3", "botName"],
  ["Ｂｏｔ ２", "botName"], // full width
  ["ВОТ 2", "botName"], // Cyrillic letters that look like "BOT"
  ["Bot-4", "botName"],
  ["\u0410lice", "mixedScripts"], // Cyrillic А, then Latin
  ["Ali\u0441e", "mixedScripts"], // Latin, then Cyrillic с
  ["\u03a4om", "mixedScripts"], // Greek Tau
  ["Νаташа", "mixedScripts"], // Greek with Cyrillic
  ["", "empty"],
  ["   ", "empty"],
  ["x".repeat(25), "tooLong"],
  ["...", "blank"],
  ["- -", "blank"],
  ["<b>Lena</b>", "characters"],
  ["Anna (2)", "characters"], // the mark for a second Anna cannot be chosen
  ["🙂", "characters"],
];

const ACCEPTED: readonly (readonly [string, string])[] = [
  ["Jürgen", "Jürgen"],
  ["Ju\u0308rgen", "Jürgen"], // decomposed input is composed (NFC)
  ["Zoë", "Zoë"],
  ["李小龙", "李小龙"],
  ["Ali Khan", "Ali Khan"],
  ["  Ali   Khan ", "Ali Khan"],
  ["O'Brien", "O'Brien"],
  ["O’Brien", "O’Brien"],
  ["Anna-Lena", "Anna-Lena"],
  ["Ναταλία", "Ναταλία"],
  ["Наташа", "Наташа"],
  ["Dr. Müller", "Dr. Müller"],
  ["Tom 2", "Tom 2"],
  ["Botschafter", "Botschafter"],
  ["Bob", "Bob"],
  ["田中さん", "田中さん"],
  ["प्रिया", "प्रिया"],
  ["Nguyễn", "Nguyễn"],
  ["x".repeat(24), "x".repeat(24)],
];

describe("display names", () => {
  it.each(REFUSED)("refuses %j (%s)", (raw, problem) => {
    const checked = check(raw);
    expect(checked.ok).toBe(false);
    if (!checked.ok) {
      expect(checked.problem).toBe(problem);
      expect(checked.message.startsWith(`${problem}: `)).toBe(true);
    }
  });

  it.each(ACCEPTED)("accepts %j as %j", (raw, kept) => {
    expect(check(raw)).toEqual({ ok: true });
    expect(tidyName(raw)).toBe(kept);
  });

  it("checks table names only for what shows", () => {
    expect(checkTableName(tidyName("Freitag (Stammtisch) 🍺"), LIMITS.tableNameChars)).toEqual({ ok: true });
    expect(checkTableName("Herz ❤\ufe0f", LIMITS.tableNameChars)).toEqual({ ok: true });
    expect(checkTableName("\u3164", LIMITS.tableNameChars)).toMatchObject({ ok: false, problem: "invisible" });
    expect(checkTableName("\u2800", LIMITS.tableNameChars)).toMatchObject({ ok: false, problem: "invisible" });
    expect(checkTableName("a" + "\u0301".repeat(5), LIMITS.tableNameChars)).toMatchObject({ problem: "marks" });
  });

  it("tells equal names apart with a mark no chosen name can have", () => {
    expect(nameKey("ANNA")).toBe(nameKey("anna"));
    expect(nameKey("Ａｎｎａ")).toBe(nameKey("Anna"));
    expect(nameKey("STRASSE")).toBe(nameKey("Straße"));
    expect(distinctName("Anna", [null, null])).toBe("Anna");
    expect(distinctName("Anna", ["Anna", null])).toBe("Anna (2)");
    expect(distinctName("anna", ["Anna", "Anna (2)", null])).toBe("anna (3)");
    expect(distinctName("Ａｎｎａ", ["Anna"])).toBe("Ａｎｎａ (2)");
    expect(distinctName("Tom", ["Anna", "Tim"])).toBe("Tom");
  });
});

describe("names over the protocol", () => {
  let server: Awaited<ReturnType<typeof testServer>>;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(async () => {
    await server?.cleanup();
  });

  it("answers a refused name with INVALID_NAME and its reason, and makes no table", async () => {
    const client = await TestClient.open(server.url);
    const before = server.hub.size;
    for (const [raw, problem] of [
      ["\u3164", "invisible"],
      ["\u2800", "invisible"],
      ["\u0301\u0301\u0301", "marks"],
      ["Bot 2", "botName"],
      ["\u0410lice", "mixedScripts"],
    ] as const) {
      const res = await client.request({ type: "create", name: "Tisch", playerName: raw, seats: 2 });
      expect(res).toMatchObject({ type: "error", code: "INVALID_NAME" });
      expect(res.message as string).toContain(`${problem}: `);
    }
    expect(await client.request({ type: "create", name: "\u3164", playerName: "Lena", seats: 2 })).toMatchObject({
      code: "INVALID_NAME",
    });
    expect(server.hub.size).toBe(before);
    const made = await client.request({ type: "create", name: "Tisch", playerName: "Lena", seats: 3 });
    const code = (made.table as { code: string }).code;
    const guest = await TestClient.open(server.url);
    expect(await guest.request({ type: "join", code, name: "Bot 3" })).toMatchObject({ code: "INVALID_NAME" });
    expect(await guest.request({ type: "join", code, name: "\u2800" })).toMatchObject({ code: "INVALID_NAME" });
    await Promise.all([client.close(), guest.close()]);
  });

  it("never seats two players with the same name without telling them apart", async () => {
    const host = await TestClient.open(server.url);
    const made = await host.request({ type: "create", name: "Annas", playerName: "Anna", seats: 4 });
    const code = (made.table as { code: string }).code;
    const second = await TestClient.open(server.url);
    const third = await TestClient.open(server.url);
    const joined = await second.request({ type: "join", code, name: "anna" });
    expect(joined.type).toBe("sync");
    const again = await third.request({ type: "join", code, name: "ＡＮＮＡ" });
    const names = (again.table as { seats: { name: string | null }[] }).seats.map((s) => s.name);
    expect(names).toEqual(["Anna", "anna (2)", "ＡＮＮＡ (3)", null]);
    // The event says the same, and so does the HTTP view and (after a restart of the table) the replayed log.
    const news = await host.waitFor((m) => m.type === "update" && m.version === again.version);
    const taken = (news.events as { event: { type: string; name?: string } }[]).map((e) => e.event);
    expect(taken).toContainEqual({ type: "seatTaken", seat: 2, name: "ＡＮＮＡ (3)", kind: "human" });
    const info = await getJson(`${server.url}/api/tables/${code}`);
    expect((info.body as { seats: { name: string | null }[] }).seats.map((s) => s.name)).toEqual(names);
    // A freed seat's name is free again.
    await second.request({ type: "leave" });
    const fourth = await TestClient.open(server.url);
    const back = await fourth.request({ type: "join", code, name: "Anna" });
    expect((back.table as { seats: { name: string | null }[] }).seats.map((s) => s.name)).toEqual([
      "Anna",
      "Anna (2)",
      "ＡＮＮＡ (3)",
      null,
    ]);
    await Promise.all([host.close(), second.close(), third.close(), fourth.close()]);
  });
});

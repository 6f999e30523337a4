import { describe, expect, it } from "vitest";
import { chromiumAvailable, screenshotPath, useServerAndBrowser } from "./harness.js";
import { newPlayer } from "./online-drive.js";

describe.skipIf(!chromiumAvailable())("lobby and quick match", () => {
  // A shorter wait before bots fill than the real 20 s, yet long enough for Ben to come on a busy machine.
  const env = useServerAndBrowser({ QUICK_MATCH_WAIT_MS: "15000" });

  it("brings two people to one table from the lobby, bots fill the rest, and the match starts", async () => {
    const anna = await newPlayer(env.browser, "Anna", { lang: "de" });
    const ben = await newPlayer(env.browser, "Ben", { lang: "de" });
    await ben.page.goto(`${env.server.url}/#/lobby`);
    await ben.page.waitForSelector("[data-lobby-empty]", { timeout: 15_000 });

    // Anna asks for a quick match of three from the lobby and waits, with the bots' countdown.
    await anna.page.goto(`${env.server.url}/#/lobby`);
    await anna.page.waitForSelector("[data-lobby-empty], [data-lobby-count]", { timeout: 15_000 });
    await anna.page.selectOption("select[name=quick-seats]", "3");
    await anna.page.click("[data-action=quick-match]");
    const wait = await anna.page.waitForSelector("[data-quick-wait]", { timeout: 15_000 });
    expect(await wait.textContent()).toContain("Wir warten noch auf Mitspieler.");
    const code = await anna.page.getAttribute("[data-code]", "data-code");
    await anna.page.screenshot({ path: screenshotPath("quick-wait-1280x800") });
    expect(code).toMatch(/^[A-Z0-9]{10}$/);

    // Ben's lobby shows her table without a reload: Anna sits there, two seats are free.
    const row = await ben.page.waitForSelector(`[data-lobby-table="${code}"]`, { timeout: 10_000 });
    expect(await row.textContent()).toContain("Anna");
    expect(await ben.page.getAttribute(`[data-lobby-table="${code}"] [data-seats-free]`, "data-seats-free")).toBe("2");
    await ben.page.screenshot({ path: screenshotPath("lobby-1280x800") });

    // Ben asks for the same kind of match and lands at her table.
    await ben.page.selectOption("select[name=quick-seats]", "3");
    await ben.page.click("[data-action=quick-match]");
    await ben.page.waitForSelector("[data-code]", { timeout: 15_000 });
    expect(await ben.page.getAttribute("[data-code]", "data-code")).toBe(code);

    // Cleo follows the lobby's "Zuschauen" link: she watches without a seat, and the players see her counted.
    const cleo = await newPlayer(env.browser, "Cleo", { lang: "de" });
    await cleo.page.goto(`${env.server.url}/#/t/${code}?watch=1`);
    await cleo.page.waitForSelector("[data-spectator]", { timeout: 15_000 });
    await anna.page.waitForSelector("[data-spectators='1']", { timeout: 10_000 });

    // Nobody else comes: a bot takes the third seat and both are dealt cards.
    await Promise.all([
      anna.page.waitForSelector(".hand button.card", { timeout: 45_000 }),
      ben.page.waitForSelector(".hand button.card", { timeout: 45_000 }),
    ]);
    const table = (await (await fetch(`${env.server.url}/api/tables/${code}`)).json()) as {
      status: string;
      seats: { kind: string; name: string }[];
    };
    expect(table.status).not.toBe("lobby");
    expect(table.seats.map((s) => s.kind)).toEqual(["human", "human", "bot"]);
    expect(table.seats.slice(0, 2).map((s) => s.name)).toEqual(["Anna", "Ben"]);
    expect(await anna.page.locator("[data-quick-wait]").count()).toBe(0);
    // The spectator sees the table but holds no cards.
    await cleo.page.waitForSelector(".seats", { timeout: 10_000 });
    expect(await cleo.page.locator(".hand button.card").count()).toBe(0);
    // A table in play is no longer listed.
    const lobby = (await (await fetch(`${env.server.url}/api/lobby`)).json()) as { tables: { code: string }[] };
    expect(lobby.tables.some((t) => t.code === code)).toBe(false);
    await Promise.all([anna.context.close(), ben.context.close(), cleo.context.close()]);
  }, 90_000);
});

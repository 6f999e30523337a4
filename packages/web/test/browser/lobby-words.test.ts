/**
 * What a public table says about itself, as strangers meet: its rules in the lobby ("Standard" for a table with every
 * rule at its default), the name step of someone who came to watch, and the host's bar once every seat is taken.
 */
import { describe, expect, it } from "vitest";
import { chromiumAvailable, useServerAndBrowser } from "./harness.js";
import { presetSettings } from "./drive.js";
import { createTable, newPlayer, onlineSettings } from "./online-drive.js";

describe.skipIf(!chromiumAvailable())("a public table's words", () => {
  const env = useServerAndBrowser();

  it("is 'Standard' in the lobby, asks a watcher's name for watching, and tells the host when it is full", async () => {
    const anna = await newPlayer(env.browser, null, { lang: "de" });
    // The start page's own rules: every key at its default.
    await presetSettings(anna.page, { ...onlineSettings("Anna", "de"), rules: {} });
    const code = await createTable(anna.page, env.server.url, 2);
    await anna.page.click("[data-action=toggle-visibility]");
    await anna.page.waitForSelector("[data-visibility=public]:not([data-full])", { timeout: 10_000 });
    expect(await anna.page.textContent("[data-waiting=host]")).toContain("Warte auf Mitspieler (1 am Tisch).");

    // Ben sees it in the lobby as a standard table (the start page's default rules), not as the host's own rules.
    const ben = await newPlayer(env.browser, "Ben", { lang: "de" });
    await ben.page.goto(`${env.server.url}/#/lobby`);
    const row = ben.page.locator(`[data-lobby-table="${code}"]`);
    await row.waitFor({ timeout: 10_000 });
    expect(await row.locator(".lobby-table__rules").textContent()).toBe("Standard");

    // Cleo, new here, follows "Zuschauen": the name she is asked for is for watching, not for a seat.
    const cleo = await newPlayer(env.browser, null, { lang: "de" });
    await cleo.page.goto(`${env.server.url}/#/t/${code}?watch=1`);
    await cleo.page.waitForSelector("[data-online-page=name]", { timeout: 10_000 });
    const page = (await cleo.page.textContent("[data-online-page=name]")) ?? "";
    expect(page).toContain("Du schaust an Tisch");
    expect(page).toContain("(Gastgeber: Anna)");
    expect(page).not.toContain("lädt dich");
    expect((await cleo.page.textContent("[data-online-page=name] button[type=submit]"))?.trim()).toBe("Zuschauen");

    // Ben takes the last seat: Anna's bar says she can start, and that the full table is not in the lobby.
    await ben.page.goto(`${env.server.url}/#/t/${code}`);
    await ben.page.waitForSelector("[data-waiting=guest]", { timeout: 15_000 });
    await anna.page.waitForSelector("[data-visibility=public][data-full]", { timeout: 10_000 });
    expect(await anna.page.textContent("[data-visibility]")).toContain("Öffentlich, aber voll");
    const bar = (await anna.page.textContent("[data-waiting=host]")) ?? "";
    expect(bar).toContain("alle Plätze sind besetzt");
    expect(bar).not.toContain("Warte auf Mitspieler");
    for (const player of [anna, ben, cleo]) await player.context.close();
  }, 90_000);

  it("a table of one's own can be opened from the lobby, and is listed there at once", async () => {
    const dora = await newPlayer(env.browser, "Dora", { lang: "de", width: 360, height: 740 });
    await dora.page.goto(`${env.server.url}/#/lobby`);
    await dora.page.waitForSelector("[data-lobby-empty]", { timeout: 15_000 });
    expect(await dora.page.textContent("[data-lobby-empty]")).toContain("eröffne einen eigenen Tisch");
    await dora.page.selectOption("select[name=open-seats]", "3");
    await dora.page.click("[data-action=open-public-table]");
    const code = await (await dora.page.waitForSelector("[data-code]", { timeout: 15_000 })).getAttribute("data-code");
    await dora.page.waitForSelector("[data-visibility=public]", { timeout: 10_000 });

    const emil = await newPlayer(env.browser, "Emil", { lang: "de" });
    await emil.page.goto(`${env.server.url}/#/lobby`);
    const row = emil.page.locator(`[data-lobby-table="${code}"]`);
    await row.waitFor({ timeout: 10_000 });
    expect(await row.textContent()).toContain("2 von 3 Plätzen frei");
    await row.locator("[data-action=sit-down]").click();
    await emil.page.waitForSelector(".seats--me [data-seat]", { timeout: 15_000 });
    await dora.page.waitForFunction(() => document.body.textContent?.includes("Emil"), undefined, { timeout: 10_000 });
    for (const person of [dora, emil]) await person.context.close();
  }, 60_000);
});

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumAvailable, screenshotPath, startGameServer, useServerAndBrowser } from "./harness.js";
import { presetSettings, waitForMyTurn } from "./drive.js";
import { newPlayer, onlineSettings } from "./online-drive.js";

/** No raw server words, no endless "Verbinde…". */
async function expectPlainWords(page: Page): Promise<void> {
  const text = (await page.textContent("body")) ?? "";
  expect(text).not.toMatch(/TABLE_NOT_FOUND|BAD_MESSAGE|no table|Verbinde…|Connecting…/);
}

describe.skipIf(!chromiumAvailable())("a table that cannot be had", () => {
  const env = useServerAndBrowser();

  it("an unknown code (6 or 10 characters, by link or typed) says so in German and leads back", async () => {
    const { context, page } = await newPlayer(env.browser, "Lena", { lang: "de", width: 360, height: 740 });
    for (const path of ["/t/ZZZZZZ", "/t/zzzzz-zzzzz", "/#/t/ZZZZZZZZZZ"]) {
      await page.goto(`${env.server.url}${path}`);
      await page.waitForSelector("[data-online-page=no-table]", { timeout: 10_000 });
      expect(await page.textContent("h1")).toBe("Diesen Tisch gibt es nicht");
      expect(await page.textContent("[role=alert]")).toMatch(
        /Unter dem Code (ZZZZZZ|ZZZZZ-ZZZZZ) ist kein Tisch offen/,
      );
      await expectPlainWords(page);
    }
    await page.screenshot({ path: screenshotPath("unknown-code-360x740") });
    // Another code can be typed right there; something that is no code at all is refused at the field.
    await page.fill("input[name=code]", "hallo");
    await page.click("[data-action=join-table]");
    expect(await page.textContent(".form__problem")).toContain("Ein Tisch-Code hat 10 Buchstaben");
    await page.click("[data-action=to-start]");
    await page.waitForSelector(".panel--online", { timeout: 10_000 });
    // The start page's field takes a code with spaces or a dash in any case, and the invite link itself.
    await page.fill(".panel--online input[name=code]", " zzzzz zzzzz ");
    await page.click(".panel--online [data-action=join-table]");
    await page.waitForSelector("[data-online-page=no-table]", { timeout: 10_000 });
    expect(page.url()).toContain("#/t/ZZZZZ-ZZZZZ");
    await context.close();
  }, 120_000);

  it("a first visit by a dead link is not asked for a name; a link that holds no code is told so", async () => {
    const { context, page } = await newPlayer(env.browser, null, { lang: "en", width: 1280, height: 800 });
    await page.goto(`${env.server.url}/t/ZZZZZ-ZZZZZ`);
    await page.waitForSelector("[data-online-page=no-table]", { timeout: 10_000 });
    expect(await page.textContent("h1")).toBe("There's no such table");
    await page.screenshot({ path: screenshotPath("unknown-code-1280x800") });
    await page.goto(`${env.server.url}/t/hello`);
    await page.waitForSelector("[data-online-page=no-table]", { timeout: 10_000 });
    expect(await page.textContent("[role=alert]")).toContain("“hello” isn't a table code.");
    await expectPlainWords(page);
    await context.close();
  }, 60_000);

  it("a screen's file gone from the server (a new version came out) is told as such, not as a lost connection", async () => {
    // Without the service worker, which would fetch the file itself (out of this page's routes) and keep it.
    const context = await env.browser.newContext({
      viewport: { width: 360, height: 740 },
      locale: "de-DE",
      serviceWorkers: "block",
    });
    const page = await context.newPage();
    await presetSettings(page, onlineSettings("Lena", "de"));
    await page.goto(`${env.server.url}/`);
    await page.waitForSelector(".panel--online");
    // As after an update: the page still asks for the old build's file, which the server no longer has.
    await page.route("**/assets/online-table-*.js", (route) => route.fulfill({ status: 404, body: "" }));
    await page.click("[data-action=create-table]");
    await page.waitForSelector("[data-load-failed=newVersion]", { timeout: 10_000 });
    expect(await page.textContent("[data-load-failed] [role=alert]")).toBe(
      "Die Seite wurde inzwischen erneuert. Lade sie neu, dann geht es weiter.",
    );
    expect(await page.textContent("[data-load-failed] [data-action=retry]")).toBe("Neu laden");
    await page.unroute("**/assets/online-table-*.js");
    await page.click("[data-load-failed] [data-action=retry]");
    await page.waitForSelector("[data-code], [data-online-page]", { timeout: 15_000 });
    await context.close();
  }, 60_000);

  it("offline, 'Tisch eröffnen' says what is wrong and offers a way out", async () => {
    const { context, page } = await newPlayer(env.browser, "Lena", { lang: "de", width: 360, height: 740 });
    await page.goto(`${env.server.url}/`);
    await page.waitForSelector(".panel--online");
    // The online screen's code was never loaded: the page cannot get it either.
    await context.setOffline(true);
    await page.click("[data-action=create-table]");
    await page.waitForSelector("[data-load-failed=offline]", { timeout: 10_000 });
    expect(await page.textContent("[data-load-failed]")).toContain("ließ sich nicht laden");
    await page.click("[data-load-failed] [data-action=to-start]");
    await page.waitForSelector(".panel--online", { timeout: 10_000 });

    // With its code loaded (a table was visited before), the socket is what fails.
    await context.setOffline(false);
    await page.goto(`${env.server.url}/#/t/ZZZZZZ`);
    await page.reload();
    await page.waitForSelector("[data-online-page=no-table]", { timeout: 10_000 });
    await page.click("[data-action=to-start]");
    await context.setOffline(true);
    await page.click("[data-action=create-table]");
    await page.waitForSelector("[data-online-page=unreachable]", { timeout: 10_000 });
    expect(await page.textContent("h1")).toBe("Der Server ist nicht erreichbar");
    expect(await page.textContent("main")).toContain("Dein Gerät ist offline.");
    await expectPlainWords(page);
    await page.screenshot({ path: screenshotPath("offline-create-360x740") });
    // The computer players need no server: a round can be played at once.
    await page.click("[data-action=play-computer]");
    await waitForMyTurn(page, "offline-local");
    const step = await page.evaluate(() => document.querySelector("main")?.dataset.step);
    await page.click("[data-action=knock], [data-action=pass]");
    // The computer answers: its move follows (or the round ends, or with it the match: a pass after the computer's
    // knock is the round's last move, and a life lost before may have been the last but one).
    await page.waitForFunction(
      (before) => {
        const [round, moves] = (before ?? "0:0").split(":").map(Number);
        const [r, m] = (document.querySelector("main")?.dataset.step ?? "0:0").split(":").map(Number);
        const ended = document.querySelector("[data-action=next-round], [data-action=rematch]") !== null;
        return r! > round! || m! >= moves! + 2 || ended;
      },
      step,
      { timeout: 15_000 },
    );
    await context.close();
  }, 120_000);

  it("with the server gone, the page stops waiting and offers to try again or go back", async () => {
    const server = await startGameServer();
    let stopped = false;
    const { context, page } = await newPlayer(env.browser, "Lena", { lang: "en" });
    try {
      await page.goto(`${server.url}/#/t/ZZZZZZ`);
      await page.waitForSelector("[data-online-page=no-table]", { timeout: 10_000 });
      await page.click("[data-action=to-start]");
      await server.stop();
      stopped = true;
      await page.click("[data-action=create-table]");
      await page.waitForSelector("[data-online-page=unreachable]", { timeout: 10_000 });
      expect(await page.textContent("h1")).toBe("Can't reach the server");
      expect(await page.textContent("main")).not.toContain("Your device is offline");
      await page.click("[data-action=retry]");
      await page.waitForSelector("[data-online-page=unreachable]");
      await page.click("[data-action=to-start]");
      await page.waitForSelector(".panel--online", { timeout: 10_000 });
    } finally {
      if (!stopped) await server.stop();
      await context.close();
    }
  }, 120_000);
});

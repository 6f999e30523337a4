import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumAvailable, useServerAndBrowser } from "./harness.js";
import { presetSettings } from "./drive.js";

const settingsFor = (name: string) => ({
  lang: "en",
  faces: "french",
  speed: "instant",
  name,
  seats: 2,
  levels: [],
  // A short match: two lives, nobody swims.
  rules: { lives: 2, swimming: "off" },
});

/** If it is this page's turn, makes one move (knock when offered, else pass, else swap); true when it moved. */
async function moveIfMyTurn(page: Page): Promise<boolean> {
  if (!(await page.isVisible(".turn-line strong"))) return false;
  const step = await page.evaluate(() => document.querySelector("main")?.dataset.step ?? "");
  // The turn may pass (timer, round end) between the look and the click: then the move is simply refused.
  try {
    if (await page.isVisible("[data-action=knock]")) await page.click("[data-action=knock]", { timeout: 3000 });
    else if (await page.isVisible("[data-action=pass]")) await page.click("[data-action=pass]", { timeout: 3000 });
    else if (await page.isVisible("[data-action=choose-first]"))
      await page.click("[data-action=choose-first]", { timeout: 3000 });
    else {
      await page.locator(".hand button.card").first().click({ timeout: 3000 });
      await page.locator(".middle button.card").first().click({ timeout: 3000 });
    }
    await page.waitForFunction((before) => document.querySelector("main")?.dataset.step !== before, step, {
      timeout: 10_000,
    });
  } catch {
    return false;
  }
  return true;
}

const mySeat = (page: Page) => page.getAttribute(".seats--me [data-seat]", "data-seat");

describe.skipIf(!chromiumAvailable())("an online table in two browsers", () => {
  const env = useServerAndBrowser();

  it("two players create, join and play one table; one reloads in the middle and keeps its seat", async () => {
    const hostContext = await env.browser.newContext();
    const guestContext = await env.browser.newContext();
    const host = await hostContext.newPage();
    const guest = await guestContext.newPage();
    await presetSettings(host, settingsFor("Anna"));
    await presetSettings(guest, settingsFor("Ben"));

    await host.goto(`${env.server.url}/`);
    await host.selectOption("select[name=online-seats]", "2");
    await host.click("[data-action=create-table]");
    const code = await (await host.waitForSelector("[data-code]", { timeout: 15_000 })).getAttribute("data-code");
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
    expect(host.url()).toContain(`#/t/${code}`);

    // The guest follows the invite link.
    await guest.goto(`${env.server.url}/t/${code}`);
    await guest.waitForSelector(".seats--me [data-seat]", { timeout: 15_000 });
    await host.waitForFunction(() => document.body.textContent?.includes("Ben"), undefined, { timeout: 10_000 });
    await host.click("[data-action=start-match]");
    await guest.waitForSelector(".hand button.card", { timeout: 15_000 });
    const guestSeat = await mySeat(guest);
    expect(guestSeat).toBe("1");

    // A third browser with the invite link after the start gets no seat but watches the table (no hand shown).
    const watcherContext = await env.browser.newContext();
    const watcher = await watcherContext.newPage();
    await presetSettings(watcher, settingsFor("Cleo"));
    await watcher.goto(`${env.server.url}/t/${code}`);
    await watcher.waitForSelector(".felt", { timeout: 15_000 });
    expect(await watcher.locator(".seats [data-seat]").count()).toBe(2);
    expect(await watcher.locator(".hand button.card").count()).toBe(0);
    await watcherContext.close();

    let moves = 0;
    let reloaded = false;
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (await host.evaluate(() => document.querySelector("main")?.dataset.phase === "over")) break;
      const moved = (await moveIfMyTurn(host)) || (await moveIfMyTurn(guest));
      if (moved) moves++;
      else await host.waitForTimeout(100);
      if (moves === 3 && !reloaded) {
        reloaded = true;
        await guest.reload();
        await guest.waitForSelector(".seats--me [data-seat]", { timeout: 15_000 });
        expect(await mySeat(guest)).toBe(guestSeat);
        expect(await guest.textContent(".seats--me .seat__name")).toContain("Ben");
        await guest.waitForSelector(".hand button.card", { timeout: 15_000 });
      }
    }
    expect(reloaded).toBe(true);
    expect(await host.textContent("#result-title")).toMatch(/wins the match|draw/);
    await guest.waitForFunction(
      () => /wins the match|draw/.test(document.querySelector("#result-title")?.textContent ?? ""),
      undefined,
      {
        timeout: 10_000,
      },
    );
    // The record of the match can be fetched from the server.
    const record = (await (await fetch(`${env.server.url}/api/tables/${code}/record`)).json()) as { players: string[] };
    expect(record.players).toEqual(["Anna", "Ben"]);
    await hostContext.close();
    await guestContext.close();
  }, 240_000);
});

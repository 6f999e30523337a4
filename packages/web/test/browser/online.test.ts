import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumAvailable, useServerAndBrowser } from "./harness.js";
import { presetSettings } from "./drive.js";
import { createTable, moveIfMyTurn, onlineSettings as settingsFor } from "./online-drive.js";

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

    const code = await createTable(host, env.server.url, 2);
    // Ten characters (tables from before keep six), shown and put in the address in two groups of five.
    expect(code).toMatch(/^[A-Z2-9]{10}$/);
    expect(host.url()).toContain(`#/t/${code.slice(0, 5)}-${code.slice(5)}`);

    // The guest follows the invite link.
    await guest.goto(`${env.server.url}/t/${code}`);
    await guest.waitForSelector(".seats--me [data-seat]", { timeout: 15_000 });
    await host.waitForFunction(() => document.body.textContent?.includes("Ben"), undefined, { timeout: 10_000 });
    // Nothing is dealt while the table waits: no stock (an empty place with "0" looked like a bare deck).
    expect(await host.locator(".felt .stock").count()).toBe(0);
    await host.click("[data-action=start-match]");
    await guest.waitForSelector(".hand button.card", { timeout: 15_000 });
    expect(await guest.locator(".felt .stock").count()).toBe(1);
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
      // Reload after the first move: with two lives and 31s dealt, a match can be over after two or three moves.
      if (moves >= 1 && !reloaded) {
        reloaded = true;
        await guest.reload();
        await guest.waitForSelector(".seats--me [data-seat]", { timeout: 15_000 });
        expect(await mySeat(guest)).toBe(guestSeat);
        expect(await guest.textContent(".seats--me .seat__name")).toContain("Ben");
        await guest.waitForSelector(".hand button.card", { timeout: 15_000 });
      }
    }
    expect(reloaded).toBe(true);
    expect(await host.textContent("#result-title")).toMatch(/wins? the match|draw/);
    await guest.waitForFunction(
      () => /wins? the match|draw/.test(document.querySelector("#result-title")?.textContent ?? ""),
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

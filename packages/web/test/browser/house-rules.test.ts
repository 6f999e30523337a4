import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumAvailable, useServerAndBrowser } from "./harness.js";
import { presetSettings, waitForMyTurn } from "./drive.js";

const BASE = { lang: "en", faces: "german", speed: "instant", name: "Tester", seats: 2, levels: ["greedy"], rules: {} };

/** Opens the house rules editor from the start page and sets one rule through its control. */
async function setRule(page: Page, key: string, value: string | boolean) {
  await page.click("[data-action=edit-rules]");
  await page.waitForSelector(`#rule-${key}`);
  if (typeof value === "boolean") await page.setChecked(`#rule-${key}`, value);
  else await page.selectOption(`#rule-${key}`, JSON.stringify(value));
  await page.click("button[type=submit]");
  await page.waitForSelector("[data-action=start-local]");
}

describe.skipIf(!chromiumAvailable())("house rules take effect in the page", () => {
  const env = useServerAndBrowser();

  it("swapAll: false removes the swap-all action, and the table shows the rule", async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await presetSettings(page, BASE);
    await page.goto(`${env.server.url}/`);
    await setRule(page, "swapAll", false);
    await expect(page.textContent(".panel--rules")).resolves.toContain("not allowed");
    await page.click("[data-action=start-local]");
    await waitForMyTurn(page, "house");
    expect(await page.isVisible("[data-action=pass]")).toBe(true);
    expect(await page.locator("[data-action=swapAll]").count()).toBe(0);
    await page.click(".rules-summary--compact summary");
    expect(await page.textContent(".rules-summary--compact")).toContain("Swap all: not allowed");
    await context.close();
  }, 120_000);

  it("the default rules offer swap all", async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await presetSettings(page, BASE);
    await page.goto(`${env.server.url}/#/play`);
    await waitForMyTurn(page, "house");
    expect(await page.locator("[data-action=swapAll]").count()).toBe(1);
    await context.close();
  }, 120_000);

  it("deal: dealerChooses asks the dealer to choose a packet", async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await presetSettings(page, BASE);
    await page.goto(`${env.server.url}/`);
    await setRule(page, "deal", "dealerChooses");
    await page.click("[data-action=start-local]");
    // With two seats the deal alternates: within two rounds this seat deals and must choose.
    for (let round = 0; round < 6; round++) {
      await page.waitForSelector("[data-action=choose-first], [data-action=next-round], .turn-line strong", {
        timeout: 20_000,
      });
      if (await page.isVisible("[data-action=choose-first]")) break;
      if (await page.isVisible("[data-action=next-round]")) await page.click("[data-action=next-round]");
      else if (await page.isVisible("[data-action=knock]")) await page.click("[data-action=knock]");
      else await page.click("[data-action=pass]");
      await page.waitForTimeout(50);
    }
    expect(await page.isVisible("[data-action=choose-second]")).toBe(true);
    expect(await page.textContent("#action-prompt")).toContain("keep the packet");
    expect(await page.locator(".middle button.card").count()).toBe(0);
    await page.click("[data-action=choose-second]");
    await page.waitForFunction(() => document.querySelectorAll(".middle button.card").length === 3);
    expect(await page.locator("[data-action=choose-first]").count()).toBe(0);
    await context.close();
  }, 120_000);
});

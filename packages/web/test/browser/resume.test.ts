import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumAvailable, screenshotPath, useServerAndBrowser } from "./harness.js";
import { waitForMyTurn } from "./drive.js";
import { QUICK_LOCAL, freshPage } from "./local-page.js";
const KEY = "schwimmen.match.v1";

/** What must survive: the round, the hand, everyone's lives and the round's moves so far. */
const snapshot = (page: Page) =>
  page.evaluate(() => ({
    round: document.querySelector("main")?.dataset.round,
    step: document.querySelector("main")?.dataset.step,
    hand: [...document.querySelectorAll(".hand button.card")].map((c) => c.getAttribute("data-card")),
    lives: [...document.querySelectorAll(".seats .lives")].map((l) => l.getAttribute("aria-label")),
  }));

const menuButton = (page: Page) => page.locator(".topbar button", { hasText: "Menu" });
const question = "dialog.confirm[open]";

describe.skipIf(!chromiumAvailable())("a match against the computer survives reload, menu and Back", () => {
  const env = useServerAndBrowser();

  it("resumes after a reload, asks before leaving, and the start page offers to continue", async () => {
    const { page, errors, close } = await freshPage(env.browser, env.server.url, QUICK_LOCAL);
    // Nothing kept yet: no offer to continue.
    expect(await page.locator("[data-action=resume-local]").count()).toBe(0);
    await page.click("[data-action=start-local]");

    // A few moves: a swap and passes, until a second turn of ours.
    for (let move = 0; move < 3; move++) {
      await waitForMyTurn(page, "resume");
      const step = await page.getAttribute("main", "data-step");
      if (move === 0) {
        await page.locator(".hand button.card").first().click();
        await page.locator(".middle button.card").first().click();
      } else if (await page.isVisible("[data-action=pass]")) await page.click("[data-action=pass]");
      else break;
      await page.waitForFunction((before) => document.querySelector("main")?.dataset.step !== before, step);
    }
    await waitForMyTurn(page, "resume");
    const before = await snapshot(page);
    expect(before.hand).toHaveLength(3);

    await page.reload();
    await page.waitForSelector(".hand button.card");
    expect(await snapshot(page)).toEqual(before);

    // "Menu" asks; "Stay" (and Escape) keep the table, and the table's keys do nothing behind the question.
    await menuButton(page).click();
    await page.waitForSelector(question);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-action"))).toBe("stay");
    await page.screenshot({ path: screenshotPath("leave-question-1280x800") });
    expect(await page.getAttribute(question, "aria-labelledby")).toBe("confirm-title");
    await page.keyboard.press("k");
    await page.keyboard.press("p");
    await page.click(`${question} [data-action=stay]`);
    await page.waitForSelector(question, { state: "detached", timeout: 15_000 });
    expect(await snapshot(page)).toEqual(before);
    await menuButton(page).click();
    await page.waitForSelector(question);
    await page.keyboard.press("Escape");
    await page.waitForSelector(question, { state: "detached", timeout: 15_000 });
    expect(page.url()).toContain("#/play");

    // Leaving: the start page offers the match, and continuing brings it back as it was.
    await menuButton(page).click();
    await page.click(`${question} [data-action=leave]`);
    await page.waitForSelector("[data-action=resume-local]");
    expect(await page.textContent(".panel--resume")).toContain(
      `Round ${Number(before.round) + 1} against Lena and Tom.`,
    );
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: screenshotPath("start-resume-360x740") });
    await page.click("[data-action=resume-local]");
    await page.waitForSelector(".hand button.card");
    expect(await snapshot(page)).toEqual(before);

    // The browser's Back asks first, too.
    await page.goBack();
    await page.waitForSelector(question);
    expect(page.url()).toContain("#/play");
    await page.click(`${question} [data-action=stay]`);
    expect(await snapshot(page)).toEqual(before);
    await page.goBack();
    await page.waitForSelector(question);
    await page.click(`${question} [data-action=leave]`);
    await page.waitForSelector("[data-action=resume-local]");

    // "Start game" begins a new match instead of the kept one.
    const kept = await page.evaluate((key) => localStorage.getItem(key), KEY);
    await page.click("[data-action=start-local]");
    await page.waitForSelector(".hand button.card");
    const fresh = await page.evaluate((key) => localStorage.getItem(key), KEY);
    expect(fresh).not.toBeNull();
    expect(JSON.parse(fresh!).matchSeed).not.toBe(JSON.parse(kept!).matchSeed);
    expect(errors).toEqual([]);
    await close();
  }, 180_000);

  it("starts afresh, without an error, from a broken or old entry", async () => {
    const { page, errors, close } = await freshPage(env.browser, env.server.url, QUICK_LOCAL);
    for (const broken of ["{not json", JSON.stringify({ version: 0, state: "old" }), JSON.stringify({ version: 1 })]) {
      await page.goto(`${env.server.url}/`);
      await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [KEY, broken]);
      await page.reload();
      await page.waitForSelector("[data-action=start-local]");
      expect(await page.locator("[data-action=resume-local]").count()).toBe(0);
      // The broken entry is gone; a table opened directly starts round 1.
      expect(await page.evaluate((key) => localStorage.getItem(key), KEY)).toBeNull();
      await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [KEY, broken]);
      await page.goto(`${env.server.url}/#/play`);
      await page.waitForSelector(".hand button.card");
      expect(await page.getAttribute("main", "data-round")).toBe("0");
      await page.evaluate((key) => localStorage.removeItem(key), KEY);
    }
    await page.screenshot({ path: screenshotPath("resume-fresh-after-broken") });
    expect(errors).toEqual([]);
    await close();
  }, 120_000);
});

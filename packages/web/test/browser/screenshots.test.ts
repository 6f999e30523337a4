import { existsSync } from "node:fs";
import { RULE_KEYS } from "@schwimmen/rules";
import { botRuleValues } from "@schwimmen/bots";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { chromiumAvailable, screenshotPath, useServerAndBrowser } from "./harness.js";
import { playLocalMatch, presetSettings, waitForMyTurn } from "./drive.js";

const SIZES = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
] as const;

describe.skipIf(!chromiumAvailable())("screenshots of the start page and the table", () => {
  const env = useServerAndBrowser();

  for (const size of SIZES) {
    it(`at ${size.width}x${size.height}: nothing overflows the width, shots saved`, async () => {
      const context = await env.browser.newContext({ viewport: size, locale: "de-DE", reducedMotion: "reduce" });
      const page = await context.newPage();
      await presetSettings(page, { speed: "quick", seats: 4, levels: ["greedy", "tactician", "expert"] });
      const scripts: Promise<number>[] = [];
      page.on("response", (response) => {
        if (response.url().endsWith(".js")) scripts.push(response.body().then((body) => gzipSync(body).length));
      });
      await page.goto(`${env.server.url}/`);
      await page.waitForSelector("[data-action=start-local]");
      await page.waitForLoadState("networkidle");
      // The first screen's JavaScript stays within 100 KB gzipped (the server sends it uncompressed; gzip it here).
      const firstScreen = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
      console.info(`first screen JavaScript: ${(firstScreen / 1024).toFixed(1)} KB gzipped`);
      expect(firstScreen).toBeGreaterThan(0);
      expect(firstScreen).toBeLessThanOrEqual(100 * 1024);
      // German by default for a German browser.
      expect(await page.getAttribute("html", "lang")).toBe("de");
      const start = screenshotPath(`start-${size.width}x${size.height}`);
      await page.screenshot({ path: start, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);

      await page.click("[data-action=start-local]");
      await waitForMyTurn(page, `table-${size.width}`);
      await page.locator(".hand button.card").first().click();
      const table = screenshotPath(`table-${size.width}x${size.height}`);
      await page.screenshot({ path: table, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      // Seats, middle and hand do not overlap each other.
      const boxes = await page.$$eval([".seats:not(.seats--me)", ".felt", ".hand"].join(","), (els) =>
        els.map((el) => el.getBoundingClientRect()).map((r) => ({ top: r.top, bottom: r.bottom })),
      );
      for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.top).toBeGreaterThanOrEqual(boxes[i - 1]!.bottom - 1);
      expect(existsSync(start) && existsSync(table)).toBe(true);
      await context.close();
    }, 120_000);
  }

  // The table on your turn as a player sees it, for a look by eye: few, some and the most seats, phone and laptop.
  for (const size of SIZES) {
    it(`at ${size.width}x${size.height}: the table on your turn with 2, 4 and 9 seats, and with a hint`, async () => {
      for (const seats of [2, 4, 9]) {
        const context = await env.browser.newContext({ viewport: size, locale: "de-DE", reducedMotion: "reduce" });
        const page = await context.newPage();
        const levels = Array.from({ length: seats - 1 }, (_, i) => ["greedy", "tactician", "expert"][i % 3]);
        await presetSettings(page, { speed: "instant", seats, levels, name: "Mara" });
        await page.goto(`${env.server.url}/#/play`);
        await waitForMyTurn(page, `table-${seats}p-${size.width}`);
        await page.screenshot({ path: screenshotPath(`table-${seats}p-${size.width}x${size.height}`) });
        if (await page.isVisible("[data-action=hint]")) {
          await page.keyboard.press("h");
          await page.waitForFunction(() => /^Tipp: ./.test(document.querySelector(".hint-line")?.textContent ?? ""));
          await page.screenshot({ path: screenshotPath(`table-${seats}p-hint-${size.width}x${size.height}`) });
        }
        // Nothing of the table needs scrolling.
        expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(size.height);
        await context.close();
      }
    }, 120_000);
  }

  it("the rules page renders docs/rules.de.md and the house rules editor fits 360 px", async () => {
    const context = await env.browser.newContext({ viewport: { width: 360, height: 740 }, locale: "de-DE" });
    const page = await context.newPage();
    await page.goto(`${env.server.url}/#/rules`);
    await page.waitForSelector(".prose h1", { timeout: 15_000 });
    expect(await page.textContent(".prose h1")).toMatch(/Schwimmen/);
    expect(await page.locator(".prose script").count()).toBe(0);
    await page.screenshot({ path: screenshotPath("rules-360x740") });
    await page.goto(`${env.server.url}/#/house-rules`);
    await page.waitForSelector("#rule-deck");
    // Every rule key with a choice the bots play has a labelled control with a one-line explanation; the bots play
    // the hidden deal and two decks too, so both are offered.
    const unlabelled = await page.$$eval(
      ".rule select, .rule input",
      (controls) =>
        controls.filter((c) => !(c as HTMLInputElement).labels?.length || !c.getAttribute("aria-describedby")).length,
    );
    expect(unlabelled).toBe(0);
    // One control per rule key with a choice; the table options (stake, dealer by lot) come on top, labelled too.
    expect(await page.locator(".rule:has([id^='rule-'])").count()).toBe(
      RULE_KEYS.filter((key) => botRuleValues(key).length > 1).length,
    );
    expect(await page.locator("#stake-per-life, #dealer-by-lot").count()).toBe(2);
    expect(await page.locator("#rule-deal option[value='\"hidden\"']").count()).toBe(1);
    expect(await page.locator("#rule-decks").count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: screenshotPath("house-rules-360x740") });
    await context.close();
  }, 120_000);

  it("German faces and the replay viewer of a finished game", async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await presetSettings(page, {
      lang: "en",
      faces: "german",
      speed: "instant",
      seats: 2,
      levels: ["greedy"],
      rules: { lives: 1, swimming: "off" },
    });
    await page.goto(`${env.server.url}/#/play`);
    await waitForMyTurn(page, "german");
    await page.screenshot({ path: screenshotPath("table-german-1280x800") });
    const names = await page.$$eval(".hand button.card", (cards) =>
      cards.map((c) => c.getAttribute("aria-label") ?? ""),
    );
    expect(names.join(" ")).toMatch(/acorns|leaves|hearts|bells/);
    // Finish the (one-life) match, then step through its record in the replay viewer.
    await playLocalMatch(page, "mouse");
    await page.click("text=Watch the replay");
    await page.waitForSelector("[data-action=replay-next]");
    const first = await page.textContent("[role=status][data-step]");
    expect(first).toMatch(/^Step 1 of \d+$/);
    await page.click("[data-action=replay-next]");
    expect(await page.textContent("[role=status][data-step]")).toMatch(/^Step 2 of/);
    await page.keyboard.press("End");
    await page.screenshot({ path: screenshotPath("replay-1280x800"), fullPage: true });
    expect(await page.textContent(".replay-stage")).toMatch(/wins? the match|draw/);
    // A pasted record that is not one gets the contract's error code (for the page) and the player's sentence.
    await page.click(".replay summary");
    await page.fill("textarea[name=record]", '{"players": ["a"], "dealer": 0, "rounds": []}');
    await page.click("[data-action=replay-show]");
    expect(await page.getAttribute("[role=alert]", "data-bad-record")).toBe("INVALID_RECORD");
    expect(await page.textContent("[role=alert]")).toMatch(/^This is not a Schwimmen game record/);
    expect(await page.locator(".replay-stage").count()).toBe(0);
    await context.close();
  }, 120_000);
});

/**
 * The hidden deal ("Verdeckt") and the big round of two decks in the browser: a whole match against bots, the two
 * cards to pass on chosen by click, by keyboard and by drag, and the packet seen travelling from seat to seat.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumAvailable, screenshotPath, useServerAndBrowser } from "./harness.js";
import { presetSettings, waitForMyTurn } from "./drive.js";
import { freshPage } from "./local-page.js";

const settings = (seats: number, rules: Record<string, unknown>) => ({
  lang: "de",
  faces: "french",
  speed: "instant",
  name: "Mara",
  seats,
  levels: Array.from({ length: seats - 1 }, () => "greedy"),
  rules,
});

/**
 * Watches the table while the match runs: the packet mark may only be at the seat to act, and notes what was seen
 * of the packet at another seat and of the words "gibt das Päckchen weiter".
 */
function watchPacket(): void {
  const seen = { away: 0, marks: 0, wrongMark: 0, words: 0 };
  (window as unknown as { seen: typeof seen }).seen = seen;
  new MutationObserver(() => {
    const mark = document.querySelector(".seat__packet");
    if (mark) {
      seen.marks++;
      if (!mark.closest(".seat")?.hasAttribute("aria-current")) seen.wrongMark++;
    }
    if (document.querySelector(".packet--away")) seen.away++;
    if (/gibt das Päckchen weiter/.test(document.querySelector(".status-line")?.textContent ?? "")) seen.words++;
  }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
}

const step = (page: Page) => page.evaluate(() => document.querySelector("main")?.dataset.step ?? "");

/** Drags the first hand card onto the first packet card with the mouse (the card moves, the packet's other goes). */
async function dragOntoPacket(page: Page): Promise<void> {
  // Cards may still be sliding into place: measure them once they rest.
  await page.waitForFunction(
    () =>
      document.getAnimations().filter((a) => !(a instanceof CSSTransition) && !(a instanceof CSSAnimation)).length ===
      0,
  );
  const from = (await page.locator(".hand button.card").first().boundingBox())!;
  const to = (await page.locator(".packet button.card").first().boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  await page.mouse.up();
}

/** One turn of the hidden deal, by `how`; returns when the table shows the move. */
async function passOnTurn(page: Page, how: "click" | "keys" | "drag" | "knock"): Promise<void> {
  const before = await step(page);
  expect(await page.locator(".hand button.card").count()).toBe(3);
  expect(await page.locator(".packet button.card").count()).toBe(2);
  const passOn = page.locator("[data-action=passOn]");
  if (how === "knock" && (await page.isVisible("[data-action=knock]"))) await page.click("[data-action=knock]");
  else if (how === "drag") await dragOntoPacket(page);
  else if (how === "keys") {
    await page.keyboard.press("2");
    await page.keyboard.press("5");
    expect(await page.locator(".card--selected").count()).toBe(2);
    await page.keyboard.press("w");
  } else {
    await page.locator(".hand button.card").first().click();
    expect(await passOn.isDisabled()).toBe(true);
    await page.locator(".packet button.card").last().click();
    expect(await page.locator(".actions__prompt").textContent()).toMatch(/weitergeben\?$/);
    await passOn.click();
  }
  await page
    .waitForFunction((b) => document.querySelector("main")?.dataset.step !== b, before, { timeout: 10_000 })
    .catch(async (error: unknown) => {
      await page.screenshot({ path: screenshotPath(`failed-hidden-${how}`) });
      throw new Error(`${how}: ${String(error)}`);
    });
}

if (!chromiumAvailable()) console.warn("browser tests skipped: /usr/bin/chromium is missing");

describe.skipIf(!chromiumAvailable())("the hidden deal and big tables in the browser", () => {
  const env = useServerAndBrowser();

  it("plays a whole hidden-deal match against bots: click, keys, drag and knock", async () => {
    const rules = { deal: "hidden", lives: 2, swimming: "off" };
    const { page, errors, close } = await freshPage(env.browser, env.server.url, settings(3, rules), {
      width: 1280,
      height: 800,
    });
    await page.goto(`${env.server.url}/#/play`);
    await page.evaluate(watchPacket);
    const ways = ["click", "keys", "drag", "knock"] as const;
    let turns = 0;
    let matches = 1;
    for (let i = 0; i < 200; i++) {
      await page.waitForSelector("[data-action=next-round], [data-action=rematch], .turn-line strong", {
        timeout: 20_000,
      });
      if (await page.isVisible("[data-action=rematch]")) {
        // A short match (bots may end rounds before your turn): another one, until every way was used.
        if (turns >= ways.length) break;
        matches++;
        await page.click("[data-action=rematch]");
        await page.waitForSelector("[data-action=rematch]", { state: "detached" });
        continue;
      }
      if (await page.isVisible("[data-action=next-round]")) {
        const round = await page.evaluate(() => document.querySelector("main")?.dataset.round);
        await page.click("[data-action=next-round]");
        await page.waitForFunction((r) => document.querySelector("main")?.dataset.round !== r, round);
        continue;
      }
      if (turns === 0) await page.screenshot({ path: screenshotPath("hidden-deal-1280x800") });
      await passOnTurn(page, ways[turns % ways.length]!);
      turns++;
    }
    expect(await page.isVisible("[data-action=rematch]")).toBe(true);
    expect(turns).toBeGreaterThanOrEqual(4);
    expect(matches).toBeLessThanOrEqual(3);
    const seen = await page.evaluate(() => (window as unknown as { seen: Record<string, number> }).seen);
    expect(seen.marks).toBeGreaterThan(0);
    expect(seen.away).toBeGreaterThan(0);
    expect(seen.words).toBeGreaterThan(0);
    expect(seen.wrongMark).toBe(0);
    expect(errors).toEqual([]);
    await close();
  }, 120_000);

  it("online too: a hidden-deal table with bots, the packet passed on by keys", async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "de-DE" });
    const page = await context.newPage();
    await presetSettings(page, settings(4, { deal: "hidden" }));
    await page.goto(`${env.server.url}/#/new?seats=4&bot=greedy`);
    await page.click("[data-action=start-match]", { timeout: 15_000 });
    await waitForMyTurn(page, "hidden-online");
    await page.evaluate(watchPacket);
    // Three turns: each time the packet comes with two cards, and between them it is seen at other seats.
    for (let turn = 0; turn < 3; turn++) {
      await waitForMyTurn(page, "hidden-online");
      expect(await page.locator(".packet button.card").count()).toBe(2);
      await passOnTurn(page, "keys");
    }
    const seen = await page.evaluate(() => (window as unknown as { seen: Record<string, number> }).seen);
    expect(seen.marks! + seen.away!).toBeGreaterThan(0);
    expect(seen.wrongMark).toBe(0);
    await context.close();
  }, 60_000);

  it("the house rules offer both games as presets", async () => {
    const { page, close } = await freshPage(env.browser, env.server.url, settings(3, {}));
    await page.goto(`${env.server.url}/#/house-rules`);
    expect(await page.locator("[data-preset=verdeckt] strong").textContent()).toBe("Verdeckt");
    expect(await page.locator("[data-preset=grosseRunde] strong").textContent()).toBe("Große Runde (zwei Decks)");
    await page.click("[data-preset=grosseRunde]");
    expect(await page.getAttribute("[data-preset=grosseRunde]", "aria-pressed")).toBe("true");
    expect(await page.inputValue("#rule-decks")).toBe("2");
    await page.click("[data-preset=verdeckt]");
    expect(await page.inputValue("#rule-deal")).toBe('"hidden"');
    await close();
  }, 60_000);

  it("the start page offers up to 20 seats with two decks, 9 with one", async () => {
    for (const [rules, most] of [
      [{}, 9],
      [{ decks: 2 }, 20],
    ] as const) {
      const { page, close } = await freshPage(env.browser, env.server.url, settings(3, rules));
      for (const select of ["seats", "online-seats"]) {
        const values = await page.$$eval(`select[name=${select}] option`, (all) =>
          all.map((o) => Number(o.getAttribute("value"))),
        );
        expect(Math.max(...values), `${select} ${JSON.stringify(rules)}`).toBe(most);
      }
      // Nineteen computers get one choice of level for them all.
      await page.selectOption("select[name=seats]", String(most));
      const all = page.locator("select[name=level-all]");
      expect(await all.count()).toBe(most > 9 ? 1 : 0);
      expect(await page.locator("select[name=level-1]").count()).toBe(most > 9 ? 0 : 1);
      if (most > 9) {
        await all.selectOption("expert");
        const levels = await page.evaluate(
          () => (JSON.parse(localStorage.getItem("schwimmen.settings") ?? "{}") as { levels?: string[] }).levels,
        );
        expect(levels).toEqual(Array.from({ length: 19 }, () => "expert"));
      }
      await close();
    }
  }, 60_000);

  it("a phone at 360x740: a hidden deal of 4 and a big round of 20, everything of your turn on screen", async () => {
    for (const [name, seats, rules] of [
      ["hidden-deal", 4, { deal: "hidden" }],
      ["seats20", 20, { decks: 2 }],
      ["seats20-hidden", 20, { decks: 2, deal: "hidden", lives: 5 }],
    ] as const) {
      const context = await env.browser.newContext({
        viewport: { width: 360, height: 740 },
        locale: "de-DE",
        reducedMotion: "reduce",
      });
      const page = await context.newPage();
      await presetSettings(page, settings(seats, rules));
      await page.goto(`${env.server.url}/#/play`);
      await waitForMyTurn(page, name);
      expect(await page.getAttribute("main", "data-seats")).toBe(String(seats));
      await page.screenshot({ path: screenshotPath(`${name}-360x740`) });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.screenshot({ path: screenshotPath(`${name}-1280x800`) });
      await context.close();
    }
  }, 120_000);
});

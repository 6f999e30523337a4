/**
 * A long name on a phone: your own chip, "Du bist dran" and the hand's value share one line above the hand. The
 * chip gives way (its name shortened) so that the words of the turn never run under the value. And at a big round of
 * 20 on a laptop, the others' chips have room for names like "Sophie" and "Hannah" next to their three lives.
 */
import { describe, expect, it } from "vitest";
import { chromiumAvailable, screenshotPath, useServerAndBrowser } from "./harness.js";
import { presetSettings, waitForMyTurn } from "./drive.js";

/** A German local game against greedy bots, as the start page saves it. */
const settings = (name: string, seats: number, rules: Record<string, unknown>) => ({
  lang: "de",
  faces: "french",
  speed: "instant",
  name,
  seats,
  levels: Array.from({ length: seats - 1 }, () => "greedy"),
  rules,
});

if (!chromiumAvailable()) console.warn("browser tests skipped: /usr/bin/chromium is missing");

describe.skipIf(!chromiumAvailable())("names on the table's chips", () => {
  const env = useServerAndBrowser();

  it("keeps the turn line clear of the hand's value at 360x740, with five lives, in German", async () => {
    const context = await env.browser.newContext({
      viewport: { width: 360, height: 740 },
      locale: "de-DE",
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    await presetSettings(page, settings("Wolfgang Amadeus Moz", 4, { lives: 5 }));
    await page.goto(`${env.server.url}/#/play`);
    await waitForMyTurn(page, "long-name");
    const boxes = await page.evaluate(() => {
      const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
      return {
        turn: box(".turn-line strong"),
        value: box(".hand__value"),
        chip: box(".seats--me .seat"),
        name: box(".seats--me .seat__name"),
      };
    });
    await page.screenshot({ path: screenshotPath("long-name-360x740") });
    expect(boxes.turn.right).toBeLessThanOrEqual(boxes.value.left);
    expect(boxes.chip.right).toBeLessThanOrEqual(boxes.turn.left);
    expect(boxes.chip.left).toBeGreaterThanOrEqual(0);
    // The name is shortened, not gone: a few letters of it are still there to read.
    expect(boxes.name.width).toBeGreaterThanOrEqual(20);
    await context.close();
  }, 60_000);

  it("shows your own name of eight letters whole at 320 and 360 px, and a big round's name whole beside the pot", async () => {
    for (const width of [320, 360]) {
      const context = await env.browser.newContext({
        viewport: { width, height: width === 320 ? 568 : 740 },
        locale: "de-DE",
        reducedMotion: "reduce",
      });
      const page = await context.newPage();
      await presetSettings(page, settings("Testerin", 12, { decks: 2 }));
      // Twenty cents a life, as the house-rules page keeps it: the bar shows the pot.
      await page.addInitScript(() => localStorage.setItem("schwimmen.stakes.v1", '{"stake":20,"dealerByLot":false}'));
      await page.goto(`${env.server.url}/#/play`);
      await waitForMyTurn(page, `own-name-${width}`);
      // Measured once the page has settled (fonts ready, two frames drawn): a busy machine may lay out late.
      await page.evaluate(async () => {
        await document.fonts.ready;
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      });
      const cut = await page.evaluate(() => {
        const whole = (el: Element | null) => el !== null && el.scrollWidth <= el.clientWidth;
        const summary = document.querySelector(".topbar .rules-summary--compact summary");
        return {
          name: whole(document.querySelector(".seats--me .seat__name")),
          value: document.querySelector(".hand__value")?.textContent ?? "",
          rules: summary !== null && summary.scrollHeight <= summary.clientHeight + 1,
          pot: document.querySelector(".topbar .kasse-pot") !== null,
        };
      });
      await page.screenshot({ path: screenshotPath(`own-name-${width}`) });
      expect(cut, `${width} px`).toMatchObject({ name: true, rules: true, pot: true });
      await context.close();
    }
  }, 90_000);

  it("shows every other seat's name of up to six letters in full at 20 seats on 1280x800", async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: "reduce" });
    const page = await context.newPage();
    await presetSettings(page, settings("Mara", 20, { decks: 2, lives: 3 }));
    await page.goto(`${env.server.url}/#/play`);
    await waitForMyTurn(page, "chip-names-20");
    // The names that do not fit once the chips have settled (the table may still be laying out its first frame).
    const cutNames = () =>
      page.$$eval(".seats:not(.seats--me) .seat__name", (names) =>
        names
          .filter((n) => (n.textContent ?? "").length <= 6 && n.scrollWidth > n.clientWidth + 1)
          .map((n) => n.textContent),
      );
    await expect.poll(cutNames, { timeout: 10_000 }).toEqual([]);
    const cut = await cutNames();
    await page.screenshot({ path: screenshotPath("chip-names-20-1280x800") });
    expect(cut).toEqual([]);
    await context.close();
  }, 60_000);
});

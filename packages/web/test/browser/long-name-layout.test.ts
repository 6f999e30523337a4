/**
 * A long name on a phone: your own chip, "Du bist dran" and the hand's value share one line above the hand. The
 * chip gives way (its name shortened) so that the words of the turn never run under the value. And at a big round of
 * 20 on a laptop, the others' chips have room for names like "Sophie" and "Hannah" next to their three lives. Online,
 * long names with an "offline" or "abwesend" mark stay inside their chips, on a phone and on a laptop.
 */
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumAvailable, screenshotPath, useServerAndBrowser } from "./harness.js";
import { presetSettings, waitForMyTurn } from "./drive.js";
import { germanLocal } from "./local-page.js";

const settings = germanLocal;

/** A person at an online table in German, with their own browser profile. */
async function person(browser: Browser, name: string, seats: number) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: "de-DE" });
  const page = await context.newPage();
  await presetSettings(page, { ...settings(name, 2, seats > 10 ? { decks: 2 } : {}), levels: [] });
  return { context, page };
}

/**
 * Every chip's name, marks and tabs lie inside the chip from side to side; the name and the marks also from top to
 * bottom and over no other chip (the tabs sit on its top edge). One line per defect.
 */
function chipDefects(): string[] {
  const out: string[] = [];
  const chips = [...document.querySelectorAll(".seats .seat")];
  const boxes = chips.map((chip) => chip.getBoundingClientRect());
  chips.forEach((chip, i) => {
    const r = boxes[i]!;
    const who = chip.querySelector(".seat__name")?.textContent ?? `#${i}`;
    if (r.left < -0.5 || r.right > innerWidth + 0.5) out.push(`${who}: chip off screen`);
    for (const el of chip.querySelectorAll(".seat__name, .seat-name__mark, .badge, .timer")) {
      const b = el.getBoundingClientRect();
      if (b.width === 0) continue;
      const what = `${who}: "${el.textContent}"`;
      // Your own chip stands alone: its tabs may reach past it, but not off the screen.
      const own = chip.closest(".seats--me") !== null && el.closest(".seat__badges") !== null;
      if (own && (b.left < -0.5 || b.right > innerWidth + 0.5)) out.push(`${what} off screen`);
      else if (!own && (b.left < r.left - 0.5 || b.right > r.right + 0.5))
        out.push(
          `${what} at x ${Math.round(b.left)}-${Math.round(b.right)}, chip ${Math.round(r.left)}-${Math.round(r.right)}`,
        );
      if (!el.closest(".seat__badges") && (b.top < r.top - 0.5 || b.bottom > r.bottom + 0.5))
        out.push(
          `${what} at y ${Math.round(b.top)}-${Math.round(b.bottom)}, chip ${Math.round(r.top)}-${Math.round(r.bottom)}`,
        );
      // A tab on the top edge may reach into the row above (as the chips' gap is small); a name or mark may not.
      if (el.closest(".seat__badges")) continue;
      boxes.forEach((o, j) => {
        if (
          j !== i &&
          b.left < o.right - 0.5 &&
          b.right > o.left + 0.5 &&
          b.top < o.bottom - 0.5 &&
          b.bottom > o.top + 0.5
        )
          out.push(`${what} over the chip of ${chips[j]!.querySelector(".seat__name")?.textContent}`);
      });
    }
    // The word whole, not "abwese…" (measured as laid out: a fraction of a pixel too little already cuts it).
    for (const mark of chip.querySelectorAll(".badge--off")) {
      const words = document.createRange();
      words.selectNodeContents(mark);
      const style = getComputedStyle(mark);
      const room = mark.getBoundingClientRect().width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (words.getBoundingClientRect().width > room + 0.05) out.push(`${who}: "${mark.textContent}" cut`);
    }
  });
  return out;
}

const settle = (page: Page) =>
  page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
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
    // With the widest value a hand can show, whatever the deal gave.
    await page.evaluate(() => (document.querySelector(".hand__value")!.textContent = "Wert 30½"));
    await settle(page);
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
      // The widest value a hand can show (the deal decides the real one: CI once met "Wert 30½" and the name was cut,
      // while "Wert 21" left room), then measured once the page has settled (fonts ready, two frames drawn).
      await page.evaluate(() => (document.querySelector(".hand__value")!.textContent = "Wert 30½"));
      await settle(page);
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

  it("keeps long names and their offline and away marks inside the chips at 4, 6 and 12 seats, 320 to 1280 px", async () => {
    const failures: string[] = [];
    for (const seats of [4, 6, 12]) {
      const host = await person(env.browser, "Mara", seats);
      await host.page.goto(`${env.server.url}/#/new?seats=${seats}&bot=greedy`);
      const code = await (
        await host.page.waitForSelector("[data-code]", { timeout: 15_000 })
      ).getAttribute("data-code");
      const guests = [];
      for (const name of ["Maximilian Hoffmann", "Anna", "Anna"]) {
        const guest = await person(env.browser, name, seats);
        await guest.page.goto(`${env.server.url}/t/${code}`);
        await guest.page.waitForSelector("[data-waiting=guest]", { timeout: 15_000 });
        guests.push(guest);
      }
      await host.page.click("[data-action=start-match]");
      await host.page.waitForSelector(".hand button.card", { timeout: 15_000 });
      // Maximilian leaves (the computer plays his seat: away), the second Anna closes her page (offline).
      const [max, , twin] = guests;
      await max!.page.click("[data-action=leave-table]");
      await max!.page.click("dialog[open] [data-action=leave]");
      await max!.page.waitForSelector("[data-action=create-table]", { timeout: 15_000 });
      await twin!.context.close();
      await host.page.waitForSelector(".seats .badge--off:text-is('abwesend')", { timeout: 15_000 });
      await host.page.waitForSelector(".seats .badge--off:text-is('offline')", { timeout: 15_000 });
      for (const size of [
        { width: 320, height: 568 },
        { width: 360, height: 740 },
        { width: 1280, height: 800 },
      ]) {
        await host.page.setViewportSize(size);
        await settle(host.page);
        for (const defect of await host.page.evaluate(chipDefects))
          failures.push(`${seats} seats ${size.width}x${size.height}: ${defect}`);
        await host.page.screenshot({ path: screenshotPath(`chip-marks-${seats}-${size.width}x${size.height}`) });
      }
      for (const { context } of [host, ...guests]) await context.close();
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it("shows 'Bot 10' to 'Bot 20' whole beside their lives at an online table of 20 on 320 and 360 px phones", async () => {
    const host = await person(env.browser, "Mara", 20);
    await host.page.setViewportSize({ width: 320, height: 568 });
    await host.page.goto(`${env.server.url}/#/new?seats=20&bot=greedy`);
    await host.page.click("[data-action=start-match]", { timeout: 15_000 });
    await host.page.waitForSelector(".seats--huge .seat", { timeout: 30_000 });
    const failures: string[] = [];
    for (const size of [
      { width: 320, height: 568 },
      { width: 360, height: 740 },
    ]) {
      await host.page.setViewportSize(size);
      await settle(host.page);
      const found = await host.page.evaluate(() =>
        [...document.querySelectorAll(".seats--huge:not(.seats--me) .seat")].flatMap((chip) => {
          const name = chip.querySelector(".seat__name")!;
          const text = document.createRange();
          text.selectNodeContents(name);
          const words = text.getBoundingClientRect();
          const box = name.getBoundingClientRect();
          const lives = chip.querySelector(".lives")!.getBoundingClientRect();
          const who = name.textContent ?? "";
          const out: string[] = [];
          // The text whole in its box, and the box clear of the lives (a name once ran under them, whole but hidden).
          if (name.scrollWidth > name.clientWidth || words.width > box.width + 0.5) out.push(`${who}: cut`);
          if (box.right > lives.left + 0.5) out.push(`${who}: name to x ${box.right}, lives from ${lives.left}`);
          return out;
        }),
      );
      failures.push(...found.map((f) => `${size.width} px: ${f}`));
      await host.page.screenshot({ path: screenshotPath(`bots-20-${size.width}x${size.height}`) });
    }
    expect(failures).toEqual([]);
    await host.context.close();
  }, 90_000);
});

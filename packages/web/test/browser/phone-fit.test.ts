/**
 * Phone layouts the play-testers found broken: an online table's bars on a phone on its side, marks and names in the
 * chips, the Kasse at a match's end, the rules chip, and the monthly leaderboard's change column (a board answered by
 * the test, with long names and provisional marks).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumAvailable, screenshotPath, useServerAndBrowser } from "./harness.js";
import { playLocalMatch, presetSettings, quietMove, waitForMyTurn } from "./drive.js";
import { newPlayer } from "./online-drive.js";
import { germanLocal } from "./local-page.js";

const PHONE = {
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: "de-DE",
  reducedMotion: "reduce",
} as const;

const local = germanLocal;

const settle = (page: Page) =>
  page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });

/** Overlaps between the top bar's items and the online bar's, and items cut or squeezed to nothing. */
function barDefects(): string[] {
  const out: string[] = [];
  const items = [
    ...document.querySelectorAll(".topbar > .btn, .topbar > .rules-summary, .online-bar > span, .online-bar > .btn"),
  ];
  const boxes = items.map((el) => el.getBoundingClientRect());
  const what = (el: Element) => (el.textContent ?? "").trim().slice(0, 24) || el.className;
  items.forEach((el, i) => {
    const r = boxes[i]!;
    if (r.width < 24) out.push(`"${what(el)}" is ${Math.round(r.width)} px wide`);
    if (r.right > innerWidth + 0.5 || r.left < -0.5) out.push(`"${what(el)}" off screen`);
    boxes.forEach((o, j) => {
      if (j > i && r.left < o.right - 0.5 && r.right > o.left + 0.5 && r.top < o.bottom - 0.5 && r.bottom > o.top + 0.5)
        out.push(`"${what(el)}" over "${what(items[j]!)}"`);
    });
  });
  // The rule set's name on one line, readable: at least its first word whole.
  const summary = document.querySelector<HTMLElement>(".topbar .rules-summary--compact summary");
  const name = summary?.querySelector("strong")?.firstChild?.textContent ?? "";
  if (summary) {
    const line = parseFloat(getComputedStyle(summary).lineHeight) || 16;
    if (summary.getBoundingClientRect().height > line * 1.6) out.push(`rules chip "${name}" on more than one line`);
    const words = document.createRange();
    words.selectNodeContents(summary.querySelector("strong")!.firstChild!);
    const first = name.split(" ")[0]!;
    if (summary.clientWidth < (words.getBoundingClientRect().width * first.length) / Math.max(1, name.length))
      out.push(`rules chip "${name}" cut to ${summary.clientWidth} px`);
  }
  return out;
}

/** Marks (lives, "schwimmt", tabs) of the others' chips outside their chip; a knock tab cut short. */
function markDefects(): string[] {
  const out: string[] = [];
  // Your own chip: the name not covered by the lives (a wave lay over "Mara").
  const own = document.querySelector(".seats--me .seat__name")?.getBoundingClientRect();
  const lives = document.querySelector(".seats--me .lives")?.getBoundingClientRect();
  if (own && lives && lives.left < own.right - 0.5) out.push("own lives over own name");
  for (const chip of document.querySelectorAll(".seats:not(.seats--me) .seat")) {
    const word = chip.querySelector(".lives__word")?.getBoundingClientRect();
    const cards = chip.querySelector(".seat__cards")?.getBoundingClientRect();
    if (
      word &&
      cards &&
      word.width > 0 &&
      word.right > cards.left + 0.5 &&
      word.bottom > cards.top + 0.5 &&
      word.top < cards.bottom - 0.5
    )
      out.push(`"schwimmt" under the cards of ${chip.querySelector(".seat__name")?.textContent}`);
    const r = chip.getBoundingClientRect();
    const who = chip.querySelector(".seat__name")?.textContent;
    for (const el of chip.querySelectorAll(".lives, .lives__word, .wave, .seat__cards, .seat__badges > *")) {
      const b = el.getBoundingClientRect();
      if (b.width === 0) continue;
      const tab = el.parentElement?.classList.contains("seat__badges");
      if (
        b.left < r.left - 0.5 ||
        b.right > r.right + 0.5 ||
        (!tab && (b.top < r.top - 0.5 || b.bottom > r.bottom + 0.5))
      )
        out.push(`${who}: "${el.textContent}" outside its chip`);
      if (
        (tab || el.matches(".lives__word")) &&
        (el as HTMLElement).scrollWidth > (el as HTMLElement).clientWidth + 0.5
      )
        out.push(`${who}: "${el.textContent}" cut`);
    }
  }
  return out;
}

const NAMES = ["Wolfgang-Amadeus Müller", "Bartholomäus Hinterhuber", "Anna", "Maximilian Hoffmann", "Ben"];

/** A month's board of long names, most of them still provisional, with changes of three digits. */
const board = (period: string) => ({
  period: period === "all" ? "all" : "2026-05",
  entries: NAMES.map((name, i) => ({
    rank: i + 1,
    player: `p${i}`,
    name,
    rating: 1712 - i * 37,
    provisional: i % 2 === 0,
    matches: 123 - i * 20,
    ...(period === "all" ? {} : { change: i % 2 === 0 ? 142 - i : -(118 + i) }),
  })),
  bots: [],
});

if (!chromiumAvailable()) console.warn("browser tests skipped: /usr/bin/chromium is missing");

describe.skipIf(!chromiumAvailable())("phone layouts", () => {
  const env = useServerAndBrowser();

  it("keeps the top bar, the table code and the rules chip apart at 20 seats with stakes, on its side and upright", async () => {
    const context = await env.browser.newContext({ viewport: { width: 740, height: 360 }, ...PHONE });
    const page = await context.newPage();
    await presetSettings(page, { ...local("Mara", 2, { decks: 2 }), levels: [] });
    await page.addInitScript(() => localStorage.setItem("schwimmen.stakes.v1", '{"stake":20,"dealerByLot":false}'));
    await page.goto(`${env.server.url}/#/new?seats=20&bot=greedy`);
    await page.click("[data-action=start-match]", { timeout: 15_000 });
    await page.waitForSelector(".hand button.card", { timeout: 20_000 });
    const failures: string[] = [];
    for (const size of [
      { width: 740, height: 360 },
      { width: 320, height: 568 },
      { width: 360, height: 740 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(size);
      await settle(page);
      // The widest pot a long evening brings (the bots play on meanwhile, and the pot grows at its own pace): the
      // bar must hold it. (Should the table redraw the pot now, it is the real one, never wider.)
      await page.evaluate(() => {
        const amount = document.querySelector(".topbar .kasse-pot")?.lastChild;
        if (amount?.nodeType === Node.TEXT_NODE) amount.textContent = "99,50 €";
      });
      for (const defect of await page.evaluate(barDefects)) failures.push(`${size.width}x${size.height}: ${defect}`);
      // A strip that scrolls says how many chips lie below its edge.
      const strip = await page.$eval(".seats:not(.seats--me)", (ul) => ({
        scrolls: ul.scrollHeight > ul.clientHeight + 1,
        more: ul.getAttribute("data-more"),
      }));
      if (strip.scrolls && !/^\d+ weitere/.test(strip.more ?? ""))
        failures.push(`${size.width}x${size.height}: the seat strip scrolls without saying so`);
      await page.screenshot({ path: screenshotPath(`online-bars-20-${size.width}x${size.height}`) });
    }
    // The rules' list, opened, closes again at a tap elsewhere: it lay over the table code for good.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.click(".topbar .rules-summary--compact summary");
    expect(await page.getAttribute(".topbar .rules-summary--compact", "open")).not.toBeNull();
    const away = (await page.$eval(".status-line", (line) => line.getBoundingClientRect().toJSON())) as DOMRect;
    await page.touchscreen.tap(away.x + away.width / 2, away.y + away.height / 2);
    expect(await page.getAttribute(".topbar .rules-summary--compact", "open")).toBeNull();
    expect(failures).toEqual([]);
    await context.close();
  }, 60_000);

  it("keeps 'schwimmt' and the knock tab inside the chips at 320 and 360 px", async () => {
    const context = await env.browser.newContext({ viewport: { width: 360, height: 740 }, ...PHONE });
    const page = await context.newPage();
    await presetSettings(page, local("Mara", 8, { lives: 1, swimming: "everyone", lowMiddleRedeal: false }));
    await page.goto(`${env.server.url}/#/play`);
    const failures: string[] = [];
    const seen = { swimming: false, knock: false };
    // A round with one life each ends soon; a busy machine is given the time for a few of them.
    const deadline = Date.now() + 75_000;
    while (Date.now() < deadline && !(seen.swimming && seen.knock)) {
      await waitForMyTurn(page, "phone-marks");
      for (const width of [320, 360]) {
        await page.setViewportSize({ width, height: width === 320 ? 568 : 740 });
        await settle(page);
        for (const defect of await page.evaluate(markDefects)) failures.push(`${width} px: ${defect}`);
      }
      seen.swimming ||= (await page.$$(".seats:not(.seats--me) .lives__word--swimming")).length > 0;
      seen.knock ||= (await page.$$(".seats:not(.seats--me) .badge--knock")).length > 0;
      if (seen.swimming) await page.screenshot({ path: screenshotPath("phone-marks-360x740") });
      await quietMove(page);
    }
    expect(seen.swimming).toBe(true);
    expect([...new Set(failures)]).toEqual([]);
    await context.close();
  }, 120_000);

  it("shows the Kasse's rows above the result's buttons at a match's end on a phone, and long names in full", async () => {
    const failures: string[] = [];
    for (const width of [320, 360]) {
      const context = await env.browser.newContext({
        viewport: { width, height: width === 320 ? 568 : 740 },
        ...PHONE,
      });
      const page = await context.newPage();
      await presetSettings(page, local("Bartholomäus Hinterhuber", 4, { lives: 1, swimming: "off" }));
      await page.addInitScript(() => localStorage.setItem("schwimmen.stakes.v1", '{"stake":20,"dealerByLot":false}'));
      await page.goto(`${env.server.url}/#/play`);
      // Your own name: whole where the bar has room for it, else shortened only at the bar's edge.
      await waitForMyTurn(page, "phone-own-name");
      await settle(page);
      const own = await page.evaluate(() => {
        const name = document.querySelector<HTMLElement>(".seats--me .seat__name")!;
        const chip = document.querySelector(".seats--me .seat")!.getBoundingClientRect();
        const next = document.querySelector(".turn-line strong") ?? document.querySelector(".hand__value");
        return {
          cut: name.scrollWidth > name.clientWidth + 0.5,
          room: (next?.getBoundingClientRect().left ?? innerWidth) - chip.right,
          shown: name.clientWidth,
        };
      });
      if (own.cut && own.room > 24) failures.push(`${width} px: own name cut with ${Math.round(own.room)} px to spare`);
      await playLocalMatch(page, "mouse");
      await page.waitForSelector(".kasse-result tr[data-player]", { state: "attached" });
      await settle(page);
      const hidden = await page.evaluate(() => {
        // Upright at 360 px in sight at once; on the smallest phone (320x568) at the end of the panel's scroll.
        const panel = document.querySelector(".result")!;
        panel.scrollTop = innerWidth < 340 ? panel.scrollHeight : 0;
        const buttons = document.querySelector(".result__buttons")!.getBoundingClientRect();
        return [...document.querySelectorAll<HTMLElement>(".kasse-result tr[data-player]")]
          .filter((row) => row.closest("dialog") === null)
          .filter((row) => row.getBoundingClientRect().bottom > Math.min(buttons.top, innerHeight) + 0.5)
          .map((row) => row.dataset.player);
      });
      await page.screenshot({ path: screenshotPath(`phone-kasse-end-${width}`) });
      for (const player of hidden) failures.push(`${width} px: the Kasse's row of ${player} hidden behind the buttons`);
      await context.close();
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("shows the month's change on the leaderboard whole at 320 and 360 px, without sideways scrolling", async () => {
    const failures: string[] = [];
    for (const width of [320, 360, 1280]) {
      const { context, page } = await newPlayer(env.browser, "Lena", { lang: "de", width, height: 740 });
      await page.route("**/api/leaderboard?*", (route) => {
        const period = new URL(route.request().url()).searchParams.get("period") ?? "all";
        return route.fulfill({ json: board(period) });
      });
      await page.goto(`${env.server.url}/#/leaderboard`);
      await page.click("[data-period=month]");
      await page.waitForSelector("[data-board=month] [data-board-player]", { timeout: 10_000 });
      const found = await page.evaluate(() => {
        const out: string[] = [];
        const scroll = document.querySelector(".board-scroll")!;
        if (scroll.scrollWidth > scroll.clientWidth + 0.5)
          out.push(`scrolls: ${scroll.scrollWidth} > ${scroll.clientWidth}`);
        const box = scroll.getBoundingClientRect();
        const last = (tr: Element) => tr.lastElementChild as HTMLElement;
        const rows = [...document.querySelectorAll("[data-board=month] tr")];
        for (const tr of rows) {
          const cell = last(tr);
          const r = cell.getBoundingClientRect();
          if (r.right > Math.min(box.right, innerWidth) + 0.5) out.push(`"${cell.textContent}" past the edge`);
          // One line: the change is whole ("+142"), not broken into "+" and "142" or cut (the heading may wrap).
          const line = parseFloat(getComputedStyle(cell).lineHeight) || 20;
          const words = document.createRange();
          words.selectNodeContents(cell);
          if (cell.tagName === "TD" && words.getBoundingClientRect().height > line * 1.5)
            out.push(`"${cell.textContent}" broken over lines`);
          if (cell.scrollWidth > cell.clientWidth + 0.5) out.push(`"${cell.textContent}" cut`);
        }
        return out;
      });
      await page.screenshot({ path: screenshotPath(`leaderboard-month-${width}`) });
      for (const defect of found) failures.push(`${width} px: ${defect}`);
      await context.close();
    }
    expect(failures).toEqual([]);
  }, 60_000);
});

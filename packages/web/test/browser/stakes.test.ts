import { readFileSync } from "node:fs";
import { moneyText } from "@schwimmen/rules";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumAvailable, screenshotPath, useServerAndBrowser } from "./harness.js";
import { playLocalMatch } from "./drive.js";
import { createTable, newPlayer, playToTheEnd } from "./online-drive.js";
import { QUICK_LOCAL, freshPage } from "./local-page.js";

/** The Kasse's totals as the result or the dialog shows them: player name -> cents. */
const totalsIn = (page: Page, scope: string) =>
  page.evaluate((selector) => {
    const out: Record<string, number> = {};
    for (const row of document.querySelectorAll<HTMLElement>(`${selector} tr[data-player]`)) {
      out[row.dataset.player!] = Number(row.querySelector<HTMLElement>("[data-cents]")!.dataset.cents);
    }
    return out;
  }, scope);

const sum = (totals: Record<string, number>) => Object.values(totals).reduce((a, b) => a + b, 0);

/** The CSV the Kasse dialog offers, downloaded from its link (a file made in the page, or the server's). */
async function csvOf(page: Page, opener = ".kasse-result [data-action=kasse]"): Promise<string[]> {
  await page.click(opener);
  await page.waitForSelector("dialog.kasse[open] [data-action=kasse-csv]");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.click("dialog.kasse[open] [data-action=kasse-csv]"),
  ]);
  expect(download.suggestedFilename()).toMatch(/^kasse(-[A-Z0-9]+)?\.csv$/);
  const text = readFileSync((await download.path())!, "utf8");
  await page.click("dialog.kasse[open] [data-action=kasse-close]");
  await page.waitForSelector("dialog.kasse[open]", { state: "detached" });
  return text.trimEnd().split("\r\n");
}

if (!chromiumAvailable())
  console.warn("browser tests skipped: /usr/bin/chromium is missing (run scripts/ensure-chromium.sh)");

describe.skipIf(!chromiumAvailable())("stakes against the computer", () => {
  const env = useServerAndBrowser();

  it("at a readable speed, deals only once the lot has been shown: no card and no move under the show", async () => {
    const { page, errors, close } = await freshPage(env.browser, env.server.url, { ...QUICK_LOCAL, speed: "quick" });
    await page.evaluate(() => localStorage.setItem("schwimmen.stakes.v1", '{"stake":10,"dealerByLot":true}'));
    await page.reload();
    await page.click("[data-action=start-local]");
    await page.waitForSelector(".lot");
    // The table is there, empty, under the show.
    expect(await page.locator(".hand .card").count()).toBe(0);
    expect(await page.locator(".lot .lot__seat").count()).toBe(3);
    await page.waitForSelector(".lot", { state: "detached", timeout: 15_000 });
    await page.waitForSelector(".hand .card");
    expect(await page.locator(".hand .card").count()).toBe(3);
    expect(errors).toEqual([]);
    await close();
  }, 60_000);

  it("settles the stakes after a match and keeps the Kasse across a rematch and a reload", async () => {
    const quick = { ...QUICK_LOCAL, rules: { lives: 2, swimming: "off" } };
    const { page, errors, close } = await freshPage(env.browser, env.server.url, quick);
    // The options on the house-rules page: 10 cents a life, the first dealer by lot.
    await page.goto(`${env.server.url}/#/house-rules`);
    await page.selectOption("#stake-per-life", "10");
    await page.check("#dealer-by-lot");
    expect(await page.textContent("#stake-per-life option:checked")).toBe("10c");
    await page.setViewportSize({ width: 360, height: 740 });
    await page.locator(".stake-options").scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath("stakes-options-360x740") });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${env.server.url}/`);
    await page.click("[data-action=start-local]");
    // The lot: every seat's card, the highest marked, then the table.
    const lot = await page.waitForSelector(".lot");
    expect(await lot.$$eval(".lot__seat", (seats) => seats.length)).toBeGreaterThanOrEqual(2);
    expect(await lot.$$eval(".lot__seat--best", (seats) => seats.length)).toBeGreaterThanOrEqual(1);
    await page.screenshot({ path: screenshotPath("stakes-lot-1280x800") });
    // (Shown for 1.5 s; a busy machine may run the page's timer late.)
    await page.waitForSelector(".lot", { state: "detached", timeout: 15_000 });

    await playLocalMatch(page, "mouse");
    await page.waitForSelector(".kasse-result");
    const pot = Number(await page.getAttribute(".kasse-result", "data-pot"));
    // Quick rules: two lives each, so the losers paid 20 cents each at least.
    expect(pot).toBeGreaterThanOrEqual(40);
    expect(pot % 10).toBe(0);
    // The table's bar showed the pot as it grew; at the end it is the pot paid out.
    expect(Number(await page.getAttribute(".topbar [data-action=kasse]", "data-pot"))).toBe(pot);
    expect(await page.innerText(".topbar [data-action=kasse] .kasse-pot")).toBe(moneyText(pot, "en"));
    expect(await page.textContent(".kasse-result__pot")).toMatch(/pot/);
    const first = await totalsIn(page, ".kasse-result");
    expect(Object.keys(first)).toHaveLength(3);
    expect(sum(first)).toBe(0);
    expect(Math.max(...Object.values(first))).toBeGreaterThan(0);
    const csv1 = await csvOf(page);
    expect(csv1[0]).toMatch(/^match,stake,pot,Tester,/);
    expect(csv1).toHaveLength(3);
    expect(csv1[1]).toMatch(new RegExp(`^1,0\\.10,${(pot / 100).toFixed(2)},`));

    // A look at the result with the Kasse, wide and on a phone.
    await page.screenshot({ path: screenshotPath("stakes-result-1280x800") });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: screenshotPath("stakes-result-360x740") });
    await page.setViewportSize({ width: 1280, height: 800 });

    // A rematch: a second row, totals over both matches.
    await page.click("[data-action=rematch]");
    // Not "no result on screen": a bot at instant speed may swap to 31 at once, and the new round's result is up.
    await page.waitForSelector("[data-action=rematch]", { state: "detached", timeout: 45_000 });
    await playLocalMatch(page, "mouse");
    await page.waitForSelector(".kasse-result");
    const second = await totalsIn(page, ".kasse-result");
    expect(sum(second)).toBe(0);
    const csv2 = await csvOf(page);
    expect(csv2).toHaveLength(4);
    expect(csv2[1]).toBe(csv1[1]);
    expect(csv2[3]!.startsWith("total,")).toBe(true);

    // A reload starts the next match; the Kasse is still there, on request from the table's bar.
    await page.reload();
    await page.waitForSelector(".hand button.card");
    await page.click(".topbar [data-action=kasse]");
    await page.waitForSelector("dialog.kasse[open] tr[data-player]");
    expect(await totalsIn(page, "dialog.kasse[open]")).toEqual(second);
    expect(errors).toEqual([]);
    await close();
  }, 120_000);

  it("an online table with stakes: the lot at the start, the Kasse at the end, kept over a reload", async () => {
    // In German on a phone: "Kasse", cents as "ct".
    const { context, page } = await newPlayer(env.browser, "Anna", { lang: "de", width: 360, height: 740 });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.addInitScript(() => localStorage.setItem("schwimmen.stakes.v1", '{"stake": 50, "dealerByLot": true}'));
    const code = await createTable(page, env.server.url, 3);
    // While the table waits, whoever comes sees what is played for.
    expect(await page.textContent("[data-stake]")).toBe("Einsatz 50 ct pro Leben · Erster Geber durch Ziehen");
    await page.screenshot({ path: screenshotPath("stakes-online-waiting-de-360x740") });
    await page.click("[data-action=start-match]");
    // (Counted on the element found: the lot goes after 1.5 s, perhaps before a busy machine asks again.)
    const lot = await page.waitForSelector(".lot");
    expect(await lot.$$eval(".lot__seat", (seats) => seats.length)).toBe(3);
    await playToTheEnd(page, [page]);
    await page.waitForSelector(".kasse-result");
    const totals = await totalsIn(page, ".kasse-result");
    expect(Object.keys(totals)).toContain("Anna");
    expect(sum(totals)).toBe(0);
    // One winner: "… bekommt den Pott: 1,50 €"; a draw: "… teilen sich den Pott (3,00 €)".
    expect(await page.textContent(".kasse-result__pot")).toMatch(/Pott(: | \()\d+(,\d\d €| ct)\)?$/);
    const paidOut = Number(await page.getAttribute(".kasse-result", "data-pot"));
    expect(Number(await page.getAttribute(".topbar [data-action=kasse]", "data-pot"))).toBe(paidOut);
    // On a phone the bar has no room for "Kasse": the chip itself says that the amount is the pot.
    expect((await page.innerText(".topbar [data-action=kasse] .kasse-pot")).replace(/\s+/g, " ")).toBe(
      `Pott ${moneyText(paidOut, "de")}`.replace(/\s+/g, " "),
    );
    await page.screenshot({ path: screenshotPath("stakes-online-de-360x740") });
    const csv = await csvOf(page);
    // In German, the form a German spreadsheet opens in columns: semicolons, a decimal comma, a byte order mark.
    expect(csv[0]).toMatch(/^\uFEFFPartie;Einsatz;Pott;Anna;/);
    expect(csv[1]).toMatch(/^1;0,50;/);
    expect(await page.getAttribute("[data-action=kasse-csv]", "href")).toBe(`/api/tables/${code}/ledger.csv?lang=de`);
    await page.reload();
    await page.waitForSelector(".topbar [data-action=kasse]", { timeout: 15_000 });
    expect((await csvOf(page, ".topbar [data-action=kasse]")).join("\n")).toBe(csv.join("\n"));
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});

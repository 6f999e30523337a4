import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumAvailable, screenshotPath, useServerAndBrowser } from "./harness.js";
import { playLocalMatch, presetSettings, quietMove } from "./drive.js";
import { QUICK_LOCAL, freshPage } from "./local-page.js";
import { createTable, moveIfMyTurn, newPlayer, onlineSettings } from "./online-drive.js";

const FAST = { ...QUICK_LOCAL, rules: { lives: 2 } };

/** Collects every title the result panel shows, so that each round's ending can be checked afterwards. */
const watchTitles = (page: Page) =>
  page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { titles: string[] }).titles = seen;
    new MutationObserver(() => {
      const text = document.querySelector("#result-title")?.textContent ?? "";
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });

/** The standings as shown: one row per seat with its cells' text. */
const standings = (page: Page) =>
  page.$$eval("table[data-standings] tbody tr", (rows) =>
    rows.map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent?.trim() ?? "")),
  );

describe.skipIf(!chromiumAvailable())("results of a match against the computer", () => {
  const env = useServerAndBrowser();

  it("names who knocked and ends with the final standings: places, lives and rounds", async () => {
    const { page, errors, close } = await freshPage(env.browser, env.server.url, FAST);
    await page.click("[data-action=start-local]");
    await page.waitForSelector(".hand button.card");
    await watchTitles(page);
    const log = await playLocalMatch(page, "mouse");
    const titles = await page.evaluate(() => (window as unknown as { titles: string[] }).titles);
    const knocks = titles.filter((t) => / is over: (you|Lena|Tom) knocked$/.test(t));
    expect(knocks.length, titles.join(" | ")).toBeGreaterThan(0);
    expect(titles.some((t) => t.includes("after a knock"))).toBe(false);

    // The final standings: everyone, in order, with headers and a caption for screen readers.
    const title = (await page.textContent("#result-title")) ?? "";
    const table = page.locator("table[data-standings]");
    await table.waitFor();
    expect(await table.locator("caption").textContent()).toBe("Final standings");
    expect(await table.locator("thead th[scope=col]").allTextContents()).toEqual([
      "Place",
      "Player",
      "Lives",
      "Rounds",
    ]);
    const rows = await standings(page);
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r[1]!.replace(" (you)", "")).sort()).toEqual(["Lena", "Tester", "Tom"]);
    expect(rows[0]![0]).toBe("1.");
    const winner = title === "You win the match!" ? "Tester" : /^(.+) wins the match!$/.exec(title)?.[1];
    if (winner) {
      expect(rows[0]![1]!.replace(" (you)", "")).toBe(winner);
      expect(rows[0]![3]).toMatch(/^to the end \(\d+ rounds\)$/);
      expect(rows[1]![0]).toBe("2.");
    }
    for (const row of rows.slice(winner ? 1 : 0)) {
      expect(row[2]).toBe("0");
      const out = Number(/^out in round (\d+)$/.exec(row[3]!)?.[1]);
      expect(out).toBeGreaterThan(0);
      expect(out).toBeLessThanOrEqual(log.rounds + 1);
    }
    // The last round's table is still there (folded), with column headers and a caption.
    expect(await page.locator(".result__last .result__table thead th[scope=col]").count()).toBe(5);
    expect(await page.locator(".result__last .result__table caption").textContent()).toMatch(/^Result of round \d+$/);
    // A finished match is no longer kept for resuming.
    expect(await page.evaluate(() => localStorage.getItem("schwimmen.match.v1"))).toBeNull();

    await page.screenshot({ path: screenshotPath("final-standings-1280x800") });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.locator("table[data-standings]").scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath("final-standings-360x740") });
    expect(errors).toEqual([]);
    await close();
  }, 300_000);

  it("a round's result fits the narrowest phone and a phone on its side: every row and column in sight", async () => {
    const four = { ...QUICK_LOCAL, seats: 4, levels: ["greedy", "greedy", "greedy"] };
    const { page, errors, close } = await freshPage(env.browser, env.server.url, four, { width: 320, height: 568 });
    await page.click("[data-action=start-local]");
    for (let move = 0; move < 60 && !(await page.isVisible("[data-action=next-round]")); move++) {
      await page.waitForSelector("[data-action=next-round], .turn-line strong", { timeout: 30_000 });
      if (await page.isVisible("[data-action=next-round]")) break;
      if (await page.isVisible("[data-action=knock]")) await page.keyboard.press("k");
      else await quietMove(page);
    }
    await page.waitForSelector("[data-action=next-round]");
    for (const size of [
      { width: 320, height: 568 },
      { width: 740, height: 360 },
      { width: 844, height: 390 },
    ]) {
      await page.setViewportSize(size);
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const found = await page.evaluate(() => {
        const out: string[] = [];
        const panel = document.querySelector(".result")!;
        const box = panel.getBoundingClientRect();
        const buttons = panel.querySelector(".result__buttons")!.getBoundingClientRect();
        if (panel.scrollWidth > panel.clientWidth + 1)
          out.push(`panel ${panel.scrollWidth} px wide in ${panel.clientWidth}`);
        for (const row of panel.querySelectorAll(".result__table tbody tr")) {
          const r = row.getBoundingClientRect();
          const name = row.querySelector("th")?.textContent;
          if (r.bottom > buttons.top + 0.5 || r.right > box.right + 0.5) out.push(`${name}'s row not all in sight`);
        }
        const loss = panel.querySelector(".result__loss:not(.result__loss--none)");
        for (const cell of panel.querySelectorAll(".result__loss--none"))
          if (loss && getComputedStyle(cell).color === getComputedStyle(loss).color) out.push("±0 in a loss's colour");
        return out;
      });
      expect(found, `${size.width}x${size.height}`).toEqual([]);
      await page.screenshot({ path: screenshotPath(`round-result-${size.width}x${size.height}`) });
    }
    expect(errors).toEqual([]);
    await close();
  }, 120_000);

  it("once out, skips the bots' remaining rounds to the final standings", async () => {
    // One life each and no swimming at a table of four: knocking at once, the person soon goes out first.
    const { page, errors, close } = await freshPage(env.browser, env.server.url, {
      ...FAST,
      speed: "quick",
      seats: 4,
      levels: ["greedy", "greedy", "greedy"],
      rules: { lives: 1, swimming: "off" },
    });
    await page.click("[data-action=start-local]");
    let skipped = false;
    for (let step = 0; step < 200 && !skipped; step++) {
      await page.waitForSelector("[data-action=next-round], [data-action=rematch], .turn-line strong", {
        timeout: 20_000,
      });
      if (await page.isVisible("[data-action=skip-to-end]")) {
        expect(await page.textContent(".result")).toContain("You are out.");
        await page.screenshot({ path: screenshotPath("skip-to-end-1280x800") });
        await page.click("[data-action=skip-to-end]");
        skipped = true;
      } else if (await page.isVisible("[data-action=rematch]")) await page.click("[data-action=rematch]");
      else if (await page.isVisible("[data-action=next-round]")) await page.click("[data-action=next-round]");
      else {
        const before = await page.getAttribute("main", "data-step");
        if (await page.isVisible("[data-action=knock]")) await page.click("[data-action=knock]");
        else await page.click("[data-action=pass]");
        await page.waitForFunction((b) => document.querySelector("main")?.dataset.step !== b, before);
      }
    }
    expect(skipped).toBe(true);
    // No more "next round": the match's end comes by itself.
    await page.waitForSelector("table[data-standings]", { timeout: 60_000 });
    expect(await page.textContent("#result-title")).toMatch(/wins? the match|draw/);
    const rows = await standings(page);
    expect(rows).toHaveLength(4);
    const mine = rows.find((r) => r[1]!.includes("Tester"))!;
    expect(mine[3]).toMatch(/^out in round \d+$/);
    expect(errors).toEqual([]);
    await close();
  }, 300_000);
});

describe.skipIf(!chromiumAvailable())("a round's result at an online table", () => {
  // The result stays until the next deal: here long enough to look at it on a phone.
  const env = useServerAndBrowser({ ROUND_PAUSE_MS: "120000" });

  it("fits a phone with two Annas and someone out: every column inside the panel at 320 and 360 px", async () => {
    const people = [];
    for (const name of ["Anna", "Anna", "Ben"]) {
      const person = await newPlayer(env.browser, null, { lang: "de", width: 360, height: 740 });
      // One life, nobody swims: whoever loses the first round is out ("raus" in the lives column).
      await presetSettings(person.page, { ...onlineSettings(name, "de"), rules: { lives: 1, swimming: "off" } });
      people.push(person);
    }
    const pages = people.map((person) => person.page);
    const [host, ...guests] = pages;
    const code = await createTable(host!, env.server.url, 3);
    for (const guest of guests) {
      await guest.goto(`${env.server.url}/t/${code}`);
      await guest.waitForSelector("[data-waiting=guest]", { timeout: 15_000 });
    }
    await host!.click("[data-action=start-match]");
    await host!.waitForSelector(".hand button.card", { timeout: 15_000 });
    const until = Date.now() + 60_000;
    while (!(await host!.isVisible(".result")) && Date.now() < until) {
      let moved = false;
      for (const page of pages) moved = (await moveIfMyTurn(page)) || moved;
      if (!moved) await host!.waitForTimeout(100);
    }
    for (const [n, page] of pages.entries()) {
      await page.waitForSelector(".result .result__table", { state: "attached", timeout: 10_000 });
      // At the match's end the round's table is folded under the standings.
      await page.evaluate(() => document.querySelector<HTMLDetailsElement>(".result__last")?.setAttribute("open", ""));
      expect(await page.textContent(".result__table tbody")).toContain("Anna (2)");
      for (const size of [
        { width: 320, height: 568 },
        { width: 360, height: 740 },
      ]) {
        await page.setViewportSize(size);
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        const found = await page.evaluate(() => {
          const out: string[] = [];
          const panel = document.querySelector(".result")!;
          if (panel.scrollWidth > panel.clientWidth + 1)
            out.push(`panel ${panel.scrollWidth} px wide in ${panel.clientWidth}`);
          const style = getComputedStyle(panel);
          const right = panel.getBoundingClientRect().right - parseFloat(style.borderRightWidth);
          for (const cell of panel.querySelectorAll(".result__table th, .result__table td")) {
            const r = cell.getBoundingClientRect();
            if (r.right > right + 0.5) out.push(`"${cell.textContent}" ends at ${Math.round(r.right)} of ${right}`);
          }
          return out;
        });
        expect(found, `page ${n + 1} at ${size.width}x${size.height}`).toEqual([]);
        await page.screenshot({ path: screenshotPath(`online-round-result-${n + 1}-${size.width}x${size.height}`) });
      }
    }
    for (const person of people) await person.context.close();
  }, 120_000);
});

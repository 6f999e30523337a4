/** The leaderboard page after a rated match (played by two protocol clients), and the bots' ratings where one picks. */
import { describe, expect, it } from "vitest";
import { BOT_RATINGS } from "@schwimmen/server/bot-ratings";
import { person, playPublicMatch } from "../../../server/test/rated-helpers.js";
import { chromiumAvailable, screenshotPath, useServerAndBrowser } from "./harness.js";
import { newPlayer } from "./online-drive.js";
import { monthStep } from "../../src/ratings/leaderboard-page.js";

describe.skipIf(!chromiumAvailable())("leaderboard", () => {
  const env = useServerAndBrowser();

  it("shows both players of a rated match overall and this month, linked to their profiles, and the bots", async () => {
    const url = env.server.url;
    const anna = await person(url, "Anna");
    const ben = await person(url, "Ben");
    await playPublicMatch(anna, ben, ["Anna", "Ben"], 40_000);
    await Promise.all([anna.client.close(), ben.client.close()]);

    const { context, page } = await newPlayer(env.browser, "Lena", { lang: "de", width: 360, height: 740 });
    await page.goto(`${url}/`);
    // Where the bots are picked, each level shows its rating.
    const expert = await page.textContent("select[name=online-bot] option[value=expert]");
    expect(expert).toContain(`Profi ~ ${BOT_RATINGS.levels.expert.rating}`);
    await page.click("[data-action=to-leaderboard]");
    await page.waitForSelector("[data-board=all] [data-board-player]", { timeout: 10_000 });
    expect(await page.textContent("h1")).toBe("Bestenliste");
    const rows = await page.$$eval("[data-board=all] [data-board-player]", (trs) =>
      trs.map((tr) => ({
        player: tr.getAttribute("data-board-player"),
        name: tr.querySelector("a")?.textContent,
        href: tr.querySelector("a")?.getAttribute("href"),
        provisional: tr.textContent?.includes("vorläufig"),
      })),
    );
    expect(rows.map((r) => r.player).sort()).toEqual([anna.id, ben.id].sort());
    for (const row of rows) {
      expect(row.href).toBe(`#/player/${row.player}`);
      expect(row.provisional).toBe(true);
    }
    expect(rows.map((r) => r.name).sort()).toEqual(["Anna", "Ben"]);
    expect(await page.textContent(`[data-bot-rating=expert]`)).toBe(`Profi ~ ${BOT_RATINGS.levels.expert.rating}`);

    // While this month's answer is on its way (held back here), the month tab shows that it loads, never the
    // overall rows under the month's heading.
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/leaderboard?period=month*", async (route) => {
      await held;
      await route.continue();
    });
    await page.evaluate(() => {
      const w = window as unknown as { staleMonthRows: number };
      w.staleMonthRows = 0;
      new MutationObserver(() => {
        w.staleMonthRows += document.querySelectorAll("[data-board=month] [data-board-player]").length;
      }).observe(document.body, { childList: true, subtree: true, attributes: true });
    });
    await page.click("[data-period=month]");
    await page.waitForSelector(".leaderboard [aria-busy=true]", { timeout: 15_000 });
    expect(await page.$$("[data-board] [data-board-player]")).toHaveLength(0);
    expect(await page.evaluate(() => (window as unknown as { staleMonthRows: number }).staleMonthRows)).toBe(0);
    release();
    await page.waitForSelector("[data-board=month] [data-board-player]", { timeout: 10_000 });
    expect(await page.$$("[data-board=month] [data-board-player]")).toHaveLength(2);
    // On the phone every column fits, the month's change too: nothing hides past the right edge.
    const [wide, shown] = await page.$eval(".board-scroll", (e) => [e.scrollWidth, e.clientWidth]);
    expect(wide).toBeLessThanOrEqual(shown);
    await page.screenshot({ path: screenshotPath("leaderboard-360x740") });
    // Earlier months by the arrows: this server's first match was this month, so last month's board is empty and
    // says which month it is; no arrow leads past the current month.
    const now = new Date();
    const thisMonth = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
    expect(await page.getAttribute("[data-board=month]", "data-month")).toBe(thisMonth);
    expect(await page.isDisabled("[data-action=month-after]")).toBe(true);
    await page.click("[data-action=month-before]");
    await page.waitForSelector("[data-board-empty]", { timeout: 10_000 });
    const before = monthStep(thisMonth, -1);
    const name = new Intl.DateTimeFormat("de", { month: "long", year: "numeric", timeZone: "UTC" }).format(
      Date.UTC(Number(before.slice(0, 4)), Number(before.slice(5)) - 1),
    );
    expect(await page.textContent(".board-month__name")).toBe(name);
    expect(await page.textContent("[data-board-empty]")).toBe(`Im ${name} gab es keine gewertete Partie.`);
    expect(await page.isDisabled("[data-action=month-after]")).toBe(false);
    await page.screenshot({ path: screenshotPath("leaderboard-past-month-360x740") });
    // The month is kept in the address: a reload (or a shared link) shows the same board.
    expect(new URL(page.url()).hash).toBe(`#/leaderboard?period=${before}`);
    await page.reload();
    await page.waitForSelector("[data-board-empty]", { timeout: 10_000 });
    expect(await page.textContent(".board-month__name")).toBe(name);
    await page.click("[data-action=month-after]");
    await page.waitForSelector("[data-board=month] [data-board-player]", { timeout: 10_000 });
    expect(await page.getAttribute("[data-board=month]", "data-month")).toBe(thisMonth);
    expect(await page.isDisabled("[data-action=month-after]")).toBe(true);
    expect(new URL(page.url()).hash).toBe("#/leaderboard?period=month");
    // Nobody's row is marked for Lena, who is not on the board.
    expect(await page.$$("[data-board-player][aria-current]")).toHaveLength(0);
    await page.click(`[data-board-player="${anna.id}"] a`);
    await page.waitForFunction((id) => location.hash === `#/player/${id}`, anna.id, { timeout: 15_000 });
    await context.close();

    // Anna's own row is marked (her device's answer to "who am I", stood in for here).
    const mine = await newPlayer(env.browser, "Gast", { lang: "de", width: 360, height: 740 });
    await mine.page.route("**/api/me", (route) =>
      route.fulfill({ json: { player: { id: anna.id, name: "Anna", kind: "guest" } } }),
    );
    await mine.page.goto(`${url}/#/leaderboard`);
    await mine.page.waitForSelector(`[data-board-player="${anna.id}"][aria-current=true]`, { timeout: 10_000 });
    expect(await mine.page.textContent(`[data-board-player="${anna.id}"] .board__you`)).toBe(" (du)");
    expect(await mine.page.$$("[data-board-player][aria-current]")).toHaveLength(1);
    await mine.context.close();
  }, 90_000);
});

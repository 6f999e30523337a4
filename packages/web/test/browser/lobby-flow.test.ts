/**
 * The whole way through the lobby: two people press "Schnell spielen" for a short match of three, land at one table,
 * a bot takes the third seat, both play the match to its end, it is rated, both profiles show it and the leaderboard
 * lists both.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { BOT_RATINGS } from "@schwimmen/server/bot-ratings";
import { chromiumAvailable, screenshotPath, useServerAndBrowser } from "./harness.js";
import { newPlayer, playToTheEnd } from "./online-drive.js";
import { me } from "./passkey-drive.js";

interface RatedMatch {
  readonly code: string;
  readonly match: number;
  readonly rated: boolean;
  readonly ratingBefore: number | null;
  readonly ratingAfter: number | null;
}

/** This page's player id (the page makes its guest session on the account page). */
async function playerId(page: Page, url: string): Promise<string> {
  await page.goto(`${url}/#/account`);
  await page.waitForSelector("main[data-account=guest]", { timeout: 15_000 });
  return (await me(page)).id;
}

/** The players listed on the overall leaderboard (the page opened fresh). */
async function boardPlayers(page: Page, url: string): Promise<string[]> {
  await page.goto(`${url}/#/leaderboard`);
  await page.waitForSelector("[data-board=all], [data-board-empty]", { timeout: 15_000 });
  return page.$$eval("[data-board=all] [data-board-player]", (rows) =>
    rows.map((row) => row.getAttribute("data-board-player") ?? ""),
  );
}

/** Opens the lobby, asks for a short match of three and returns the table code it lands at. */
async function quickMatch(page: Page, url: string, awaitRow: string | null): Promise<string> {
  await page.goto(`${url}/#/lobby`);
  await page.waitForSelector(awaitRow ? `[data-lobby-table="${awaitRow}"]` : "[data-lobby-empty], [data-lobby-count]", {
    timeout: 15_000,
  });
  // The preset list arrives with the server's welcome.
  await page.waitForSelector("select[name=quick-preset] option[value=quick]", { state: "attached", timeout: 10_000 });
  await page.selectOption("select[name=quick-preset]", "quick");
  await page.selectOption("select[name=quick-seats]", "3");
  expect(await page.textContent("[data-action=quick-match]")).toBe("Schnell spielen");
  await page.click("[data-action=quick-match]");
  const code = await (await page.waitForSelector("[data-code]", { timeout: 15_000 })).getAttribute("data-code");
  if (!code) throw new Error("no table code shown");
  return code;
}

describe.skipIf(!chromiumAvailable())("lobby flow: quick match to leaderboard", () => {
  // Bots fill after 15 s: Ben comes as soon as Anna's table is listed, well before that (8 s was once too short for
  // Ben's steps on a busy machine).
  const env = useServerAndBrowser({ QUICK_MATCH_WAIT_MS: "15000" });

  it("two people meet by quick match, a bot fills, the match is rated and shows on profiles and leaderboard", async () => {
    const url = env.server.url;
    const anna = await newPlayer(env.browser, "Anna", { lang: "de" });
    const ben = await newPlayer(env.browser, "Ben", { lang: "de" });
    try {
      const annaId = await playerId(anna.page, url);
      const benId = await playerId(ben.page, url);
      expect(annaId).not.toBe(benId);
      const boardBefore = await boardPlayers(ben.page, url);
      expect(boardBefore).not.toContain(annaId);
      expect(boardBefore).not.toContain(benId);

      // Anna waits at a new public table; Ben sees it in the lobby and asks for the same kind of match.
      const code = await quickMatch(anna.page, url, null);
      await anna.page.waitForSelector("[data-quick-wait]", { timeout: 10_000 });
      await ben.page.goto(`${url}/#/lobby`);
      // In the lobby Anna's name opens her profile, and the bots that would fill her table show their rating.
      const row = ben.page.locator(`[data-lobby-table="${code}"]`);
      await row.waitFor({ timeout: 15_000 });
      expect(await row.locator(`[data-player="${annaId}"] a`).getAttribute("href")).toBe(`#/player/${annaId}`);
      const level = await row.locator("[data-bot-fill]").getAttribute("data-bot-fill");
      const levels: Readonly<Record<string, { rating: number }>> = BOT_RATINGS.levels;
      const measured = levels[level ?? ""];
      expect(measured).toBeDefined();
      expect(await row.locator("[data-bot-fill]").textContent()).toContain(` ~ ${measured?.rating}`);
      await ben.page.screenshot({ path: screenshotPath("lobby-flow-lobby-1280x800") });
      expect(await quickMatch(ben.page, url, code)).toBe(code);

      // A bot takes the third seat and the match starts for both.
      await Promise.all([
        anna.page.waitForSelector(".hand button.card", { timeout: 30_000 }),
        ben.page.waitForSelector(".hand button.card", { timeout: 30_000 }),
      ]);
      const table = (await (await fetch(`${url}/api/tables/${code}`)).json()) as {
        seats: { kind: string; player?: string }[];
      };
      expect(table.seats.map((s) => s.kind)).toEqual(["human", "human", "bot"]);
      expect(table.seats.map((s) => s.player ?? null).slice(0, 2)).toEqual([annaId, benId]);
      // At the table the other person's name links to their profile (in a new tab); the bot's name is plain text.
      const link = anna.page.locator(`.seat__link[data-profile-link="${benId}"]`);
      expect(await link.getAttribute("href")).toBe(`#/player/${benId}`);
      expect(await anna.page.locator(".seat[data-seat='2'] .seat__name a").count()).toBe(0);

      // Both play it out (knock when they may, else the first legal move).
      await playToTheEnd(anna.page, [anna.page, ben.page], undefined, 60_000);
      await ben.page.waitForFunction(() => document.querySelector("main")?.dataset.phase === "over", undefined, {
        timeout: 10_000,
      });
      // The result says how the match changed each person's rating.
      const changes = new Map<Page, number>();
      for (const page of [anna.page, ben.page]) {
        const line = page.locator('.result__rating[data-rated="true"]');
        await line.waitFor({ timeout: 10_000 });
        changes.set(page, Number(await line.getAttribute("data-rating-change")));
      }
      // The table's header names the preset it was made from.
      expect(await ben.page.textContent(".topbar .rules-summary summary strong")).toBe("Kurzes Spiel");
      expect(await anna.page.textContent(".result__rating")).toMatch(/^Deine Wertung: \d+ → \d+ \(([+−]\d+|±0)\)$/);
      await anna.page.screenshot({ path: screenshotPath("lobby-flow-over-1280x800") });

      // Rated: both players' records of the match carry a rating before and after, and their profiles show it.
      for (const [page, id] of [
        [anna.page, annaId],
        [ben.page, benId],
      ] as const) {
        await page.goto(`${url}/#/player/${id}`);
        await page.waitForSelector(`main[data-profile="${id}"]`, { timeout: 15_000 });
        await page.waitForSelector(`[data-match="${code}/1"]`, { timeout: 10_000 });
        expect(await page.textContent(`[data-match="${code}/1"]`)).toContain("Bot");
        // The line starts at the rating before the match, and its axis spans from there to the rating after it.
        expect(await page.getAttribute("svg.rating-chart", "data-points")).toBe("2");
        const shown = Number(await page.getAttribute("[data-rating]", "data-rating"));
        const axis = (await page.getAttribute("svg.rating-chart", "data-axis"))!.split("-").map(Number);
        expect(axis[0]).toBeLessThan(axis[1]!);
        expect(axis[0]).toBeLessThanOrEqual(shown);
        expect(axis[1]).toBeGreaterThanOrEqual(shown);
        const matches = await page.evaluate(
          async (who) =>
            ((await (await fetch(`/api/players/${who}`)).json()) as { rating: { matches: RatedMatch[] } }).rating
              .matches,
          id,
        );
        const record = matches.find((m) => m.code === code && m.match === 1);
        expect(record?.rated).toBe(true);
        expect(record?.ratingBefore).not.toBeNull();
        expect(record?.ratingAfter).not.toBe(record?.ratingBefore);
        expect(shown).toBe(Math.round(record?.ratingAfter ?? Number.NaN));
        const change = Math.round(record?.ratingAfter ?? Number.NaN) - Math.round(record?.ratingBefore ?? Number.NaN);
        expect(changes.get(page)).toBe(change);
      }
      await ben.page.screenshot({ path: screenshotPath("profile-rating-1280x800") });
      await ben.page.setViewportSize({ width: 360, height: 740 });
      await ben.page.screenshot({ path: screenshotPath("profile-rating-360x740") });

      // The leaderboard changed: it lists both now.
      const boardAfter = await boardPlayers(anna.page, url);
      expect(boardAfter).toContain(annaId);
      expect(boardAfter).toContain(benId);
      expect(boardAfter).not.toEqual(boardBefore);
      await anna.page.screenshot({ path: screenshotPath("lobby-flow-leaderboard-1280x800") });
    } finally {
      await Promise.all([anna.context.close(), ben.context.close()]);
    }
  }, 90_000);
});

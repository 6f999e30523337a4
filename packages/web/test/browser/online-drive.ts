import type { Browser, BrowserContext, Page } from "playwright-core";
import { presetSettings } from "./drive.js";

/** Settings as the start page saves them: a short match (two lives, nobody swims) at the computer's full speed. */
export const onlineSettings = (name: string, lang: "de" | "en" = "en") => ({
  lang,
  faces: "french",
  speed: "instant",
  name,
  seats: 2,
  levels: [],
  rules: { lives: 2, swimming: "off" },
});

/** A new browser profile (its own storage and device token) with one page; settings preset when a name is given. */
export async function newPlayer(
  browser: Browser,
  name: string | null,
  options: { lang?: "de" | "en"; width?: number; height?: number } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const lang = options.lang ?? "en";
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    locale: lang === "de" ? "de-DE" : "en-GB",
  });
  const page = await context.newPage();
  if (name !== null) await presetSettings(page, onlineSettings(name, lang));
  return { context, page };
}

/** Creates an online table from the start page and returns its code (as the page shows it in `data-code`). */
export async function createTable(page: Page, url: string, seats: number): Promise<string> {
  await page.goto(`${url}/`);
  await page.selectOption("select[name=online-seats]", String(seats));
  await page.click("[data-action=create-table]");
  const code = await (await page.waitForSelector("[data-code]", { timeout: 15_000 })).getAttribute("data-code");
  if (!code) throw new Error("no table code shown");
  return code;
}

/** If it is this page's turn, makes one move (knock when offered and `knock`, else pass, else swap); true when it moved. */
export async function moveIfMyTurn(page: Page, knock = true): Promise<boolean> {
  if (!(await page.isVisible(".turn-line strong"))) return false;
  const step = await page.evaluate(() => document.querySelector("main")?.dataset.step ?? "");
  // The turn may pass (timer, round end) between the look and the click: then the move is simply refused.
  try {
    if (knock && (await page.isVisible("[data-action=knock]")))
      await page.click("[data-action=knock]", { timeout: 3000 });
    else if (await page.isVisible("[data-action=pass]")) await page.click("[data-action=pass]", { timeout: 3000 });
    else if (await page.isVisible("[data-action=choose-first]"))
      await page.click("[data-action=choose-first]", { timeout: 3000 });
    else {
      await page.locator(".hand button.card").first().click({ timeout: 3000 });
      await page.locator(".middle button.card").first().click({ timeout: 3000 });
    }
    await page.waitForFunction((before) => document.querySelector("main")?.dataset.step !== before, step, {
      timeout: 10_000,
    });
  } catch {
    return false;
  }
  return true;
}

/** Plays the pages' turns until the match is over on `watch` (or the time is up); `each` runs after every move. */
export async function playToTheEnd(
  watch: Page,
  players: readonly Page[],
  each: (moves: number) => Promise<void> = async () => undefined,
  timeout = 120_000,
): Promise<void> {
  let moves = 0;
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    if (await watch.evaluate(() => document.querySelector("main")?.dataset.phase === "over")) return;
    let moved = false;
    for (const page of players) moved = moved || (await moveIfMyTurn(page));
    if (moved) await each(++moves);
    else await watch.waitForTimeout(100);
  }
  throw new Error("the match did not end in time");
}

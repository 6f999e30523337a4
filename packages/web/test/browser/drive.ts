import type { Page } from "playwright-core";
import { screenshotPath } from "./harness.js";

/** Settings put into the page's storage before it loads (the same shape the start page saves). */
export async function presetSettings(page: Page, settings: Record<string, unknown>): Promise<void> {
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem("test.settings-set")) {
      localStorage.setItem("schwimmen.settings", value);
      sessionStorage.setItem("test.settings-set", "1");
    }
  }, JSON.stringify(settings));
}

const NEXT = "[data-action=next-round], [data-action=rematch], .turn-line strong";

export interface MatchLog {
  rounds: number;
  myTurns: number;
  swaps: number;
}

/**
 * Plays a local match to its end. `mouse`: clicks cards and buttons. `keyboard`: only key presses (number keys pick
 * cards, letters act, Enter presses the focused "next round" button). Each turn swaps once in a while, otherwise
 * knocks (or passes when knocking is not offered), so matches end quickly.
 */
export async function playLocalMatch(page: Page, how: "mouse" | "keyboard", maxSteps = 600): Promise<MatchLog> {
  const log: MatchLog = { rounds: 0, myTurns: 0, swaps: 0 };
  for (let step = 0; step < maxSteps; step++) {
    await page.waitForSelector(NEXT, { timeout: 20_000 });
    if (await page.isVisible("[data-action=rematch]")) return log;
    const next = page.locator("[data-action=next-round]");
    const roundBefore = await page.evaluate(() => document.querySelector("main")?.dataset.round ?? "");
    if (await next.isVisible()) {
      log.rounds++;
      if (how === "mouse") await next.click();
      else {
        // The result panel moves the focus to its main button.
        await page.waitForFunction(() => document.activeElement?.getAttribute("data-action") === "next-round");
        await page.keyboard.press("Enter");
      }
      await page.waitForFunction((round) => document.querySelector("main")?.dataset.round !== round, roundBefore, {
        timeout: 10_000,
      });
      continue;
    }
    log.myTurns++;
    const swapNow = log.myTurns % 3 === 1 && (await page.locator(".hand button.card:not([aria-disabled])").count()) > 0;
    const before = await page.evaluate(() => document.querySelector("main")?.dataset.step ?? "");
    if (swapNow) {
      log.swaps++;
      if (how === "mouse") {
        await page.locator(".hand button.card").first().click();
        await page.locator(".middle button.card").first().click();
      } else {
        await page.keyboard.press("1");
        await page.keyboard.press("4");
      }
    } else if (await page.isVisible("[data-action=knock]")) {
      if (how === "mouse") await page.click("[data-action=knock]");
      else await page.keyboard.press("k");
    } else if (await page.isVisible("[data-action=choose-first]")) {
      if (how === "mouse") await page.click("[data-action=choose-first]");
      else {
        await page.focus("[data-action=choose-first]");
        await page.keyboard.press("Enter");
      }
    } else if (await page.isVisible("[data-action=pass]")) {
      if (how === "mouse") await page.click("[data-action=pass]");
      else await page.keyboard.press("p");
    } else {
      if (how === "mouse") await page.locator(".hand button.card").first().click();
      else await page.keyboard.press("1");
      if (how === "mouse") await page.locator(".middle button.card").first().click();
      else await page.keyboard.press("4");
    }
    // Wait until the move shows: the table's step changes. A swap whose second click was lost (CI once saw the hand
    // card picked and the table still asking for the middle card, on a busy machine) is finished as a player would:
    // by clicking the middle card again.
    const moved = (timeout: number) =>
      page.waitForFunction((previous) => document.querySelector("main")?.dataset.step !== previous, before, {
        timeout,
      });
    try {
      await moved(5_000).catch(async (error: unknown) => {
        if (!(await page.isVisible(".hand .card--selected"))) throw error;
        if (how === "mouse") await page.locator(".middle button.card").first().click();
        else await page.keyboard.press("4");
        await moved(10_000);
      });
    } catch (error) {
      await page.screenshot({ path: screenshotPath(`failed-${how}`), fullPage: true });
      throw error;
    }
  }
  throw new Error(`the match did not end within ${maxSteps} steps`);
}

/**
 * Waits until this seat is to act, dealing on when a round ends before that, and asking for a rematch when the match
 * ends before that (bots at instant speed can reach 31 before this seat's first turn, and with one life that ends the
 * match); a screenshot is kept on failure.
 */
export async function waitForMyTurn(page: Page, name: string, timeout = 30_000): Promise<void> {
  const until = Date.now() + timeout;
  const left = () => ({ timeout: Math.max(1, Math.min(3000, until - Date.now())) });
  try {
    for (;;) {
      await page.waitForSelector("[data-action=next-round], [data-action=rematch], .turn-line strong", {
        timeout: Math.max(1, until - Date.now()),
      });
      if (await page.isVisible(".turn-line strong")) return;
      if (await page.isVisible("[data-action=rematch]")) {
        await page.click("[data-action=rematch]", left()).catch(() => undefined);
        await page.waitForSelector("[data-action=rematch]", { state: "detached", ...left() }).catch(() => undefined);
      } else await page.click("[data-action=next-round]", left()).catch(() => undefined);
    }
  } catch (error) {
    await page.screenshot({ path: screenshotPath(`failed-${name}`), fullPage: true });
    throw error;
  }
}

/**
 * One quiet move on this seat's turn (pass, else take the first packet, else pass a hidden deal's packet on as it came,
 * else swap the first cards); waits for it.
 */
export async function quietMove(page: Page): Promise<void> {
  const before = await page.evaluate(() => document.querySelector("main")?.dataset.step ?? "");
  if (await page.isVisible("[data-action=pass]")) await page.keyboard.press("p");
  else if (await page.isVisible("[data-action=choose-first]")) await page.click("[data-action=choose-first]");
  else if (await page.isVisible("[data-action=passOn]")) {
    // A hidden deal: the packet goes on as it came (its two cards picked, then W).
    await page.keyboard.press("4");
    await page.keyboard.press("5");
    await page.keyboard.press("w");
  } else {
    await page.keyboard.press("1");
    await page.keyboard.press("4");
  }
  await page.waitForFunction((b) => document.querySelector("main")?.dataset.step !== b, before);
}

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumAvailable, screenshotPath, useServerAndBrowser } from "./harness.js";
import { presetSettings, quietMove, waitForMyTurn } from "./drive.js";

const settingsFor = (lang: "de" | "en", speed: string) => ({
  lang,
  faces: "french",
  speed,
  name: "Mara",
  seats: 2,
  levels: ["greedy"],
  rules: {},
});

const round = (page: Page) => page.evaluate(() => document.querySelector("main")?.dataset.round ?? "");
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return !el || el === document.body ? "body" : `${el.tagName.toLowerCase()}#${el.id}.${el.className}`;
  });
/** Where the focus is once the page has redrawn (effects run after the paint; a busy machine may take a while). */
const settledFocus = async (page: Page) => {
  await page
    .waitForFunction(() => document.activeElement !== null && document.activeElement !== document.body, undefined, {
      timeout: 10_000,
    })
    .catch(() => undefined);
  return focused(page);
};

/**
 * Notes, at every frame, the round on the table, the banner's text, the move narration and every live region's
 * text (what a screen reader would be told), into `window.seen`.
 */
function watchTable(): void {
  const seen: { round: string; step: string; banner: string; said: string; live: string[] }[] = [];
  (window as unknown as { seen: typeof seen }).seen = seen;
  const look = () => {
    const live = [...document.querySelectorAll("[aria-live], [role=status]")]
      .filter((el) => el.getAttribute("aria-live") !== "off" && !el.closest("[aria-hidden=true]"))
      .map((el) => el.textContent ?? "");
    seen.push({
      round: document.querySelector("main")?.dataset.round ?? "",
      step: document.querySelector("main")?.dataset.step ?? "",
      banner: document.querySelector(".banner")?.textContent ?? "",
      said: document.querySelector(".status-line")?.textContent ?? "",
      live,
    });
    // A newer watcher replaces this one.
    if ((window as unknown as { seen: typeof seen }).seen === seen) requestAnimationFrame(look);
  };
  look();
}
type Seen = { round: string; step: string; banner: string; said: string; live: string[] }[];
const seen = (page: Page) => page.evaluate(() => (window as unknown as { seen: Seen }).seen);

/** Passes (or takes the first packet, or swaps) until knocking is offered on this seat's turn. */
async function untilKnockOffered(page: Page, name: string): Promise<void> {
  for (let turn = 0; turn < 12; turn++) {
    await waitForMyTurn(page, name);
    if (await page.isVisible("[data-action=knock]")) return;
    await quietMove(page);
  }
  throw new Error("knocking was never offered");
}

/** Swaps the first hand card for the first middle card by keys (1, then 4); waits until the table shows it. */
async function swapByKeys(page: Page): Promise<void> {
  const before = await page.evaluate(() => document.querySelector("main")?.dataset.step ?? "");
  await page.keyboard.press("1");
  await page.keyboard.press("4");
  await page.waitForFunction((b) => document.querySelector("main")?.dataset.step !== b, before);
}

if (!chromiumAvailable()) console.warn("browser tests skipped: /usr/bin/chromium is missing");

describe.skipIf(!chromiumAvailable())("announcements at the table", () => {
  const env = useServerAndBrowser();

  it("a knock's banner goes with its round: Enter at once on the result shows none of it over the new deal", async () => {
    const context = await env.browser.newContext({ viewport: { width: 360, height: 740 }, locale: "de-DE" });
    const page = await context.newPage();
    // "zügig": the computer waits a moment before each move, so the knock's banner is still up when the round ends.
    await presetSettings(page, settingsFor("de", "quick"));
    await page.goto(`${env.server.url}/#/play`);
    let knockRound = "";
    for (let attempt = 0; ; attempt++) {
      await untilKnockOffered(page, "banner");
      await page.evaluate(watchTable);
      knockRound = await round(page);
      await page.keyboard.press("k");
      // The result panel takes the focus to "Nächste Runde": press Enter the moment it does. (When the knock ends
      // the match, a seat swimming having lost, the focus goes to "Revanche" instead: the next turn is then one of a
      // new match, and the knock is made again there.)
      const onButton = await page.waitForFunction(
        () => {
          const action = document.activeElement?.getAttribute("data-action");
          return action === "next-round" || action === "rematch" ? action : null;
        },
        undefined,
        { timeout: 15_000 },
      );
      if ((await onButton.jsonValue()) === "next-round") break;
      expect(attempt, "every knock ended the match").toBeLessThan(3);
    }
    await page.keyboard.press("Enter");
    await page.waitForFunction((r) => document.querySelector("main")?.dataset.round !== r, knockRound);
    await page.waitForTimeout(1500);
    const frames = await seen(page);
    await page.screenshot({ path: screenshotPath("banner-new-round-360x740") });
    // Over the new round no banner of the last one: none at all over the new deal until its first move, and later
    // none that the knock's round showed. (The computer may knock in the new round: that banner is news.)
    const before = new Set(frames.filter((f) => f.round === knockRound && f.banner !== "").map((f) => f.banner));
    const later = frames.filter((f) => f.round !== knockRound);
    const dealt = later[0]?.step;
    const stale = later
      .filter((f) => f.banner !== "" && (f.step === dealt || before.has(f.banner)))
      .map((f) => `${f.step} ${f.banner}`);
    expect(later.length).toBeGreaterThan(0);
    expect(stale).toEqual([]);
    // Your own knock was told to you in the second person, on the banner and in the narration line.
    expect(frames.some((f) => f.round === knockRound && f.banner === "Du klopfst!")).toBe(true);
    expect(frames.some((f) => f.said === "Du klopfst!")).toBe(true);
    expect(frames.map((f) => `${f.banner} ${f.said}`).join(" ")).not.toContain("Mara");
    await context.close();
  }, 120_000);

  it("a knock just before your turn only flashes: the middle you choose from is clear within a second", async () => {
    const context = await env.browser.newContext({ viewport: { width: 390, height: 844 }, locale: "de-DE" });
    const page = await context.newPage();
    await presetSettings(page, settingsFor("de", "instant"));
    await page.goto(`${env.server.url}/#/play`);
    // Two seats: when the computer knocks, your last turn of the round comes at once, under its banner.
    let flashed = false;
    for (let turn = 0; turn < 60 && !flashed; turn++) {
      await waitForMyTurn(page, "banner-turn");
      if (await page.isVisible(".banner")) {
        flashed = true;
        expect(await page.getAttribute(".banner", "class")).toContain("banner--brief");
        await page.waitForFunction(
          () => {
            const banner = document.querySelector(".banner");
            return !banner || getComputedStyle(banner).visibility === "hidden";
          },
          undefined,
          { timeout: 1500 },
        );
        expect(await page.isVisible(".middle button.card >> nth=0")).toBe(true);
      }
      await quietMove(page);
    }
    expect(flashed, "the computer never knocked right before this seat's turn").toBe(true);
    await context.close();
  }, 120_000);

  it("your own moves are told in the second person, in English too", async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "en-GB" });
    const page = await context.newPage();
    // Relaxed pacing: the computer waits long enough for the page to show your move's words first.
    await presetSettings(page, settingsFor("en", "relaxed"));
    await page.goto(`${env.server.url}/#/play`);
    await page.evaluate(watchTable);
    // A swap may make 31 or Feuer, told as "31! You end the round."; a busy machine may take a moment to draw it.
    const own = /^(You (pass|swap|chose)|31! You end|Fire! You hold)/;
    // A pass that completes a lap of passes is told as the new middle it brings: then the next move, a swap, is
    // looked at.
    for (let attempt = 0; attempt < 3; attempt++) {
      await waitForMyTurn(page, "narration");
      if (attempt === 0) await quietMove(page);
      else await swapByKeys(page);
      const told = await page
        .waitForFunction(
          (source) => (window as unknown as { seen: Seen }).seen.some((f) => new RegExp(source).test(f.said)),
          own.source,
          { timeout: 10_000 },
        )
        .then(() => true)
        .catch(() => false);
      if (told) break;
    }
    const said = (await seen(page)).map((f) => f.said).filter((text) => text !== "");
    expect(
      said.some((text) => own.test(text)),
      said.join(" | "),
    ).toBe(true);
    expect(said.join(" ")).not.toMatch(/Mara (passes|swaps|chose)/);
    await context.close();
  }, 120_000);

  it("screen readers: your turn is said in a live region, focus stays at the table, results have column headers", async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "de-DE" });
    const page = await context.newPage();
    await presetSettings(page, settingsFor("de", "quick"));
    await page.goto(`${env.server.url}/`);
    // Start by keyboard: the start button goes away with its page, the focus must not fall to <body>.
    await page.focus("[data-action=start-local]");
    await page.keyboard.press("Enter");
    await page.waitForSelector(".hand button.card");
    expect(await settledFocus(page)).not.toBe("body");
    await page.evaluate(watchTable);

    // One move of yours, then on to your next turn (with knocking offered, to see the result below).
    await waitForMyTurn(page, "a11y");
    await quietMove(page);
    await untilKnockOffered(page, "a11y");
    // "Du bist dran" is in a polite live region when your turn starts, and gone from it while others play.
    const turns = (await seen(page)).map((f) => f.live.some((text) => text.includes("Du bist dran")));
    expect(turns.at(-1)).toBe(true);
    expect(turns.includes(false)).toBe(true);

    await page.keyboard.press("k");
    await page.waitForSelector("[data-action=next-round], [data-action=rematch]", { timeout: 15_000 });
    // The round's result is a table with column headers.
    expect(await page.locator(".result table th[scope=col]").count()).toBeGreaterThan(0);
    if (await page.isVisible("[data-action=next-round]")) {
      const dealt = await round(page);
      await page.click("[data-action=next-round]");
      await page.waitForFunction((r) => document.querySelector("main")?.dataset.round !== r, dealt);
      expect(await settledFocus(page)).not.toBe("body");
    }
    await context.close();
  }, 120_000);
});

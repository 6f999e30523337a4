import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumAvailable, useServerAndBrowser } from "./harness.js";
import { presetSettings, waitForMyTurn } from "./drive.js";
import { QUICK_LOCAL } from "./local-page.js";

/** Notes every audio context the page creates (and whether the person had interacted by then) and every sound. */
async function listenForAudio(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = { contexts: [] as boolean[], sounds: 0 };
    (window as unknown as { audio: typeof seen }).audio = seen;
    const Real = window.AudioContext;
    window.AudioContext = class extends Real {
      constructor(options?: AudioContextOptions) {
        super(options);
        seen.contexts.push(navigator.userActivation.hasBeenActive);
      }
    };
    const proto = BaseAudioContext.prototype;
    for (const make of ["createOscillator", "createBufferSource"] as const) {
      const original = proto[make] as (...args: unknown[]) => AudioNode;
      (proto as unknown as Record<string, unknown>)[make] = function (this: BaseAudioContext, ...args: unknown[]) {
        seen.sounds++;
        return original.apply(this, args);
      };
    }
  });
}
const audio = (page: Page) =>
  page.evaluate(() => (window as unknown as { audio: { contexts: boolean[]; sounds: number } }).audio);

/** One move by clicks (a user gesture): a swap, then wait until it shows. */
async function swapOnce(page: Page): Promise<void> {
  await waitForMyTurn(page, "sound");
  const step = await page.getAttribute("main", "data-step");
  await page.locator(".hand button.card").first().click();
  await page.locator(".middle button.card").first().click();
  await page.waitForFunction((before) => document.querySelector("main")?.dataset.step !== before, step);
}

describe.skipIf(!chromiumAvailable())("sound at the table", () => {
  const env = useServerAndBrowser();

  it("stays silent by default; once switched on it is remembered and makes sounds only after a gesture", async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on("console", (m) => (m.type() === "warning" || m.type() === "error") && warnings.push(m.text()));
    await listenForAudio(page);
    await presetSettings(page, QUICK_LOCAL);

    // Off by default: a whole turn with clicks makes no audio context at all.
    await page.goto(`${env.server.url}/#/play`);
    await swapOnce(page);
    await waitForMyTurn(page, "sound");
    expect(await page.getAttribute("[data-action=sound]", "aria-pressed")).toBe("false");
    expect(await audio(page)).toEqual({ contexts: [], sounds: 0 });

    // Switched on at the table: the click itself allows audio, and a short sample plays.
    await page.click("[data-action=sound]");
    await page.waitForFunction(() => (window as unknown as { audio: { sounds: number } }).audio.sounds > 0);
    expect((await audio(page)).contexts).toEqual([true]);
    await swapOnce(page);
    await page.waitForFunction(() => (window as unknown as { audio: { sounds: number } }).audio.sounds > 3);

    // Remembered: after a reload the switch is on, but nothing plays before the person touches the page.
    await page.reload();
    await page.waitForSelector(".hand button.card");
    expect(await page.getAttribute("[data-action=sound]", "aria-pressed")).toBe("true");
    // The bots may move meanwhile: no gesture yet, so no sound.
    await page.waitForTimeout(300);
    expect(await audio(page)).toEqual({ contexts: [], sounds: 0 });
    await swapOnce(page);
    await page.waitForFunction(() => (window as unknown as { audio: { sounds: number } }).audio.sounds > 0);
    expect((await audio(page)).contexts).toEqual([true]);

    // A hidden page stays silent.
    await page.evaluate(() => Object.defineProperty(document, "visibilityState", { get: () => "hidden" }));
    const before = (await audio(page)).sounds;
    await swapOnce(page);
    await waitForMyTurn(page, "sound");
    expect((await audio(page)).sounds).toBe(before);

    expect(warnings.filter((w) => /AudioContext|autoplay/i.test(w))).toEqual([]);
    await context.close();
  }, 120_000);

  it("has its switch with the start page's settings", async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await listenForAudio(page);
    await presetSettings(page, QUICK_LOCAL);
    await page.goto(`${env.server.url}/`);
    expect(await page.getAttribute("[data-sound=off]", "aria-pressed")).toBe("true");
    await page.click("[data-sound=on]");
    expect(await page.getAttribute("[data-sound=on]", "aria-pressed")).toBe("true");
    await page.waitForFunction(() => (window as unknown as { audio: { sounds: number } }).audio.sounds > 0);
    await page.reload();
    expect(await page.getAttribute("[data-sound=on]", "aria-pressed")).toBe("true");
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("schwimmen.settings")!).sound)).toBe(true);
    await context.close();
  }, 60_000);
  it("the tab's title says when it is your turn, and only then", async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await presetSettings(page, { ...QUICK_LOCAL, lang: "de" });
    await page.goto(`${env.server.url}/`);
    await page.waitForSelector("[data-action=start-local]");
    expect(await page.title()).toBe("Schwimmen · 31");
    await page.goto(`${env.server.url}/#/play`);
    await waitForMyTurn(page, "title");
    // In a hidden tab too: the title is what the browser's tab strip shows.
    await page.evaluate(() => Object.defineProperty(document, "visibilityState", { get: () => "hidden" }));
    expect(await page.title()).toBe("▶ Du bist dran · Schwimmen · 31");
    // A move made: no longer your turn (the bots move at once, so check the moment it is made).
    const titles = await page.evaluate(async () => {
      const seen: string[] = [];
      const watch = new MutationObserver(() => seen.push(document.title));
      watch.observe(document.querySelector("title")!, { childList: true, characterData: true, subtree: true });
      (document.querySelector(".hand button.card") as HTMLElement).click();
      (document.querySelector(".middle button.card") as HTMLElement).click();
      for (let waited = 0; seen.length === 0 && waited < 5000; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      watch.disconnect();
      return seen;
    });
    expect(titles[0]).toBe("Schwimmen · 31");
    // Back in the menu the page's own title stays.
    await page.click("text=← Menü");
    // (A match still running asks first.)
    await page.click("dialog[open] [data-action=leave]");
    await page.waitForSelector(".table-screen", { state: "detached" });
    expect(await page.title()).toBe("Schwimmen · 31");
    await context.close();
  }, 60_000);
});

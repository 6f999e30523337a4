import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumAvailable, useServerAndBrowser } from "./harness.js";
import { playLocalMatch, presetSettings, quietMove, waitForMyTurn } from "./drive.js";
import { QUICK_LOCAL as FAST } from "./local-page.js";

/**
 * Card slides running in the first frame in which the table's step differs from `before`: the page's own animations,
 * not CSS transitions of hover and focus. (Counted in that very frame: a slide lasts a third of a second, and a busy
 * machine may take longer than that to ask again from outside.)
 */
async function slidesAfterMove(page: Page, before: string | null): Promise<number> {
  const found = await page.waitForFunction((previous) => {
    if (document.querySelector("main")?.dataset.step === previous) return null;
    const own = document.getAnimations().filter((a) => !(a instanceof CSSTransition) && !(a instanceof CSSAnimation));
    return { slides: own.length };
  }, before);
  return ((await found.jsonValue()) as { slides: number }).slides;
}

if (!chromiumAvailable())
  console.warn("browser tests skipped: /usr/bin/chromium is missing (run scripts/ensure-chromium.sh)");

describe.skipIf(!chromiumAvailable())("a match against the computer in the browser", () => {
  const env = useServerAndBrowser();

  it("plays a whole match to its end by mouse, without asking the server during play", async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await presetSettings(page, FAST);
    await page.goto(`${env.server.url}/`);
    await page.click("[data-action=start-local]");
    await page.waitForSelector(".hand button.card");
    // From here on the game runs in the page: note every request to the server.
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));

    // A click on a card shows its selection in the very next frame (the table answers within one frame).
    await waitForMyTurn(page, "local");
    const frame = await page.evaluate(async () => {
      const card = document.querySelector<HTMLButtonElement>(".hand button.card:not([aria-disabled])");
      if (!card) return null;
      const start = performance.now();
      card.click();
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const selected = document.querySelector(".hand .card--selected") !== null;
      const ms = performance.now() - start;
      document.querySelector<HTMLButtonElement>(".hand .card--selected")?.click();
      return { selected, ms };
    });
    if (frame) {
      expect(frame.selected).toBe(true);
      console.info(`click to drawn selection: ${frame.ms.toFixed(1)} ms (next animation frame)`);
    }

    // The hint names a move and why, from this seat's view.
    await page.click("[data-action=hint]");
    await page.waitForFunction(
      () => /^(Hint|Suggestion): ./.test(document.querySelector(".hint-line")?.textContent ?? ""),
      undefined,
      {
        timeout: 15_000,
      },
    );
    // A hand card dragged onto a middle card swaps the two.
    const dragged = await page.getAttribute(".hand button.card >> nth=0", "data-card");
    const step = await page.getAttribute("main", "data-step");
    await page.dragAndDrop(".hand button.card >> nth=0", ".middle button.card >> nth=0");
    // The swapped cards slide to their new places.
    expect(await slidesAfterMove(page, step)).toBeGreaterThan(0);
    expect(await page.locator(`.hand [data-card="${dragged}"]`).count()).toBe(0);

    const log = await playLocalMatch(page, "mouse");
    const title = await page.textContent("#result-title");
    expect(title).toMatch(/wins? the match|draw/);
    expect(log.rounds).toBeGreaterThan(0);
    expect(log.swaps).toBeGreaterThan(0);
    expect(requests.filter((url) => url.startsWith(env.server.url) && !url.includes("/assets/"))).toEqual([]);
    expect(errors).toEqual([]);
    // The rematch starts a new match at once.
    await page.click("[data-action=rematch]");
    // (The new match's first round may end at once when a bot at instant speed swaps to 31, so its round result can
    // already be up; the match's own end cannot.)
    await page.waitForSelector("[data-action=rematch]", { state: "detached" });
    await context.close();
  }, 300_000);

  it("keeps playing offline once loaded, and nothing slides under reduced motion", async () => {
    const context = await env.browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await presetSettings(page, FAST);
    await page.goto(`${env.server.url}/`);
    await page.waitForFunction(
      () => navigator.serviceWorker.getRegistration().then((r) => r !== undefined),
      undefined,
      {
        timeout: 20_000,
      },
    );
    // Visit the table once while online, so its files are kept; then cut the network and reload.
    await page.goto(`${env.server.url}/#/play`);
    await page.waitForSelector(".hand button.card");
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    await context.setOffline(true);
    await page.reload();
    await waitForMyTurn(page, "offline");
    const step = await page.getAttribute("main", "data-step");
    await page.locator(".hand button.card").first().click();
    await page.locator(".middle button.card").first().click();
    expect(await slidesAfterMove(page, step)).toBe(0);
    await context.close();
  }, 120_000);

  it("plays a whole match by keyboard only", async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await presetSettings(page, { ...FAST, seats: 2, levels: ["greedy"] });
    await page.goto(`${env.server.url}/`);
    await page.waitForSelector("[data-action=start-local]");
    // Tab through the start page to the start button, then Enter.
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      if (await page.evaluate(() => document.activeElement?.getAttribute("data-action") === "start-local")) break;
    }
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-action"))).toBe("start-local");
    await page.keyboard.press("Enter");
    await page.waitForSelector(".hand button.card");
    const log = await playLocalMatch(page, "keyboard");
    expect(await page.textContent("#result-title")).toMatch(/wins? the match|draw/);
    expect(log.swaps).toBeGreaterThan(0);
    // Every card on the table has a name for screen readers.
    const unnamed = await page.$$eval(
      "button.card",
      (cards) => cards.filter((c) => !c.getAttribute("aria-label")).length,
    );
    expect(unnamed).toBe(0);
    await context.close();
  }, 300_000);

  it("by keyboard, a focused card looks unlike a picked one, and a round's result keeps the focus off the middle", async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await presetSettings(page, { ...FAST, seats: 2, levels: ["greedy"] });
    await page.goto(`${env.server.url}/#/play`);
    await waitForMyTurn(page, "focus-look");
    await page.keyboard.press("1");
    await page.waitForSelector(".hand button.card.card--selected");
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press("Tab");
      if (await page.evaluate(() => document.activeElement?.matches(".middle button.card") ?? false)) break;
    }
    const look = await page.evaluate(() => {
      const style = (el: Element | null) => (el ? getComputedStyle(el) : null);
      const focused = style(document.activeElement);
      const picked = style(document.querySelector(".hand button.card.card--selected"));
      return {
        focusedIsMiddle: document.activeElement?.matches(".middle button.card") ?? false,
        focused: `${focused?.outlineStyle} ${focused?.outlineColor}`,
        picked: `${picked?.outlineStyle} ${picked?.filter === "none" ? "no glow" : "glow"}`,
      };
    });
    expect(look.focusedIsMiddle).toBe(true);
    expect(look.focused).toBe("dashed rgb(255, 255, 255)");
    expect(look.picked).toBe("none glow");
    await page.keyboard.press("Escape");
    // On to a round's result (knocking when offered): Tab from its buttons never reaches the middle under it.
    for (
      let move = 0;
      move < 40 && !(await page.isVisible("[data-action=next-round], [data-action=rematch]"));
      move++
    ) {
      await page.waitForSelector("[data-action=next-round], [data-action=rematch], .turn-line strong");
      if (await page.isVisible("[data-action=next-round], [data-action=rematch]")) break;
      if (await page.isVisible("[data-action=knock]")) await page.keyboard.press("k");
      else await quietMove(page);
    }
    expect(await page.getAttribute(".table > .felt", "inert")).not.toBeNull();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.closest(".felt, .hand") === null)).toBe(true);
    }
    await context.close();
  }, 120_000);
});

/**
 * Dragging a card with reduced motion asked for: the page then gives every property a tiny transition, which once
 * kept the dragged card's pictures visible under the pointer, so that the drop found the card itself and nothing
 * happened. Both drags are checked on a phone: a swap onto the middle, and a hand card onto the hidden deal's packet.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumAvailable, screenshotPath, useServerAndBrowser } from "./harness.js";
import { presetSettings, quietMove, waitForMyTurn } from "./drive.js";

const settings = (rules: Record<string, unknown>) => ({
  lang: "en",
  faces: "french",
  speed: "instant",
  name: "Mara",
  seats: 3,
  levels: ["greedy", "greedy"],
  rules: { lives: 5, ...rules },
});

const step = (page: Page) => page.evaluate(() => document.querySelector("main")?.dataset.step ?? "");

/** Drags the first hand card onto the first card of `row` with the mouse; true when the table shows a move. */
async function dragOnto(page: Page, row: string): Promise<boolean> {
  const before = await step(page);
  const from = (await page.locator(".hand button.card").first().boundingBox())!;
  const to = (await page.locator(`${row} button.card`).first().boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  await page.mouse.up();
  return page
    .waitForFunction((b) => document.querySelector("main")?.dataset.step !== b, before, { timeout: 15_000 })
    .then(
      () => true,
      () => false,
    );
}

if (!chromiumAvailable()) console.warn("browser tests skipped: /usr/bin/chromium is missing");

describe.skipIf(!chromiumAvailable())("dragging cards with reduced motion", () => {
  const env = useServerAndBrowser();

  for (const [name, rules, row] of [
    ["a swap onto the middle", {}, ".middle"],
    ["a hand card onto the packet", { deal: "hidden" }, ".packet"],
  ] as const) {
    it(
      name,
      async () => {
        const context = await env.browser.newContext({
          viewport: { width: 360, height: 740 },
          reducedMotion: "reduce",
        });
        const page = await context.newPage();
        await presetSettings(page, settings(rules));
        await page.goto(`${env.server.url}/#/play`);
        // The dealer's first turn may offer no swap: a quiet move then, until a drag is legal.
        for (let tries = 0; ; tries++) {
          await waitForMyTurn(page, `drag-reduced-${row.slice(1)}`);
          if ((await page.locator(`${row} button.card:not([aria-disabled])`).count()) > 0) break;
          expect(tries).toBeLessThan(10);
          await quietMove(page);
        }
        const moved = await dragOnto(page, row);
        if (!moved) await page.screenshot({ path: screenshotPath(`failed-drag-reduced-${row.slice(1)}`) });
        expect(moved).toBe(true);
        await context.close();
      },
      60_000,
    );
  }
});

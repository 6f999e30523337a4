import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumAvailable, screenshotPath, useServerAndBrowser } from "./harness.js";
import { playLocalMatch } from "./drive.js";
import { QUICK_LOCAL, freshPage } from "./local-page.js";
import { createTable, newPlayer, playToTheEnd } from "./online-drive.js";

/** What identifies the replay shown: its number of steps and the texts of its first and last step. */
async function replayShown(page: Page): Promise<string[]> {
  await page.waitForSelector("[data-action=replay-next]", { timeout: 15_000 });
  const steps = (await page.textContent("[role=status][data-step]")) ?? "";
  const first = (await page.textContent(".status-line")) ?? "";
  await page.keyboard.press("End");
  const last = (await page.textContent(".replay-stage")) ?? "";
  await page.keyboard.press("Home");
  return [steps, first, last];
}

/** Opens the replay from the result screen, then reloads it: the same match shows, its address names it. */
async function replayThenReload(page: Page): Promise<{ before: string[]; after: string[] }> {
  await page.click("text=Watch the replay");
  const before = await replayShown(page);
  await page.reload();
  const after = await replayShown(page);
  return { before, after };
}

describe.skipIf(!chromiumAvailable())("the replay link on the result screen", () => {
  const env = useServerAndBrowser();

  it("a match against the computer: its record is kept on the device and a reload shows it again", async () => {
    const { page, errors, close } = await freshPage(env.browser, env.server.url, {
      ...QUICK_LOCAL,
      rules: { lives: 1, swimming: "off" },
    });
    await page.click("[data-action=start-local]");
    await playLocalMatch(page, "mouse");
    const { before, after } = await replayThenReload(page);
    expect(page.url()).toMatch(/#\/replay\?kept=[0-9a-z]+$/);
    expect(before[0]).toMatch(/^Step 1 of \d+$/);
    expect(after).toEqual(before);
    expect(after[2]).toMatch(/wins? the match|draw/);
    // Opened in another tab of this device (the link), the match is there as well.
    const other = await page.context().newPage();
    await other.goto(page.url());
    expect(await replayShown(other)).toEqual(before);
    await other.close();
    // A key this device does not have says so instead of showing an empty form; reached from the replay shown, with
    // no reload in between (the address alone changes), and Back shows the match again.
    const shown = page.url();
    await page.evaluate(() => (location.hash = "#/replay?kept=zzz"));
    await page.waitForSelector("[role=alert][data-problem=replayGone]", { timeout: 10_000 });
    expect(await page.textContent("[role=alert]")).toContain("no longer kept on this device");
    await page.screenshot({ path: screenshotPath("replay-kept-gone-1280x800") });
    await page.goBack();
    expect(page.url()).toBe(shown);
    expect(await replayShown(page)).toEqual(before);
    expect(errors).toEqual([]);
    await close();
  }, 180_000);

  it("an online match: the address carries the table's code and match, so a reload shows the same match", async () => {
    const host = await newPlayer(env.browser, "Anna");
    const guest = await newPlayer(env.browser, "Ben");
    const code = await createTable(host.page, env.server.url, 2);
    await guest.page.goto(`${env.server.url}/t/${code}`);
    await guest.page.waitForSelector(".seats--me [data-seat]", { timeout: 15_000 });
    await host.page.waitForFunction(() => document.body.textContent?.includes("Ben"), undefined, { timeout: 10_000 });
    await host.page.click("[data-action=start-match]");
    await playToTheEnd(host.page, [host.page, guest.page]);
    await guest.page.waitForSelector("text=Watch the replay", { timeout: 15_000 });

    const { before, after } = await replayThenReload(guest.page);
    expect(guest.page.url()).toContain(`#/replay?code=${code}&match=1`);
    expect(before[0]).toMatch(/^Step 1 of \d+$/);
    expect(after).toEqual(before);
    // Shared: someone else's browser opens the same match from the address.
    const other = await newPlayer(env.browser, "Cleo");
    await other.page.goto(guest.page.url());
    expect(await replayShown(other.page)).toEqual(before);
    await other.context.close();
    await host.context.close();
    await guest.context.close();
  }, 240_000);
});

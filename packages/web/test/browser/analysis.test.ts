import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { playLocalMatch, waitForMyTurn } from "./drive.js";
import { chromiumAvailable, screenshotPath, useServerAndBrowser } from "./harness.js";
import { QUICK_LOCAL, freshPage } from "./local-page.js";

/** A short match: two lives at a table of three. */
const FAST = { ...QUICK_LOCAL, rules: { lives: 2 } };

const progress = (page: Page) => page.textContent(".analysis__progress");

/** Shots of the page at both sizes, the given element in view. */
async function shoot(page: Page, name: string, selector: string) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.locator(selector).scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath(`${name}-1280x800`) });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.locator(selector).scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath(`${name}-360x740`) });
  await page.setViewportSize({ width: 1280, height: 800 });
}

const stageCaption = async (page: Page) => (await page.textContent(".replay-stage .status-line")) ?? "";

describe.skipIf(!chromiumAvailable())("analysis and coach", () => {
  const env = useServerAndBrowser();

  it("coaches on a turn, then analyses the finished match's replay: progress, stop, go on, chart, better move", async () => {
    const { page, errors, close } = await freshPage(env.browser, env.server.url, FAST);
    await page.click("[data-action=start-local]");
    await waitForMyTurn(page, "analysis-coach");

    // The coach: a hint, then on request every move with its estimates in plain words.
    expect(await page.locator("[data-action=coach-details]").count()).toBe(0);
    await page.click("[data-action=hint]");
    await page.locator("[data-action=coach-details]").click();
    const options = page.locator("[data-coach-option]");
    await options.first().waitFor({ timeout: 30_000 });
    const legal = await page.locator(".actions button[data-action=knock], .hand button.card").count();
    expect(legal).toBeGreaterThan(0);
    const lines = await options.allTextContents();
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line).toMatch(/^.+: \d+% risk of losing a life · \d+% chance to win the match$/);
    await shoot(page, "analysis-coach", ".coach-panel");
    // Only the best few at first; all of them on request.
    if (lines.length === 5 && (await page.isVisible("[data-action=coach-all]"))) {
      await page.click("[data-action=coach-all]");
      expect(await options.count()).toBeGreaterThan(5);
    }
    // The marks after your moves are off by default; switched on here, they are remembered.
    const marks = page.locator("input[name=coach-marks]");
    expect(await marks.isChecked()).toBe(false);
    await marks.check();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("schwimmen.settings") ?? "{}"));
    expect(stored.coachMarks).toBe(true);
    await page.click("[data-action=coach-close]");
    expect(await options.count()).toBe(0);
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { marks: string[] }).marks = seen;
      new MutationObserver(() => {
        for (const el of document.querySelectorAll("[data-move-mark]")) {
          const text = `${el.getAttribute("data-move-mark")}|${el.textContent}`;
          if (seen.at(-1) !== text) seen.push(text);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    // Knocking blindly at once is nearly always a slip: a picture of the mark when it comes. The mark stays only for
    // its round, and the driver below deals on at once: so blind moves are made here until one is marked (knocking
    // may not be offered, or the hand may be good enough for it), a few turns at most.
    const marked = () => page.evaluate(() => (window as unknown as { marks: string[] }).marks.length > 0);
    for (let turn = 0; turn < 4 && !(await marked()); turn++) {
      if (turn > 0) await waitForMyTurn(page, "analysis-coach");
      if (await page.isVisible("[data-action=knock]")) await page.click("[data-action=knock]");
      else {
        await page.locator(".hand button.card").first().click();
        await page.locator(".middle button.card").first().click();
      }
      const shown = await page
        .locator("[data-move-mark]")
        .waitFor({ timeout: 10_000 })
        .then(() => true)
        .catch(() => false);
      if (shown) await shoot(page, "analysis-mark", "[data-move-mark]");
    }

    // The match to its end, then its replay.
    await playLocalMatch(page, "mouse");
    // The blind knocking of this driver costs lives: the coach marked some moves, each with a better one.
    const seen = await page.evaluate(() => (window as unknown as { marks: string[] }).marks);
    expect(seen.length).toBeGreaterThan(0);
    for (const mark of seen)
      expect(mark).toMatch(/^(inaccuracy|mistake|blunder)\|.+ · Better: .+ \(loses [\d.]+ percentage points?\)$/);
    await page.click("text=Watch the replay");
    await page.waitForSelector("[data-action=replay-next]");
    // The player's own seat is chosen already.
    expect(await page.locator("select[name=analysis-seat] option:checked").textContent()).toBe("Tester");

    await page.click("[data-action=analysis-start]");
    // "Stop" is pressed in the very frame that shows the run's progress: a short match is analysed in well under a
    // second, sooner than a click from outside may come on a busy machine (then there would be nothing to stop).
    await page.waitForFunction(
      () => {
        if (!/^Move \d+ of \d+$/.test(document.querySelector(".analysis__progress")?.textContent ?? "")) return false;
        document.querySelector<HTMLButtonElement>("[data-action=analysis-stop]")!.click();
        return true;
      },
      undefined,
      { timeout: 30_000 },
    );
    expect(await progress(page)).toMatch(/^Stopped after \d+ of \d+ moves$/);
    const stoppedAt = Number(/after (\d+)/.exec((await progress(page)) ?? "")?.[1]);
    // Nothing more comes in while stopped.
    await page.waitForTimeout(700);
    expect(await progress(page)).toBe(
      `Stopped after ${stoppedAt} of ${/of (\d+)/.exec((await progress(page))!)![1]} moves`,
    );

    await page.click("[data-action=analysis-start]");
    await page.waitForSelector("[data-analysis=done]", { timeout: 90_000 });
    expect(await progress(page)).toBe("Analysis done");
    const total = Number((await page.getAttribute(".analysis__progress", "data-progress"))!.split("/")[1]);
    expect(total).toBeGreaterThan(0);
    const points = page.locator("[data-win-chart] [data-decision]");
    expect(await points.count()).toBe(total);
    expect(await page.textContent(".analysis__summary")).toMatch(/^Accuracy: \d+% of the \d+ moves good or best$/);
    const labels = await points.evaluateAll((els) => els.map((e) => e.getAttribute("data-label")));
    for (const label of labels) expect(["best", "good", "inaccuracy", "mistake", "blunder"]).toContain(label);
    // The list of the worst moves holds only moves marked as errors (a "✓ good" one was listed before).
    const worstMarks = await page.locator(".analysis__worst .label-mark").allTextContents();
    expect(worstMarks.length).toBeLessThanOrEqual(labels.filter((l) => l !== "best" && l !== "good").length);
    for (const mark of worstMarks) expect(mark).not.toBe("✓");

    // A decision that was not the best: the note names the better move; the cards of a swap are ringed.
    const worse = labels.findIndex((l) => l === "inaccuracy" || l === "mistake" || l === "blunder");
    const pick = worse >= 0 ? worse : 0;
    await points.nth(pick).click();
    const note = page.locator("[data-analysis-note]");
    await note.waitFor();
    expect(await note.getAttribute("data-analysis-note")).toBe(labels[pick]);
    if (worse >= 0) {
      const text = (await note.textContent()) ?? "";
      expect(text).toMatch(/Better: .+ \(loses [\d.]+ percentage points?\)/);
      // A swap rings its two cards; "swap all" rings the whole hand and the whole middle.
      const ringed = /Better: swap all/.test(text) ? 6 : /Better: swap /.test(text) ? 2 : null;
      // The cards stay on the table after the move, unless it ended the round or a new middle was laid.
      const moved = (await page.isVisible("[data-replay-result]")) || /new middle/.test(await stageCaption(page));
      const rings = await page.locator(".replay-stage .card-mark").count();
      if (ringed !== null) expect(rings).toBe(moved ? Math.min(rings, ringed) : ringed);
    }
    // The note stands at the step of the analysed seat's move: the caption tells that move, the note names its player.
    expect(await stageCaption(page)).toMatch(/^Tester /);
    expect(await note.textContent()).toMatch(/^Tester’s move: /);
    await shoot(page, "analysis-replay", "[data-analysis-note]");
    await shoot(page, "analysis-chart", ".analysis");
    // At the deal, before anyone has moved, there is no judgement; at each step with one, the move is Tester's.
    await page.keyboard.press("Home");
    expect(await stageCaption(page)).toMatch(/^Round 1: .+ deals\./);
    expect(await note.count()).toBe(0);
    const steps = Number(/of (\d+)$/.exec((await page.textContent("[role=status][data-step]")) ?? "")?.[1]);
    for (let i = 1; i < steps; i++) {
      await page.keyboard.press("ArrowRight");
      if ((await note.count()) > 0) expect(await stageCaption(page)).toMatch(/^Tester /);
    }
    expect(errors).toEqual([]);
    await close();
  }, 120_000);
});

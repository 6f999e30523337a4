import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { outcomeOf, replayRecordText } from "@schwimmen/rules";
import { TestClient, autoplay, matchOver } from "../../../server/test/helpers.js";
import { chromiumAvailable, screenshotPath, useServerAndBrowser } from "./harness.js";
import { presetSettings } from "./drive.js";

const settings = (lang: "de" | "en") => ({
  lang,
  faces: "french",
  speed: "instant",
  name: "Tester",
  seats: 3,
  levels: [],
  rules: {},
});

/** Whether match `match` of table `code` has a round that ended with a knock (read with the engine's replay). */
async function hasKnockRound(url: string, code: string, match: number): Promise<boolean> {
  const res = await fetch(`${url}/api/tables/${code}/record?match=${match}`);
  const replayed = replayRecordText(await res.text());
  if (!replayed.ok) throw new Error(`match ${match} of ${code} does not replay: ${replayed.error.code}`);
  return outcomeOf(replayed.value.state).rounds.some((r) => r.endReason === "knock");
}

/**
 * A table on the real server that has played at least two matches (rematches), all finished, one of them with a
 * round ended by a knock. Matches are random, so a short one may end every round with 31; then it plays on (at most
 * eight matches). Returns the code, how many matches there are and the first with a knock.
 */
async function tableWithRematch(url: string): Promise<{ code: string; matches: number; knockMatch: number }> {
  const host = await TestClient.open(url);
  const created = await host.request({ type: "create", name: "Zwei", playerName: "Lena", seats: 2, preset: "quick" });
  const code = (created.table as { code: string }).code;
  await host.request({ type: "start" });
  const play = autoplay(host);
  let knockMatch = 0;
  let matches = 0;
  while (matches < 2 || knockMatch === 0) {
    if (matches === 8) throw new Error(`no round of ${code} ended with a knock in eight matches`);
    if (matches > 0) await host.request({ type: "rematch" });
    matches++;
    await host.waitFor(matchOver(matches), 60_000);
    if (knockMatch === 0 && (await hasKnockRound(url, code, matches))) knockMatch = matches;
  }
  play.stop();
  await host.close();
  return { code, matches, knockMatch };
}

const fetchByCode = async (page: Page, code: string) => {
  await page.fill("input[name=replay-code]", code);
  await page.click("[data-action=replay-fetch]");
};

describe.skipIf(!chromiumAvailable())("the replay viewer", () => {
  const env = useServerAndBrowser();

  it("lets every match of a table be chosen and shows round, dealer, knocker and each round's result", async () => {
    const { code, matches, knockMatch } = await tableWithRematch(env.server.url);
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await presetSettings(page, settings("en"));
    await page.goto(`${env.server.url}/#/replay`);
    // Typed the way people do: lower case, and a long code with its dash.
    const typed = (code.length === 10 ? `${code.slice(0, 5)}-${code.slice(5)}` : code).toLowerCase();
    await fetchByCode(page, typed);
    const select = page.locator("select[name=replay-match]");
    await select.waitFor();
    const options = await select.locator("option").allTextContents();
    expect(options).toHaveLength(matches);
    expect(options[0]).toMatch(/^Match 1: (Lena won|Bot 2 won|draw), /);
    expect(options[1]).toMatch(/^Match 2: /);
    expect(await select.inputValue()).toBe(String(matches));

    // Each match shows its own record.
    const firstStep = () => page.textContent(".status-line");
    await page.waitForSelector("[data-replay-info]");
    const second = await page.$$eval(".replay-rounds li", (items) => items.map((i) => i.textContent));
    await select.selectOption("1");
    // Two short matches may end with the same list of rounds, so a list that stays the same is no failure.
    await page
      .waitForFunction(
        (before) =>
          JSON.stringify([...document.querySelectorAll(".replay-rounds li")].map((i) => i.textContent)) !== before,
        JSON.stringify(second),
        { timeout: 15_000 },
      )
      .catch(() => undefined);
    const first = await page.$$eval(".replay-rounds li", (items) => items.map((i) => i.textContent));
    expect(await select.inputValue()).toBe("1");
    expect(await firstStep()).toMatch(/^Round 1: (Lena|Bot 2) deals\./);

    // Where the replay stands: the round and its dealer; each round listed with how it ended.
    expect(await page.textContent("[data-replay-info]")).toMatch(/^Round 1Dealer: (Lena|Bot 2)/);
    for (const line of first)
      expect(line).toMatch(/^Round \d+Dealer: (Lena|Bot 2) · .+ · (lost a life: .+|nobody lost a life)$/);
    // A round that ended with a knock names the knocker in the list, at its steps and in its result.
    let rounds = first;
    if (knockMatch !== 1) {
      await select.selectOption(String(knockMatch));
      await page.waitForFunction(
        (before) =>
          JSON.stringify([...document.querySelectorAll(".replay-rounds li")].map((i) => i.textContent)) !== before,
        JSON.stringify(first),
        { timeout: 15_000 },
      );
      rounds = await page.$$eval(".replay-rounds li", (items) => items.map((i) => i.textContent));
    }
    const knocked = rounds.findIndex((line) => / · (Lena|Bot 2) knocked · /.test(line ?? ""));
    expect(knocked, rounds.join("\n")).toBeGreaterThanOrEqual(0);
    await page.click(`.replay-rounds li[data-round="${knocked}"] button`);
    expect(await page.textContent("[data-replay-info]")).toContain(`Round ${knocked + 1}`);
    // Step on to the round's end: the knocker shows, then the round's result with every hand.
    for (let i = 0; i < 200 && !(await page.isVisible("[data-replay-result]")); i++)
      await page.keyboard.press("ArrowRight");
    expect(await page.textContent("[data-replay-info]")).toMatch(/(Lena|Bot 2) knocked/);
    expect(await page.textContent("[data-replay-result] .result__title")).toMatch(
      new RegExp(`^Round ${knocked + 1} is over: (Lena|Bot 2) knocked$`),
    );
    expect(await page.locator("[data-replay-result] thead th[scope=col]").count()).toBe(5);
    await page.screenshot({ path: screenshotPath("replay-viewer-1280x800"), fullPage: false });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.locator("[data-replay-info]").scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath("replay-viewer-360x740") });

    // A link with the code fetches at once.
    await page.goto(`${env.server.url}/#/replay?code=${encodeURIComponent(typed)}`);
    await page.reload();
    await page.waitForSelector("select[name=replay-match]");
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it("says in the player's language when there is no such table, or the code cannot be one", async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await presetSettings(page, settings("de"));
    await page.goto(`${env.server.url}/#/replay`);
    await fetchByCode(page, "zzzzz-zzzzz");
    await page.waitForSelector("[data-problem]");
    const text = (await page.textContent("[data-problem]")) ?? "";
    expect(text).toMatch(/^Diesen Tisch gibt es nicht\./);
    expect(text).not.toMatch(/404|TABLE_NOT_FOUND/);
    await fetchByCode(page, "ZZZZZZ");
    await page.waitForFunction(() => document.querySelector("[data-problem]")?.textContent?.startsWith("Diesen"));
    await fetchByCode(page, "12");
    await page.waitForSelector("[data-problem=replayBadCode]");
    expect(await page.textContent("[data-problem]")).toMatch(/^Ein Tisch-Code hat 10 Zeichen/);

    // A pasted text that is no record, and a record with a card twice, are told in German (the engine's own English
    // words only follow in small print).
    const pasted = async (record: string) => {
      await page.fill("textarea[name=record]", record);
      await page.click("[data-action=replay-show]");
      await page.waitForSelector("[data-bad-record]");
      return (await page.textContent("[data-bad-record]")) ?? "";
    };
    expect(await pasted("hallo")).toMatch(/^Das ist keine Partie von Schwimmen, oder die Datei ist beschädigt\. \(/);
    const doubled = {
      rules: {},
      players: ["A", "B"],
      dealer: 0,
      rounds: [
        {
          deal: {
            hands: [
              ["As", "Ks", "Qs"],
              ["As", "9h", "8h"],
            ],
            middle: ["7c", "8c", "9c"],
            stock: [],
          },
        },
      ],
    };
    expect(await pasted(JSON.stringify(doubled))).toMatch(
      /^Die Karten dieser Partie passen nicht zu einem Blatt \(Runde 1\)\. \(/,
    );
    await context.close();
  }, 60_000);
});

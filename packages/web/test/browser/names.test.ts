import { describe, expect, it } from "vitest";
import { chromiumAvailable, screenshotPath, useServerAndBrowser } from "./harness.js";
import { createTable, newPlayer } from "./online-drive.js";

const seatNames = (page: import("playwright-core").Page) => page.locator(".seats .seat__name").allTextContents();

describe.skipIf(!chromiumAvailable())("the player's name", () => {
  const env = useServerAndBrowser();

  it("is asked for on the first visit, checked, remembered after a reload and used at a local table", async () => {
    const { context, page } = await newPlayer(env.browser, null, { lang: "de", width: 360, height: 740 });
    await page.goto(`${env.server.url}/`);
    const question = page.locator(".panel--welcome");
    await question.waitFor({ timeout: 10_000 });
    expect(await question.textContent()).toContain("Wie heißt du?");
    await page.screenshot({ path: screenshotPath("name-question-360x740") });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: screenshotPath("name-question-1280x800") });
    await page.setViewportSize({ width: 360, height: 740 });

    // Blank, invisible and too long are refused right at the field, tied to it for screen readers.
    const field = question.locator("input[name=name]");
    for (const [typed, words] of [
      ["   ", "mindestens einen Buchstaben"],
      ["\u3164", "unsichtbare"],
      ["Annabella Maria Theresia Huber", "Höchstens 24 Zeichen"],
    ] as const) {
      await field.fill(typed);
      await question.locator("[data-action=save-name]").click();
      const problem = question.locator("[data-problem]");
      expect(await problem.textContent()).toContain(words);
      expect(await field.getAttribute("aria-invalid")).toBe("true");
      expect(await field.getAttribute("aria-describedby")).toBe(await problem.getAttribute("id"));
    }
    await field.fill("  Lena   Maier ");
    await question.locator("[data-action=save-name]").click();
    await question.locator("[role=status]").waitFor();
    expect(await field.inputValue()).toBe("Lena Maier");

    await page.reload();
    await page.waitForSelector(".panel--online");
    expect(await page.locator(".panel--welcome").count()).toBe(0);
    // Still changeable on the start page.
    expect(await page.inputValue(".panel--online input[name=name]")).toBe("Lena Maier");
    await page.click("[data-action=start-local]");
    await page.waitForSelector(".seats--me .seat__name", { timeout: 15_000 });
    expect(await page.textContent(".seats--me .seat__name")).toContain("Lena Maier");
    await context.close();
  }, 120_000);

  it("host and friend by invite link sit under their own names; the same name twice is told apart", async () => {
    const host = await newPlayer(env.browser, "Anna", { lang: "de" });
    const code = await createTable(host.page, env.server.url, 3);

    // A friend on a first visit follows the link (written in lower case, with the dash) and is asked for a name.
    const friend = await newPlayer(env.browser, null, { lang: "de", width: 360, height: 740 });
    await friend.page.goto(`${env.server.url}/t/${code.slice(0, 5).toLowerCase()}-${code.slice(5).toLowerCase()}`);
    await friend.page.waitForSelector("[data-online-page=name]", { timeout: 15_000 });
    expect(await friend.page.textContent("main")).toContain("Anna lädt dich an Tisch");
    await friend.page.screenshot({ path: screenshotPath("name-invite-360x740") });
    await friend.page.fill("input[name=name]", "Ben");
    await friend.page.click("[data-action=save-name]");
    await friend.page.waitForSelector(".seats--me [data-seat]", { timeout: 15_000 });
    expect(await friend.page.textContent(".seats--me .seat__name")).toContain("Ben");
    await host.page.waitForFunction(() => document.querySelector(".seats")?.textContent?.includes("Ben"), undefined, {
      timeout: 10_000,
    });
    expect((await seatNames(host.page)).join("|")).toMatch(/Anna.*\|.*Ben|Ben.*\|.*Anna/);

    // A second Anna gets a mark that tells the two apart, and is told why.
    const twin = await newPlayer(env.browser, "Anna", { lang: "de" });
    await twin.page.goto(`${env.server.url}/t/${code}`);
    await twin.page.waitForSelector("[data-renamed]", { timeout: 15_000 });
    const mine = await twin.page.textContent(".seats--me .seat__name");
    expect(mine).toMatch(/^Anna \(2\)/);
    expect(await twin.page.textContent("[data-renamed]")).toContain("„Anna (2)“");
    for (const context of [host.context, friend.context, twin.context]) await context.close();
  }, 120_000);

  it("a name the server refuses (INVALID_NAME) is explained in the player's language and can be fixed", async () => {
    const host = await newPlayer(env.browser, "Tom", { lang: "en" });
    const code = await createTable(host.page, env.server.url, 2);
    // Names like a computer player's are refused by the server, not by the page.
    const guest = await newPlayer(env.browser, "Bot 2", { lang: "de" });
    await guest.page.goto(`${env.server.url}/t/${code}`);
    await guest.page.waitForSelector("[data-online-page=name] [data-problem]", { timeout: 15_000 });
    const problem = await guest.page.textContent("[data-problem]");
    expect(problem).toContain("Computerspieler");
    expect(problem).not.toMatch(/INVALID_NAME|BAD_MESSAGE|botName/);
    expect(await guest.page.getAttribute("input[name=name]", "aria-invalid")).toBe("true");
    await guest.page.screenshot({ path: screenshotPath("name-refused-1280x800") });
    await guest.page.fill("input[name=name]", "Bodo");
    await guest.page.click("[data-action=save-name]");
    await guest.page.waitForSelector(".seats--me [data-seat]", { timeout: 15_000 });
    expect(await guest.page.textContent(".seats--me .seat__name")).toContain("Bodo");
    await host.context.close();
    await guest.context.close();
  }, 120_000);
});

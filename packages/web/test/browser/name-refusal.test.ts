/**
 * Refused names in the name form: the page checks by the server's rules (names.ts), so a name the server would refuse
 * (INVALID_NAME) is explained before anything is sent; NAME_TAKEN (an account holds it) only the server can tell.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumAvailable, useServerAndBrowser } from "./harness.js";
import { newPlayer } from "./online-drive.js";
import { authenticator, me } from "./passkey-drive.js";

const storedName = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem("schwimmen.settings") ?? "{}") as { name?: string }).name);

/** Types a name into the start page's name form and saves it; returns the form's problem line once it shows. */
async function rename(page: Page, name: string, panel = ".panel--online"): Promise<string> {
  const form = page.locator(`${panel} [data-form=name]`);
  await form.locator("input[name=name]").fill(name);
  await form.locator("[data-action=save-name]").click();
  const problem = form.locator("[data-problem]");
  await problem.waitFor({ timeout: 10_000 });
  expect(await form.locator("input[name=name]").getAttribute("aria-invalid")).toBe("true");
  return (await problem.textContent()) ?? "";
}

describe.skipIf(!chromiumAvailable())("refused names", () => {
  const env = useServerAndBrowser();

  it("a guest's refused name shows the reason in German and the old name stays", async () => {
    const { context, page } = await newPlayer(env.browser, "Anna", { lang: "de" });
    await page.goto(`${env.server.url}/#/account`);
    await page.waitForSelector("main[data-account=guest]", { timeout: 15_000 });
    await page.goto(`${env.server.url}/#/`);
    // The server keeps such names for its bots, and the page knows it: nothing is sent, so nothing comes back a 400.
    const refusedRequests: string[] = [];
    page.on("response", (response) => {
      if (response.status() >= 400) refusedRequests.push(`${response.status()} ${response.url()}`);
    });
    expect(await rename(page, "Bot 7")).toBe("Namen wie „Bot 2“ sind für die Computerspieler reserviert.");
    expect(await rename(page, "Anna 🙂")).toBe(
      "Erlaubt sind Buchstaben, Ziffern, Leerzeichen und ' - . , & _ ! ? (keine Klammern, keine Emojis).",
    );
    expect(refusedRequests).toEqual([]);
    await page.waitForFunction(
      () => (JSON.parse(localStorage.getItem("schwimmen.settings") ?? "{}") as { name?: string }).name === "Anna",
    );
    expect((await me(page)).name).toBe("Anna");
    await page.reload();
    expect(await page.inputValue(".panel--online input[name=name]")).toBe("Anna");
    await context.close();
  }, 60_000);

  it("a first name the server refuses is explained in the welcome form and not kept", async () => {
    const { context, page } = await newPlayer(env.browser, null, { lang: "en" });
    await page.goto(`${env.server.url}/`);
    await page.waitForSelector(".panel--welcome", { timeout: 10_000 });
    expect(await rename(page, "Воb", ".panel--welcome")).toBe(
      "Please use one alphabet: Latin, Cyrillic and Greek letters look too much alike.",
    );
    await page.waitForFunction(() => localStorage.getItem("schwimmen.name-chosen") === null);
    expect(await storedName(page)).not.toBe("Воb");
    expect(await me(page)).toBeNull();
    await context.close();
  }, 60_000);

  it("an account cannot take another account's name: the reason shows, the old name stays", async () => {
    const url = env.server.url.replace("127.0.0.1", "localhost");
    const keep = async (name: string) => {
      const player = await newPlayer(env.browser, name, { lang: "de" });
      await authenticator(player.context, player.page);
      await player.page.goto(`${url}/#/account`);
      await player.page.waitForSelector("main[data-account=guest]", { timeout: 15_000 });
      await player.page.click("[data-action=keep-account]");
      await player.page.waitForSelector("main[data-account=account]", { timeout: 15_000 });
      return player;
    };
    const lena = await keep("Lena");
    const max = await keep("Max");
    await max.page.goto(`${url}/#/`);
    expect(await rename(max.page, "LENA")).toBe(
      "Dieser Name gehört zu einem Konto. Ist es deins? Melde dich mit deinem Passkey an – oder such dir einen anderen Namen aus. Nicht gespeichert: Du heißt weiter „Max“.",
    );
    await max.page.waitForFunction(
      () => (JSON.parse(localStorage.getItem("schwimmen.settings") ?? "{}") as { name?: string }).name === "Max",
    );
    expect(await me(max.page)).toMatchObject({ name: "Max", kind: "account" });
    // A free name is taken as before.
    await max.page.fill(".panel--online input[name=name]", "Maximilian");
    await max.page.click(".panel--online [data-action=save-name]");
    await max.page.waitForSelector(".panel--online .name-form__saved", { timeout: 10_000 });
    await max.page.waitForFunction(async () => {
      const answer = (await (await fetch("/api/me")).json()) as { player: { name: string } };
      return answer.player.name === "Maximilian";
    });
    expect(await storedName(max.page)).toBe("Maximilian");
    for (const player of [lena, max]) await player.context.close();
  }, 60_000);
});

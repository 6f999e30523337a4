import { describe, expect, it } from "vitest";
import { chromiumAvailable, screenshotPath, useServerAndBrowser } from "./harness.js";
import { waitForMyTurn } from "./drive.js";
import { createTable, newPlayer } from "./online-drive.js";

/** What a page's chat list shows, line by line ("name: text"). */
const shown = (page: import("playwright-core").Page) =>
  page.$$eval("[data-chat-line]", (lines) =>
    lines.map(
      (l) => `${l.querySelector("[data-chat-name]")?.textContent}: ${l.querySelector("[data-chat-text]")?.textContent}`,
    ),
  );

describe.skipIf(!chromiumAvailable())("table talk", () => {
  const env = useServerAndBrowser();

  it("two people chat both ways, phrases in each one's language, markup stays text, the limit, muting, removing", async () => {
    const host = await newPlayer(env.browser, "Anna", { lang: "de" });
    const code = await createTable(host.page, env.server.url, 3);
    const guest = await newPlayer(env.browser, "Ben", { lang: "en", width: 360, height: 740 });
    await guest.page.goto(`${env.server.url}/t/${code}`);
    await guest.page.waitForSelector("[data-waiting=guest]", { timeout: 15_000 });

    // The host writes; the guest's closed chat counts it as unread.
    await host.page.click("[data-action=chat-toggle]");
    await host.page.fill("[data-chat-input]", "Servus Ben!");
    await host.page.click("[data-action=chat-send]");
    await host.page.waitForSelector("[data-chat-line]:has-text('Servus Ben!')");
    await guest.page.waitForSelector("[data-unread='1']", { timeout: 10_000 });
    await guest.page.click("[data-action=chat-toggle]");
    await guest.page.waitForSelector("[data-chat-line]:has-text('Servus Ben!')");
    expect(await guest.page.locator("[data-unread]").count()).toBe(0);

    // A quick phrase: each reader sees it in their own language.
    await guest.page.click("[data-phrase=wellPlayed]");
    await guest.page.waitForSelector("[data-chat-line]:has-text('Well played!')");
    await host.page.waitForSelector("[data-chat-line]:has-text('Gut gespielt!')");

    // Markup is shown as the characters typed, never as elements.
    const markup = `<b>fett</b> <img src=x onerror="window.chatPwned=1">`;
    await guest.page.fill("[data-chat-input]", markup);
    await guest.page.press("[data-chat-input]", "Enter");
    await host.page.waitForSelector("[data-chat-line]:has-text('<b>fett</b>')");
    expect(await shown(host.page)).toContain(`Ben: ${markup}`);
    expect(await host.page.locator(".chat__lines b, .chat__lines img").count()).toBe(0);
    expect(await host.page.evaluate(() => (window as { chatPwned?: number }).chatPwned)).toBeUndefined();

    // The limit: 200 characters (an emoji counts one); beyond, the count says so and nothing can be sent.
    await host.page.fill("[data-chat-input]", "x".repeat(201));
    await host.page.waitForSelector("[data-chat-count='201'].chat__count--over");
    expect(await host.page.textContent("[data-chat-count]")).toContain("201 von 200 Zeichen");
    expect(await host.page.isDisabled("[data-action=chat-send]")).toBe(true);
    const longest = `${"🂡".repeat(10)}${"y".repeat(190)}`;
    await host.page.fill("[data-chat-input]", longest);
    await host.page.waitForSelector("[data-chat-count='200']:not(.chat__count--over)");
    await host.page.click("[data-action=chat-send]");
    await guest.page.waitForFunction((text) => document.body.textContent?.includes(text), longest, {
      timeout: 10_000,
    });
    expect(await host.page.inputValue("[data-chat-input]")).toBe("");
    await guest.page.screenshot({ path: screenshotPath("chat-open-360x740") });

    // Muting hides the person's lines on this page only, and says so.
    await host.page.click("[data-person='1'] [data-action=chat-mute]");
    await host.page.waitForSelector("[data-person='1'] [data-muted-label]:has-text('stummgeschaltet')");
    expect((await shown(host.page)).some((l) => l.startsWith("Ben:"))).toBe(false);
    await guest.page.fill("[data-chat-input]", "Hallo? Hört mich wer?");
    await guest.page.click("[data-action=chat-send]");
    await guest.page.waitForSelector("[data-chat-line]:has-text('Hört mich wer')");
    await host.page.fill("[data-chat-input]", "Noch da?");
    await host.page.click("[data-action=chat-send]");
    await guest.page.waitForSelector("[data-chat-line]:has-text('Noch da?')");
    await host.page.waitForSelector("[data-chat-line]:has-text('Noch da?')");
    expect((await shown(host.page)).some((l) => l.includes("Hört mich wer"))).toBe(false);
    await host.page.click("[data-person='1'] [data-action=chat-unmute]");
    await host.page.waitForSelector("[data-chat-line]:has-text('Hört mich wer')");
    await host.page.screenshot({ path: screenshotPath("chat-host-1280x800") });

    // The host removes the guest from the waiting table; the guest is told.
    host.page.once("dialog", (dialog) => void dialog.accept());
    await host.page.click("[data-person='1'] [data-action=kick]");
    await guest.page.waitForSelector("[data-online-page=kicked]", { timeout: 10_000 });
    expect(await guest.page.textContent("h1")).toBe("You were removed from the table");
    await host.page.waitForFunction(() => document.querySelector("[data-person='1']") === null, undefined, {
      timeout: 10_000,
    });
    await host.context.close();
    await guest.context.close();
  }, 120_000);

  it("on a phone in play, the closed chat is a button in the bar and the open drawer leaves the hand and moves free", async () => {
    const player = await newPlayer(env.browser, "Anna", { lang: "de", width: 360, height: 740 });
    const { page } = player;
    await page.goto(`${env.server.url}/#/new?seats=4&bot=greedy`);
    await page.click("[data-action=start-match]", { timeout: 15_000 });
    await waitForMyTurn(page, "chat-phone");
    const box = async (selector: string) => {
      const found = await page.locator(selector).first().boundingBox();
      if (!found) throw new Error(`${selector} is not shown`);
      return found;
    };
    const toggle = await box("[data-action=chat-toggle]");
    const bar = await box(".online-bar");
    expect(toggle.y + toggle.height).toBeLessThanOrEqual(bar.y + bar.height + 1);
    await page.click("[data-action=chat-toggle]");
    // A few lines, so that the drawer is as tall as it gets (four: the fifth is typed below, within the limit).
    for (const [n, phrase] of ["hello", "goodLuck", "lucky", "oops"].entries()) {
      await page.click(`[data-phrase=${phrase}]`);
      await page.waitForSelector(`[data-chat-line] >> nth=${n}`);
    }
    const drawer = await box(".chat-drawer");
    for (const selector of [".hand", ".actions"]) {
      const below = await box(selector);
      expect(drawer.y + drawer.height, selector).toBeLessThanOrEqual(below.y + 1);
    }
    await page.screenshot({ path: screenshotPath("chat-phone-playing-360x740") });
    // The moves can still be made with the drawer open, and typing in the chat makes none (K knocks, P passes).
    expect(await page.isEnabled(".actions button >> nth=0")).toBe(true);
    const step = await page.evaluate(() => document.querySelector("main")?.dataset.step);
    await page.click("[data-chat-input]");
    await page.keyboard.type("kp a 123");
    expect(await page.inputValue("[data-chat-input]")).toBe("kp a 123");
    await page.keyboard.press("Enter");
    await page.waitForSelector("[data-chat-line]:has-text('kp a 123')");
    expect(await page.evaluate(() => document.querySelector("main")?.dataset.step)).toBe(step);

    // Quick lines run into the limit: the notice below takes room from the list, whose newest line stays in sight.
    // (Twice: the second time the list holds more lines than it shows.)
    const untilRefused = async () => {
      for (const phrase of ["thanks", "bye", "hello", "goodLuck", "lucky", "oops"]) {
        if (await page.isVisible("[data-chat-refusal=RATE_LIMITED]")) break;
        await page.click(`[data-phrase=${phrase}]`);
      }
      await page.waitForSelector("[data-chat-refusal=RATE_LIMITED]", { timeout: 10_000 });
    };
    await untilRefused();
    await page.waitForSelector("[data-chat-refusal]", { state: "detached", timeout: 15_000 });
    await untilRefused();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const sight = await page.evaluate(() => {
      const list = document.querySelector(".chat__lines")!;
      const newest = [...list.querySelectorAll("[data-chat-line]")].at(-1)!.getBoundingClientRect();
      const listBox = list.getBoundingClientRect();
      return {
        scrolls: list.scrollHeight > list.clientHeight,
        top: newest.top - listBox.top,
        bottom: listBox.bottom - newest.bottom,
      };
    });
    await page.screenshot({ path: screenshotPath("chat-phone-limit-360x740") });
    expect(sight.scrolls).toBe(true);
    expect(sight.top).toBeGreaterThanOrEqual(-0.5);
    expect(sight.bottom).toBeGreaterThanOrEqual(-0.5);
    await player.context.close();
  }, 90_000);

  it("the lobby's chat: lines reach another visitor of the lobby page; a line over the limit cannot be sent", async () => {
    const first = await newPlayer(env.browser, "Lena", { lang: "de" });
    const second = await newPlayer(env.browser, "Tom", { lang: "en", width: 360, height: 740 });
    await first.page.goto(`${env.server.url}/#/lobby`);
    await second.page.goto(`${env.server.url}/#/lobby`);
    for (const { page } of [first, second]) await page.waitForSelector("[data-lobby-chat] [data-chat-input]");
    await first.page.waitForSelector("[data-lobby-chat] .chat__empty");
    await first.page.fill("[data-lobby-chat] [data-chat-input]", "Wer spielt eine Runde?");
    await first.page.click("[data-lobby-chat] [data-action=chat-send]");
    const heard = await second.page.waitForSelector("[data-lobby-chat] [data-chat-line]", { timeout: 10_000 });
    expect(await heard.textContent()).toContain("LenaWer spielt eine Runde?");
    await second.page.click("[data-lobby-chat] [data-phrase=anotherOne]");
    await first.page.waitForSelector("[data-lobby-chat] [data-chat-line]:has-text('Noch eine?')");
    await second.page.fill("[data-lobby-chat] [data-chat-input]", "z".repeat(250));
    expect(await second.page.textContent("[data-lobby-chat] [data-chat-count]")).toContain("250 of 200 characters");
    expect(await second.page.isDisabled("[data-lobby-chat] [data-action=chat-send]")).toBe(true);
    // The switched-off button looks so, and the input's focus ring leaves the line under it readable.
    const looks = () =>
      second.page.$eval("[data-lobby-chat] [data-action=chat-send]", (button) => {
        const style = getComputedStyle(button);
        return `${style.backgroundColor} ${style.color} ${style.cursor}`;
      });
    const off = await looks();
    const ring = await second.page.$eval("[data-lobby-chat] [data-chat-input]", (input) => {
      const style = getComputedStyle(input);
      const reach =
        input.getBoundingClientRect().bottom + parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
      const count = input.closest("[data-lobby-chat]")!.querySelector("[data-chat-count]")!.getBoundingClientRect();
      return { focused: document.activeElement === input, reach, count: count.top };
    });
    expect(ring.focused).toBe(true);
    expect(ring.reach).toBeLessThanOrEqual(ring.count);
    await second.page.screenshot({ path: screenshotPath("chat-lobby-360x740") });
    await second.page.fill("[data-lobby-chat] [data-chat-input]", "z".repeat(20));
    expect(await second.page.isDisabled("[data-lobby-chat] [data-action=chat-send]")).toBe(false);
    expect(off).not.toBe(await looks());
    expect(off).toContain("not-allowed");
    await second.page.fill("[data-lobby-chat] [data-chat-input]", "z".repeat(250));

    // Past the rate limit, the page says in its own language when the next line goes.
    // Until the server refuses (a click lost on a busy machine is made up by the next), at most twice the limit.
    for (const phrase of ["hello", "goodLuck", "lucky", "thanks", "bye", "oops", "hello", "goodLuck", "lucky"]) {
      if (await second.page.isVisible("[data-lobby-chat] [data-chat-refusal]")) break;
      await second.page.click(`[data-lobby-chat] [data-phrase=${phrase}]`);
    }
    await second.page.waitForSelector("[data-lobby-chat] [data-chat-refusal]:has-text('Slow down')", {
      timeout: 10_000,
    });

    // Tom mutes Lena in the lobby: her line is hidden, also after a reload, and he can show her again there.
    const lena = "[data-lobby-chat] [data-chat-line]:has-text('Wer spielt')";
    await second.page.click(`${lena} [data-action=chat-mute-line]`);
    await second.page.waitForSelector(lena, { state: "detached" });
    await second.page.reload();
    await second.page.waitForSelector("[data-lobby-chat] [data-chat-hidden]:has-text('Lena is muted')");
    expect(await second.page.locator(lena).count()).toBe(0);
    await second.page.click("[data-lobby-chat] [data-action=chat-unmute-line]");
    await second.page.waitForSelector(lena);
    await first.context.close();
    await second.context.close();
  }, 60_000);
});

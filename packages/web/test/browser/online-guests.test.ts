import { describe, expect, it } from "vitest";
import { chromiumAvailable, screenshotPath, useServerAndBrowser } from "./harness.js";
import { createTable, moveIfMyTurn, newPlayer, playToTheEnd } from "./online-drive.js";

describe.skipIf(!chromiumAvailable())("guests at an online table", () => {
  const env = useServerAndBrowser();

  it("know whom they wait for, spectators are told why they only watch, and everyone finds the way back", async () => {
    const host = await newPlayer(env.browser, "Anna", { lang: "de" });
    const code = await createTable(host.page, env.server.url, 2);
    expect(await host.page.textContent("[data-code]")).toBe(`${code.slice(0, 5)}-${code.slice(5)}`);
    const guest = await newPlayer(env.browser, "Ben", { lang: "de", width: 360, height: 740 });
    await guest.page.goto(`${env.server.url}/t/${code}`);

    // Before the start: the guest waits for the host by name, the host is told it is theirs to start.
    const waiting = await guest.page.waitForSelector("[data-waiting=guest]", { timeout: 15_000 });
    expect(await waiting.textContent()).toBe("Warte, bis Anna (Gastgeber) die Partie startet.");
    expect(await guest.page.getAttribute("[data-waiting=guest]", "role")).toBe("status");
    await guest.page.screenshot({ path: screenshotPath("guest-waiting-360x740") });
    await guest.page.setViewportSize({ width: 1280, height: 800 });
    await guest.page.screenshot({ path: screenshotPath("guest-waiting-1280x800") });
    await guest.page.setViewportSize({ width: 360, height: 740 });
    expect(await host.page.textContent("[data-waiting=host]")).toContain("Du bist Gastgeber");
    await host.page.click("[data-action=start-match]");
    await guest.page.waitForSelector(".hand button.card", { timeout: 15_000 });
    expect(await guest.page.locator("[data-waiting]").count()).toBe(0);

    // No hint online, so the key help does not offer one.
    const keys = await guest.page.textContent(".keys-help");
    expect(keys).toContain("K klopfen");
    expect(keys).not.toMatch(/Tipp|H /);

    // A late visitor watches, and the page says so and why.
    const late = await newPlayer(env.browser, "Cleo", { lang: "de", width: 360, height: 740 });
    await late.page.goto(`${env.server.url}/t/${code}`);
    const spectator = await late.page.waitForSelector("[data-spectator]", { timeout: 15_000 });
    expect(await spectator.textContent()).toMatch(/^Zuschauer Die Partie lief schon, als du kamst/);
    expect(await late.page.locator(".hand button.card").count()).toBe(0);
    await late.page.screenshot({ path: screenshotPath("spectator-360x740") });
    await late.context.close();

    // "Link kopieren" says "Kopiert" for a moment, then offers itself again.
    await host.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.server.url });
    // Every label the button shows is noted as it changes: on a busy machine a look every few frames could miss the
    // two seconds of "Kopiert".
    await host.page.evaluate(() => {
      const button = document.querySelector("[data-action=copy-link]")!;
      const seen: string[] = ((window as unknown as { copyLabels: string[] }).copyLabels = []);
      new MutationObserver(() => seen.push(button.textContent ?? "")).observe(button, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    await host.page.click("[data-action=copy-link]");
    const copied = () =>
      host.page.evaluate(() =>
        [
          ...(window as unknown as { copyLabels: string[] }).copyLabels,
          document.querySelector("[data-action=copy-link]")?.textContent ?? "",
        ].some((label) => label.includes("Kopiert")),
      );
    await expect.poll(copied, { timeout: 15_000 }).toBe(true);
    expect(await host.page.evaluate(() => navigator.clipboard.readText())).toBe(`${env.server.url}/t/${code}`);
    await host.page.waitForSelector("[data-action=copy-link]:has-text('Link kopieren')", { timeout: 15_000 });

    // After "Menü" the host finds the table again on the start page, in the same seat.
    const seat = await host.page.getAttribute(".seats--me [data-seat]", "data-seat");
    await host.page.click(".topbar button");
    const back = await host.page.waitForSelector("[data-action=back-to-table]", { timeout: 10_000 });
    expect((await back.textContent())?.replace(/\s+/g, " ")).toBe(
      `Zurück zu Tisch ${code.slice(0, 5)}-${code.slice(5)}`,
    );
    await back.click();
    await host.page.waitForSelector(".seats--me [data-seat]", { timeout: 15_000 });
    expect(await host.page.getAttribute(".seats--me [data-seat]", "data-seat")).toBe(seat);
    // So does the guest, who came by the invite link (such a table was not remembered before).
    await guest.page.click(".topbar button");
    const guestBack = await guest.page.waitForSelector("[data-action=back-to-table]", { timeout: 10_000 });
    expect((await guestBack.textContent())?.replace(/\s+/g, " ")).toBe(
      `Zurück zu Tisch ${code.slice(0, 5)}-${code.slice(5)}`,
    );
    await guestBack.click();
    await guest.page.waitForSelector(".seats--me [data-seat]", { timeout: 15_000 });
    expect(await guest.page.getAttribute(".seats--me [data-seat]", "data-seat")).toBe("1");

    // A reload shows the last move again (from the events the server resends), not an empty line. The check is made
    // while a person is to act, so nothing moves on in between (compared by the table's step).
    expect((await moveIfMyTurn(host.page)) || (await moveIfMyTurn(guest.page))).toBe(true);
    let compared = false;
    for (let attempt = 0; attempt < 3 && !compared; attempt++) {
      const step = () => guest.page.evaluate(() => document.querySelector("main")?.dataset.step);
      const before = { step: await step(), words: await guest.page.textContent(".status-line") };
      expect(before.words).not.toBe("");
      await guest.page.reload();
      await guest.page.waitForSelector(".seats--me [data-seat]", { timeout: 15_000 });
      await guest.page.waitForFunction(() => document.querySelector(".status-line")?.textContent !== "", undefined, {
        timeout: 15_000,
      });
      if ((await step()) !== before.step) continue;
      expect(await guest.page.textContent(".status-line")).toBe(before.words);
      compared = true;
    }
    expect(compared).toBe(true);
    await playToTheEnd(host.page, [host.page, guest.page]);

    // At the end the host may ask for a rematch; the guest waits for the host's word.
    await host.page.waitForSelector("[data-action=rematch]", { timeout: 15_000 });
    const end = await guest.page.waitForSelector("[data-waiting=guest]", { timeout: 15_000 });
    expect(await end.textContent()).toBe("Warte auf Anna (Gastgeber): Revanche?");
    expect(await guest.page.locator("[data-action=rematch]").count()).toBe(0);
    // A table made by invitation is private: the result says that this is why the match does not count.
    for (const page of [host.page, guest.page])
      await expect
        .poll(() => page.evaluate(() => document.querySelector(".result__rating")?.textContent ?? null), {
          timeout: 20_000,
        })
        .toBe("Diese Partie zählt nicht für die Wertung: Gewertet werden nur öffentliche Tische.");
    await guest.page.screenshot({ path: screenshotPath("unrated-reason-360x740") });
    await host.page.click("[data-action=rematch]");
    await guest.page.waitForFunction(() => document.querySelector("[data-waiting]") === null, undefined, {
      timeout: 15_000,
    });
    await host.context.close();
    await guest.context.close();
  }, 240_000);

  it("without a clipboard, 'Link kopieren' shows the link selected instead", async () => {
    const host = await newPlayer(env.browser, "Anna", { lang: "de", width: 360, height: 740 });
    await host.page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "clipboard", { get: () => undefined });
    });
    const code = await createTable(host.page, env.server.url, 2);
    await host.page.click("[data-action=copy-link]");
    const field = await host.page.waitForSelector("[data-invite-link]");
    expect(await field.inputValue()).toBe(`${env.server.url}/t/${code}`);
    const selected = await host.page.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>("[data-invite-link]")!;
      return input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0);
    });
    expect(selected).toBe(`${env.server.url}/t/${code}`);
    expect(await host.page.textContent(".online-bar")).toContain("Link markiert");
    await host.context.close();
  }, 60_000);
});

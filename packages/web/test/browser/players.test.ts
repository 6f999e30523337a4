import { describe, expect, it } from "vitest";
import { chromiumAvailable, useServerAndBrowser } from "./harness.js";
import { createTable, newPlayer, playToTheEnd } from "./online-drive.js";
import { authenticator, me } from "./passkey-drive.js";

describe.skipIf(!chromiumAvailable())("players: passkeys and profiles", () => {
  const env = useServerAndBrowser();

  it("an account kept with a passkey in one browser signs in in another", async () => {
    // WebAuthn needs a host name (an IP address cannot be a relying party): the same server as "localhost".
    const url = env.server.url.replace("127.0.0.1", "localhost");
    const first = await newPlayer(env.browser, "Lena", { lang: "de" });
    const one = await authenticator(first.context, first.page);
    await first.page.goto(`${url}/#/account`);
    await first.page.waitForSelector("main[data-account=guest]", { timeout: 15_000 });
    const guest = await me(first.page);
    expect(guest.name).toBe("Lena");
    await first.page.click("[data-action=keep-account]");
    await first.page.waitForSelector("main[data-account=account]", { timeout: 15_000 });
    expect(await first.page.textContent("[data-note]")).toContain("Passkey gesichert");

    // The passkey moves to the second browser's authenticator (as a synced passkey would).
    const { credentials } = await one.cdp.send("WebAuthn.getCredentials", { authenticatorId: one.id });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    const second = await newPlayer(env.browser, null, { lang: "de" });
    const two = await authenticator(second.context, second.page);
    await two.cdp.send("WebAuthn.addCredential", { authenticatorId: two.id, credential: credentials[0]! });

    await second.page.goto(`${url}/#/account`);
    await second.page.waitForSelector("main[data-account]", { timeout: 15_000 });
    await second.page.click("[data-action=passkey-sign-in]");
    await second.page.waitForSelector("main[data-account=account]", { timeout: 15_000 });
    expect(await second.page.textContent("[data-note]")).toContain("Willkommen zurück, Lena!");
    expect(await me(second.page)).toEqual({ id: guest.id, name: "Lena", kind: "account" });
    // The device now goes by the account's name, and the profile opens.
    const stored = await second.page.evaluate(() => localStorage.getItem("schwimmen.settings") ?? "");
    expect(stored).toContain('"name":"Lena"');
    await second.page.click("[data-action=my-profile]");
    await second.page.waitForSelector(`main[data-profile="${guest.id}"]`, { timeout: 15_000 });
    expect(await second.page.textContent("h1")).toBe("Lena");

    // A new name on one device is the account's name on the other as well: the first browser takes it when it loads
    // again, and does not send its old name back.
    const nameOf = (page: typeof first.page) =>
      page.evaluate(() => (JSON.parse(localStorage.getItem("schwimmen.settings") ?? "{}") as { name?: string }).name);
    await second.page.goto(`${url}/#/`);
    await second.page.fill(".panel--online input[name=name]", "Lena Berg");
    await second.page.click(".panel--online [data-action=save-name]");
    await second.page.waitForSelector(".panel--online .name-form__saved", { timeout: 10_000 });
    await expect.poll(async () => (await me(second.page)).name, { timeout: 10_000 }).toBe("Lena Berg");
    await first.page.reload();
    await first.page.waitForSelector("main[data-account=account]", { timeout: 15_000 });
    await expect.poll(() => nameOf(first.page), { timeout: 10_000 }).toBe("Lena Berg");
    expect(await first.page.textContent(".account")).toContain("Lena Berg");
    expect((await me(first.page)).name).toBe("Lena Berg");
    await second.page.reload();
    await second.page.waitForSelector(".panel--online", { timeout: 15_000 });
    await first.page.reload();
    await first.page.waitForSelector("main[data-account=account]", { timeout: 15_000 });
    expect((await me(first.page)).name).toBe("Lena Berg");
    expect(await nameOf(second.page)).toBe("Lena Berg");

    // Signing out on the first browser leaves the second signed in.
    await first.page.click("[data-action=sign-out]");
    await first.page.waitForSelector("main[data-account=none]", { timeout: 15_000 });
    expect((await me(second.page)).id).toBe(guest.id);

    // Deleting the account (after the question) removes its passkeys: signing in with one is refused.
    await second.page.goto(`${url}/#/account`);
    await second.page.waitForSelector("main[data-account=account]", { timeout: 15_000 });
    await second.page.click("[data-action=delete-account]");
    await second.page.click("dialog.confirm [data-action=leave]");
    await second.page.waitForSelector("main[data-account=none]", { timeout: 15_000 });
    const profile = await second.page.evaluate(
      async (id) => (await (await fetch(`/api/players/${id}`)).json()) as { player: { deleted: boolean } },
      guest.id,
    );
    expect(profile.player.deleted).toBe(true);
    // The profile page (seen from the first browser) shows only the neutral name: no account or guest mark, no rating.
    await first.page.goto(`${url}/#/player/${guest.id}`);
    await first.page.waitForSelector(`main[data-profile="${guest.id}"]`, { timeout: 15_000 });
    expect(await first.page.textContent("h1")).toBe("Gelöschter Spieler");
    expect(await first.page.locator(".profile__kind, [data-rating]").count()).toBe(0);
    await second.page.click("[data-action=passkey-sign-in]");
    await second.page.waitForSelector("[data-note][role=alert]", { timeout: 15_000 });
    expect(await second.page.textContent("[data-note]")).toContain("kein Konto");
    for (const context of [first.context, second.context]) await context.close();
  }, 90_000);

  it("at an IP address the account page says why passkeys cannot work there and where they can", async () => {
    const { context, page } = await newPlayer(env.browser, "Ida", { lang: "de" });
    await page.goto(`${env.server.url}/#/account`);
    await page.waitForSelector("main[data-account=guest]", { timeout: 15_000 });
    const note = page.locator("[data-passkey-address]");
    expect(await note.getAttribute("data-passkey-address")).toBe("127.0.0.1");
    expect(await note.textContent()).toContain("keine Nummer wie 127.0.0.1");
    const port = new URL(env.server.url).port;
    expect(await note.locator("a").getAttribute("href")).toBe(`http://localhost:${port}/#/account`);
    expect(await page.isDisabled("[data-action=keep-account]")).toBe(true);
    expect(await page.isDisabled("[data-action=passkey-sign-in]")).toBe(true);
    // And they look it.
    expect(await page.$eval("[data-action=keep-account]", (b) => Number(getComputedStyle(b).opacity))).toBeLessThan(1);
    // Under the name, the buttons are there to use.
    await page.goto(`${env.server.url.replace("127.0.0.1", "localhost")}/#/account`);
    await page.waitForSelector("main[data-account]", { timeout: 15_000 });
    expect(await page.locator("[data-passkey-address]").count()).toBe(0);
    expect(await page.isDisabled("[data-action=passkey-sign-in]")).toBe(false);
    await context.close();
  }, 60_000);

  it("a profile shows the finished match, its statistics, and opens it in the replay viewer", async () => {
    const { context, page } = await newPlayer(env.browser, "Mira", { lang: "de" });
    await page.goto(`${env.server.url}/#/account`);
    await page.waitForSelector("main[data-account=guest]", { timeout: 15_000 });
    const player = await me(page);
    const code = await createTable(page, env.server.url, 2);
    await page.click("[data-action=start-match]");
    await playToTheEnd(page, [page]);

    await page.goto(`${env.server.url}/#/player/${player.id}`);
    await page.waitForSelector(`main[data-profile="${player.id}"]`, { timeout: 15_000 });
    expect(await page.textContent("h1")).toBe("Mira");
    const stats = await page.textContent("[data-stats]");
    expect(stats).toMatch(/Partien gespielt\s*1/);
    // House rules in the reader's words ("Leben: 2"), never the server's keys ("lives=2").
    expect(stats).not.toMatch(/\w=\w/);
    expect(stats).toContain("Leben: 2");
    // The replay link is readable on the light panel (contrast at least 4.5 : 1).
    const contrast = await page.$eval("[data-action=open-replay]", (link) => {
      const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const lum = (css: string) => {
        const [r = 0, g = 0, b = 0] = rgb(css).map((c) => {
          const v = c / 255;
          return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const panel = link.closest(".panel")!;
      const [a, b] = [lum(getComputedStyle(link).color), lum(getComputedStyle(panel).backgroundColor)];
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    });
    expect(contrast).toBeGreaterThanOrEqual(4.5);
    const entry = page.locator(`[data-match="${code}/1"]`);
    expect(await entry.textContent()).toContain("gegen Bot 2");
    await entry.locator("[data-action=open-replay]").click();
    await page.waitForSelector("[data-replay-info]", { timeout: 15_000 });
    expect(page.url()).toContain(`#/replay?code=${code}&match=1`);

    // Another player sees the private table's match without its code: "Private Partie", no replay link.
    const other = await newPlayer(env.browser, "Tom", { lang: "de" });
    await other.page.goto(`${env.server.url}/#/account`);
    await other.page.waitForSelector("main[data-account=guest]", { timeout: 15_000 });
    await other.page.goto(`${env.server.url}/#/player/${player.id}`);
    await other.page.waitForSelector(`main[data-profile="${player.id}"]`, { timeout: 15_000 });
    const hidden = other.page.locator(".profile__matches li[data-private]");
    expect(await hidden.count()).toBe(1);
    expect(await hidden.textContent()).toContain("Private Partie");
    expect(await other.page.locator("[data-action=open-replay]").count()).toBe(0);
    expect(await other.page.content()).not.toContain(code);
    const answer = await other.page.evaluate(async (id) => (await fetch(`/api/players/${id}`)).text(), player.id);
    expect(answer).not.toContain(code);
    await other.context.close();
    await context.close();
  }, 90_000);
});

/**
 * Who a device is: signing out (or deleting) forgets the name, so nothing is made until a new one is chosen; a guest
 * who has played is asked before signing out or in; an account's name is refused to a guest, with the sign-in offered.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumAvailable, useServerAndBrowser } from "./harness.js";
import { createTable, newPlayer, playToTheEnd } from "./online-drive.js";
import { authenticator, me } from "./passkey-drive.js";

/** Every POST /api/session the page sends from now on (each would make a guest or rename one). */
function sessionPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/session") posts.push(request.url());
  });
  return posts;
}

describe.skipIf(!chromiumAvailable())("who this device is", () => {
  const env = useServerAndBrowser();
  // Passkeys need a host name: the same server as "localhost".
  const site = () => env.server.url.replace("127.0.0.1", "localhost");

  it("signing out or deleting forgets the name: a reload makes no session and asks for a name again", async () => {
    const { context, page } = await newPlayer(env.browser, "Lena", { lang: "de" });
    await page.goto(`${site()}/#/account`);
    await page.waitForSelector("main[data-account=guest]", { timeout: 15_000 });
    expect((await me(page)).name).toBe("Lena");
    // A guest without matches loses nothing: no question.
    await page.click("[data-action=sign-out]");
    await page.waitForSelector("main[data-account=none]", { timeout: 15_000 });
    expect(await page.locator("dialog.confirm[open]").count()).toBe(0);
    expect(await page.textContent("main")).not.toContain("Du spielst als Gast");

    const posts = sessionPosts(page);
    await page.goto(`${site()}/#/`);
    await page.reload();
    const welcome = page.locator(".panel--welcome");
    await welcome.waitFor({ timeout: 10_000 });
    expect(await welcome.locator("input[name=name]").inputValue()).toBe("");
    // A returning account holder is offered the passkey right there.
    expect(await welcome.locator("[data-passkey-offer]").textContent()).toContain("Schon ein Konto?");
    await page.waitForTimeout(500);
    expect(await me(page)).toBeNull();
    expect(posts).toEqual([]);

    // Choosing a name makes a guest; deleting it forgets the name the same way.
    await welcome.locator("input[name=name]").fill("Mara");
    await welcome.locator("[data-action=save-name]").click();
    await welcome.locator(".name-form__saved").waitFor({ timeout: 10_000 });
    expect(await me(page)).toMatchObject({ name: "Mara", kind: "guest" });
    await page.goto(`${site()}/#/account`);
    await page.waitForSelector("main[data-account=guest]", { timeout: 15_000 });
    expect(await page.textContent("[data-action=delete-account]")).toBe("Meine Daten löschen");
    await page.click("[data-action=delete-account]");
    await page.click("dialog.confirm [data-action=leave]");
    await page.waitForSelector("main[data-account=none]", { timeout: 15_000 });
    const before = posts.length;
    await page.goto(`${site()}/#/`);
    await page.reload();
    await welcome.waitFor({ timeout: 10_000 });
    expect(await welcome.locator("input[name=name]").inputValue()).toBe("");
    await page.waitForTimeout(500);
    expect(await me(page)).toBeNull();
    expect(posts.length).toBe(before);
    await context.close();
  }, 60_000);

  it("a guest who has played is asked before signing in or out, and offered a passkey first", async () => {
    const { context, page } = await newPlayer(env.browser, "Mira", { lang: "de" });
    await authenticator(context, page);
    await page.goto(`${site()}/#/account`);
    await page.waitForSelector("main[data-account=guest]", { timeout: 15_000 });
    const guest = await me(page);
    await createTable(page, site(), 2);
    await page.click("[data-action=start-match]");
    await playToTheEnd(page, [page]);

    await page.goto(`${site()}/#/account`);
    await page.waitForSelector("main[data-account=guest]", { timeout: 15_000 });
    const question = page.locator("dialog.confirm[open]");
    // Signing in with a passkey would leave the guest behind: asked first; "Abbrechen" keeps everything.
    await page.click("main [data-action=passkey-sign-in]");
    await question.waitFor({ timeout: 10_000 });
    expect(await question.textContent()).toContain("Der Gast „Mira“ und seine Partien bleiben");
    await question.locator("[data-action=stay]").click();
    expect(await me(page)).toEqual(guest);

    await page.click("[data-action=sign-out]");
    await question.waitFor({ timeout: 10_000 });
    expect(await question.locator("h2").textContent()).toBe("Als Gast abmelden?");
    expect(await question.textContent()).toContain("Als Gast kommst du nicht zurück");
    expect(await question.locator("[data-action=keep-account-first]").textContent()).toBe("Erst Passkey einrichten");
    await question.locator("[data-action=stay]").click();
    expect(await me(page)).toEqual(guest);
    await page.click("[data-action=sign-out]");
    await question.locator("[data-action=leave]").click();
    await page.waitForSelector("main[data-account=none]", { timeout: 15_000 });
    expect(await me(page)).toBeNull();
    await context.close();
  }, 120_000);

  it("an account's name is refused to a guest, with the sign-in offered there", async () => {
    const owner = await newPlayer(env.browser, "Jonas", { lang: "de" });
    const one = await authenticator(owner.context, owner.page);
    await owner.page.goto(`${site()}/#/account`);
    await owner.page.waitForSelector("main[data-account=guest]", { timeout: 15_000 });
    await owner.page.click("[data-action=keep-account]");
    await owner.page.waitForSelector("main[data-account=account]", { timeout: 15_000 });
    expect(await owner.page.textContent("[data-other-devices]")).toContain("anderen Gerät");
    const { credentials } = await one.cdp.send("WebAuthn.getCredentials", { authenticatorId: one.id });

    // A fresh device (the passkey synced to it): "Jonas" is not taken as a guest's name.
    const device = await newPlayer(env.browser, null, { lang: "de" });
    const two = await authenticator(device.context, device.page);
    await two.cdp.send("WebAuthn.addCredential", { authenticatorId: two.id, credential: credentials[0]! });
    await device.page.goto(`${site()}/`);
    const welcome = device.page.locator(".panel--welcome");
    await welcome.waitFor({ timeout: 10_000 });
    await welcome.locator("input[name=name]").fill("jonas");
    await welcome.locator("[data-action=save-name]").click();
    const problem = welcome.locator("[data-problem]");
    await problem.waitFor({ timeout: 10_000 });
    expect(await problem.textContent()).toBe(
      "Dieser Name gehört zu einem Konto. Ist es deins? Melde dich mit deinem Passkey an – oder such dir einen anderen Namen aus.",
    );
    expect(await welcome.locator(".name-form__saved").count()).toBe(0);
    expect(await me(device.page)).toBeNull();
    // The offer is right under the field; signing in makes this device the account.
    await welcome.locator("[data-form=name] [data-action=passkey-sign-in]").click();
    await welcome.locator(".name-form__saved").waitFor({ timeout: 15_000 });
    expect(await welcome.locator(".name-form__saved").textContent()).toBe("Willkommen zurück, Jonas!");
    expect(await welcome.locator("input[name=name]").inputValue()).toBe("Jonas");
    expect(await me(device.page)).toMatchObject({ name: "Jonas", kind: "account" });
    for (const player of [owner, device]) await player.context.close();
  }, 90_000);
});

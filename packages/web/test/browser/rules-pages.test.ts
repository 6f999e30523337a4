import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { presetSettings } from "./drive.js";
import { chromiumAvailable, screenshotPath, useServerAndBrowser } from "./harness.js";

const SIZES = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
] as const;

/** Waits until the rules page has drawn the whole document `doc` ("play.de", "rules.en", ...). */
async function shown(page: Page, doc: string): Promise<void> {
  await page.waitForSelector(`article[data-doc="${doc}"][aria-busy="false"] h1`, { timeout: 15_000 });
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - innerWidth);

describe.skipIf(!chromiumAvailable())("the rules pages", () => {
  const env = useServerAndBrowser();

  for (const size of SIZES) {
    it(`at ${size.width}x${size.height}: the short page in German with card pictures, then the full reference`, async () => {
      const context = await env.browser.newContext({ viewport: size, locale: "de-DE", reducedMotion: "reduce" });
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on("response", (response) => {
        if (response.url().endsWith(".js")) scripts.push(response.url());
      });
      await page.goto(`${env.server.url}/`);
      await page.waitForSelector("[data-action=start-local]");
      await page.waitForLoadState("networkidle");
      // The Markdown reader and the documents load with the rules page, never with the first screen.
      expect(scripts.filter((url) => /rules-page|play\.|rules\.(de|en)/.test(url))).toEqual([]);

      await page.click("a[href='#/rules']");
      await shown(page, "play.de");
      expect(await page.textContent("article h1")).toBe("Schwimmen in zwei Minuten");
      const headings = await page.$$eval("article h2", (hs) => hs.map((h) => h.textContent));
      expect(headings).toEqual([
        "Was deine Hand wert ist",
        "Wenn du dran bist",
        "31 und Feuer",
        "Klopfen",
        "Leben und Schwimmen",
        "Eine Runde zu dritt",
        "Verdeckt spielen",
        "Große Runde mit zwei Blättern",
        "Um Spielgeld spielen",
        "Mehr",
      ]);
      // Card pictures drawn by the app's own card faces, each row named for screen readers.
      expect(await page.locator("article .hand-picture svg.card-svg").count()).toBe(77);
      const rows = await page.$$eval("article .hand-picture__cards", (els) =>
        els.map((e) => e.getAttribute("aria-label")),
      );
      expect(rows[0]).toBe("Herz-Ass, Herz-König, Herz 8");
      expect(await page.locator("article figcaption", { hasText: "= 30,5: drei Gleiche" }).count()).toBe(1);
      // The worked example.
      expect(await page.textContent("article")).toContain("Mia hat mit 28 die niedrigste Hand und verliert ein Leben.");
      expect(await page.locator("article script, article img, article iframe").count()).toBe(0);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: screenshotPath(`rules-short-de-${size.width}x${size.height}`), fullPage: true });

      // The text's own link leads to the full reference, in German.
      await page.click("article a:has-text('ausführlichen Regeln')");
      await shown(page, "rules.de");
      expect(await page.textContent("article h1")).toBe("Schwimmen (31): die Spielregeln");
      expect(await page.locator("article table").count()).toBeGreaterThan(10);
      expect(await page.locator("article table th[scope=col]").first().textContent()).toBe("Karte");
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: screenshotPath(`rules-full-de-${size.width}x${size.height}`) });
      // An anchor inside the page scrolls there and keeps the route.
      await page.click("article a[href='#quellen']");
      await page.waitForFunction(() => scrollY > 1000);
      expect(new URL(page.url()).hash).toMatch(/^#\/rules\/full/);
      // And back to the short page from the links at the top.
      await page.click("[data-link=short]");
      await shown(page, "play.de");
      await context.close();
    }, 120_000);
  }

  it("on a phone, the full reference has its contents folded at the top, and a way back up", async () => {
    const context = await env.browser.newContext({
      viewport: { width: 360, height: 740 },
      locale: "de-DE",
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    await page.goto(`${env.server.url}/#/rules/full`);
    await shown(page, "rules.de");
    const contents = page.locator("nav.rules-contents");
    // Folded: the page starts with its text, not with a long list.
    expect(await contents.locator("details").getAttribute("open")).toBeNull();
    expect(await page.locator(".rules-to-top").count()).toBe(0);
    await contents.locator("summary", { hasText: "Inhalt" }).click();
    const chapters = await contents.locator("details > ol > li > a").allTextContents();
    expect(chapters).toEqual([
      "1. Das Spiel",
      "2. Die Grundregeln",
      "3. Hausregeln",
      "4. Rechenbeispiele",
      "5. Presets",
      "6. Wo die Regeln offen bleiben",
      "Quellen",
    ]);
    // A section leads to its heading (the address stays copyable) and takes the focus there.
    const entry = contents.locator("a", { hasText: "Beispiel 8: das verdeckte Spiel" });
    expect(await entry.getAttribute("href")).toBe("#/rules/full?lang=de&at=beispiel-8-das-verdeckte-spiel");
    await entry.click();
    await page.waitForFunction(() => {
      const top = document.getElementById("beispiel-8-das-verdeckte-spiel")!.getBoundingClientRect().top;
      return top >= 0 && top < 100;
    });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("beispiel-8-das-verdeckte-spiel");
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: screenshotPath("rules-full-de-section-360x740") });
    // Far down the page: a way back to the top, to the contents and the links.
    await page.locator(".rules-to-top", { hasText: "Nach oben" }).click();
    await page.waitForFunction(() => scrollY === 0);
    expect(await contents.isVisible()).toBe(true);
    await page.waitForSelector(".rules-to-top", { state: "detached" });
    await context.close();
  }, 120_000);

  it("the English link shows English, and the pages follow the app's language", async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "de-DE" });
    const page = await context.newPage();
    await page.goto(`${env.server.url}/#/rules/full`);
    await shown(page, "rules.de");
    // The German reference's link to its English version (rules.en.md).
    await page.click("article a:has-text('rules.en.md')");
    await shown(page, "rules.en");
    expect(await page.textContent("article h1")).toBe("Schwimmen (31): the rules");
    expect(await page.getAttribute("article", "lang")).toBe("en");
    // The short page's language link.
    await page.goto(`${env.server.url}/#/rules`);
    await shown(page, "play.de");
    await page.click("[data-link=lang]");
    await shown(page, "play.en");
    expect(await page.textContent("article h1")).toBe("Schwimmen in two minutes");
    await page.click("article a:has-text('full rules')");
    await shown(page, "rules.en");
    await context.close();

    // An English app opens the English pages.
    const english = await env.browser.newContext({ viewport: { width: 360, height: 740 }, locale: "de-DE" });
    const en = await english.newPage();
    await presetSettings(en, { lang: "en", faces: "german" });
    await en.goto(`${env.server.url}/#/rules`);
    await shown(en, "play.en");
    expect(await en.textContent("nav [data-link=full]")).toBe("Full rules and house rules →");
    // With German faces the text names the German suits, and the pictures are German cards.
    const text = await en.textContent("article");
    expect(text).toContain("the king of leaves does not fit");
    expect(text).not.toContain("spades");
    const rows = await en.$$eval("article .hand-picture__cards", (els) => els.map((e) => e.getAttribute("aria-label")));
    expect(rows[4]).toBe("ace of acorns, ace of leaves, ace of hearts");
    await en.screenshot({ path: screenshotPath("rules-short-en-german-faces-360x740"), fullPage: true });
    await en.goto(`${env.server.url}/#/rules/full`);
    await shown(en, "rules.en");
    // A link to a place in the reference (rules.en.md#sources) opens the page there.
    await en.goto(`${env.server.url}/#/rules/full?lang=en&at=sources`);
    await shown(en, "rules.en");
    await en.waitForFunction(() => document.getElementById("sources")!.getBoundingClientRect().top < innerHeight);
    expect(await en.evaluate(() => scrollY)).toBeGreaterThan(1000);
    await english.close();
  }, 120_000);
});

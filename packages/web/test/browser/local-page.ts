import type { Browser, Page } from "playwright-core";
import { presetSettings } from "./drive.js";

/** Settings for quick matches against the computer: bots act at once, English texts. */
export const QUICK_LOCAL = {
  lang: "en",
  faces: "french",
  speed: "instant",
  name: "Tester",
  seats: 3,
  levels: ["greedy", "greedy"],
  rules: {},
} as const;

/** A fresh page (own storage) with these settings, its uncaught errors collected, at the start page. */
/** A German local game against greedy bots, as the start page saves it. */
export const germanLocal = (name: string, seats: number, rules: Record<string, unknown>) => ({
  lang: "de",
  faces: "french",
  speed: "instant",
  name,
  seats,
  levels: Array.from({ length: seats - 1 }, () => "greedy"),
  rules,
});

export async function freshPage(
  browser: Browser,
  url: string,
  settings: Record<string, unknown>,
  viewport = { width: 1280, height: 800 },
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await presetSettings(page, settings);
  await page.goto(`${url}/`);
  return { page, errors, close: () => context.close() };
}

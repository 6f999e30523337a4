// Lighthouse scores of every screen of the web client, in the mobile and the desktop form factor. Run through
// scripts/lighthouse.sh, which installs Lighthouse into a temporary folder (never into the repository), builds the
// project and starts a production server. Arguments: the server's URL, Lighthouse's folder, a folder for the reports.
//
// Each screen is one Lighthouse user flow: a cold navigation (performance and accessibility as the page loads), then,
// for screens whose interesting state comes later (your turn at the table, a loaded replay, a started online match),
// a snapshot of that state (accessibility). Chromium is Debian's /usr/bin/chromium; nothing downloads a browser.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { typicalRecord } from "./typical-records.mjs";

const [base, lighthouseDir, outDir] = process.argv.slice(2);
if (!base || !lighthouseDir || !outDir) throw new Error("usage: lighthouse-flow.mjs URL LIGHTHOUSE_DIR OUT_DIR");
const load = (name, file) => import(pathToFileURL(join(lighthouseDir, "node_modules", name, file)).href);
const { startFlow, desktopConfig } = await load("lighthouse", "core/index.js");
const { default: puppeteer } = await load("puppeteer-core", "lib/esm/puppeteer/puppeteer-core.js");

const CATEGORIES = ["performance", "accessibility"];
const CONFIGS = {
  mobile: { extends: "lighthouse:default", settings: { onlyCategories: CATEGORIES } },
  desktop: { ...desktopConfig, settings: { ...desktopConfig.settings, onlyCategories: CATEGORIES } },
};
const SCREEN = process.env.LIGHTHOUSE_SCREENS?.split(",");

/** Waits until it is this seat's turn at the table, dealing on when a round ends first. */
async function myTurn(page) {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    await page.waitForSelector("[data-action=next-round], .turn-line strong", { timeout: 60_000 });
    if (await page.$(".turn-line strong")) return;
    await page.click("[data-action=next-round]").catch(() => undefined);
  }
  throw new Error("never my turn");
}

const SCREENS = [
  { id: "start", name: "start", path: "/" },
  { id: "local-table", name: "local table, your turn", path: "/#/play", afterLoad: myTurn },
  { id: "rules-short", name: "rules, short page", path: "/#/rules" },
  { id: "rules-full", name: "rules, full reference", path: "/#/rules/full" },
  { id: "house-rules", name: "house rules", path: "/#/house-rules" },
  {
    id: "replay",
    name: "replay viewer, a match loaded",
    path: "/#/replay",
    afterLoad: async (page) => {
      await page.waitForSelector("textarea[name=record]");
      await page.$eval(
        "textarea[name=record]",
        (el, text) => {
          el.value = text;
          el.dispatchEvent(new Event("input", { bubbles: true }));
        },
        JSON.stringify(typicalRecord(7, 4)),
      );
      await page.click("[data-action=replay-show]");
      await page.waitForSelector("[data-action=replay-next]");
      for (let i = 0; i < 12; i++) await page.click("[data-action=replay-next]");
    },
  },
  {
    id: "online-table",
    name: "online table, your turn",
    path: "/#/new",
    afterLoad: async (page) => {
      // A first visit may ask for a name; then the host starts the match (free seats get bots) and waits its turn.
      const name = await page.$("input[name=name], input[autocomplete=nickname]");
      if (name) {
        await name.type("Lighthouse");
        await page.keyboard.press("Enter");
      }
      await page.waitForSelector("[data-action=start-match]", { timeout: 20_000 });
      await page.click("[data-action=start-match]");
      await myTurn(page);
    },
  },
].filter((screen) => !SCREEN || SCREEN.includes(screen.id));

const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  headless: true,
  args: ["--headless=new", "--no-sandbox", "--disable-gpu"],
});
const rows = [];
try {
  for (const [formFactor, config] of Object.entries(CONFIGS)) {
    for (const screen of SCREENS) {
      // Each screen in a fresh browser context: a cold cache and no service worker from an earlier screen.
      let context, page, flow, result;
      let problem = "";
      // Lighthouse now and then loses the trace of a load (NO_NAVSTART); such a run is repeated, twice at most.
      for (let attempt = 0; attempt < 3; attempt++) {
        await context?.close();
        context = await browser.createBrowserContext();
        page = await context.newPage();
        flow = await startFlow(page, { config, name: `${screen.name} (${formFactor})` });
        await flow.navigate(`${base}${screen.path}`, { name: "load" });
        // A screen whose later state cannot be reached (say, the server refuses a table) still reports its load.
        problem = "";
        if (screen.afterLoad) {
          try {
            await screen.afterLoad(page);
            await flow.snapshot({ name: "state" });
          } catch (error) {
            problem = `not reached: ${String(error.message ?? error).split("\n")[0]}`;
          }
        }
        result = await flow.createFlowResult();
        if (!result.steps[0]?.lhr.runtimeError) break;
        console.error(`again: ${screen.name} (${formFactor}): ${result.steps[0].lhr.runtimeError.code}`);
      }
      const file = `${screen.id}-${formFactor}`;
      writeFileSync(join(outDir, `${file}.html`), await flow.generateReport());
      const score = (step, category) => {
        const value = result.steps[step]?.lhr.categories[category]?.score;
        return value === null || value === undefined ? "–" : String(Math.round(value * 100));
      };
      const failed = result.steps.flatMap((step) =>
        Object.values(step.lhr.audits)
          .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary")
          .map((audit) => audit.id),
      );
      const audits = result.steps[0]?.lhr.audits ?? {};
      const ms = (id) => `${Math.round(audits[id]?.numericValue ?? 0)} ms`;
      const metrics = `FCP ${ms("first-contentful-paint")}, LCP ${ms("largest-contentful-paint")}, TBT ${ms("total-blocking-time")}, CLS ${(audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)}`;
      rows.push({
        metrics,
        screen: screen.name,
        formFactor,
        performance: score(0, "performance"),
        accessibility: score(0, "accessibility"),
        accessibilityLater: problem || (screen.afterLoad ? score(1, "accessibility") : ""),
        failed: [...new Set(failed)].join(" "),
        report: `${file}.html`,
      });
      await context.close();
      console.error(`done: ${screen.name} (${formFactor})`);
    }
  }
} finally {
  await browser.close();
}

const table = [
  "| screen | form factor | performance | accessibility (load) | accessibility (later state) | load metrics | failed binary audits |",
  "| --- | --- | --- | --- | --- | --- | --- |",
  ...rows.map(
    (r) =>
      `| ${r.screen} | ${r.formFactor} | ${r.performance} | ${r.accessibility} | ${r.accessibilityLater} | ${r.metrics} | ${r.failed} |`,
  ),
].join("\n");
writeFileSync(join(outDir, "summary.md"), `${table}\n`);
console.log(table);
const low = rows.filter((r) =>
  [r.performance, r.accessibility, r.accessibilityLater].some(
    (s) => s.startsWith("not reached") || (s !== "" && s !== "–" && Number(s) < 90),
  ),
);
process.exit(low.length > 0 ? 1 : 0);

/**
 * Issue #12 as two people see it: a table with a bot on a cluster of two real server nodes (one PostgreSQL, one
 * Redis, HAProxy in front), Anna's page and Ben's page connected through the proxy to different nodes. In the middle
 * of the match the node that owns the table is killed with -9. Both pages must show a short reconnect state in
 * plain words, come back to the same match at the same place (hands, middle and lives unchanged), and the match must
 * be playable to its end.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Cluster, NodeHealth } from "../../../server/test/cluster-harness.js";
import { waitUntil } from "../../../server/test/local-services.js";
import { TEXTS } from "../../src/i18n/index.js";
import { type PageCluster, startPageCluster } from "./cluster-pages.js";
import { chromiumAvailable, screenshotPath } from "./harness.js";
import { createTable, moveIfMyTurn, newPlayer, playToTheEnd } from "./online-drive.js";

/** Short leases, so the table moves to the surviving node within a few seconds of the kill. */
const LEASE_TTL_MS = 2000;
/** What a page may say while it is away (the lost line, or the table moving to another node), in both languages. */
const RECONNECT_TEXTS = new Set(
  (["de", "en"] as const).flatMap((lang) => [TEXTS[lang].connectionLost, TEXTS[lang].close_4003]),
);

/** What a person sees of the match: where it stands, the cards and every seat's lives (turn timers left out). */
const picture = (page: Page) =>
  page.evaluate(() => ({
    step: document.querySelector("main")?.dataset.step ?? "",
    phase: document.querySelector("main")?.dataset.phase ?? "",
    hand: [...document.querySelectorAll(".hand .card")].map((c) => c.getAttribute("aria-label")?.split(",")[0]),
    middle: [...document.querySelectorAll(".middle .card")].map((c) => c.getAttribute("aria-label")?.split(",")[0]),
    lives: [...document.querySelectorAll(".seats [data-seat]")].map(
      (s) => `${s.getAttribute("data-seat")}: ${s.querySelector(".lives")?.getAttribute("aria-label")}`,
    ),
  }));

/** Every reconnect notice the page shows, as the page shows it (collected by a watcher in the page). */
async function watchReconnects(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction("reportReconnect", (text: string) => void seen.push(text));
  await page.addInitScript(() => {
    let last = "";
    const look = () => {
      const text = document.querySelector("[data-down]")?.textContent ?? "";
      if (text !== last && text !== "")
        (window as unknown as { reportReconnect(text: string): void }).reportReconnect(text);
      last = text;
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return seen;
}

const connections = async (cluster: Cluster) =>
  Promise.all(cluster.nodes.map(async (n) => (await n.health()) as (NodeHealth & { connections?: number }) | null));

describe.skipIf(!chromiumAvailable())("a match on a cluster when the node that runs it dies", () => {
  let setup: PageCluster | undefined;
  let cluster: Cluster | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    // Short leases and fast bots and rounds.
    const env = { LEASE_TTL_MS: String(LEASE_TTL_MS), BOT_DELAY_MS: "30", ROUND_PAUSE_MS: "400" };
    setup = await startPageCluster(env);
    ({ cluster, browser } = setup);
  }, 120_000);

  afterAll(() => setup?.stop(), 60_000);

  it("both people come back to the same match after kill -9 of its node and play it to the end", async () => {
    const entry = cluster!.url;
    const anna = await newPlayer(browser!, "Anna", { lang: "en" });
    const ben = await newPlayer(browser!, "Ben", { lang: "de", width: 360, height: 740 });
    const notices = { anna: await watchReconnects(anna.page), ben: await watchReconnects(ben.page) };
    try {
      const code = await createTable(anna.page, entry, 3);
      await ben.page.goto(`${entry}/t/${code}`);
      await ben.page.waitForSelector(".seats--me [data-seat]", { timeout: 15_000 });
      // Round robin: a reload of Ben's page lands on the other node sooner or later.
      for (let tries = 0; ; tries++) {
        const counts: (number | undefined)[] = [];
        await waitUntil(
          "both pages connected",
          async () => {
            counts.splice(0, 3, ...(await connections(cluster!)).map((h) => h?.connections));
            return counts.reduce<number>((sum, n) => sum + (n ?? 0), 0) === 2;
          },
          10_000,
        );
        if (counts.every((n) => n === 1)) break;
        expect(tries, "Ben's page never reached the other node").toBeLessThan(8);
        await ben.page.reload();
        await ben.page.waitForSelector(".seats--me [data-seat]", { timeout: 15_000 });
      }

      await anna.page.click("[data-action=start-match]");
      await ben.page.waitForSelector(".hand .card", { timeout: 15_000 });
      // One move each way, then stop on a person's turn: nothing moves while the node is gone.
      for (let moves = 0; moves < 2;) {
        if ((await moveIfMyTurn(anna.page)) || (await moveIfMyTurn(ben.page))) moves++;
        else await anna.page.waitForTimeout(50);
      }
      await waitUntil(
        "a person's turn",
        async () => (await anna.page.isVisible(".turn-line strong")) || (await ben.page.isVisible(".turn-line strong")),
        15_000,
      );
      const before = { anna: await picture(anna.page), ben: await picture(ben.page) };
      expect(before.anna.phase).toBe("playing");
      // The person on turn holds three cards; the other may be out already, then holding none.
      expect([before.anna.hand.length, before.ben.hand.length].sort()).toContain(3);

      const owners = await connections(cluster!);
      const owner = cluster!.nodes.find((_, i) => owners[i]?.tables === 1);
      expect(owner, "one node owns the table").toBeDefined();
      const killedAt = Date.now();
      await owner!.kill();

      // Both pages say they reconnect, then show the table again, as it was.
      for (const [name, page] of [
        ["anna", anna.page],
        ["ben", ben.page],
      ] as const) {
        await waitUntil("a reconnect notice", async () => notices[name].length > 0, 15_000);
        let state = "";
        const back = async () => {
          state = await page.evaluate(() =>
            JSON.stringify({
              down: document.querySelector("[data-down]")?.textContent ?? null,
              loading: document.querySelector(".loading")?.textContent ?? null,
              step: document.querySelector("main")?.dataset.step ?? null,
              cards: document.querySelectorAll(".hand .card").length,
            }),
          );
          // A person already out of the match (it can happen before the kill: bots knock fast) holds no cards.
          return (
            !state.includes('"down":"') &&
            !state.includes('"loading":"') &&
            state.includes(`"cards":${before[name].hand.length}`)
          );
        };
        await waitUntil("back at the table", back, 15_000).catch(async (cause: unknown) => {
          const health = JSON.stringify(await connections(cluster!));
          const was = JSON.stringify(before[name]);
          throw new Error(
            `${name}'s page is not back: ${state}, was ${was}; notices ${notices[name]}; nodes ${health}`,
            {
              cause,
            },
          );
        });
        for (const text of notices[name]) expect(RECONNECT_TEXTS, `${name} saw "${text}"`).toContain(text);
      }
      const recoveredMs = Date.now() - killedAt;
      expect(recoveredMs).toBeLessThan(LEASE_TTL_MS + 8000);
      expect(await picture(anna.page)).toEqual(before.anna);
      expect(await picture(ben.page)).toEqual(before.ben);

      // Each page once on its turn after the failover (Anna 1280x800, Ben 360x740), then the match to its end.
      const shots = new Map([
        [anna.page, "cluster-after-failover-1280"],
        [ben.page, "cluster-after-failover-360"],
      ]);
      const shoot = async () => {
        for (const [page, name] of shots) {
          if (!(await page.isVisible(".turn-line strong"))) continue;
          await page.screenshot({ path: screenshotPath(name) });
          shots.delete(page);
        }
      };
      await shoot();
      await playToTheEnd(anna.page, [anna.page, ben.page], shoot, 60_000);
      await ben.page.waitForFunction(() => document.querySelector("main")?.dataset.phase === "over", undefined, {
        timeout: 10_000,
      });
      expect(await anna.page.textContent("#result-title")).toMatch(/wins? the match|draw/);
      expect(await ben.page.textContent("#result-title")).toMatch(/gewinns?t die Partie|unentschieden/);
      console.info(`cluster failover: both pages back ${recoveredMs} ms after the kill; notices`, notices);
    } finally {
      await anna.context.close();
      await ben.context.close();
    }
  }, 90_000);
});

/**
 * Routing by node at the entry (ROUTE_HINTS), as two people see it: a cluster of two real server nodes (one
 * PostgreSQL, one Redis, HAProxy in front that sends `/ws?node=ID` to node ID). Anna creates a table through the
 * entry; Ben's page, also through the entry, first reaches the node that does not run the table, which follows it for
 * him over Redis and tells his page where the table runs. His page moves its connection there in the background: no
 * node follows a table for another any more, his page never says it lost the line, and the match goes on.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitUntil } from "../../../server/test/local-services.js";
import { TEXTS } from "../../src/i18n/index.js";
import { type PageCluster, startPageCluster } from "./cluster-pages.js";
import { chromiumAvailable } from "./harness.js";
import { createTable, moveIfMyTurn, newPlayer } from "./online-drive.js";

/**
 * Makes the page's first WebSocket ask the entry for node `node` (as a page that moved there before would), so that
 * it lands on the node without the table whatever the round robin does; later sockets open as the page asks.
 */
const firstSocketTo = (page: Page, node: string) =>
  page.addInitScript((asked) => {
    const Native = window.WebSocket;
    let first = true;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        const address = new URL(url);
        if (first) address.searchParams.set("node", asked);
        first = false;
        super(address, protocols);
      }
    };
  }, node);

/** Keeps, in the page, every text of a lost line it shows (the bar's notice, or the table's loading line). */
const recordDrops = (page: Page, lost: readonly string[]) =>
  page.addInitScript((texts) => {
    const seen: string[] = [];
    (window as unknown as { drops: string[] }).drops = seen;
    const look = () => {
      const bar = document.querySelector("[data-down]")?.textContent ?? "";
      const loading = document.querySelector(".loading")?.textContent ?? "";
      if (bar !== "") seen.push(bar);
      if (texts.includes(loading)) seen.push(loading);
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
  }, lost);

const drops = (page: Page) => page.evaluate(() => (window as unknown as { drops: string[] }).drops);
const step = (page: Page) => page.evaluate(() => document.querySelector("main")?.dataset.step ?? "");

describe.skipIf(!chromiumAvailable())("a page that reached the node without its table", () => {
  let setup: PageCluster | undefined;
  beforeAll(async () => void (setup = await startPageCluster({ ROUTE_HINTS: "1", BOT_DELAY_MS: "30" })), 120_000);
  afterAll(() => setup?.stop(), 60_000);

  it("moves to the table's node unnoticed, and the match goes on", async () => {
    const { cluster, browser } = setup!;
    const entry = cluster.url;
    const anna = await newPlayer(browser, "Anna", { lang: "en" });
    const ben = await newPlayer(browser, "Ben", { lang: "de", width: 360, height: 740 });
    try {
      const code = await createTable(anna.page, entry, 2);
      const health = () => Promise.all(cluster.nodes.map((n) => n.health()));
      const owners = await health();
      const owner = cluster.nodes.find((_, i) => owners[i]?.tables === 1);
      const other = cluster.nodes.find((n) => n !== owner);
      expect(owner, `one node runs the table: ${JSON.stringify(owners)}`).toBeDefined();

      const sockets: string[] = [];
      ben.page.on("websocket", (socket) => void sockets.push(socket.url()));
      await firstSocketTo(ben.page, other!.id);
      await recordDrops(ben.page, [TEXTS.de.connectionLost, TEXTS.de.close_4003]);
      await ben.page.goto(`${entry}/t/${code}`);
      await ben.page.waitForSelector(".seats--me [data-seat]", { timeout: 15_000 });

      // Ben's page opened a second socket asking for the table's node, and no node follows a table for another.
      await waitUntil("a socket to the table's node", async () => sockets.length >= 2, 10_000);
      expect(new URL(sockets[0]!).searchParams.get("node")).toBe(other!.id);
      expect(new URL(sockets[1]!).searchParams.get("node")).toBe(owner!.id);
      let links = "";
      await waitUntil(
        "no links left",
        async () => {
          const now = await health();
          links = JSON.stringify(now.map((h) => h?.links));
          return now.every((h) => h?.links === 0);
        },
        10_000,
      ).catch((cause: unknown) => {
        throw new Error(`links per node: ${links}`, { cause });
      });
      expect(sockets).toHaveLength(2);

      // The match: whoever is on turn moves, and the other page sees it.
      await anna.page.click("[data-action=start-match]");
      await ben.page.waitForSelector(".hand .card", { timeout: 15_000 });
      let moved: [Page, Page] | null = null;
      await waitUntil(
        "a person on turn",
        async () => {
          const annaFirst = await anna.page.isVisible(".turn-line strong");
          if (annaFirst || (await ben.page.isVisible(".turn-line strong")))
            moved = annaFirst ? [anna.page, ben.page] : [ben.page, anna.page];
          return moved !== null;
        },
        15_000,
      );
      const [mover, watcher] = moved!;
      const before = await step(watcher);
      expect(await moveIfMyTurn(mover)).toBe(true);
      await watcher.waitForFunction((was) => document.querySelector("main")?.dataset.step !== was, before, {
        timeout: 10_000,
      });
      expect(await drops(ben.page)).toEqual([]);
      expect(sockets).toHaveLength(2);
    } finally {
      await anna.context.close();
      await ben.context.close();
    }
  }, 60_000);
});

import { describe, expect, it } from "vitest";
import { chromiumAvailable, useServerAndBrowser } from "./harness.js";
import { createTable, newPlayer, playToTheEnd } from "./online-drive.js";

/**
 * The server learns who a connection is from the session cookie sent as it opens. A first visit by invite link makes
 * its guest (and that cookie) while the table's page loads: when the connection opened first, the seat had no player,
 * the match was kept in nobody's profile and the result had no rating line (seen in CI on a busy machine). Here the
 * guest's session is held back on purpose, so the connection would always win that race.
 */
describe.skipIf(!chromiumAvailable())("a first visit whose guest is made late", () => {
  const env = useServerAndBrowser();

  it("sits down as that guest: the match is in the guest's profile and the result says how it counted", async () => {
    const host = await newPlayer(env.browser, "Anna", { lang: "de" });
    const code = await createTable(host.page, env.server.url, 2);
    const guest = await newPlayer(env.browser, "Ben", { lang: "de", width: 360, height: 740 });
    await guest.page.route("**/api/session", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await guest.page.goto(`${env.server.url}/t/${code}`);
    await guest.page.waitForSelector("[data-waiting=guest]", { timeout: 15_000 });
    await host.page.click("[data-action=start-match]");
    await guest.page.waitForSelector(".hand button.card", { timeout: 15_000 });
    await playToTheEnd(host.page, [host.page, guest.page]);

    const unrated = "Diese Partie zählt nicht für die Wertung: Gewertet werden nur öffentliche Tische.";
    for (const page of [host.page, guest.page])
      await expect
        .poll(() => page.evaluate(() => document.querySelector(".result__rating")?.textContent ?? null), {
          timeout: 20_000,
        })
        .toBe(unrated);
    // The profile lists the match too, under the guest the page knows.
    const listed = await guest.page.evaluate(async (table) => {
      const me = (await (await fetch("/api/me")).json()) as { player: { id: string } | null };
      if (!me.player) return "no player";
      const path = `/api/players/${encodeURIComponent(me.player.id)}/ratings`;
      const { matches } = (await (await fetch(path)).json()) as { matches: { code: string }[] };
      return matches.some((m) => m.code === table);
    }, code);
    expect(listed).toBe(true);
    await host.context.close();
    await guest.context.close();
  }, 180_000);
});

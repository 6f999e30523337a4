/**
 * The tabs on a chip's top edge when the dealer has knocked: both whole and inside the chip at every size, on a phone
 * as on a desktop (CI once found "Geber" cut and "hat geklopft" past a chip's edge at 320 px). The moment is fixed:
 * a match kept in the page, restored where the dealer, last in the lap, has just knocked and it is the person's turn.
 */
import {
  type Action,
  DEFAULT_RULES,
  Rng,
  applyAction,
  dealRound,
  legalActions,
  makeRecord,
  newMatch,
} from "@schwimmen/rules";
import { describe, expect, it } from "vitest";
import { SAVED_MATCH_KEY, type SavedMatch } from "../../src/game/saved-match.js";
import { chromiumAvailable, screenshotPath, useServerAndBrowser } from "./harness.js";
import { presetSettings, waitForMyTurn } from "./drive.js";
import { germanLocal } from "./local-page.js";

const NAMES = ["Mara", "Lena", "Tom", "Mia", "Ben", "Emma", "Paul", "Lea"];

/** A match of `seats` in its first round: the others pass, the dealer (the last seat) knocks; the person is to act. */
function dealerKnocked(seats: number): SavedMatch {
  const dealer = seats - 1;
  const created = newMatch({ rules: DEFAULT_RULES, seats, dealer, seed: "tabs-fit" });
  if (!created.ok) throw new Error(created.error.message);
  const dealt = dealRound(created.value);
  if (!dealt.ok) throw new Error(dealt.error.message);
  let state = dealt.value.state;
  const act = (type: Action["type"]) => {
    const action = legalActions(state).find((a) => a.type === type);
    if (!action) throw new Error(`no ${type} for seat ${state.round?.toAct}`);
    const applied = applyAction(state, action);
    if (!applied.ok) throw new Error(applied.error.message);
    state = applied.value.state;
  };
  while (state.round?.toAct !== dealer) act("pass");
  act("knock");
  if (state.round?.toAct !== 0 || state.round.knocker !== dealer) throw new Error("the fixture is not the moment");
  const names = NAMES.slice(0, seats);
  return {
    version: 1,
    names,
    levels: names.slice(1).map(() => "greedy"),
    matchSeed: "tabs-fit",
    rng: Rng.fromSeed("tabs-fit-bots").state(),
    dealRng: state.rng,
    record: makeRecord(state, names),
    log: [],
    round: 1,
    lives: state.lives[0] ?? 0,
    savedAt: Date.now(),
  };
}

/** The dealer's chip: its tabs, their words as shown, and what lies outside the chip or is cut. */
function dealerTabs(seat: number) {
  const chip = document.querySelector(`.seats:not(.seats--me) .seat[data-seat="${seat}"]`)!;
  const box = chip.getBoundingClientRect();
  const tabs = [...chip.querySelectorAll<HTMLElement>(".seat__badges > *")];
  // A tab with a long and a short word shows one of them (the other is said, not shown).
  const shown = (tab: HTMLElement) =>
    tab.querySelector(".badge__long")
      ? [...tab.querySelectorAll<HTMLElement>(".badge__long, .badge__short")]
          .filter((word) => word.getBoundingClientRect().width > 2)
          .map((word) => word.textContent)
          .join("")
      : (tab.textContent ?? "");
  const defects: string[] = [];
  for (const tab of tabs) {
    const r = tab.getBoundingClientRect();
    if (r.left < box.left - 0.5 || r.right > box.right + 0.5) defects.push(`"${shown(tab)}" outside the chip`);
    if (tab.scrollWidth > tab.clientWidth + 0.5) defects.push(`"${shown(tab)}" cut`);
  }
  const [first, second] = tabs.map((tab) => tab.getBoundingClientRect());
  if (first && second && first.right > second.left + 0.5) defects.push("the tabs overlap");
  return { words: tabs.map(shown), defects, chip: Math.round(box.width) };
}

const SIZES = [
  { width: 320, height: 568, phone: true },
  { width: 360, height: 740, phone: true },
  { width: 412, height: 915, phone: true },
  { width: 740, height: 360, phone: true },
  { width: 768, height: 1024, phone: false },
  { width: 1280, height: 800, phone: false },
];

if (!chromiumAvailable()) console.warn("browser tests skipped: /usr/bin/chromium is missing");

describe.skipIf(!chromiumAvailable())("the tabs of a dealer who knocked", () => {
  const env = useServerAndBrowser();

  for (const seats of [8, 4]) {
    it(`are whole and inside the chip at ${seats} seats, from 320 px to a desktop`, async () => {
      const saved = JSON.stringify(dealerKnocked(seats));
      const failures: string[] = [];
      for (const size of SIZES) {
        const context = await env.browser.newContext({
          viewport: { width: size.width, height: size.height },
          locale: "de-DE",
          reducedMotion: "reduce",
          ...(size.phone ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {}),
        });
        const page = await context.newPage();
        await presetSettings(page, germanLocal("Mara", seats, {}));
        await page.addInitScript(
          ([key, value]) => {
            if (!sessionStorage.getItem("test.match-set")) localStorage.setItem(key!, value!);
            sessionStorage.setItem("test.match-set", "1");
          },
          [SAVED_MATCH_KEY, saved],
        );
        await page.goto(`${env.server.url}/#/play`);
        await waitForMyTurn(page, `tabs-fit-${seats}-${size.width}`);
        await page.evaluate(async () => {
          await document.fonts.ready;
          await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        });
        const found = await page.evaluate(dealerTabs, seats - 1);
        const at = `${seats} seats, ${size.width}x${size.height} (chip ${found.chip} px)`;
        // Both marks are there, in words a player reads: long where they fit, else "G" and "geklopft".
        if (found.words.length !== 2) failures.push(`${at}: tabs ${JSON.stringify(found.words)}`);
        else {
          if (!["Geber", "G"].includes(found.words[0]!)) failures.push(`${at}: dealer tab "${found.words[0]}"`);
          if (!["hat geklopft", "geklopft"].includes(found.words[1]!))
            failures.push(`${at}: knock tab "${found.words[1]}"`);
        }
        for (const defect of found.defects) failures.push(`${at}: ${defect}`);
        if (size.width === 360 || size.width === 1280)
          await page.screenshot({ path: screenshotPath(`tabs-fit-${seats}-${size.width}x${size.height}`) });
        await context.close();
      }
      expect(failures).toEqual([]);
    }, 90_000);
  }
});

/**
 * `schwimmen play --stake CENTS --dealer-by-lot`: the first dealer's draw before the match, and at its end the pot
 * and every player's balance. The engine draws and settles (packages/rules); this only words it.
 */
import { type Lot, type MatchState, MAX_STAKE, cardName, highestOf, moneyText, settleMatch } from "@schwimmen/rules";
import { WIDTH, textLines } from "./render.js";
import { padEnd, truncate, widthOf } from "./style.js";
import type { Lang } from "./text.js";

const WORDS = {
  de: {
    draw: "Wer gibt? Jeder zieht eine Karte:",
    again: "Gleichstand, nochmal:",
    deals: (name: string, self: boolean) =>
      self ? "Du hast die höchste Karte und gibst." : `${name} hat die höchste Karte und gibt.`,
    pot: (pot: string, stake: string) => `Im Pott: ${pot} (${stake} pro Leben).`,
    takes: (name: string) => `${name} bekommt den Pott.`,
    share: (names: string) => `Unentschieden: ${names} teilen sich den Pott.`,
    kasse: "Kasse:",
    enter: "Enter: los geht's · Q: beenden",
  },
  en: {
    draw: "Who deals? Everyone draws a card:",
    again: "A tie, again:",
    deals: (name: string, self: boolean) =>
      self ? "You have the highest card and deal." : `${name} has the highest card and deals.`,
    pot: (pot: string, stake: string) => `In the pot: ${pot} (${stake} a life).`,
    takes: (name: string) => `${name} takes the pot.`,
    share: (names: string) => `A draw: ${names} share the pot.`,
    kasse: "Tally:",
    enter: "Enter: start · Q: quit",
  },
} as const;

/** `--stake` as given: whole cents from 0 to MAX_STAKE, or a message. */
export function parseStake(text: string | undefined): { ok: true; stake: number } | { ok: false; message: string } {
  if (text === undefined) return { ok: true, stake: 0 };
  const stake = Number(text);
  if (/^\d{1,4}$/.test(text) && stake <= MAX_STAKE) return { ok: true, stake };
  const shown = /^[-+]?\d+$/.test(text) ? text : JSON.stringify(text);
  return {
    ok: false,
    message: `--stake must be a whole number of cents from 1 to ${MAX_STAKE} (0 plays without stakes), not ${shown}`,
  };
}

/**
 * The draw, pass by pass, and who deals (and, for a person at a terminal, Enter to go on). `self`: the person's
 * seat, addressed as "du"/"you" when it deals.
 */
export function lotLines(lot: Lot, names: readonly string[], lang: Lang, waits = false, self = 0): string[] {
  const w = WORDS[lang];
  const lines: string[] = [];
  lot.draws.forEach((draw, pass) => {
    lines.push(` ${pass === 0 ? w.draw : w.again}`);
    const best = new Set(highestOf(draw));
    const cells = draw.seats.map((seat, i) => {
      const mark = best.has(seat) ? " *" : "";
      return `${names[seat] ?? `#${seat + 1}`}: ${cardName(draw.cards[i]!, lang)}${mark}`;
    });
    // A big round's draw in two columns where they fit, so that 20 seats stay on a 24-line screen (widths in
    // terminal columns: a name may hold wide characters).
    const half = Math.ceil(cells.length / 2);
    const widest = (part: string[]) => Math.max(0, ...part.map(widthOf));
    const width = widest(cells.slice(0, half)) + 2;
    const two = cells.length > 8 && 3 + width + widest(cells.slice(half)) <= WIDTH;
    const rows = two ? half : cells.length;
    for (let row = 0; row < rows; row++) {
      const right = two ? cells[row + rows] : undefined;
      lines.push(`   ${right === undefined ? cells[row] : `${padEnd(cells[row]!, width)}${right}`}`);
    }
  });
  lines.push(...textLines(w.deals(names[lot.dealer] ?? `#${lot.dealer + 1}`, lot.dealer === self)));
  if (waits) lines.push(` ${w.enter}`);
  return lines;
}

/** Names as one says them: "Anna und Ben", "Anna, Ben und Cleo". */
export const nameList = (names: readonly string[], lang: Lang): string =>
  new Intl.ListFormat(lang, { style: "long", type: "conjunction" }).format(names);

/** Above this many players the balances go in two columns, names cut to KASSE_NAME columns. */
const ONE_COLUMN_KASSE = 8;
const KASSE_NAME = 12;

/** The pot and each player's balance after a finished match; nothing for a match that did not end. */
export function stakeLines(state: MatchState, stake: number, names: readonly string[], lang: Lang): string[] {
  const settled = settleMatch(state, stake);
  if (stake <= 0 || !settled.ok) return [];
  const w = WORDS[lang];
  const { pot, balance, takers } = settled.value;
  const who = takers.map((seat) => names[seat] ?? `#${seat + 1}`);
  const taken = who.length > 1 ? w.share(nameList(who, lang)) : w.takes(who[0] ?? "");
  const two = balance.length > ONE_COLUMN_KASSE;
  const shown = names.map((name) => (two ? truncate(name, KASSE_NAME) : name));
  const width = Math.max(...shown.map(widthOf));
  const cells = balance.map((cents, seat) => `${padEnd(shown[seat] ?? "", width)}  ${moneyText(cents, lang, true)}`);
  const rows = two ? Math.ceil(cells.length / 2) : cells.length;
  const cellWidth = Math.max(...cells.map(widthOf)) + 4;
  return [
    // Word-wrapped: long names (and many sharers) must not run past the screen's edge.
    ...textLines(`${w.pot(moneyText(pot, lang), moneyText(stake, lang))} ${taken}`),
    ` ${w.kasse}`,
    ...cells
      .slice(0, rows)
      .map((cell, row) => `   ${two && cells[row + rows] ? padEnd(cell, cellWidth) + cells[row + rows] : cell}`),
  ];
}

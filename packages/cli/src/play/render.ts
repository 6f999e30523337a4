import { type Card, type RoundResult, type Rules, type TableView, DEFAULT_RULES, handValue } from "@schwimmen/rules";
import type { KeyItem } from "./commands.js";
import { type LogEntry, roundEnders } from "./narrate.js";
import { type Style, cardText, padEnd, padStart, stripAnsi, truncate, valueText, widthOf, wrapText } from "./style.js";
import type { Lang, Texts } from "./text.js";

/**
 * The renderer: a view (plus names, the log and the prompt) to lines of text, nothing else. No I/O and no state,
 * so tests can check every screen. Lines stay within WIDTH terminal columns (measured by `widthOf`, so wide and
 * combining characters count right) so an 80-column terminal never wraps them (the last columns are left free: some
 * terminals erase the last one when a line is cleared right after it). Names are cut to their column in tables and
 * running text (narration, hints, prompts) is word-wrapped, never cut.
 */
export const WIDTH = 78;

export interface Screen {
  readonly texts: Texts;
  readonly lang: Lang;
  readonly style: Style;
  readonly names: readonly string[];
  /** Each seat's bot level, null for the person. */
  readonly levels: readonly (string | null)[];
  /** The person's seat. */
  readonly self: number;
}

/** Columns a name gets in the seat list, the round result and the header. */
const NAME_WIDTH = 12;

/** Running text as lines of at most WIDTH columns: the first after one space, the rest indented under it. */
export function textLines(text: string, colour: (line: string) => string = (line) => line, indent = 1): string[] {
  return wrapText(text, WIDTH - indent - 2).map((line, i) => " ".repeat(i === 0 ? indent : indent + 2) + colour(line));
}

export const rule = (s: Screen): string => " " + s.style.dim("─".repeat(WIDTH - 1));

/** Left and right parts on one line, the right one flush with the screen's edge. */
const spread = (left: string, right: string): string =>
  right === "" ? left.trimEnd() : left + " ".repeat(Math.max(1, WIDTH - widthOf(left) - widthOf(right))) + right;

/** The title line: the round, the pot so far (`pot`, money text, when the match is played for stakes), a knock. */
export function headerLine(view: TableView, s: Screen, pot?: string): string {
  const { texts: t, style } = s;
  const parts = [style.bold("Schwimmen")];
  if (view.round >= 0) parts.push(t.round(view.round + 1));
  if (pot !== undefined) parts.push(style.yellow(t.pot(pot)));
  let right = "";
  if (view.knocker !== null && view.phase === "playing") {
    const knocker = { name: truncate(s.names[view.knocker] ?? "", NAME_WIDTH), self: view.knocker === s.self };
    right = style.yellow(t.turnsLeft(knocker, view.turnsAfterKnock));
  }
  return spread(" " + parts.join(style.dim(" · ")), right);
}

function livesText(lives: number, max: number, out: boolean, style: Style): string {
  if (out) return style.dim("✗");
  return "●".repeat(Math.min(lives, max)) + style.dim("○".repeat(Math.max(0, max - lives)));
}

/** Above this many seats the seats are listed in two columns, so that a full table still fits 24 rows. */
const ONE_COLUMN_SEATS = 9;
const COLUMN_WIDTH = 39;

/**
 * One line per seat: whose turn, name, lives, dealer, knocker, swimming or out, and the bot's level. With more than
 * nine seats they go in two columns, each seat with its most telling note only and without the level.
 */
export function seatLines(view: TableView, s: Screen): string[] {
  const { texts: t, style } = s;
  const livesWidth = Math.max(3, view.rules.lives) + 2;
  const playing = view.phase === "playing" || view.phase === "choosing";
  const compact = view.lives.length > ONE_COLUMN_SEATS;
  const lines = view.lives.map((lives, seat) => {
    const status = view.status[seat];
    const out = status === "out";
    const acting = view.toAct === seat;
    const marker = acting ? style.yellow("▶ ") : "  ";
    const nameWidth = compact ? NAME_WIDTH - 2 : NAME_WIDTH;
    let name = padEnd(truncate(s.names[seat] ?? "", nameWidth), nameWidth);
    if (acting || seat === s.self) name = style.bold(name);
    const notes: string[] = [];
    if (playing && view.knocker === seat) notes.push(style.yellow(t.knocked));
    if (status === "swimming") notes.push(style.cyan(t.swimming));
    if (out) notes.push(t.out);
    if (playing && view.dealer === seat) notes[compact ? "push" : "unshift"](t.dealer);
    const shown = compact ? notes.slice(0, 1) : notes;
    const left = ` ${marker}${name} ${padEnd(livesText(lives, view.rules.lives, out, style), livesWidth)}${shown.join(", ")}`;
    const level = s.levels[seat];
    const line = compact ? left : spread(left, level ? style.dim(t.level(level)) : "");
    return out ? style.dim(stripAnsi(line)) : line;
  });
  return compact ? inColumns(lines) : lines;
}

/** Three rows of card boxes side by side; `highlight` shows which box is picked. */
function boxes(cards: readonly (Card | null)[], s: Screen, highlight: number): string[] {
  const top: string[] = [];
  const mid: string[] = [];
  const bottom: string[] = [];
  cards.forEach((card, i) => {
    top.push("┌───┐");
    const face = card === null ? s.style.dim("░░░") : padStart(cardText(card, s.lang, s.style), 3);
    mid.push(`│${i === highlight ? s.style.inverse(face) : face}│`);
    bottom.push("└───┘");
  });
  return [top.join(" "), mid.join(" "), bottom.join(" ")];
}

/** Places blocks of lines at given columns, one block after another on the same rows. */
function columns(
  blocks: readonly { readonly at: number; readonly lines: readonly string[] }[],
  rows: number,
): string[] {
  const out: string[] = [];
  for (let row = 0; row < rows; row++) {
    let line = "";
    for (const block of blocks) line = padEnd(line, block.at) + (block.lines[row] ?? "");
    out.push(line.trimEnd());
  }
  return out;
}

const keysUnder = (keys: readonly string[]): string => keys.map((k) => `  ${k}   `).join("");

/** The person's hand as card boxes with its value and the numbers to type; a note instead when out of the round. */
function handBlock(view: TableView, s: Screen, picked: Card | null): string[] {
  const { texts: t, style } = s;
  if (view.hand === null) return ["", "", style.dim(t.watching)];
  const choosing = view.phase === "choosing" && view.dealer === s.self;
  const label = choosing ? t.firstPacket : t.yourHand;
  const value = valueText(handValue(view.hand, view.rules));
  return [
    `${style.bold(label)}  ${t.value(value)}`,
    ...boxes(view.hand, s, picked === null ? -1 : view.hand.indexOf(picked)),
    // While the dealer chooses, 1 and 2 name the packets, not cards: the 1 goes under this packet.
    keysUnder(choosing ? ["", "1", ""] : ["1", "2", "3"]),
  ];
}

/**
 * A hidden deal: the person's three cards, then the packet: its two cards (4 and 5) on the person's turn, else face
 * down with who holds it. Nothing of another seat's cards, and no middle or stock (the stock stays unused).
 */
function hiddenCardLines(view: TableView, s: Screen): string[] {
  const { texts: t, style } = s;
  const holder = view.packetHolder;
  let packetBlock: string[] = [];
  if (view.packet !== null) {
    packetBlock = [style.bold(t.packet), ...boxes(view.packet, s, -1), keysUnder(["4", "5"])];
  } else if (holder !== null) {
    const who = { name: truncate(s.names[holder] ?? "", NAME_WIDTH), self: holder === s.self };
    packetBlock = [style.dim(t.packetHeldBy(who)), ...boxes([null, null], s, -1)];
  }
  return columns(
    [
      { at: 3, lines: handBlock(view, s, null) },
      { at: 34, lines: packetBlock },
    ],
    5,
  );
}

/** The middle, the stock and the person's hand as card boxes, with the letters and numbers to type. */
export function cardLines(view: TableView, s: Screen, picked: Card | null): string[] {
  if (view.rules.deal === "hidden") return hiddenCardLines(view, s);
  const { texts: t, style } = s;
  const middle = view.middle ?? [null, null, null];
  // Before the dealer's choice the middle's place holds the second packet, face down (key 2 for the dealer).
  const choosing = view.phase === "choosing";
  const letters =
    view.middle !== null
      ? keysUnder(["a", "b", "c"])
      : choosing && view.dealer === s.self
        ? keysUnder(["", "2", ""])
        : "";
  const middleBlock = [style.bold(choosing ? t.secondPacket : t.middle), ...boxes(middle, s, -1), letters];
  const stockBlock = [style.dim(t.stock(view.stockSize)), ...boxes([null], s, -1)];
  return columns(
    [
      { at: 3, lines: middleBlock },
      { at: 25, lines: stockBlock },
      { at: 40, lines: handBlock(view, s, picked) },
    ],
    5,
  );
}

function toneOf(tone: LogEntry["tone"], style: Style): (text: string) => string {
  switch (tone) {
    case "announce":
      return style.yellow;
    case "loss":
      return style.red;
    case "round":
      return style.dim;
    case "end":
      return style.green;
    default:
      return (text) => text;
  }
}

/** One log entry as screen lines: word-wrapped, never cut (a long list of opponents takes two lines). */
export const logLines = (entry: LogEntry, style: Style): string[] => textLines(entry.text, toneOf(entry.tone, style));

/** The screen lines of the latest log entries, at most `count`, oldest first. */
export function lastLogLines(log: readonly LogEntry[], count: number, style: Style): string[] {
  const lines: string[] = [];
  for (let i = log.length - 1; i >= 0 && lines.length < count; i--) lines.unshift(...logLines(log[i]!, style));
  return lines.slice(Math.max(0, lines.length - count));
}

/** The keys as "K klopfen · P schieben …", always with the same separator; wrapped between keys when they do not fit. */
export function keyLines(items: readonly KeyItem[], style: Style): string[] {
  const separator = style.dim(" · ");
  const lines: string[] = [];
  let line = "";
  for (const part of items.map((item) => `${style.bold(item.key)} ${item.label}`)) {
    const joined = line === "" ? " " + part : `${line}${separator}${part}`;
    if (line !== "" && widthOf(joined) > WIDTH) {
      lines.push(line);
      line = " " + part;
    } else line = joined;
  }
  if (line !== "") lines.push(line);
  return lines;
}

export interface TableScreenParts {
  readonly log: readonly LogEntry[];
  /** What to show at the bottom: the keys, a question, or whose turn it is. */
  readonly prompt: readonly string[];
  readonly hint?: string;
  readonly picked?: Card | null;
  /** Whether the last line is an input line ("> "); false while bots play. */
  readonly input?: boolean;
  /** Lines available; the log gets what the rest leaves over. */
  readonly rows: number;
  /** The pot so far as money text, when the match is played for stakes. */
  readonly pot?: string;
}

/** A full screen for a terminal that is redrawn each turn; the last line is the input line. */
export function tableScreen(view: TableView, s: Screen, parts: TableScreenParts): string[] {
  const bottom = [rule(s), ...parts.prompt];
  if (parts.hint) bottom.push(...textLines(parts.hint, s.style.yellow));
  bottom.push(parts.input === false ? "" : "> ");
  const seats = seatLines(view, s);
  const cards = cardLines(view, s, parts.picked ?? null);
  // The blank lines around the cards go first when a big table leaves no row for the log.
  const roomy = 2 + seats.length + cards.length + 2 + bottom.length < parts.rows;
  const gap = roomy ? [""] : [];
  const top = [headerLine(view, s, parts.pot), rule(s), ...seats, ...gap, ...cards, ...gap];
  const room = Math.max(1, parts.rows - top.length - bottom.length);
  const log = lastLogLines(parts.log, room, s.style);
  while (log.length < room) log.push("");
  return [...top, ...log, ...bottom];
}

/** The table without the log, for plain output where the log is printed line by line as it happens. */
export const plainTable = (view: TableView, s: Screen, picked: Card | null = null, pot?: string): string[] => [
  headerLine(view, s, pot),
  rule(s),
  ...seatLines(view, s),
  "",
  ...cardLines(view, s, picked),
];

/** Every hand of a finished round with its value, who lost lives, and where everyone stands now. */
export function roundResultLines(
  result: RoundResult,
  roundIndex: number,
  knocker: number | null,
  s: Screen,
  rules: Rules,
): string[] {
  const { texts: t, style } = s;
  const maxLives = rules.lives;
  const who = (seat: number) => ({ name: s.names[seat] ?? "", self: seat === s.self });
  let reason = "";
  let colour = (text: string) => text;
  if (result.endReason === "knock" && knocker !== null) reason = t.byKnock(who(knocker));
  else if (result.endReason === "stockEmpty") reason = t.stockEmpty;
  else {
    const announce = result.endReason === "fire" ? t.fire : t.thirtyOne;
    reason = roundEnders(result, rules)
      .map((seat) => announce(who(seat)))
      .join(" ");
    colour = style.yellow;
  }
  const title = " " + style.bold(t.roundOver(roundIndex + 1));
  // The reason beside the title when it fits; several 31s or long names go on lines of their own below it.
  const head =
    reason === ""
      ? [title]
      : widthOf(title) + 3 + widthOf(reason) <= WIDTH
        ? [title + style.dim(" · ") + colour(reason)]
        : [title, ...textLines(reason, colour, 3)];
  const lines = [...head, rule(s)];
  if (result.hands.length > ONE_COLUMN_RESULTS) {
    lines.push(...inColumns(result.hands.map((_, seat) => compactResult(result, seat, s, maxLives))), rule(s));
    return lines;
  }
  const livesWidth = Math.max(3, maxLives) + 2;
  result.hands.forEach((hand, seat) => {
    const loss = result.lifeLosses[seat] ?? 0;
    const marker = loss > 0 ? style.red("▼ ") : "  ";
    const name = padEnd(truncate(s.names[seat] ?? "", NAME_WIDTH), NAME_WIDTH);
    const status = result.state[seat];
    const lives = result.lives[seat] ?? 0;
    if (hand === null) {
      lines.push(
        style.dim(
          `   ${name} ${" ".repeat(11)}  ${" ".repeat(4)}  ${" ".repeat(4)}  ${padEnd("✗", livesWidth)}${t.out}`,
        ),
      );
      return;
    }
    const cards = hand.map((c) => padEnd(cardText(c, s.lang, s.style), 3)).join(" ");
    const value = padStart(valueText(result.values[seat] ?? 0), 4);
    const lost = padEnd(loss > 0 ? style.red(`−${loss}`) : "", 4);
    const note = status === "out" ? style.red(t.out) : status === "swimming" ? style.cyan(t.swimming) : "";
    const livesShown = padEnd(livesText(lives, maxLives, status === "out", style), livesWidth);
    lines.push(` ${marker}${name} ${cards}  ${style.bold(value)}  ${lost}  ${livesShown}${note}`.trimEnd());
  });
  lines.push(rule(s));
  return lines;
}

/** Above this many seats a round's result goes in two columns, so that 20 seats still fit 24 rows. */
const ONE_COLUMN_RESULTS = 16;

/** One seat of a big table's result in at most 37 columns: name, cards, value, loss and lives, no notes. */
function compactResult(result: RoundResult, seat: number, s: Screen, maxLives: number): string {
  const { style } = s;
  const name = padEnd(truncate(s.names[seat] ?? "", 8), 8);
  const hand = result.hands[seat];
  const status = result.state[seat];
  if (hand === null || hand === undefined) return style.dim(`   ${name} ${" ".repeat(20)}✗`);
  const loss = result.lifeLosses[seat] ?? 0;
  const marker = loss > 0 ? style.red("▼ ") : "  ";
  const cards = hand.map((c) => padEnd(cardText(c, s.lang, style), 3)).join(" ");
  const value = style.bold(padStart(valueText(result.values[seat] ?? 0), 4));
  const lost = padEnd(loss > 0 ? style.red(`−${loss}`) : "", 2);
  const lives = result.lives[seat] ?? 0;
  const out = status === "out";
  const livesShown = maxLives <= 5 || out ? livesText(lives, maxLives, out, style) : `${lives}/${maxLives}`;
  return ` ${marker}${name} ${cards} ${value} ${lost} ${livesShown}`.trimEnd();
}

/** Lines in two columns: the first half on the left, the rest on the right. */
function inColumns(lines: readonly string[]): string[] {
  const half = Math.ceil(lines.length / 2);
  return lines.slice(0, half).map((left, i) => {
    const right = lines[half + i];
    return right === undefined ? left.trimEnd() : (padEnd(left, COLUMN_WIDTH) + right).trimEnd();
  });
}

/**
 * The help for the table's rules: what three aces and a 31 do and what losing means under them, a hidden deal's moves
 * in place of swapping, the dealer's choice when it has one.
 */
export const helpLines = (s: Screen, deal: Rules["deal"] = "openMiddle", rules: Rules = DEFAULT_RULES): string[] => {
  const t = s.texts;
  const moves =
    deal === "hidden" ? t.helpHidden : deal === "dealerChooses" ? [...t.helpMoves, ...t.helpChoose] : t.helpMoves;
  const [scoring = [], losing = []] = splitAtBlank(t.helpRules(rules));
  return [
    " " + s.style.bold("Schwimmen"),
    rule(s),
    ...[...t.help, ...scoring, "", ...moves, ...losing, ...t.helpEnd].flatMap((line) =>
      line === "" ? [""] : textLines(line),
    ),
    rule(s),
  ];
};

/** Lines cut into groups at the blank ones. */
function splitAtBlank(lines: readonly string[]): string[][] {
  const groups: string[][] = [[]];
  for (const line of lines)
    if (line === "") groups.push([]);
    else groups[groups.length - 1]!.push(line);
  return groups;
}

import type { Action, Card, TableView } from "@schwimmen/rules";
import { printable, truncate } from "./style.js";
import type { Texts } from "./text.js";

/**
 * What the person may type, derived from the view's legal actions and nothing else: this client knows no rules,
 * it only offers (and accepts) what the engine says is legal now.
 */
export interface KeyItem {
  readonly key: string;
  readonly label: string;
}

/** What a line of input means. `pick` is half a swap: a hand card chosen, its middle card still to come. */
export type Parsed =
  | { readonly kind: "action"; readonly action: Action }
  | { readonly kind: "pick"; readonly give: Card }
  | { readonly kind: "back" }
  | { readonly kind: "help" }
  | { readonly kind: "quit" }
  | { readonly kind: "hint"; readonly hint: string };

const LETTERS = "abc";

/** "1-3", "1,3" or "2" for hand positions; "a-c" for middle positions (0-based indices in). */
function rangeText(indices: readonly number[], names: (i: number) => string): string {
  if (indices.length === 0) return "";
  const first = indices[0]!;
  const last = indices[indices.length - 1]!;
  if (indices.length > 2 && last - first === indices.length - 1) return `${names(first)}-${names(last)}`;
  return indices.map(names).join(",");
}

const handName = (i: number): string => String(i + 1);
const middleName = (i: number): string => LETTERS[i] ?? "?";

interface Choices {
  readonly hand: readonly Card[];
  readonly middle: readonly Card[];
  /** Hand positions that some legal swap gives, and middle positions that some legal swap takes. */
  readonly gives: readonly number[];
  readonly takes: readonly number[];
  readonly types: ReadonlySet<string>;
  /** A hidden deal on the viewer's turn: the hand and then the packet, the cards that `passOn` chooses from. */
  readonly five: readonly Card[];
}

function choicesOf(view: TableView): Choices {
  const hand = view.hand ?? [];
  const middle = view.middle ?? [];
  const swaps = view.legal.filter((a) => a.type === "swap");
  const positions = (cards: readonly Card[], used: (card: Card) => boolean): number[] =>
    cards.flatMap((card, i) => (used(card) ? [i] : []));
  return {
    hand,
    middle,
    gives: positions(hand, (card) => swaps.some((a) => a.type === "swap" && a.give === card)),
    takes: positions(middle, (card) => swaps.some((a) => a.type === "swap" && a.take === card)),
    types: new Set(view.legal.map((a) => a.type)),
    five: [...hand, ...(view.packet ?? [])],
  };
}

/** The keys to show for the actions legal now, in a fixed order, then help and quit. */
export function keyItems(view: TableView, texts: Texts): KeyItem[] {
  const c = choicesOf(view);
  const items: KeyItem[] = [];
  if (c.types.has("choose")) {
    if (view.legal.some((a) => a.type === "choose" && a.packet === "first"))
      items.push({ key: "1", label: texts.keys.keep });
    if (view.legal.some((a) => a.type === "choose" && a.packet === "second"))
      items.push({ key: "2", label: texts.keys.other });
  }
  if (c.gives.length > 0) {
    items.push({ key: `${rangeText(c.gives, handName)} ${rangeText(c.takes, middleName)}`, label: texts.keys.swap });
  }
  if (c.types.has("passOn")) {
    const all = rangeText(
      c.five.map((_, i) => i),
      handName,
    );
    items.push({ key: all, label: texts.keys.passOn });
  }
  if (c.types.has("swapAll")) items.push({ key: "A", label: texts.keys.swapAll });
  if (c.types.has("pass")) items.push({ key: "P", label: texts.keys.pass });
  if (c.types.has("knock")) items.push({ key: "K", label: texts.keys.knock });
  if (c.types.has("redeal")) items.push({ key: "R", label: texts.keys.redeal });
  items.push({ key: "?", label: texts.keys.help }, { key: "Q", label: texts.keys.quit });
  return items;
}

/** The middle letters still open to a picked hand card, e.g. "a-c". */
export function middleRange(view: TableView, give: Card): string {
  const c = choicesOf(view);
  const takes = c.middle.flatMap((card, i) =>
    view.legal.some((a) => a.type === "swap" && a.give === give && a.take === card) ? [i] : [],
  );
  return rangeText(takes, middleName);
}

const WORDS: Record<string, "help" | "quit" | "swapAll" | "pass" | "knock" | "redeal"> = {
  "?": "help",
  h: "help",
  help: "help",
  hilfe: "help",
  q: "quit",
  quit: "quit",
  exit: "quit",
  ende: "quit",
  beenden: "quit",
  all: "swapAll",
  alle: "swapAll",
  p: "pass",
  s: "pass",
  pass: "pass",
  schieben: "pass",
  k: "knock",
  knock: "knock",
  klopfen: "knock",
  r: "redeal",
  redeal: "redeal",
  neu: "redeal",
};

/** Whether a line asks to end the match (Q, quit, Ende, ...), at any prompt and while others play. */
export const isQuit = (line: string): boolean => {
  const lower = line.trim().toLowerCase();
  return Object.hasOwn(WORDS, lower) && WORDS[lower] === "quit";
};

/**
 * Reads one line of input against the legal actions; `picked` is a hand card chosen by the line before. `why`: the
 * reason a move that is not legal now is refused (the driver asks the engine); without it, a plain "not allowed".
 */
export function parseInput(
  line: string,
  view: TableView,
  texts: Texts,
  picked: Card | null,
  why?: (tried: Action) => string,
): Parsed {
  const input = line.trim().replace(/\s+/g, " ");
  const c = choicesOf(view);
  const hints = texts.hints;
  const seat = view.viewer ?? 0;
  const legal = (match: (a: Action) => boolean, tried?: Action): Parsed => {
    const action = view.legal.find(match);
    if (action) return { kind: "action", action };
    return { kind: "hint", hint: tried && why ? why(tried) : hints.notAllowed };
  };
  const swap = (handIndex: number, middleIndex: number): Parsed => {
    const give = c.hand[handIndex];
    const take = c.middle[middleIndex];
    if (c.gives.length === 0) return { kind: "hint", hint: hints.notAllowed };
    if (give === undefined || !c.gives.includes(handIndex))
      return { kind: "hint", hint: hints.noHandCard(rangeText(c.gives, handName) || "-") };
    if (take === undefined || !c.takes.includes(middleIndex))
      return { kind: "hint", hint: hints.noMiddleCard(rangeText(c.takes, middleName) || "-") };
    return legal((a) => a.type === "swap" && a.give === give && a.take === take);
  };

  if (input === "") return picked ? { kind: "back" } : { kind: "hint", hint: hints.empty };
  const lower = input.toLowerCase();
  if (c.types.has("choose")) {
    // The dealer's choice comes first: 1 or 2 (the packets), the help, or quitting; anything else says so.
    if (lower === "1" || lower === "2") {
      const packet = lower === "1" ? "first" : "second";
      return legal((a) => a.type === "choose" && a.packet === packet);
    }
    const word = Object.prototype.hasOwnProperty.call(WORDS, lower) ? WORDS[lower] : undefined;
    if (word === "help" || word === "quit") return { kind: word };
    return { kind: "hint", hint: hints.choosePacket };
  }
  // A hidden deal has no middle: a middle letter or a swap gets that deal's own help.
  if (view.rules.deal === "hidden" && /^(?:[a-c]|[1-9] ?[a-z]|[a-c] ?[1-9])$/.test(lower))
    return { kind: "hint", hint: hints.hidden };
  // A lone middle letter finishes a picked swap (in either case); otherwise a capital A alone swaps all.
  if (picked && /^[a-c]$/.test(lower)) return swap(c.hand.indexOf(picked), LETTERS.indexOf(lower));
  if (input === "A") return legal((a) => a.type === "swapAll", { seat, type: "swapAll" });
  if (c.types.has("passOn") && /^[1-9](?:[ ,]?[1-9])?$/.test(lower)) return passOn(lower, c, legal, hints.passOnTwo);
  const handFirst = /^([1-9]) ?([a-c])$/.exec(lower);
  if (handFirst) return swap(Number(handFirst[1]) - 1, LETTERS.indexOf(handFirst[2]!));
  const middleFirst = /^([a-c]) ?([1-9])$/.exec(lower);
  if (middleFirst) return swap(Number(middleFirst[2]) - 1, LETTERS.indexOf(middleFirst[1]!));
  if (/^[1-9] ?[d-z]$/.test(lower)) return swap(Number(lower[0]) - 1, -1);
  if (/^[1-9]$/.test(lower)) {
    const index = Number(lower) - 1;
    const give = c.hand[index];
    if (give === undefined || !c.gives.includes(index))
      return c.gives.length === 0
        ? { kind: "hint", hint: hints.notAllowed }
        : { kind: "hint", hint: hints.noHandCard(rangeText(c.gives, handName)) };
    return { kind: "pick", give };
  }
  if (/^[a-c]$/.test(lower)) return { kind: "hint", hint: hints.middleFirst(lower) };
  const word = Object.prototype.hasOwnProperty.call(WORDS, lower) ? WORDS[lower] : undefined;
  if (word === "help" || word === "quit") return { kind: word };
  if (word !== undefined) return legal((a) => a.type === word, { seat, type: word });
  return { kind: "hint", hint: hints.unknown(truncateInput(input)) };
}

/** Two positions of the five cards (hand, then packet), e.g. "45" or "1 4": the `passOn` that hands those two on. */
function passOn(input: string, c: Choices, legal: (match: (a: Action) => boolean) => Parsed, hint: string): Parsed {
  const digits = input.replace(/[ ,]/g, "");
  const a = c.five[Number(digits[0]) - 1];
  const b = c.five[Number(digits[1]) - 1];
  if (digits.length !== 2 || digits[0] === digits[1] || a === undefined || b === undefined)
    return { kind: "hint", hint };
  // The same two cards in either order (with two decks both may be copies of one card).
  return legal(
    (x) => x.type === "passOn" && ((x.give[0] === a && x.give[1] === b) || (x.give[0] === b && x.give[1] === a)),
  );
}

/** What was typed, quoted back in a hint: cleaned of escape codes (an arrow key types one) and cut to 20 columns. */
export const truncateInput = (input: string): string => truncate(printable(input), 20);

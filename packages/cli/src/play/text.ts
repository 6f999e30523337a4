import type { Rules } from "@schwimmen/rules";
import { de } from "./text-de.js";
import { en } from "./text-en.js";

/** Every text the terminal game shows, in German and English. Seat 0 (the person) is addressed as "du"/"you". */
export type Lang = "de" | "en";

/** Who did something: a seat's name, and whether it is the person at the keyboard (second person). */
export interface Who {
  readonly name: string;
  readonly self: boolean;
}

type WhoText = (who: Who) => string;

export interface Texts {
  readonly defaultName: string;
  readonly round: (n: number) => string;
  /** The pot so far, as money text. */
  readonly pot: (money: string) => string;
  readonly stock: (n: number) => string;
  readonly dealer: string;
  readonly knocked: string;
  readonly swimming: string;
  readonly out: string;
  readonly middle: string;
  readonly yourHand: string;
  readonly firstPacket: string;
  /** The dealer's second packet, face down in the middle's place until the dealer has chosen. */
  readonly secondPacket: string;
  /** A hidden deal: the packet of two, yours on your turn, else who holds it. */
  readonly packet: string;
  readonly packetHeldBy: WhoText;
  readonly value: (v: string) => string;
  readonly watching: string;
  readonly toPlay: WhoText;
  readonly turnsLeft: (who: Who, n: number) => string;
  readonly level: (level: string) => string;
  readonly keys: {
    readonly swap: string;
    readonly swapAll: string;
    readonly pass: string;
    readonly knock: string;
    readonly redeal: string;
    readonly keep: string;
    readonly other: string;
    readonly passOn: string;
    readonly help: string;
    readonly quit: string;
  };
  readonly pickMiddle: (letters: string, card: string) => string;
  readonly hints: {
    readonly unknown: (input: string) => string;
    readonly empty: string;
    readonly notAllowed: string;
    readonly middleFirst: (letter: string) => string;
    readonly noHandCard: (range: string) => string;
    readonly noMiddleCard: (range: string) => string;
    readonly passOnTwo: string;
    /** A hidden deal's own help, for a middle card or a swap typed there (there is no middle). */
    readonly hidden: string;
    /** Any other key while the dealer must choose a packet. */
    readonly choosePacket: string;
  };
  readonly intro: (opponents: string) => string;
  readonly roundStarts: (n: number, dealer: Who) => string;
  readonly chose: (who: Who, first: boolean) => string;
  readonly swapped: (who: Who, give: string, take: string) => string;
  /** With two decks: a swap of a card for its copy from the middle. */
  readonly swappedSame: (who: Who, card: string) => string;
  readonly swappedAll: WhoText;
  readonly passed: WhoText;
  readonly passedOn: WhoText;
  /** The person's own `passOn`, with the two cards it handed on. */
  readonly passedOnCards: (a: string, b: string) => string;
  /** A knock; `others`: who still plays once more (one of them is named). */
  readonly knock: (who: Who, others: readonly Who[]) => string;
  readonly allPassed: string;
  readonly redealt: WhoText;
  readonly thirtyOne: WhoText;
  readonly fire: WhoText;
  readonly stockEmpty: string;
  readonly livesLost: (who: Who, count: number, left: number) => string;
  readonly swims: WhoText;
  readonly goesOut: WhoText;
  /** A swimming seat that loses: it had no life left to lose, it goes under and is out. */
  readonly goesUnder: WhoText;
  readonly wins: WhoText;
  readonly draw: string;
  readonly roundOver: (n: number) => string;
  readonly byKnock: WhoText;
  readonly nextRound: string;
  readonly nextRoundOut: string;
  /** Something other than Enter or Q typed between rounds (a move too early), quoted back above the prompt. */
  readonly roundIsOver: (input: string) => string;
  readonly matchOver: string;
  readonly stopped: string;
  /** Said in place of the screen while the window is smaller than the game's 80x24 (before the first one too). */
  readonly smallWindow: (columns: number, rows: number) => string;
  /** A line typed while another seat plays (quoted back): it is not the person's turn. */
  readonly waitTurn: (input: string) => string;
  /** The same while the person is out of the match and watches. */
  readonly onlyWatching: (input: string) => string;
  /** Lines typed while others played that arrived only when it was the person's turn: they do not count. */
  readonly typedEarly: (input: string) => string;
  /** Asked after Q at the move prompt; `isYes` reads the answer (anything else plays on). */
  readonly confirmQuit: string;
  readonly isYes: (answer: string) => boolean;
  /** Labels put before the record's path and before the command that replays it. */
  readonly saved: string;
  /** What to run next with the saved match: the analysis of the person's own decisions. */
  readonly replayHint: string;
  readonly saveFailed: (path: string, why: string) => string;
  /** The label before the path the record went to when the one asked for failed. */
  readonly savedInstead: string;
  /** Why a file could not be written, from the system's error code (the raw message when the code is not known). */
  readonly saveWhy: (code: string | undefined, message: string) => string;
  /** `--save` names a file in a folder that is not there (checked before the match, as the next three). */
  readonly noFolder: (path: string, folder: string) => string;
  /** `--save` names a folder; `example`: a file in it. */
  readonly saveIsFolder: (path: string, example: string) => string;
  /** `--save` names a file that exists, and `--force` was not given. */
  readonly saveExists: (path: string) => string;
  /** `--save` names a file in a folder that may not be written. */
  readonly saveNoPermission: (path: string, folder: string) => string;
  /** Lines of at most 75 columns (they are word-wrapped beyond that): the game, the moves, the rest. */
  readonly help: readonly string[];
  readonly helpMoves: readonly string[];
  /** The moves of a hidden deal, shown in place of `helpMoves` there. */
  readonly helpHidden: readonly string[];
  /** The dealer's choice of packets, shown after `helpMoves` under "dealerChooses" rules. */
  readonly helpChoose: readonly string[];
  readonly helpEnd: readonly string[];
  /** What three of a kind, three aces and a 31 do, and what losing every life means, under the table's rules. */
  readonly helpRules: (rules: Rules) => readonly string[];
  readonly helpBack: string;
}

export const TEXTS: Record<Lang, Texts> = { de, en };

export const isLang = (value: string): value is Lang => value === "de" || value === "en";

/** German when the locale says so (LC_ALL wins over LANG, as the C library has it), English otherwise. */
export function langFromEnv(env: Readonly<Record<string, string | undefined>>): Lang {
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || "";
  return locale.toLowerCase().startsWith("de") ? "de" : "en";
}

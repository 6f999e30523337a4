// What a terminal game is played with, and how it ends.
import type { MatchState } from "@schwimmen/rules";
import type { BotSeat } from "./bot-move.js";
import type { LineReader } from "./lines.js";
import type { Lang } from "./text.js";
import type { Painter } from "./window.js";

export interface PlayOptions {
  /** A fresh match (seat `self` is the person, the others have bots); the driver deals its rounds. */
  readonly match: MatchState;
  readonly names: readonly string[];
  readonly self: number;
  readonly bots: readonly BotSeat[];
  readonly lang: Lang;
  readonly input: LineReader;
  readonly output: { write(text: string): unknown };
  /** Redraw whole screens (clear + draw) and wait for Enter between rounds; otherwise print plain lines. */
  readonly interactive: boolean;
  readonly color: boolean;
  /** Echo each line read (when input does not come from a terminal, so transcripts show what was typed). */
  readonly echo: boolean;
  /** Lines an interactive screen may use (asked at each redraw, so a resized terminal is followed). */
  readonly rows?: () => number;
  /** Draws the interactive screens and follows the window's size (a fixed 80x24 window when absent). */
  readonly painter?: Painter;
  /** Pause before each bot move, so a person can follow. */
  readonly delayMs: number;
  /** Play money per life lost, in cents (0 or absent: no stakes): the pot so far is shown at the top. */
  readonly stake?: number;
  /** How many lines the caller prints after the last screen (where the match was saved; 2 when absent). */
  readonly afterRows?: number;
  readonly budgetMs?: number;
  /** A pause that ends early when `signal` aborts (Ctrl-C); the default one clears its timer then. */
  readonly sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export type PlayEnd = "over" | "quit" | "eof" | "interrupt";

export interface PlayResult {
  readonly state: MatchState;
  readonly end: PlayEnd;
}

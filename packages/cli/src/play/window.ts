// The terminal window of an interactive game: the screen drawn again when the window is resized, and a notice in
// its place while the window is smaller than the game's 80x24.
import type { LineReader } from "./lines.js";
import { wrapText } from "./style.js";
import type { Texts } from "./text.js";

export interface WindowSize {
  readonly columns: number;
  readonly rows: number;
}

/** The size every screen of the game fits (WIDTH columns of text and 24 rows, the last one for the cursor). */
export const MIN_SIZE: WindowSize = { columns: 80, rows: 24 };

export const isTooSmall = (size: WindowSize): boolean => size.columns < MIN_SIZE.columns || size.rows < MIN_SIZE.rows;

/** Where the size comes from, and who tells of a change (a terminal's "resize" event). */
export interface WindowSource {
  size(): WindowSize;
  /** Calls `listener` after every change of size; returns what stops that. */
  onResize(listener: () => void): () => void;
}

/** A window that never changes: 80x24, unless given. */
export const fixedWindow = (size: WindowSize = MIN_SIZE): WindowSource => ({
  size: () => size,
  onResize: () => () => {},
});

/** The notice, word-wrapped to the window's width (20 columns at least), and the input line. */
export function smallWindowLines(t: Texts, size: WindowSize): string[] {
  const words = wrapText(t.smallWindow(size.columns, size.rows), Math.max(20, size.columns - 2));
  return [...words.map((line) => ` ${line}`), "> "];
}

type Output = { write(text: string): unknown };

/**
 * Draws whole screens from the top left, and draws the current one again when the window is resized: a screen is
 * given as the function that lays it out, so that it is laid out for the new size. When the window becomes smaller
 * than 80x24, the notice takes the screen's place until the window is large enough again (then the screen comes
 * back by itself) or the person types a line (Enter: play on in the small window; the line is used up, it is no
 * move). Once played on in a small window, only a window that was large enough in between brings the notice back.
 */
export class Painter {
  private build: (() => readonly string[]) | null = null;
  private notice = false;
  /** The person chose to play in a small window. */
  private accepted = false;
  private closed = false;
  private readonly stopListening: () => void;
  /** Told of every resize (the wait before the first screen listens). */
  private onChange: (() => void) | null = null;

  constructor(
    private readonly out: Output,
    private readonly texts: Texts,
    private readonly window: WindowSource,
  ) {
    this.stopListening = window.onResize(() => this.resized());
  }

  /** Shows a screen (the notice instead while it is up); `build` lays it out, now and after every resize. */
  show(build: () => readonly string[]): void {
    this.build = build;
    this.paint(false);
  }

  /** A screen that the caller has printed as plain lines already: drawn again (from the top) only after a resize. */
  printed(build: () => readonly string[]): void {
    this.build = build;
  }

  /**
   * Called for each line typed: while the notice is up, the line only takes it away (true then, and the screen is
   * drawn in the small window). False (the line is the game's) when no notice is up.
   */
  dismissNotice(): boolean {
    if (!this.notice || this.closed) return false;
    this.notice = false;
    this.accepted = true;
    this.paint(true);
    return true;
  }

  /**
   * Before the first screen: when the window is too small, the notice until the window is large enough or a line
   * is typed (taken here, it is no move), or the input ends.
   */
  async waitWhileSmall(reader: LineReader): Promise<void> {
    if (!isTooSmall(this.window.size())) return;
    this.notice = true;
    this.paint(true);
    while (this.notice && !this.closed) {
      const woken = new AbortController();
      this.onChange = () => woken.abort();
      await reader.arrival(woken.signal);
      this.onChange = null;
      if (!this.notice) break;
      const line = reader.take();
      if (line !== undefined) this.dismissNotice();
      else if (!woken.signal.aborted) break; // the input ended: the game finds out at its first prompt
    }
  }

  /** Stops drawing and listening (the last screen of the match is printed by the game itself). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.build = null;
    this.stopListening();
  }

  private resized(): void {
    if (this.closed) return;
    if (!isTooSmall(this.window.size())) {
      this.accepted = false;
      this.notice = false;
    } else if (!this.accepted) this.notice = true;
    // After a resize the terminal may have moved or wrapped what it showed: the whole window is cleared first.
    this.paint(true);
    this.onChange?.();
  }

  private paint(clear: boolean): void {
    if (this.closed) return;
    const lines = this.notice ? smallWindowLines(this.texts, this.window.size()) : this.build?.();
    if (lines === undefined) return;
    const body = lines.map((l, i) => (i === lines.length - 1 ? l + "\x1b[K" : l + "\x1b[K\n")).join("");
    this.out.write((clear ? "\x1b[2J" : "") + "\x1b[H" + body + "\x1b[J");
  }
}

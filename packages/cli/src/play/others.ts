// What the person types while other seats play (in a redrawn game): Q asks to quit at any time, anything else is
// answered at once instead of being dropped without a word.
import { isQuit, truncateInput } from "./commands.js";
import type { LineReader } from "./lines.js";
import { pauseUnlessTyped, yieldToEvents } from "./pause.js";
import type { Texts } from "./text.js";
import type { Painter } from "./window.js";

export interface OthersTurn<E> {
  readonly input: LineReader;
  readonly painter: Painter | null;
  readonly texts: Texts;
  /** The pause before the move, in ms (0: none). */
  readonly delayMs: number;
  readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Whether the person is out of the match (watching). */
  readonly watching: boolean;
  /** Shows the table while the other seat plays, with the answer to a line typed meanwhile. */
  show(hint?: string): void;
  /** Asks whether to end the match: the end when the person says yes, null to play on. */
  confirmQuit(): Promise<E | null>;
}

/**
 * The pause before another seat's move. A line typed meanwhile is answered at once: Q asks to quit (the end when
 * the person says yes), anything else is told to wait; the pause then goes on for the time left. `hint`: the answer
 * shown since an earlier seat's turn (it stays until the person's turn, so that it can be read); the one to show next.
 */
export async function othersTurnPause<E>(
  o: OthersTurn<E>,
  shown?: string,
): Promise<{ readonly end: E | null; readonly hint?: string }> {
  const until = performance.now() + o.delayMs;
  let hint = shown;
  for (;;) {
    if (o.delayMs > 0 || hint !== undefined) o.show(hint);
    const left = until - performance.now();
    await (left > 0 ? pauseUnlessTyped(o.input, left, o.sleep) : yieldToEvents());
    const line = o.input.take();
    if (line === undefined) return hint === undefined ? { end: null } : { end: null, hint };
    if (o.painter?.dismissNotice() || line.trim() === "") continue;
    if (isQuit(line)) {
      const end = await o.confirmQuit();
      if (end !== null) return { end };
      hint = undefined;
      continue;
    }
    hint = (o.watching ? o.texts.onlyWatching : o.texts.waitTurn)(truncateInput(line.trim()));
  }
}

/**
 * Lines that wait when the person's turn comes (typed while the others played, they came only now): a Q asks to
 * quit (`end`: the answer that ends the match), anything else is answered as not counted (`hint`).
 */
export async function earlyLines<E>(
  o: Pick<OthersTurn<E>, "input" | "painter" | "texts" | "confirmQuit">,
): Promise<{ readonly end?: E; readonly hint?: string }> {
  const typed = o.input.discardPending().filter((line) => !o.painter?.dismissNotice() && line.trim() !== "");
  if (typed.some(isQuit)) {
    const end = await o.confirmQuit();
    return end === null ? {} : { end };
  }
  const last = typed[typed.length - 1];
  return last === undefined ? {} : { hint: o.texts.typedEarly(truncateInput(last.trim())) };
}

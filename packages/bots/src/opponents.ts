import { type TableView, handValue } from "@schwimmen/rules";
import { MiddleMemory } from "./tracker.js";

/** With fewer knocks seen than this, a seat is assumed to knock like the common baseline. */
const MIN_KNOCKS = 2;
const BASELINE_KNOCK = 27;

/**
 * What a bot learns about the other seats across the rounds of one match, from its views only: the hand each
 * knocker held when it knocked (a knocker never acts again, so its hand shown at the round's end is the hand it
 * knocked with). Play-outs then let each seat knock where it has been seen to knock. It also keeps the middles seen
 * in the round in play (`middles`), for the card tracking.
 */
export class KnockMemory {
  readonly middles = new MiddleMemory();
  private round = -1;
  private knocker: number | null = null;
  private readonly values: number[][] = [];

  observe(view: TableView): void {
    this.middles.observe(view);
    if (view.round !== this.round) {
      const last = view.lastResult;
      if (this.knocker !== null && last && view.round === this.round + 1) {
        const hand = last.hands[this.knocker];
        if (hand) (this.values[this.knocker] ??= []).push(handValue(hand, view.rules));
      }
      this.round = view.round;
      this.knocker = null;
    }
    if (view.knocker !== null) this.knocker = view.knocker;
  }

  /** The value from which a seat is expected to knock: a little under its average knock, never above the baseline. */
  knockAt(seat: number): number {
    const seen = this.values[seat];
    if (!seen || seen.length < MIN_KNOCKS) return BASELINE_KNOCK;
    const mean = seen.reduce((a, b) => a + b, 0) / seen.length;
    return Math.max(20, Math.min(BASELINE_KNOCK, Math.floor(mean) - 1));
  }
}

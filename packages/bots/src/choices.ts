import { type Card, type Move, type Rules, type TableView, handStrength } from "@schwimmen/rules";
import { withoutCards } from "./hand.js";

/**
 * Which of a seat's actions are worth weighing at all, and which of two equally good ones to take. Shared by every
 * bot that plays sensibly (greedy, tactician, expert) and by the game analysis, so that what a bot never plays is
 * never the analysis' best either.
 *
 * - The last turn: once somebody has knocked, the seat's hand after this turn is its hand at the round's end. A move
 *   that leaves a weaker hand than another legal move can only pay where the rules reward a weaker hand
 *   (`lowerHandMayPay`); otherwise it is never weighed. (Its one other effect, the cards it leaves the seats still to
 *   play, is what the play-outs judge worst: their hands are guesses, and a handful of odd worlds would decide.)
 * - A copy swap (two decks: a card for its copy from the middle) changes neither hand nor middle. Where a pass does
 *   exactly the same (`passChangesNothing`), only the pass is weighed.
 * - Ties: the move that keeps the stronger hand, then a pass before a swap to the same hand (`tieOrder`).
 */

/** The hand a move leaves the seat: a swap or a keep changes it; pass, knock, a new middle and a choice do not. */
export function handAfter(view: TableView, move: Move): readonly Card[] {
  const hand = view.hand ?? [];
  switch (move.type) {
    case "swap": {
      const at = hand.indexOf(move.give);
      if (at < 0) return hand;
      const next = hand.slice();
      next[at] = move.take;
      return next;
    }
    case "swapAll":
      return view.middle ?? hand;
    case "passOn":
      return withoutCards([...hand, ...(view.packet ?? [])], move.give);
    default:
      return hand;
  }
}

/** The seat's last turn of the round: somebody has knocked, so the round ends before the seat moves again. */
export const isLastTurn = (view: TableView): boolean => view.phase === "playing" && view.knocker !== null;

/**
 * Whether a weaker hand can be worth more than a stronger one at the round's end: with `losers: "twentyOrLess"` a
 * seat that loses anyway can drop to 20 or less so that the lowest hand above 20 loses too (Reißen, rules Example 4).
 * Under `lowest` a weaker hand never lowers the seat's own chance of losing.
 */
export const lowerHandMayPay = (rules: Rules): boolean => rules.losers === "twentyOrLess";

/** A swap of a card for its copy from the middle (two decks): neither the hand nor the middle changes. */
export const isCopySwap = (move: Move): boolean => move.type === "swap" && move.give === move.take;

/**
 * Whether a pass now has exactly the effect of a copy swap: nothing, because passes count towards no run (after a
 * knock, or with `allPass: "nothing"`). Elsewhere a copy swap also breaks a run of passes, so it may differ.
 */
export const passChangesNothing = (view: TableView): boolean =>
  view.knocker !== null || view.rules.allPass === "nothing";

const canPass = (view: TableView): boolean => view.legal.some((a) => a.type === "pass");

/**
 * On the last turn, the strongest hand the seat can end the round with for sure: its hand now where a legal move keeps
 * it (a pass, or passing the packet on as it came), else the best hand a legal move leaves.
 */
function keepable(view: TableView): number {
  const rules = view.rules;
  let best = -Infinity;
  for (const action of view.legal) best = Math.max(best, handStrength(handAfter(view, action), rules));
  return Math.min(handStrength(view.hand ?? [], rules), best);
}

/**
 * Whether a move throws hand away for nothing: on the last turn it leaves a weaker hand than the seat can keep, and
 * the rules do not make a weaker hand pay. No bot plays such a move, and the analysis never calls it good.
 */
export const leavesWeakerHand = (view: TableView, move: Move): boolean =>
  isLastTurn(view) && !lowerHandMayPay(view.rules) && handStrength(handAfter(view, move), view.rules) < keepable(view);

/**
 * The moves worth weighing (a subset of `moves`, in their order): without copy swaps where passing is legal and
 * does the same, and without the moves that throw hand away on the last turn (`leavesWeakerHand`). Never empty
 * when `moves` is not.
 */
export function sensibleMoves<M extends Move>(view: TableView, moves: readonly M[]): M[] {
  let out = moves.slice();
  if (canPass(view) && passChangesNothing(view)) out = out.filter((m) => !isCopySwap(m));
  const kept = out.filter((m) => !leavesWeakerHand(view, m));
  if (kept.length > 0) return kept;
  return out.length > 0 ? out : moves.slice();
}

/**
 * Order among moves judged equally good (lower first): the stronger hand left, then a pass or knock before a swap
 * or keep to the same hand, copy swaps last.
 */
export function tieOrder(view: TableView, move: Move): number {
  const kind =
    move.type === "pass"
      ? 0
      : move.type === "knock"
        ? 1
        : isCopySwap(move)
          ? 4
          : move.type === "redeal" || move.type === "choose"
            ? 3
            : 2;
  return -handStrength(handAfter(view, move), view.rules) * 8 + kind;
}

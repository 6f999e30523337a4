import type { Action, Card, Move, TableView } from "@schwimmen/rules";

/** Whether two pairs of cards are the same cards, in either order. */
export const samePair = (a: readonly Card[], b: readonly Card[]): boolean =>
  (a[0] === b[0] && a[1] === b[1]) || (a[0] === b[1] && a[1] === b[0]);

/** The legal action that matches a move, for the viewer's seat; null when it is not legal now. */
export function legalMatch(view: TableView, move: Move): Action | null {
  for (const action of view.legal) {
    if (action.type !== move.type) continue;
    if (action.type === "swap" && move.type === "swap" && (action.give !== move.give || action.take !== move.take))
      continue;
    if (action.type === "choose" && move.type === "choose" && action.packet !== move.packet) continue;
    if (action.type === "passOn" && move.type === "passOn" && !samePair(action.give, move.give)) continue;
    return action;
  }
  return null;
}

/** Turns a move into the legal action; falls back to the first legal action so a bot never plays an illegal one. */
export function toLegal(view: TableView, move: Move): Action {
  const action = legalMatch(view, move);
  if (action) return action;
  const first = view.legal[0];
  if (!first) throw new Error("a bot was asked to act without any legal action");
  return first;
}

export const has = (view: TableView, type: Move["type"]): boolean => view.legal.some((a) => a.type === type);

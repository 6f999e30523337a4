import { useEffect } from "preact/hooks";
import type { TableModel } from "../game/model.js";

/**
 * The page's title while it is your turn: "▶ Du bist dran · Schwimmen · 31", so that a tab in the background (waiting
 * for the others at a big table, say) shows when to come back. Sounds never play in a hidden page; the title can.
 */
export const turnTitle = (base: string, yourTurn: string | null): string =>
  yourTurn ? `▶ ${yourTurn} · ${base}` : base;

/** Whether the person at this table has a move to make now (not at a round's end or once the match is over). */
export const isMyTurn = (model: TableModel): boolean =>
  model.seat !== null && model.view !== null && model.view.toAct === model.seat && model.view.legal.length > 0;

/** Sets the title while it is your turn, and puts the page's own title back when it is not, or the table closes. */
export function useTurnTitle(model: TableModel, words: string): void {
  const mine = isMyTurn(model);
  useEffect(() => {
    if (!mine) return;
    const base = document.title;
    document.title = turnTitle(base, words);
    return () => {
      document.title = base;
    };
  }, [mine, words]);
}

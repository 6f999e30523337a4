/**
 * The record's `table.computerMoves`: the moves the computer made for a person who was away, each as [round, action]
 * (the index of its round in `rounds` and of the move in that round's `actions`). Read by the server's profile
 * statistics and by the web's replay viewer; no imports, so a browser can use it too.
 */

/** The listed moves as "round/action" keys; entries of any other shape are skipped, anything else gives none. */
export function computerMovesOf(listed: unknown): Set<string> {
  const out = new Set<string>();
  if (!Array.isArray(listed)) return out;
  for (const at of listed as unknown[]) {
    if (Array.isArray(at) && at.length === 2 && at.every((n) => Number.isInteger(n))) out.add(moveKey(at[0], at[1]));
  }
  return out;
}

/** The key of the `action`-th move of round `round` in `computerMovesOf`'s set. */
export const moveKey = (round: number, action: number): string => `${round}/${action}`;

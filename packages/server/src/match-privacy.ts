/**
 * Who may see the code of a past match (docs/protocol.md, "Players and sessions"): a private table's code is its key
 * (replays, spectating, chat), so public answers (profiles, a player's rated matches) give it only to a player who sat
 * in that match; public and quick-match tables keep their codes for everybody.
 */

/** A saved match as far as its code is concerned: the table's visibility then, and the players who sat in it. */
export interface MatchAccess {
  readonly private: boolean;
  /** The player ids of the match's seats (the record's `table.players`). */
  readonly players: readonly string[];
}

/**
 * From a saved record's `table` key and the table's stored config visibility (PlayerRecordRow.tableVisibility): the
 * record's own `table.visibility` (written since it was kept: the visibility while the match ran) wins; an older
 * record takes the visibility the table was made with (a table made public in its lobby before then counts as
 * private: its code stays hidden rather than given away).
 */
export function matchAccess(table: unknown, tableVisibility: string | null | undefined): MatchAccess {
  const fields = typeof table === "object" && table !== null ? (table as Record<string, unknown>) : {};
  const recorded = fields.visibility;
  const visibility = recorded === "public" || recorded === "private" ? recorded : tableVisibility;
  const seated = Array.isArray(fields.players) ? fields.players : [];
  return {
    private: visibility !== "public",
    players: seated.filter((p): p is string => typeof p === "string"),
  };
}

/** The access of a saved match from its row (a record that is not JSON counts as private, seated nobody). */
export function rowAccess(row: { readonly record: string; readonly tableVisibility?: string | null }): MatchAccess {
  try {
    return matchAccess((JSON.parse(row.record) as { table?: unknown } | null)?.table, row.tableVisibility);
  } catch {
    return { private: true, players: [] };
  }
}

/** Whether `viewer` (a player id, null for nobody signed in) may see the match's code. */
export const codeShown = (access: MatchAccess, viewer: string | null): boolean =>
  !access.private || (viewer !== null && access.players.includes(viewer));

export const matchKey = (code: string, match: number): string => `${code}/${match}`;

/**
 * Rows of the ratings module (`{code, match, rated, ...}`) as `viewer` may see them: a rated match was public (only
 * public tables are rated), so it keeps its code; any other keeps it when `access` knows the match and lets the
 * viewer see it, and otherwise gets `code: null` (and `private: true` when it is known to be private).
 */
export function ratingRowsFor<R extends { readonly code: string; readonly match: number; readonly rated: boolean }>(
  rows: readonly R[],
  access: ReadonlyMap<string, MatchAccess>,
  viewer: string | null,
): (R | (Omit<R, "code"> & { code: null; private?: true }))[] {
  return rows.map((row) => {
    if (row.rated) return row;
    const known = access.get(matchKey(row.code, row.match));
    if (known && codeShown(known, viewer)) return row;
    return { ...row, code: null, ...(known?.private ? { private: true } : {}) };
  });
}

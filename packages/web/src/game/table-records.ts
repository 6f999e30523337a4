/**
 * A table's finished matches and their records, from the server (`GET /api/tables/CODE/matches` and
 * `GET /api/tables/CODE/record?match=N`, see docs/protocol.md). Every failure comes back as a text key for the
 * player's language, never a status number.
 */

/** One finished match of a table, as the server lists it (oldest first). */
export interface MatchInfo {
  readonly match: number;
  readonly finishedAt: number;
  readonly seats: readonly string[];
  readonly winner: number | null;
}

export type TableProblem = "replayNoTable" | "replayNoMatch" | "replayOffline";
export type Fetched<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: TableProblem };

type Get = (url: string) => Promise<Response>;

interface Answer {
  readonly status: number;
  /** The parsed JSON body, or undefined when the body was not JSON (a server without the route). */
  readonly body: unknown;
}

async function ask(get: Get, url: string): Promise<Answer | null> {
  try {
    const response = await get(url);
    const text = await response.text();
    try {
      return { status: response.status, body: JSON.parse(text) as unknown };
    } catch {
      return { status: response.status, body: undefined };
    }
  } catch {
    return null;
  }
}

/** The problem a failed answer names: the server's error code where it gives one. */
function problemOf(answer: Answer | null): TableProblem {
  const code = (answer?.body as { error?: { code?: unknown } } | undefined)?.error?.code;
  if (code === "TABLE_NOT_FOUND") return "replayNoTable";
  if (code === "NOT_STARTED") return "replayNoMatch";
  return "replayOffline";
}

const isMatch = (m: unknown): m is MatchInfo => {
  const v = m as Record<string, unknown> | null;
  return (
    typeof v === "object" &&
    v !== null &&
    Number.isInteger(v.match) &&
    typeof v.finishedAt === "number" &&
    Array.isArray(v.seats) &&
    v.seats.every((s) => typeof s === "string") &&
    (v.winner === null || Number.isInteger(v.winner))
  );
};

const base = (code: string) => `/api/tables/${encodeURIComponent(code)}`;

/** The table's finished matches, oldest first; null from a server that cannot list them (only the latest then). */
export async function tableMatches(code: string, get: Get = fetch): Promise<Fetched<MatchInfo[] | null>> {
  const answer = await ask(get, `${base(code)}/matches`);
  if (answer?.status === 200) {
    const matches = (answer.body as { matches?: unknown } | undefined)?.matches;
    return Array.isArray(matches) && matches.every(isMatch)
      ? { ok: true, value: matches }
      : { ok: false, problem: "replayOffline" };
  }
  if (answer?.status === 404 && answer.body === undefined) return { ok: true, value: null };
  return { ok: false, problem: problemOf(answer) };
}

/** The record of match `match` of the table, or of its latest match (finished or not) with null. */
export async function tableRecord(code: string, match: number | null, get: Get = fetch): Promise<Fetched<unknown>> {
  const answer = await ask(get, `${base(code)}/record${match === null ? "" : `?match=${match}`}`);
  if (answer?.status === 200 && answer.body !== undefined) return { ok: true, value: answer.body };
  return { ok: false, problem: problemOf(answer) };
}

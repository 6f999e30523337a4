/**
 * The HTTP routes of one table, found by its invite code: its public info, its finished matches, their records.
 * Every request is a lookup by code, counted per address like the WebSocket's join and watch (Hub.lookup).
 */
import { clientAddress } from "./client-address.js";
import type { IncomingMessage, ServerResponse } from "node:http";
import { ledgerCsv, replayRecordText } from "@schwimmen/rules";
import { isLegacyCode } from "./codes.js";
import type { HttpDeps } from "./http.js";
import { json, send } from "./http-send.js";
import { matchRecord } from "./record.js";
import type { TableModel } from "./table-model.js";

/** How many finished matches `/matches` lists at most (a table may be played again and again). */
export const MATCH_LIST_LIMIT = 1000;

const STATUS = { TABLE_NOT_FOUND: 404, RATE_LIMITED: 429, SPECTATORS_NOT_ALLOWED: 403, NOT_STARTED: 404 } as const;

const fail = (res: ServerResponse, code: keyof typeof STATUS, message: string, extra?: Record<string, string>) =>
  json(res, STATUS[code], { error: { code, message } }, extra);

/** A device token sent as `Authorization: Bearer TOKEN` (a player fetching their legacy table's record). */
function bearer(req: IncomingMessage): string | undefined {
  const found = /^Bearer ([A-Za-z0-9_-]{32,64})$/.exec(req.headers.authorization ?? "");
  return found?.[1];
}

/** The finished matches; a record saved before records named their winner is replayed to find it. */
async function matchList(deps: HttpDeps, code: string) {
  const listed = await deps.store.listMatches(code, MATCH_LIST_LIMIT);
  return Promise.all(
    listed.map(async ({ match, finishedAt, seats, winner }) => {
      if (winner === undefined) {
        const text = await deps.store.loadMatchRecord(code, match);
        const replayed = text === null ? null : replayRecordText(text);
        winner = replayed?.ok ? replayed.value.state.winner : null;
      }
      return { match, finishedAt, seats, winner };
    }),
  );
}

/**
 * The table's Kasse as CSV (ledgerCsv in packages/rules): a header, a row per settled match, the totals; `?lang=de`
 * in the form a German spreadsheet reads (semicolons, a decimal comma).
 */
const sendLedger = (res: ServerResponse, model: TableModel, url: URL) =>
  send(
    res,
    200,
    "text/csv; charset=utf-8",
    ledgerCsv(model.ledger ?? [], url.searchParams.get("lang") === "de" ? "de" : "plain"),
    {
      "Cache-Control": "no-store",
      "Content-Disposition": `attachment; filename="kasse-${model.code}.csv"`,
    },
  );

const sendRecord = (res: ServerResponse, code: string, match: number, text: string) =>
  send(res, 200, "application/json; charset=utf-8", text, {
    "Cache-Control": "no-store",
    "Content-Disposition": `attachment; filename="schwimmen-${code}-${match}.json"`,
  });

/** `?match=N` as a whole number of at least 1; undefined when not asked, null when it is no such number. */
function askedMatch(url: URL): number | null | undefined {
  const asked = url.searchParams.get("match");
  if (asked === null) return undefined;
  const match = Number(asked);
  return /^\d{1,9}$/.test(asked) && match >= 1 ? match : null;
}

/**
 * A finished table that expired keeps its match records (docs/protocol.md, "Expiry"): its list and records are
 * still served for a full-length code; everything else about it is gone.
 */
async function archived(deps: HttpDeps, code: string, route: string, url: URL, res: ServerResponse): Promise<void> {
  const matches = isLegacyCode(code) || route === "" || route === "/ledger.csv" ? [] : await matchList(deps, code);
  if (matches.length === 0) return fail(res, "TABLE_NOT_FOUND", "no such table");
  if (route === "/matches") return json(res, 200, { code, matches });
  const asked = askedMatch(url);
  const match = asked === undefined ? matches[matches.length - 1]!.match : asked;
  const text = match === null ? null : await deps.store.loadMatchRecord(code, match);
  if (match === null || text === null) return fail(res, "NOT_STARTED", "no record of that match");
  return sendRecord(res, code, match, text);
}

export async function tableApi(deps: HttpDeps, req: IncomingMessage, url: URL, res: ServerResponse): Promise<void> {
  const api = /^\/api\/tables\/([^/]{1,40})(\/record|\/matches|\/ledger\.csv)?$/.exec(url.pathname);
  let text = "";
  try {
    text = decodeURIComponent(api?.[1] ?? "");
  } catch {
    // not a code
  }
  const route = api?.[2] ?? "";
  const found = await deps.hub.lookup(
    text,
    clientAddress(req, deps.trustProxy),
    route === "/record" ? "record" : "info",
    bearer(req),
  );
  if (!found.ok) {
    if (found.code === "RATE_LIMITED") {
      const seconds = Math.max(1, Math.ceil((found.retryAfterMs ?? 1000) / 1000));
      return fail(res, found.code, found.message, { "Retry-After": String(seconds) });
    }
    if (found.code === "TABLE_NOT_FOUND" && found.parsed) return archived(deps, found.parsed, route, url, res);
    return fail(res, found.code, found.message);
  }
  const { table } = found;
  const model = table.model;
  // Only what every spectator may know: names, seats, presence, status; never a hand, not even a finished round's.
  if (route === "")
    return send(res, 200, "application/json; charset=utf-8", table.tableJson(), { "Cache-Control": "no-store" });
  if (route === "/matches") return json(res, 200, { code: model.code, matches: await matchList(deps, model.code) });
  if (route === "/ledger.csv") return sendLedger(res, model, url);
  const asked = askedMatch(url);
  const match = asked === undefined ? model.match : asked;
  if (match === null || match < 1 || match > model.match) {
    return fail(res, "NOT_STARTED", "no such match at this table");
  }
  // A finished match's saved record is the one to send (a deleted account's name is neutral there).
  const saved =
    match < model.match || model.status === "over" ? await deps.store.loadMatchRecord(model.code, match) : null;
  const record = saved ?? (match === model.match ? JSON.stringify(matchRecord(model), null, 1) : null);
  if (record === null) return fail(res, "NOT_STARTED", "no record of that match");
  return sendRecord(res, model.code, match, record);
}

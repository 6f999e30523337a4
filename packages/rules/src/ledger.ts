/**
 * The "Kasse": the balances of one table's evening over several matches (rematches), by player name. Pure data and
 * pure functions; the server keeps it with the table, the web client in the browser's storage.
 */
import type { MatchState } from "./state.js";
import { type Settlement, settleMatch } from "./stakes.js";

/** One settled match. `players` are the names by seat, as they sat in that match. */
export interface LedgerRow {
  readonly match: number;
  readonly stake: number;
  readonly pot: number;
  readonly players: readonly string[];
  /** Per seat, cents won minus paid. */
  readonly balance: readonly number[];
  /** Seats that took the pot (one winner, or the sharers of a draw). */
  readonly takers: readonly number[];
}

export type Ledger = readonly LedgerRow[];

/** The most matches a ledger keeps; older rows are folded into the first kept one so the totals stay right. */
export const LEDGER_ROWS = 200;

/** The ledger with one more settled match. */
export function addToLedger(ledger: Ledger, match: number, players: readonly string[], settled: Settlement): Ledger {
  const row: LedgerRow = {
    match,
    stake: settled.stake,
    pot: settled.pot,
    players: players.slice(),
    balance: settled.balance.slice(),
    takers: settled.takers.slice(),
  };
  const rows = [...ledger, row];
  return rows.length <= LEDGER_ROWS ? rows : foldOldest(rows);
}

/**
 * The ledger after a match: unchanged without a stake or while the match goes on (or when it cannot be settled);
 * otherwise with the match settled at `stake` as row `match`.
 */
export function settleIntoLedger(
  ledger: Ledger,
  state: MatchState,
  stake: number,
  match: number,
  players: readonly string[],
): Ledger {
  if (stake <= 0 || !state.over) return ledger;
  const settled = settleMatch(state, stake);
  return settled.ok ? addToLedger(ledger, match, players, settled.value) : ledger;
}

/** Merges the two oldest rows into one carrying both balances (by name), so the ledger stays bounded. */
function foldOldest(rows: readonly LedgerRow[]): LedgerRow[] {
  const [first, second, ...rest] = rows as [LedgerRow, LedgerRow, ...LedgerRow[]];
  const players = [...second.players];
  const balance = [...second.balance];
  first.players.forEach((name, seat) => {
    const at = players.indexOf(name);
    if (at >= 0) balance[at] = balance[at]! + first.balance[seat]!;
    else {
      players.push(name);
      balance.push(first.balance[seat]!);
    }
  });
  return [{ ...second, pot: first.pot + second.pot, players, balance }, ...rest];
}

export interface LedgerTotal {
  readonly name: string;
  readonly cents: number;
}

/** Each player's balance over the whole ledger, in order of first appearance. */
export function ledgerTotals(ledger: Ledger): LedgerTotal[] {
  const totals = new Map<string, number>();
  for (const row of ledger) {
    row.players.forEach((name, seat) => totals.set(name, (totals.get(name) ?? 0) + (row.balance[seat] ?? 0)));
  }
  return [...totals].map(([name, cents]) => ({ name, cents }));
}

/** A ledger in short, as a table shows it: every total and the newest rows. */
export interface LedgerSummary {
  /** Cents per life at the table now. */
  readonly stake: number;
  /** Settled matches so far. */
  readonly matches: number;
  /** Cents won minus paid over the evening, by player name, in order of first appearance. */
  readonly totals: readonly LedgerTotal[];
  /** The newest settled matches (at most `rows`), oldest first. */
  readonly rows: readonly LedgerRow[];
}

export const ledgerSummary = (ledger: Ledger, stake: number, rows = 5): LedgerSummary => ({
  stake,
  matches: ledger.length,
  totals: ledgerTotals(ledger),
  rows: ledger.slice(-rows),
});

/** Cents as euros with a decimal point: 120 -> "1.20", -5 -> "-0.05". */
export function euroText(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Play money for people: "10 ct" and "1,20 €" in German, "10c" and "€1.20" in English; `signed` adds a plus. */
export function moneyText(cents: number, lang: "de" | "en", signed = false): string {
  const sign = cents < 0 ? "−" : signed && cents > 0 ? "+" : "";
  const abs = Math.abs(cents);
  const euros = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, "0");
  if (lang === "de") return abs < 100 ? `${sign}${abs} ct` : `${sign}${euros},${rest} €`;
  return abs < 100 ? `${sign}${abs}c` : `${sign}€${euros}.${rest}`;
}

/** A CSV field: quoted when needed; text that a spreadsheet would take for a formula gets a leading apostrophe. */
function csvField(text: string, separator: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /["\r\n']/.test(safe) || safe.includes(separator) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The two forms of the CSV: plain (for programs, as documented) and German (for a German spreadsheet). */
const CSV_FORMS = {
  plain: {
    separator: ",",
    decimal: ".",
    bom: "",
    words: { match: "match", stake: "stake", pot: "pot", total: "total" },
  },
  // A German spreadsheet splits fields at semicolons and reads a decimal comma; the byte order mark tells it that
  // the file is UTF-8 (else "Jürgen" arrives as "JÃ¼rgen").
  de: {
    separator: ";",
    decimal: ",",
    bom: "\uFEFF",
    words: { match: "Partie", stake: "Einsatz", pot: "Pott", total: "Summe" },
  },
} as const;

/**
 * The ledger as CSV (CRLF line ends): a header row (match, stake, pot, then one column per player), a row per match
 * and a last row "total"; amounts in euros. A player absent from a match has an empty cell there. Plain: comma
 * separated, a decimal point, English words; `form: "de"` for a German spreadsheet: semicolons, a decimal comma,
 * German words and a byte order mark.
 */
export function ledgerCsv(ledger: Ledger, form: keyof typeof CSV_FORMS = "plain"): string {
  const { separator, decimal, bom, words } = CSV_FORMS[form];
  const euros = (cents: number) => euroText(cents).replace(".", decimal);
  // Names are text and escaped; amounts are numbers as they are (a minus sign must stay a minus sign).
  const line = (cells: readonly string[]) => cells.join(separator);
  const totals = ledgerTotals(ledger);
  const header = [words.match, words.stake, words.pot, ...totals.map((t) => t.name)];
  const lines = [line(header.map((cell) => csvField(cell, separator)))];
  for (const row of ledger) {
    const cells = totals.map((t) => {
      const seat = row.players.indexOf(t.name);
      return seat < 0 ? "" : euros(row.balance[seat] ?? 0);
    });
    lines.push(line([String(row.match), euros(row.stake), euros(row.pot), ...cells]));
  }
  const pot = ledger.reduce((sum, row) => sum + row.pot, 0);
  lines.push(line([words.total, "", euros(pot), ...totals.map((t) => euros(t.cents))]));
  return bom + lines.join("\r\n") + "\r\n";
}

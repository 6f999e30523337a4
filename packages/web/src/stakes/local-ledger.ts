/** The Kasse of the games against the computer, kept on this device across rematches and reloads. */
import type { Ledger, LedgerRow } from "@schwimmen/rules";
import { readItem, writeItem } from "../device-storage.js";

export const LOCAL_LEDGER_KEY = "schwimmen.kasse.v1";

const isCents = (v: unknown) => Number.isInteger(v);
const isRow = (r: unknown): r is LedgerRow => {
  if (typeof r !== "object" || r === null) return false;
  const row = r as Record<string, unknown>;
  const players = row.players;
  const balance = row.balance;
  return (
    isCents(row.match) &&
    isCents(row.stake) &&
    isCents(row.pot) &&
    Array.isArray(players) &&
    players.every((n) => typeof n === "string") &&
    Array.isArray(balance) &&
    balance.length === players.length &&
    balance.every(isCents) &&
    Array.isArray(row.takers) &&
    row.takers.every(isCents)
  );
};

/** The ledger in `raw`; anything broken reads as an empty one. */
export function readLedger(raw: string | null): Ledger {
  try {
    const parsed: unknown = JSON.parse(raw ?? "[]");
    return Array.isArray(parsed) && parsed.every(isRow) ? parsed : [];
  } catch {
    return [];
  }
}

export const loadLocalLedger = (): Ledger => readLedger(readItem(LOCAL_LEDGER_KEY));
export const storeLocalLedger = (ledger: Ledger): void =>
  writeItem(LOCAL_LEDGER_KEY, ledger.length === 0 ? null : JSON.stringify(ledger));

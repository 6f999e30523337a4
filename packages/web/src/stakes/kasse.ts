/** The Kasse and the lot as the table model carries them (game/model.ts), from a local ledger or a server's table. */
import {
  type Ledger,
  type LedgerSummary,
  type Lot,
  type LotDraw,
  type MatchState,
  ledgerSummary,
  potSoFar,
  settleIntoLedger,
} from "@schwimmen/rules";
import type { KasseInfo, VersionedEvent } from "@schwimmen/server/protocol";

/**
 * The Kasse in short (stake, matches, totals, newest rows), the pot of the match at the table so far, and where its
 * whole CSV comes from.
 */
export interface KasseView extends LedgerSummary {
  /** Cents in the pot of the current (or just finished) match. */
  readonly pot: number;
  /** Online: where the server serves the whole Kasse as CSV. */
  readonly csvUrl: string | null;
  /** Local: the whole ledger, to make the CSV in the page. */
  readonly ledger: Ledger | null;
}

/** A lot to show: `key` changes with every new draw. */
export interface LotView {
  readonly key: number;
  readonly dealer: number;
  readonly draws: readonly LotDraw[];
}

/** The Kasse of a local ledger, with an empty pot (`withPot` puts the match's in). */
export function localKasse(ledger: Ledger, stake: number): KasseView | null {
  if (stake <= 0 && ledger.length === 0) return null;
  return { ...ledgerSummary(ledger, stake), pot: 0, csvUrl: null, ledger };
}

/** The Kasse with the pot of `state` (the same object while the pot stays as it was). */
export function withPot(kasse: KasseView | null, state: MatchState): KasseView | null {
  if (!kasse) return kasse;
  const pot = potSoFar(state, kasse.stake);
  return pot === kasse.pot ? kasse : { ...kasse, pot };
}

export function onlineKasse(info: KasseInfo | null | undefined, code: string): KasseView | null {
  if (!info) return null;
  return { ...info, csvUrl: `/api/tables/${encodeURIComponent(code)}/ledger.csv`, ledger: null };
}

/** The ledger with a finished match settled at `stake` (unchanged without a stake or for a match still on). */
export const settleLocal = (ledger: Ledger, state: MatchState, stake: number, names: readonly string[]): Ledger =>
  settleIntoLedger(ledger, state, stake, (ledger[ledger.length - 1]?.match ?? 0) + 1, names);

let lotKeys = 0;
export const lotView = (lot: Lot): LotView => ({ key: ++lotKeys, dealer: lot.dealer, draws: lot.draws });

/** The newest lot among a server's events, if any. */
export function lotOfEvents(events: readonly VersionedEvent[]): LotView | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!.event;
    if (event.type === "dealerDrawn") return lotView(event);
  }
  return null;
}

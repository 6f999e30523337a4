/**
 * The table options of stakes and the lot, kept on this device next to the house rules: both a game against the
 * computer and a new online table read them.
 */
import { MAX_STAKE } from "@schwimmen/rules";
import { readItem, writeItem } from "../device-storage.js";
import { createStore } from "../store.js";

export const STAKE_SETTINGS_KEY = "schwimmen.stakes.v1";

export interface StakeSettings {
  /** Cents per life; 0 plays without stakes. */
  readonly stake: number;
  readonly dealerByLot: boolean;
}

/** The stakes a player picks from (cents). */
export const STAKE_CHOICES = [0, 5, 10, 20, 50, 100, 200, 500] as const;

const isStakeValue = (v: unknown): v is number =>
  Number.isInteger(v) && (v as number) >= 0 && (v as number) <= MAX_STAKE;

export function readStakeSettings(raw: string | null): StakeSettings {
  try {
    const p = JSON.parse(raw ?? "{}") as Record<string, unknown>;
    return { stake: isStakeValue(p.stake) ? p.stake : 0, dealerByLot: p.dealerByLot === true };
  } catch {
    return { stake: 0, dealerByLot: false };
  }
}

export const stakeSettings = createStore<StakeSettings>(readStakeSettings(readItem(STAKE_SETTINGS_KEY)));

export function changeStakeSettings(change: Partial<StakeSettings>): void {
  const next = { ...stakeSettings.get(), ...change };
  stakeSettings.set(next);
  writeItem(STAKE_SETTINGS_KEY, JSON.stringify(next));
}

/** The options as a `create` message sends them (left out when off, so older servers are not bothered). */
export const tableStakes = (s: StakeSettings): { stake?: number; dealerByLot?: boolean } => ({
  ...(s.stake > 0 ? { stake: s.stake } : {}),
  ...(s.dealerByLot ? { dealerByLot: true } : {}),
});

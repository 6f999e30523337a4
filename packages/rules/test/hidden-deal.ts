import { knock, passOn, record } from "./helpers.js";

/**
 * A hidden deal (`"deal": "hidden"`, 000's "verdecktes Spiel") for the tests: three seats, dealer 2, so seat 0 acts
 * first and holds the packet.
 */
export const HIDDEN = { deal: "hidden" };
export const HANDS = ["7c 8s 9h", "Tc Ts 8h", "Jc 9s 7d"];
export const PACKET = "Ac Kc";
/** Seat 0 can keep 31 (Qh Ah Kh) from a packet of Ah Kh. Values 12, 10, 10. */
export const NEAR31 = ["7c 8s Qh", "Tc Ts 8h", "Jc 9s 7d"];
export const hidden = (actions: unknown[], rules: Record<string, unknown> = {}, packet = PACKET) =>
  record({ rules: { ...HIDDEN, ...rules }, rounds: [{ deal: { hands: HANDS, packet }, actions: actions as never }] });
export const openMiddle = (actions: unknown[]) =>
  record({ rounds: [{ deal: { hands: HANDS, middle: "Qd 8d Kc" }, actions: actions as never }] });
/** The round of the worked example, after its six actions (ended by the knock). */
export const EXAMPLE = [
  passOn(0, "8s 9h"),
  passOn(1, "Tc 8h"),
  passOn(2, "7d 8h"),
  knock(0),
  passOn(1, "7d 8h"),
  passOn(2, "7d 8h"),
];

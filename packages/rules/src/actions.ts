import { type Card, indexOfCard } from "./cards.js";
import type { Action, Packet } from "./state.js";

/**
 * Canonical action objects, made once and shared (frozen). `legalActions` runs on every step of every search and
 * random playout, so handing out the same few objects instead of allocating a dozen per call matters; the round's
 * log keeps these canonical objects too, so a caller's extra keys never reach the history.
 */
type SimpleType = "swapAll" | "pass" | "knock" | "redeal";

/** Marks the canonical objects, so the engine can skip re-checking the shape of an action it made itself. */
const CANONICAL: unique symbol = Symbol("canonical action");

/**
 * Marks and freezes a new canonical action (its shape is right by construction). `action` is an object literal with
 * a last key `spare` that is deleted here: the mark then takes that slot inside the object instead of a separate
 * property store, so checking the mark reads no memory beyond the action's own fields (the actions are many and
 * shared, and that extra read was the costliest part of `applyAction`).
 */
function canonical(action: Action & { spare?: 0 }): Action {
  delete action.spare;
  Object.defineProperty(action, CANONICAL, { value: true });
  return Object.freeze(action);
}

/** Whether this object is one the engine made (from `legalActions` or an earlier check). */
export const isCanonical = (action: Action): boolean =>
  typeof action === "object" && action !== null && (action as { [CANONICAL]?: boolean })[CANONICAL] === true;

const swaps: (Action | undefined)[][] = [];
const swapAlls: Action[] = [];
const passes: Action[] = [];
const knocks: Action[] = [];
const redeals: Action[] = [];
const chooseFirst: Action[] = [];
const chooseSecond: Action[] = [];
const passOns: (Action | undefined)[][] = [];

/** The swaps of one seat, by `cardIndex(give) * 52 + cardIndex(take)`; filled in as they are first needed. */
export function swapsOf(seat: number): (Action | undefined)[] {
  return swaps[seat] ?? (swaps[seat] = new Array<Action | undefined>(52 * 52).fill(undefined));
}

/** The swap of `give` (in the hand) for `take` (in the middle) by `seat`; both must be cards. */
export function swapAction(
  seat: number,
  give: Card,
  take: Card,
  key = indexOfCard(give) * 52 + indexOfCard(take),
): Action {
  const table = swapsOf(seat);
  return table[key] ?? (table[key] = canonical({ seat, type: "swap", give, take, spare: 0 }));
}

export function simpleAction(seat: number, type: SimpleType): Action {
  const table = type === "pass" ? passes : type === "knock" ? knocks : type === "swapAll" ? swapAlls : redeals;
  return table[seat] ?? (table[seat] = canonical({ seat, type, spare: 0 }));
}

export function chooseAction(seat: number, packet: Packet): Action {
  const table = packet === "first" ? chooseFirst : chooseSecond;
  return table[seat] ?? (table[seat] = canonical({ seat, type: "choose", packet, spare: 0 }));
}

/**
 * The `passOn` of two cards by `seat`, the cards in a fixed order (the lower card index first): the same two cards
 * named the other way round are the same action.
 */
export function passOnAction(seat: number, a: Card, b: Card): Action {
  const ia = indexOfCard(a);
  const ib = indexOfCard(b);
  const key = ia <= ib ? ia * 52 + ib : ib * 52 + ia;
  const table = passOns[seat] ?? (passOns[seat] = new Array<Action | undefined>(52 * 52).fill(undefined));
  return (
    table[key] ??
    (table[key] = canonical({ seat, type: "passOn", give: Object.freeze(ia <= ib ? [a, b] : [b, a]), spare: 0 }))
  );
}

/** The canonical form of an action whose shape has been checked. */
export function canonicalAction(action: Action): Action {
  switch (action.type) {
    case "swap":
      return swapAction(action.seat, action.give, action.take);
    case "passOn":
      return passOnAction(action.seat, action.give[0]!, action.give[1]!);
    case "choose":
      return chooseAction(action.seat, action.packet);
    default:
      return simpleAction(action.seat, action.type);
  }
}

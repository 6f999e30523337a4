import { type Action, type Card, type TableView, suitOf } from "@schwimmen/rules";

/** What the public history of the round tells a seat about the other hands. */
export interface Tracking {
  /** Per seat: cards known to be in that hand now (taken from the middle and not given back). */
  readonly known: Set<Card>[];
  /** Per seat and suit: points taken minus points given away this round (which suits a seat collects). */
  readonly collects: Map<string, number>[];
  /** Per history index: the middle just before that action (null entries: cards neither the history nor the middles seen name). */
  readonly middleBefore: ((Card | null)[] | null)[];
  /** Per seat: index in the history of its latest turn (-1 if none). */
  readonly lastTurn: number[];
  /** Per history index: whether the seat acting there could have knocked instead. */
  readonly couldKnock: boolean[];
}

/** Indexes after which every seat had passed in a row and the middle was renewed from the stock. */
function renewalsAfter(view: TableView): Set<number> {
  const out = new Set<number>();
  let run = 0;
  let knocked = false;
  view.history.forEach((action, i) => {
    if (action.type === "knock") knocked = true;
    if (action.type === "choose") return;
    if (action.type === "redeal") {
      run = 0;
      return;
    }
    run = action.type === "pass" && !knocked ? run + 1 : 0;
    if (run === view.seatsInRound) {
      run = 0;
      if (view.rules.allPass === "newMiddle") out.add(i);
    }
  });
  return out;
}

/**
 * What a seat saw at one of its own turns: `at` is the length of the round's history then (so `middle` and `hand`
 * are the middle and its hand just before action `at`), and `history` the history it saw, to check that a later
 * view continues it.
 */
export interface SeenMiddle {
  /** The seat that saw it: `hand` is that seat's own. */
  readonly viewer: number | null;
  readonly at: number;
  readonly middle: readonly Card[];
  readonly hand: readonly Card[] | null;
  readonly history: readonly Action[];
}

const sameAction = (a: Action, b: Action): boolean =>
  a.seat === b.seat &&
  a.type === b.type &&
  (a.type !== "swap" || (b.type === "swap" && a.give === b.give && a.take === b.take));

/**
 * The open cards a bot saw at its own turns in the round in play: a bot only gets a view when it is to act, and a
 * view shows the middle now, not the cards a seat took by swapping all of its hand. What the seat saw earlier fills
 * that in (`trackRound`), as a player at the table remembers the middle.
 */
export class MiddleMemory {
  private round = -1;
  private seen: SeenMiddle[] = [];

  observe(view: TableView): void {
    if (view.round !== this.round) {
      this.round = view.round;
      this.seen = [];
    }
    if (view.phase !== "playing" || view.middle === null || view.middle.length !== 3) return;
    const at = view.history.length;
    if (this.seen.some((s) => s.at === at)) return;
    const hand = view.hand?.slice() ?? null;
    this.seen.push({ viewer: view.viewer, at, middle: view.middle.slice(), hand, history: view.history });
  }

  /**
   * The middles seen before `view` in its round by the same seat, only those whose history `view` continues (a
   * memory is one seat's: another seat's hand never reaches it, even should one bot be asked for two seats).
   */
  seenBefore(view: TableView): SeenMiddle[] {
    if (view.round !== this.round) return [];
    return this.seen.filter(
      (s) =>
        s.viewer === view.viewer &&
        s.at < view.history.length &&
        s.history.every((a, i) => i >= s.at || sameAction(a, view.history[i]!)),
    );
  }
}

type Middle = (Card | null)[];
const UNKNOWN = (): Middle => [null, null, null];

/** Every card either middle is known to hold (null: not known), as one middle of three. */
function mergeMiddles(a: Middle | null, b: Middle | null): Middle | null {
  if (a === null || b === null) return a ?? b;
  const out = a.slice();
  for (const card of b) {
    if (card === null) continue;
    const want = b.filter((c) => c === card).length;
    if (out.filter((c) => c === card).length >= want) continue;
    const slot = out.indexOf(null);
    if (slot >= 0) out[slot] = card;
  }
  return out;
}

/**
 * Reads the round's history (the view's own data only, and the middles the seat saw at its earlier turns) into
 * what each seat is known to hold and collect. The middle before each action is read both ways: back from the
 * middle seen now (a swap names the card it took), and forward from the middles seen earlier and the hands known
 * then (a seat that swaps all its cards takes the middle and leaves its old hand there), so that a swap of all
 * three cards no longer hides what was taken and what was left.
 */
export function trackRound(view: TableView, seen: readonly SeenMiddle[] = []): Tracking {
  const n = view.seatCount;
  const history: readonly Action[] = view.history;
  const renewals = renewalsAfter(view);
  // Walk back from the middle we see to the middle before each action.
  const back: (Middle | null)[] = new Array(history.length).fill(null);
  let middle: Middle | null = view.middle ? view.middle.slice() : null;
  let discardTop = view.discarded.length;
  for (let i = history.length - 1; i >= 0; i--) {
    const action = history[i]!;
    if (renewals.has(i) && middle) {
      middle = view.discarded.slice(Math.max(0, discardTop - 3), discardTop);
      discardTop -= 3;
    }
    if (middle === null) break;
    if (action.type === "swap") {
      const at = middle.indexOf(action.give);
      const slot = at >= 0 ? at : middle.indexOf(null);
      middle = middle.slice();
      if (slot >= 0) middle[slot] = action.take;
    } else if (action.type === "swapAll") middle = UNKNOWN();
    else if (action.type === "redeal") {
      middle = view.discarded.slice(Math.max(0, discardTop - 3), discardTop);
      discardTop -= 3;
    } else if (action.type === "choose") middle = null;
    back[i] = middle;
  }
  const seenAt = new Map<number, SeenMiddle>(seen.map((s) => [s.at, s]));
  const middleBefore: (Middle | null)[] = new Array(history.length).fill(null);
  const known = Array.from({ length: n }, () => new Set<Card>());
  const collects = Array.from({ length: n }, () => new Map<string, number>());
  const lastTurn = new Array<number>(n).fill(-1);
  const couldKnock = new Array<boolean>(history.length).fill(false);
  let turns = 0;
  let knocked = false;
  const credit = (seat: number, card: Card, sign: number): void => {
    const suit = suitOf(card);
    collects[seat]!.set(suit, (collects[seat]!.get(suit) ?? 0) + sign * (card.charCodeAt(0) === 65 ? 11 : 10));
  };
  // Walk forward: the middle before each action is what either walk knows of it.
  let ahead: Middle | null = view.middle !== null && view.rules.deal === "openMiddle" ? UNKNOWN() : null;
  history.forEach((action, i) => {
    const seenNow = seenAt.get(i);
    const now = seenNow ? seenNow.middle.slice() : mergeMiddles(back[i] ?? null, ahead);
    middleBefore[i] = now;
    const seat = action.seat;
    // The seat's own hand at its earlier turn (so its own swap of all three leaves a known middle).
    if (seenNow?.hand && seat === view.viewer) known[seat] = new Set(seenNow.hand);
    if (action.type !== "choose" && action.type !== "redeal") {
      lastTurn[seat] = i;
      couldKnock[i] = !knocked && (view.rules.knock === "anytime" || turns >= view.seatsInRound);
      turns++;
      if (action.type === "knock") knocked = true;
    }
    if (action.type === "swap") {
      known[seat]!.delete(action.give);
      known[seat]!.add(action.take);
      credit(seat, action.take, 1);
      credit(seat, action.give, -1);
      if (now) {
        ahead = now.slice();
        const at = ahead.indexOf(action.take);
        const slot = at >= 0 ? at : ahead.indexOf(null);
        if (slot >= 0) ahead[slot] = action.give;
      } else ahead = null;
    } else if (action.type === "swapAll") {
      // The seat's old hand, as far as it is known, is the new middle.
      ahead = [...known[seat]!, null, null, null].slice(0, 3);
      const took = (now ?? []).filter((c): c is Card => c !== null);
      known[seat]!.clear();
      for (const card of took) {
        known[seat]!.add(card);
        credit(seat, card, 1);
      }
    } else if (action.type === "choose" || action.type === "redeal" || renewals.has(i)) ahead = UNKNOWN();
    else ahead = now;
  });
  if (view.viewer !== null && view.hand) known[view.viewer] = new Set(view.hand);
  return { known, collects, middleBefore, lastTurn, couldKnock };
}

import { type Action, type Card, type TableView, suitOf } from "@schwimmen/rules";

/** What the public history of the round tells a seat about the other hands. */
export interface Tracking {
  /** Per seat: cards known to be in that hand now (taken from the middle and not given back). */
  readonly known: Set<Card>[];
  /** Per seat and suit: points taken minus points given away this round (which suits a seat collects). */
  readonly collects: Map<string, number>[];
  /** Per history index: the middle just before that action (null entries: cards the history does not name). */
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

/** Reads the round's history (the view's own data only) into what each seat is known to hold and collect. */
export function trackRound(view: TableView): Tracking {
  const n = view.seatCount;
  const history: readonly Action[] = view.history;
  const renewals = renewalsAfter(view);
  // Walk back from the middle we see to the middle before each action.
  const middleBefore: ((Card | null)[] | null)[] = new Array(history.length).fill(null);
  let middle: (Card | null)[] | null = view.middle ? view.middle.slice() : null;
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
    } else if (action.type === "swapAll") middle = [null, null, null];
    else if (action.type === "redeal") {
      middle = view.discarded.slice(Math.max(0, discardTop - 3), discardTop);
      discardTop -= 3;
    } else if (action.type === "choose") middle = null;
    middleBefore[i] = middle;
  }
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
  history.forEach((action, i) => {
    const seat = action.seat;
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
    } else if (action.type === "swapAll") {
      const took = (middleBefore[i] ?? []).filter((c): c is Card => c !== null);
      known[seat]!.clear();
      for (const card of took) {
        known[seat]!.add(card);
        credit(seat, card, 1);
      }
    }
  });
  if (view.viewer !== null && view.hand) known[view.viewer] = new Set(view.hand);
  return { known, collects, middleBefore, lastTurn, couldKnock };
}

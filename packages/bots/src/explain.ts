import {
  type Action,
  type Card,
  type Suit,
  type TableView,
  cardName,
  cardPoints,
  handValue,
  suitName,
  suitOf,
} from "@schwimmen/rules";
import { handAfter } from "./choices.js";
import { bestSwap } from "./hand.js";

type Lang = "de" | "en";

/**
 * "30 in spades", "three of a kind", "Feuer": what a hand is worth, in words. `dative`: the German words follow a
 * preposition ("Klopfen mit drei Gleichen").
 */
function describeHand(hand: readonly Card[], view: TableView, lang: Lang, dative = false): string {
  const value = handValue(hand, view.rules);
  if (value === 33 || (value === 31 && hand.every((c) => c[0] === "A")))
    return lang === "de" ? "Feuer!" : "fire (three aces)!";
  if (value === 30.5) {
    if (lang === "en") return "three of a kind (30.5)";
    return dative ? "drei Gleichen (30,5)" : "drei Gleiche (30,5)";
  }
  const sums = new Map<Suit, number>();
  for (const c of hand) sums.set(suitOf(c), (sums.get(suitOf(c)) ?? 0) + cardPoints(c));
  let suit: Suit = "c";
  for (const [s, v] of sums) if (v === value) suit = s;
  const name = suitName(suit, lang);
  return lang === "de" ? `${value} in ${name}` : `${value} in ${name}`;
}

/** A one-line reason for an action, in German or English, built from the view alone. */
export function explainAction(view: TableView, action: Action, lang: Lang = "en"): string {
  const hand = view.hand ?? [];
  const middle = view.middle ?? [];
  const de = lang === "de";
  switch (action.type) {
    case "swap": {
      const what = describeHand(handAfter(view, action), view, lang);
      return de
        ? `Tausche ${cardName(action.give, "de")} gegen ${cardName(action.take, "de")}: ${what}`
        : `Swap ${cardName(action.give, "en")} for ${cardName(action.take, "en")}: ${what}`;
    }
    case "swapAll":
      return de
        ? `Alle drei tauschen: ${describeHand(middle, view, lang)}`
        : `Swap all three: ${describeHand(middle, view, lang)}`;
    case "knock": {
      const what = describeHand(hand, view, lang, true);
      return de
        ? `Klopfen mit ${what}: die anderen haben kaum Zeit, dich zu überholen`
        : `Knock with ${what}: the others get too little time to beat you`;
    }
    case "pass": {
      const what = describeHand(hand, view, lang);
      const best = bestSwap(hand, middle, view.rules);
      // Only claim that no swap beats the hand when none does; otherwise name the better swap that was let go.
      if (best.move === null || best.value <= handValue(hand, view.rules))
        return de ? `Schieben: kein Tausch bringt mehr als ${what}` : `Pass: no swap beats ${what}`;
      const better = describeHand(handAfter(view, best.move), view, lang);
      return de
        ? `Schieben: ${what} behalten; ein Tausch brächte ${better}, spielt sich aber schlechter aus`
        : `Pass: keep ${what}; a swap would make ${better} but plays out worse`;
    }
    case "passOn": {
      const what = describeHand(handAfter(view, action), view, lang);
      return de
        ? `${action.give.map((c) => cardName(c, "de")).join(" und ")} weitergeben, ${what} behalten`
        : `Pass on ${action.give.map((c) => cardName(c, "en")).join(" and ")}, keeping ${what}`;
    }
    case "redeal":
      return de
        ? "Neue Mitte verlangen: die offenen Karten helfen dir nicht"
        : "Ask for a new middle: the open cards do not help you";
    case "choose":
      return action.packet === "first"
        ? de
          ? `Dieses Päckchen behalten: ${describeHand(hand, view, lang)} ist mehr als ein Durchschnittsblatt`
          : `Keep this packet: ${describeHand(hand, view, lang)} beats an average hand`
        : de
          ? "Das andere Päckchen nehmen: dieses ist schwächer als ein Durchschnittsblatt"
          : "Take the other packet: this one is weaker than an average hand";
  }
}

import type { RuleKey } from "@schwimmen/rules";
import type { Lang } from "./settings.js";

type Text = Readonly<Record<Lang, string>>;
interface RuleText {
  readonly label: Text;
  /** One line: what the rule decides. */
  readonly explain: Text;
  /** A short name for each value (keys are the values as JSON text). */
  readonly values: Readonly<Record<string, Text>>;
}

const t = (de: string, en: string): Text => ({ de, en });

/** Label, one-line explanation and value names of every rule key of the contract, in both languages. */
export const RULE_TEXTS: Readonly<Record<RuleKey, RuleText>> = {
  deck: {
    label: t("Kartenspiel", "Deck"),
    explain: t("Mit wie vielen Karten gespielt wird.", "How many cards are in play."),
    values: {
      '"skat32"': t("32 Karten (7 bis Ass)", "32 cards (7 to ace)"),
      '"french52"': t("52 Karten (2 bis Ass)", "52 cards (2 to ace)"),
      '"jass36"': t("36 Karten (6 bis Ass)", "36 cards (6 to ace)"),
    },
  },
  direction: {
    label: t("Spielrichtung", "Direction"),
    explain: t("In welcher Richtung Züge und Geben weitergehen.", "Which way turns and the deal move round the table."),
    values: {
      '"clockwise"': t("im Uhrzeigersinn", "clockwise"),
      '"counterclockwise"': t("gegen den Uhrzeigersinn", "counterclockwise"),
    },
  },
  deal: {
    label: t("Austeilen", "Deal"),
    explain: t(
      "Offene Mitte von Anfang an, oder der Geber wählt eines von zwei Päckchen.",
      "Three open cards from the start, or the dealer picks one of two packets.",
    ),
    values: { '"openMiddle"': t("offene Mitte", "open middle"), '"dealerChooses"': t("Geber wählt", "dealer chooses") },
  },
  lives: {
    label: t("Leben", "Lives"),
    explain: t("Leben pro Spieler, bevor er schwimmt.", "Lives each player has before swimming."),
    values: {},
  },
  swimming: {
    label: t("Schwimmen", "Swimming"),
    explain: t("Wer mit 0 Leben noch weiterspielen darf.", "Who may play on with no lives left."),
    values: {
      '"everyone"': t("alle", "everyone"),
      '"firstOnly"': t("nur die Ersten", "only the first"),
      '"off"': t("niemand", "nobody"),
    },
  },
  knock: {
    label: t("Klopfen", "Knocking"),
    explain: t("Ab wann geklopft werden darf.", "When a player may knock."),
    values: {
      '"anytime"': t("jederzeit", "any time"),
      '"afterFirstLap"': t("nach der ersten Runde", "after the first lap"),
    },
  },
  allPass: {
    label: t("Alle schieben", "Everyone passes"),
    explain: t("Was passiert, wenn alle hintereinander schieben.", "What happens when every player passes in a row."),
    values: {
      '"newMiddle"': t("neue Mitte", "new middle"),
      '"onRequest"': t("neue Mitte auf Wunsch", "new middle on request"),
      '"nothing"': t("nichts", "nothing"),
      '"forbidden"': t("Schieben verboten", "passing not allowed"),
    },
  },
  swapAll: {
    label: t("Alle tauschen", "Swap all"),
    explain: t("Ob man alle drei Karten auf einmal tauschen darf.", "Whether all three cards may be swapped at once."),
    values: { true: t("erlaubt", "allowed"), false: t("nicht erlaubt", "not allowed") },
  },
  lowMiddleRedeal: {
    label: t("7-8-9 in der Mitte", "7-8-9 in the middle"),
    explain: t(
      "Liegen 7, 8 und 9 offen, darf eine neue Mitte verlangt werden.",
      "A 7, 8 and 9 in the middle may be replaced.",
    ),
    values: { true: t("neue Mitte erlaubt", "new middle allowed"), false: t("keine neue Mitte", "no new middle") },
  },
  scoring: {
    label: t("Zählen", "Counting"),
    explain: t(
      "Nur eine Farbe zählt, oder auch gleiche Werte (Handeln).",
      "Only one suit counts, or also one rank (trading).",
    ),
    values: { '"suit"': t("eine Farbe", "one suit"), '"suitOrRank"': t("Farbe oder Wert", "suit or rank") },
  },
  threeOfAKindTies: {
    label: t("Drei Gleiche", "Three of a kind"),
    explain: t("Ob höhere Drillinge niedrigere schlagen.", "Whether higher three of a kind beat lower ones."),
    values: { '"equal"': t("alle gleich", "all equal"), '"higherRank"': t("höhere gewinnen", "higher wins") },
  },
  fire: {
    label: t("Feuer (drei Asse)", "Fire (three aces)"),
    explain: t("Was drei Asse bewirken.", "What three aces do."),
    values: {
      '"allOthersLose"': t("alle anderen verlieren", "all others lose"),
      '"endsRound"': t("beendet die Runde (31)", "ends the round (31)"),
      '"off"': t("nur drei Gleiche", "just three of a kind"),
    },
  },
  thirtyOne: {
    label: t("31", "31"),
    explain: t("Was eine Hand mit 31 bewirkt.", "What a hand of 31 does."),
    values: {
      '"endsRound"': t("beendet die Runde", "ends the round"),
      '"allOthersLose"': t("alle anderen verlieren", "all others lose"),
      '"noEnd"': t("beendet nichts", "ends nothing"),
    },
  },
  knockerPays: {
    label: t("Klopfer zahlt", "Knocker pays"),
    explain: t("Leben, die ein verlierender Klopfer abgibt.", "Lives a knocker loses when among the losers."),
    values: { "1": t("1 Leben", "1 life"), "2": t("2 Leben", "2 lives") },
  },
  losers: {
    label: t("Verlierer", "Losers"),
    explain: t(
      "Nur die niedrigste Hand, oder alle bis 20 und die niedrigste darüber.",
      "Only the lowest hand, or all up to 20 and the lowest above.",
    ),
    values: { '"lowest"': t("niedrigste Hand", "lowest hand"), '"twentyOrLess"': t("20 oder weniger", "20 or less") },
  },
};

/** The name of one value of a rule, e.g. "im Uhrzeigersinn"; numbers show as themselves. */
export function ruleValueName(key: RuleKey, value: unknown, lang: Lang): string {
  const text = RULE_TEXTS[key].values[JSON.stringify(value)];
  return text ? text[lang] : String(value);
}

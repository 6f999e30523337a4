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
    explain: t(
      "Mit welchen Karten gespielt wird. Ein Kartenspiel reicht für bis zu 9 Spieler (32 Karten), 16 (52 Karten) oder 11 (36 Schweizer Jasskarten).",
      "Which cards are used. One deck serves up to 9 players (32 cards), 16 (52 cards) or 11 (36 Swiss Jass cards).",
    ),
    values: {
      '"skat32"': t("32 Karten, 7 bis Ass", "32 cards, 7 to ace"),
      '"french52"': t("52 Karten, 2 bis Ass", "52 cards, 2 to ace"),
      '"jass36"': t("36 Jasskarten, 6 bis Ass", "36 Jass cards, 6 to ace"),
    },
  },
  direction: {
    label: t("Spielrichtung", "Direction"),
    explain: t(
      "In welche Richtung die Züge und das Geben weitergehen. Im Uhrzeigersinn heißt: nach links.",
      "Which way the turns and the deal move round the table. Clockwise means to the left.",
    ),
    values: {
      '"clockwise"': t("im Uhrzeigersinn", "clockwise"),
      '"counterclockwise"': t("gegen den Uhrzeigersinn", "counterclockwise"),
    },
  },
  deal: {
    label: t("Austeilen", "Deal"),
    explain: t(
      "Liegt die Mitte gleich offen? Oder bekommt der Geber zwei Päckchen, behält eines und legt das andere offen hin? Oder verdeckt: keine Mitte, wer dran ist, bekommt zwei Karten dazu, behält drei und gibt zwei verdeckt weiter.",
      "Is the middle dealt face up? Or does the dealer get two packets, keep one and lay the other face up? Or hidden: no middle; the player to move gets two more cards, keeps three and passes two on face down.",
    ),
    values: {
      '"openMiddle"': t("Mitte liegt gleich offen", "middle dealt face up"),
      '"dealerChooses"': t("Geber wählt ein Päckchen", "dealer picks a packet"),
      '"hidden"': t("verdeckt, ohne Mitte", "hidden, no middle"),
    },
  },
  lives: {
    label: t("Leben", "Lives"),
    explain: t(
      "So viele Leben hat jeder zu Beginn. Wer das letzte verliert, schwimmt (wenn erlaubt) oder ist raus.",
      "Lives each player starts with. Whoever loses the last one swims (if allowed) or is out.",
    ),
    values: {},
  },
  swimming: {
    label: t("Schwimmen", "Swimming"),
    explain: t(
      "Wer schwimmt, hat kein Leben mehr, spielt aber weiter und ist erst beim nächsten Verlust raus. Das darf jeder, nur wer als Erster auf 0 Leben fällt (wer später auf 0 fällt, ist gleich raus), oder niemand.",
      "A swimmer has no lives left but plays on, and is out only at the next loss. Everyone may swim, only whoever reaches 0 lives first (anyone reaching 0 later is out at once), or nobody.",
    ),
    values: {
      '"everyone"': t("jeder", "everyone"),
      '"firstOnly"': t("nur wer zuerst auf 0 fällt", "only the first to reach 0"),
      '"off"': t("niemand", "nobody"),
    },
  },
  knock: {
    label: t("Klopfen", "Knocking"),
    explain: t(
      "Ab wann geklopft werden darf: jederzeit, auch schon im ersten Zug, oder erst, wenn jeder einmal dran war (nach dem ersten Umlauf).",
      "When a player may knock: any time, even on the very first turn, or only once every player has had a turn (after the first lap).",
    ),
    values: {
      '"anytime"': t("jederzeit", "any time"),
      '"afterFirstLap"': t("erst nach dem ersten Umlauf", "only after the first lap"),
    },
  },
  allPass: {
    label: t("Alle schieben", "Everyone passes"),
    explain: t(
      "Was passiert, wenn alle hintereinander schieben. „Auf Wunsch“: Wer zuerst geschoben hat, darf dann eine neue Mitte verlangen.",
      "What happens when every player passes in a row. “On request”: the first to pass may then ask for a new middle.",
    ),
    values: {
      '"newMiddle"': t("neue Mitte vom Stapel", "a new middle from the stock"),
      '"onRequest"': t("neue Mitte auf Wunsch", "a new middle on request"),
      '"nothing"': t("nichts, es geht weiter", "nothing, play goes on"),
      '"forbidden"': t("Schieben ist verboten", "passing is not allowed"),
    },
  },
  swapAll: {
    label: t("Alle tauschen", "Swap all"),
    explain: t(
      "Ob man alle drei Karten auf einmal gegen die Mitte tauschen darf. Sonst geht nur eine Karte pro Zug.",
      "Whether a player may swap all three cards with the middle at once. Otherwise only one card a turn.",
    ),
    values: { true: t("erlaubt", "allowed"), false: t("nicht erlaubt", "not allowed") },
  },
  lowMiddleRedeal: {
    label: t("7, 8, 9 in der Mitte", "7, 8, 9 in the middle"),
    explain: t(
      "Liegen eine 7, eine 8 und eine 9 offen (egal welche Farben), darf, wer dran ist, vor seinem Zug eine neue Mitte verlangen.",
      "If a 7, an 8 and a 9 lie in the middle (any suits), the player to move may ask for a new middle first.",
    ),
    values: { true: t("neue Mitte erlaubt", "new middle allowed"), false: t("keine neue Mitte", "no new middle") },
  },
  scoring: {
    label: t("Was zusammenzählt", "What adds up"),
    explain: t(
      "Nur Karten einer Farbe, oder auch zwei gleiche Karten wie zwei Könige (20) oder zwei Asse (22).",
      "Only cards of one suit, or also a pair such as two kings (20) or two aces (22).",
    ),
    values: {
      '"suit"': t("nur gleiche Farbe", "one suit only"),
      '"suitOrRank"': t("gleiche Farbe oder Paar", "one suit or a pair"),
    },
  },
  threeOfAKindTies: {
    label: t("Drei Gleiche gegeneinander", "Three of a kind against each other"),
    explain: t(
      "Drei gleiche Karten zählen 30,5. Sind drei Siebenen so viel wert wie drei Buben, oder schlagen die höheren?",
      "Three of a kind count 30.5. Are three sevens worth as much as three jacks, or do the higher ones win?",
    ),
    values: {
      '"equal"': t("alle gleich viel wert", "all worth the same"),
      '"higherRank"': t("höhere schlagen niedrigere", "higher beats lower"),
    },
  },
  fire: {
    label: t("Feuer (drei Asse)", "Feuer (three aces)"),
    explain: t(
      "Drei Asse heißen Feuer und beenden die Runde sofort: Alle anderen verlieren ein Leben, oder sie zählen wie eine 31 (dann verliert die niedrigste Hand). Ohne Feuer sind sie nur drei Gleiche.",
      "Three aces are called Feuer (fire) and end the round at once: everybody else loses a life, or they count like a 31 (then the lowest hand loses). Without Feuer they are just three of a kind.",
    ),
    values: {
      '"allOthersLose"': t("alle anderen verlieren", "everybody else loses"),
      '"endsRound"': t("zählt wie eine 31", "counts like a 31"),
      '"off"': t("ohne Feuer (30,5)", "no Feuer (30.5)"),
    },
  },
  thirtyOne: {
    label: t("31", "31"),
    explain: t(
      "Was eine Hand mit 31 bewirkt: Die Runde ist sofort vorbei, und die niedrigste Hand verliert, oder gleich alle anderen; oder die 31 beendet gar nichts.",
      "What a hand of 31 does: the round ends at once and the lowest hand loses, or everybody else does; or the 31 ends nothing.",
    ),
    values: {
      '"endsRound"': t("Runde sofort vorbei", "round ends at once"),
      '"allOthersLose"': t("alle anderen verlieren", "everybody else loses"),
      '"noEnd"': t("beendet nichts", "ends nothing"),
    },
  },
  knockerPays: {
    label: t("Klopfer zahlt", "Knocker pays"),
    explain: t(
      "Wie viele Leben der Klopfer verliert, wenn er am Ende zu den Verlierern gehört.",
      "How many lives the knocker loses when among the losers at the end.",
    ),
    values: { "1": t("1 Leben, wie jeder", "1 life, like anyone"), "2": t("2 Leben", "2 lives") },
  },
  losers: {
    label: t("Wer verliert", "Who loses"),
    explain: t(
      "Nur die niedrigste Hand, oder jede Hand mit 20 oder weniger und dazu die niedrigste über 20. Die beste Hand verliert nie.",
      "Only the lowest hand, or every hand of 20 or less plus the lowest above 20. The best hand never loses.",
    ),
    values: {
      '"lowest"': t("die niedrigste Hand", "the lowest hand"),
      '"twentyOrLess"': t("bis 20 und niedrigste darüber", "20 or less, plus lowest above"),
    },
  },
  decks: {
    label: t("Kartenspiele", "Decks"),
    explain: t(
      "Wie viele Kartenspiele zusammengemischt werden. Mit zweien gibt es jede Karte doppelt und Platz für mehr Spieler (bis 20 mit 32 Karten); keine Hand zählt mehr als 31.",
      "How many decks are shuffled together. With two, every card is there twice and more players fit (up to 20 with 32 cards); no hand counts more than 31.",
    ),
    values: { "1": t("ein Kartenspiel", "one deck"), "2": t("zwei Kartenspiele", "two decks") },
  },
};

/** The name of one value of a rule, e.g. "im Uhrzeigersinn"; numbers show as themselves. */
export function ruleValueName(key: RuleKey, value: unknown, lang: Lang): string {
  const text = RULE_TEXTS[key].values[JSON.stringify(value)];
  return text ? text[lang] : String(value);
}

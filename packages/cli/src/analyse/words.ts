// The words of `schwimmen analyse`'s report for people, in German and English (the JSON stays as the record has it).
import type { Action, Card } from "@schwimmen/rules";
import type { Label } from "@schwimmen/bots";
import type { Lang } from "../play/text.js";

export interface AnalyseWords {
  readonly title: (seat: number, player: string, decisions: number, worlds: number) => string;
  /** How the moments are counted, and what the numbers mean. */
  readonly legend: readonly string[];
  /** "Round 6, turn 2": the round and the seat's own turn in it, both from 1 as on the game's screen. */
  readonly moment: (round: number, turn: number) => string;
  /** The dealer's choice of packets before the round's first turn (it is no turn). */
  readonly choice: (round: number) => string;
  readonly hand: string;
  readonly middle: string;
  readonly packet: string;
  readonly played: string;
  readonly best: string;
  /** Said in place of the best action when the played one was it. */
  readonly wasBest: string;
  /** The chance to lose a life this round and to win the match after an action. */
  readonly chances: (loseLife: string, win: string) => string;
  readonly loss: (points: string, label: string) => string;
  readonly labels: Readonly<Record<Label, string>>;
  readonly accuracy: (percent: string, good: number, count: number) => string;
  readonly noDecisions: string;
  readonly worst: string;
  /** One of the worst decisions: what was played instead of what. */
  readonly worstLine: (moment: string, played: string, best: string, points: string, label: string) => string;
  /** Before the limits of the labels. */
  readonly limitsTitle: string;
  readonly under: string;
  readonly from: string;
  readonly action: (action: Action, name: (card: Card) => string) => string;
}

const de: AnalyseWords = {
  title: (seat, player, decisions, worlds) =>
    `Analyse von Platz ${seat} (${player}): ${decisions} ${decisions === 1 ? "Entscheidung" : "Entscheidungen"}, ` +
    `je ${worlds} mögliche Verteilungen der unbekannten Karten, aus der Sicht dieses Platzes`,
  legend: [
    "Runden und Züge zählen ab 1 wie im Spiel: „Runde 6, Zug 2“ ist der zweite eigene Zug dieses Platzes in der " +
      "sechsten Runde.",
    "Risiko: in dieser Runde ein Leben zu verlieren; Siegchance: das Spiel zu gewinnen; Verlust: Prozentpunkte " +
      "Siegchance, die gegenüber dem besten Zug verschenkt wurden.",
  ],
  moment: (round, turn) => `Runde ${round}, Zug ${turn}`,
  choice: (round) => `Runde ${round}, Wahl des Päckchens`,
  hand: "Hand",
  middle: "Mitte",
  packet: "Päckchen",
  played: "gespielt",
  best: "am besten",
  wasBest: "der beste Zug",
  chances: (loseLife, win) => `Risiko ${loseLife}, Siegchance ${win}`,
  loss: (points, label) => `Verlust ${points} Punkte: ${label}`,
  labels: { best: "bester Zug", good: "gut", inaccuracy: "Ungenauigkeit", mistake: "Fehler", blunder: "grober Patzer" },
  accuracy: (percent, good, count) =>
    `Genauigkeit ${percent} (${good} von ${count} ${count === 1 ? "Entscheidung" : "Entscheidungen"} am besten oder gut)`,
  noDecisions: "Genauigkeit: hier gab es nichts zu entscheiden",
  worst: "Die teuersten Entscheidungen:",
  worstLine: (moment, played, best, points, label) =>
    `${moment}: ${played} statt ${best} (−${points} Punkte, ${label})`,
  limitsTitle: "Bewertung nach Verlust in Punkten:",
  under: "unter",
  from: "ab",
  action: (action, name) => {
    switch (action.type) {
      case "swap":
        return action.give === action.take
          ? `${name(action.give)} gegen die gleiche Karte aus der Mitte tauschen`
          : `${name(action.give)} gegen ${name(action.take)} tauschen`;
      case "swapAll":
        return "alle drei Karten tauschen";
      case "pass":
        return "schieben";
      case "knock":
        return "klopfen";
      case "redeal":
        return "eine neue Mitte verlangen";
      case "passOn":
        return `${action.give.map(name).join(" und ")} weitergeben`;
      case "choose":
        return action.packet === "first" ? "das erste Päckchen behalten" : "das zweite Päckchen nehmen";
    }
  },
};

const en: AnalyseWords = {
  title: (seat, player, decisions, worlds) =>
    `Analysis of seat ${seat} (${player}): ${decisions} ${decisions === 1 ? "decision" : "decisions"}, ` +
    `${worlds} sampled worlds each, from the seat's view`,
  legend: [
    'Rounds and turns count from 1 as in the game: "round 6, turn 2" is the seat\'s own second turn in the sixth ' +
      "round.",
    "risk: of losing a life this round; win: the chance to win the match; loss: match-win percentage points " +
      "given away against the best action.",
  ],
  moment: (round, turn) => `Round ${round}, turn ${turn}`,
  choice: (round) => `Round ${round}, the choice of packet`,
  hand: "hand",
  middle: "middle",
  packet: "packet",
  played: "played",
  best: "best",
  wasBest: "the best action",
  chances: (loseLife, win) => `risk ${loseLife}, win ${win}`,
  loss: (points, label) => `loss ${points} points: ${label}`,
  labels: { best: "best", good: "good", inaccuracy: "inaccuracy", mistake: "mistake", blunder: "blunder" },
  accuracy: (percent, good, count) =>
    `accuracy ${percent} (${good} of ${count} ${count === 1 ? "decision" : "decisions"} best or good)`,
  noDecisions: "accuracy: no decisions to judge",
  worst: "worst decisions:",
  worstLine: (moment, played, best, points, label) =>
    `${moment}: ${played} instead of ${best} (-${points} points, ${label})`,
  limitsTitle: "labels by loss in points:",
  under: "under",
  from: "from",
  action: (action, name) => {
    switch (action.type) {
      case "swap":
        return action.give === action.take
          ? `swap ${name(action.give)} for the same card from the middle`
          : `swap ${name(action.give)} for ${name(action.take)}`;
      case "swapAll":
        return "swap all three cards";
      case "pass":
        return "pass";
      case "knock":
        return "knock";
      case "redeal":
        return "ask for a new middle";
      case "passOn":
        return `pass on ${action.give.map(name).join(" and ")}`;
      case "choose":
        return action.packet === "first" ? "keep the first packet" : "take the second packet";
    }
  },
};

export const ANALYSE_WORDS: Record<Lang, AnalyseWords> = { de, en };

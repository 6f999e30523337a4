/** The leaderboard's and the bot ratings' words in German and English. */
import { textsTranslator } from "../i18n/index.js";
import type { Lang } from "../settings.js";
import { useUi } from "../ui.js";

const en = {
  boardTitle: "Leaderboard",
  boardIntro:
    "Ratings from public matches with at least two people, standard rules or a preset. A newcomer starts at 1500; the more you play, the more accurately the rating knows you.",
  boardLink: "Leaderboard",
  tabAll: "Overall",
  tabMonth: "By month",
  colRank: "Place",
  colName: "Player",
  boardYou: "you",
  colRating: "Rating",
  colMatches: "Matches",
  colChange: "Change",
  provisionalMark: "provisional",
  boardEmpty: "No rated matches yet. Play a public match with other people to get onto the board.",
  boardMonthEmpty: "No rated matches this month yet.",
  boardPastMonthEmpty: "No rated matches in {month}.",
  monthChoice: "Month",
  monthBefore: "Month before",
  monthAfter: "Month after",
  boardLoading: "Loading the leaderboard…",
  boardFailed: "The leaderboard could not be loaded. Try again in a moment.",
  botsTitle: "The bots for comparison",
  botRating: "{level} ~ {r}",
  matchRated: "Your rating: {before} → {after} ({change})",
  matchUnrated: "This match does not count for the rating.",
  matchUnratedPrivate: "This match does not count for the rating: only public tables are rated.",
  matchUnratedHouseRules:
    "This match does not count for the rating: it had house rules (the standard rules and the presets are rated).",
  matchUnratedFewPeople: "This match does not count for the rating: that takes at least two people at the table.",
  matchUnratedSamePlayerTwice: "This match does not count for the rating: one player held two seats.",
  matchUnratedUnfinished: "This match does not count for the rating: it was not played to its end.",
};

export type RatingTextKey = keyof typeof en;

const de: Readonly<Record<RatingTextKey, string>> = {
  boardTitle: "Bestenliste",
  boardIntro:
    "Wertungen aus öffentlichen Partien mit mindestens zwei Leuten, nach Standardregeln oder einer Vorgabe. Neu startest du bei 1500; je mehr du spielst, desto genauer kennt dich die Wertung.",
  boardLink: "Bestenliste",
  tabAll: "Gesamt",
  tabMonth: "Nach Monat",
  colRank: "Platz",
  colName: "Spieler",
  boardYou: "du",
  colRating: "Wertung",
  colMatches: "Partien",
  colChange: "Im Monat",
  provisionalMark: "vorläufig",
  boardEmpty: "Noch keine gewerteten Partien. Spiel eine öffentliche Partie mit anderen Leuten, dann stehst du hier.",
  boardMonthEmpty: "Diesen Monat gab es noch keine gewertete Partie.",
  boardPastMonthEmpty: "Im {month} gab es keine gewertete Partie.",
  monthChoice: "Monat",
  monthBefore: "Vormonat",
  monthAfter: "Folgemonat",
  boardLoading: "Bestenliste wird geladen …",
  boardFailed: "Die Bestenliste ließ sich nicht laden. Versuch es gleich noch einmal.",
  botsTitle: "Die Computergegner zum Vergleich",
  botRating: "{level} ~ {r}",
  matchRated: "Deine Wertung: {before} → {after} ({change})",
  matchUnrated: "Diese Partie zählt nicht für die Wertung.",
  matchUnratedPrivate: "Diese Partie zählt nicht für die Wertung: Gewertet werden nur öffentliche Tische.",
  matchUnratedHouseRules:
    "Diese Partie zählt nicht für die Wertung: Sie lief mit Hausregeln (gewertet werden die Standardregeln und die Vorgaben).",
  matchUnratedFewPeople: "Diese Partie zählt nicht für die Wertung: Dafür braucht es mindestens zwei Leute am Tisch.",
  matchUnratedSamePlayerTwice: "Diese Partie zählt nicht für die Wertung: Ein Spieler saß auf zwei Plätzen.",
  matchUnratedUnfinished: "Diese Partie zählt nicht für die Wertung: Sie wurde nicht zu Ende gespielt.",
};

const TEXTS: Readonly<Record<Lang, Readonly<Record<RatingTextKey, string>>>> = { de, en };

export type RatingTr = (key: RatingTextKey, fields?: Readonly<Record<string, string | number>>) => string;

/** The leaderboard's translator in the page's language. */
const ratingTranslator: (lang: Lang) => RatingTr = textsTranslator(TEXTS);

export function useRatingText(): RatingTr {
  return ratingTranslator(useUi().lang);
}

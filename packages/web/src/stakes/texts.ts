/** The words of stakes, the Kasse and the lot, in both languages (kept here with the feature). */
import type { Lang } from "../settings.js";

const DE = {
  stakeLabel: "Einsatz pro Leben",
  stakeOff: "ohne Einsatz",
  stakeAbout: "Spielgeld: Jedes verlorene Leben kostet den Einsatz, wer übrig bleibt, bekommt den Pott.",
  lotLabel: "Erster Geber durch Ziehen",
  lotAbout: "Vor jeder Partie zieht jeder eine Karte; die höchste gibt (Ass vor König, Dame, Bube, 10 …).",
  stakesTitle: "Einsatz und Geber",
  kasse: "Kasse",
  kasseTitle: "Kasse des Abends",
  kasseEmpty: "Noch keine Partie abgerechnet.",
  pot: "Im Pott: {pot}",
  potWord: "Pott",
  potWinner: "{name} bekommt den Pott: {pot}",
  potSelf: "Du bekommst den Pott: {pot}",
  potShared: "Unentschieden: {names} teilen sich den Pott ({pot})",
  stakeLine: "Einsatz {stake} pro Leben",
  player: "Spieler",
  total: "Stand",
  thisMatch: "Partie",
  matchN: "Partie {n}",
  csv: "Als CSV herunterladen",
  close: "Schließen",
  clearKasse: "Kasse leeren",
  lotTitle: "Wer gibt? Jeder zieht eine Karte",
  lotAgain: "Gleichstand – nochmal ziehen",
  lotDealer: "{name} zieht die höchste Karte und gibt.",
  you: "du",
} as const;

type Key = keyof typeof DE;

const EN: Record<Key, string> = {
  stakeLabel: "Stake per life",
  stakeOff: "no stake",
  stakeAbout: "Play money: every life lost costs the stake; whoever is left takes the pot.",
  lotLabel: "Draw cards for the first dealer",
  lotAbout: "Before each match everyone draws a card; the highest deals (ace over king, queen, jack, 10 …).",
  stakesTitle: "Stakes and dealer",
  kasse: "Tally",
  kasseTitle: "The evening's tally",
  kasseEmpty: "No match settled yet.",
  pot: "In the pot: {pot}",
  potWord: "Pot",
  potWinner: "{name} takes the pot: {pot}",
  potSelf: "You take the pot: {pot}",
  potShared: "A draw: {names} share the pot ({pot})",
  stakeLine: "Stake {stake} per life",
  player: "Player",
  total: "Balance",
  thisMatch: "Match",
  matchN: "Match {n}",
  csv: "Download as CSV",
  close: "Close",
  clearKasse: "Clear the tally",
  lotTitle: "Who deals? Everyone draws a card",
  lotAgain: "A tie – draw again",
  lotDealer: "{name} draws the highest card and deals.",
  you: "you",
};

export function stakeText(lang: Lang, key: Key, values: Record<string, string | number> = {}): string {
  const template: string = lang === "de" ? DE[key] : EN[key];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ""));
}

/** Names as one says them: "Anna und Ben", "Anna, Ben und Cleo" (English: "Anna, Ben, and Cleo"). */
export const nameList = (lang: Lang, names: readonly string[]): string =>
  new Intl.ListFormat(lang, { style: "long", type: "conjunction" }).format(names);

/** The lobby's and quick match's words in German and English. */
import { textsTranslator } from "../i18n/index.js";
import type { Lang } from "../settings.js";
import { useUi } from "../ui.js";

const en = {
  lobbyTitle: "Lobby",
  lobbyIntro: "Open tables waiting for players. Sit down at one, watch, or let us find you a table.",
  lobbyLink: "Lobby: open tables",
  quickPlay: "Quick match",
  quickPlayHint: "A table with people who want to play now; if nobody else comes soon, bots fill the free seats.",
  quickPreset: "Rules",
  botsFill: "Seats still free at the start go to bots: {level}",
  quickSeats: "Players",
  quickSeatsAny: "{n} players",
  lobbyEmpty:
    "No open table right now. Start a quick match or open a table of your own, and others will find you here.",
  openTable: "Open a table of your own",
  openTableHint: "With your house rules; it is listed here until you start it.",
  lobbyLoading: "Looking for open tables…",
  lobbyLost: "No connection to the server; the list comes back by itself.",
  lobbyCount: "{n} open tables",
  lobbyCountOne: "One open table",
  ownRules: "House rules of the host",
  lobbyMore: "{n} more are waiting; the first {shown} are shown.",
  seatsFree: "{n} of {total} seats free",
  seatFree: "free seat",
  sitDown: "Take a seat",
  watchTable: "Watch",
  spectatorsCount: "{n} watching",
  spectatorOne: "One person watching",
  quickTable: "Quick match",
  provisional: "provisional",
  ratingOf: "rating {r}",
  quickWaiting: "Waiting for more players.",
  quickFillIn: "Bots take the free seats in {s}\u00a0s, then the match starts.",
  quickFillNow: "The bots are sitting down…",
  visibility: "Visible to",
  visibilityPublic: "Public: listed in the lobby",
  visibilityPublicFull: "Public, but full: not listed in the lobby",
  visibilityPrivate: "Private: invite only",
  makePublic: "Make public",
  makePrivate: "Make private",
  // As the start page and the house rules name it.
  preset_standard: "Standard",
  preset_dealerChooses: "Dealer chooses",
  preset_knockOnly: "Knocking only",
  preset_quick: "Short match",
  preset_verdeckt: "Face down (verdeckt)",
  preset_grosseRunde: "Big round (two decks)",
};

export type LobbyTextKey = keyof typeof en;

const de: Readonly<Record<LobbyTextKey, string>> = {
  lobbyTitle: "Lobby",
  lobbyIntro: "Offene Tische, an denen noch Leute fehlen. Setz dich dazu, schau zu oder lass dir einen Tisch suchen.",
  lobbyLink: "Lobby: offene Tische",
  quickPlay: "Schnell spielen",
  quickPlayHint:
    "Ein Tisch mit Leuten, die jetzt spielen wollen. Kommt so schnell keiner dazu, übernehmen Bots die freien Plätze.",
  quickPreset: "Regeln",
  botsFill: "Was beim Start frei ist, übernehmen Bots: {level}",
  quickSeats: "Spieler",
  quickSeatsAny: "{n} Spieler",
  lobbyEmpty:
    "Gerade ist kein Tisch offen. Starte ein schnelles Spiel oder eröffne einen eigenen Tisch, dann finden die anderen dich hier.",
  openTable: "Eigenen Tisch eröffnen",
  openTableHint: "Mit deinen Hausregeln; er steht hier, bis du startest.",
  lobbyLoading: "Suche offene Tische …",
  lobbyLost: "Keine Verbindung zum Server; die Liste kommt von selbst wieder.",
  lobbyCount: "{n} offene Tische",
  lobbyCountOne: "Ein offener Tisch",
  ownRules: "Hausregeln des Gastgebers",
  lobbyMore: "{n} weitere warten; die ersten {shown} stehen hier.",
  seatsFree: "{n} von {total} Plätzen frei",
  seatFree: "freier Platz",
  sitDown: "Hinsetzen",
  watchTable: "Zuschauen",
  spectatorsCount: "{n} schauen zu",
  spectatorOne: "Einer schaut zu",
  quickTable: "Schnelles Spiel",
  provisional: "vorläufig",
  ratingOf: "Wertung {r}",
  quickWaiting: "Wir warten noch auf Mitspieler.",
  quickFillIn: "In {s}\u00a0s setzen sich Bots auf die freien Plätze, dann geht's los.",
  quickFillNow: "Die Bots setzen sich …",
  visibility: "Sichtbar für",
  visibilityPublic: "Öffentlich: steht in der Lobby",
  visibilityPublicFull: "Öffentlich, aber voll: steht nicht in der Lobby",
  visibilityPrivate: "Privat: nur mit Einladung",
  makePublic: "Öffentlich machen",
  makePrivate: "Privat machen",
  preset_standard: "Standard",
  preset_dealerChooses: "Geber wählt",
  preset_knockOnly: "Nur Klopfen",
  preset_quick: "Kurzes Spiel",
  preset_verdeckt: "Verdeckt",
  preset_grosseRunde: "Große Runde (zwei Decks)",
};

export const LOBBY_TEXTS: Readonly<Record<Lang, Readonly<Record<LobbyTextKey, string>>>> = { de, en };

export type LobbyTr = (key: LobbyTextKey, fields?: Readonly<Record<string, string | number>>) => string;

export const lobbyTranslator: (lang: Lang) => LobbyTr = textsTranslator(LOBBY_TEXTS);

/** The lobby's translator in the page's language. */
export function useLobbyText(): LobbyTr {
  return lobbyTranslator(useUi().lang);
}

/** A server preset's name in the page's language (its own name when this page does not know it yet). */
export function presetName(tr: LobbyTr, preset: string | null): string {
  if (preset === null) return "";
  const key = `preset_${preset}`;
  return key in en ? tr(key as LobbyTextKey) : preset;
}

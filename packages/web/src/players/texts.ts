/** Texts of the account and profile pages, German and English (same keys). */
import { fmt } from "../i18n/index.js";
import type { Lang } from "../settings.js";

const en = {
  account: "Account",
  accountIntro:
    "You play as a guest under your name on this device. Make it an account with a passkey to find your name, rating and matches again on any device – no password, no e-mail.",
  noPlayerIntro: "Have an account? Sign in with your passkey. Or give a name on the start page and play as a guest.",
  otherDevices:
    "On another device, tap “Sign in with passkey” there: a passkey that your phone's or computer's password manager syncs is ready there; otherwise the browser usually offers to use it from your phone nearby (QR code).",
  accountOf: "Signed in as {name}",
  guest: "Guest",
  accountKind: "Account with passkey",
  noPlayer: "Not signed in on this device.",
  keepAccount: "Make it an account with a passkey",
  signIn: "Sign in with passkey",
  signOut: "Sign out",
  myProfile: "My profile",
  deleteAccount: "Delete account",
  deleteGuest: "Delete my data",
  deleteGuestTitle: "Delete your guest data?",
  deleteGuestText:
    "Your name, rating and sign-in on this device are removed for good. Your past matches stay, under a neutral name.",
  deletedGuest: "Your guest data has been deleted.",
  signOutGuestTitle: "Sign out as a guest?",
  signOutGuestText:
    "A guest cannot come back: the name “{name}”, your rating and your matches stay behind for good. Make the guest an account with a passkey first, and you can sign in again any time.",
  signOutStay: "Cancel",
  signOutKeepFirst: "Set up a passkey first",
  signOutAnyway: "Sign out anyway",
  leaveGuestTitle: "Leave the guest “{name}” behind?",
  leaveGuestText:
    "The guest “{name}” and its matches stay behind on the leaderboard and its profile, and this device switches to the passkey's account. You cannot come back to the guest afterwards.",
  leaveGuestStay: "Cancel",
  haveAccount: "Already have an account?",
  nameNotSaved: "Not saved: you are still “{name}”.",
  deleteTitle: "Delete your account?",
  deleteText: "Your name, passkeys and sessions are removed for good. Your past matches stay, under a neutral name.",
  deleteKeep: "Keep it",
  deleteConfirm: "Delete",
  deleted: "Your account has been deleted.",
  kept: "Done: your account is kept with a passkey.",
  signedIn: "Welcome back, {name}!",
  signedOut: "Signed out.",
  passkeyNeedsName:
    "Passkeys need an address with a name (such as localhost), not a number like {host}: open this site under its name to keep an account or sign in.",
  passkeyTryName: "Open it at {url} (a guest of its own there)",
  problem_NAME_TAKEN: "An account already has this name. Choose another name first.",
  nameTaken: "This name belongs to an account. Is it yours? Sign in with your passkey – or choose another name.",
  problem_INVALID_NAME: "This name is not allowed.",
  problem_NOT_SIGNED_IN: "Choose a name first.",
  problem_PASSKEY_CANCELLED: "The passkey was not used (cancelled or not available).",
  problem_PASSKEY_REFUSED: "The passkey was not accepted.",
  problem_UNKNOWN_PASSKEY: "This passkey belongs to no account here.",
  problem_RATE_LIMITED: "Too many attempts. Please wait a little.",
  problem_OFFLINE: "The server cannot be reached.",
  problem_other: "That did not work ({code}).",
  profile: "Profile",
  deletedPlayer: "Deleted player",
  notFound: "There is no such player.",
  rating: "Rating",
  ratingChart: "Rating over time",
  provisional: "provisional: few rated matches yet",
  noRating: "No rated matches yet.",
  stats: "Statistics",
  played: "Matches played",
  won: "Matches won",
  averagePlace: "Average place",
  livesLost: "Lives lost per match",
  knocks: "Knocks",
  knocksLost: "Of these, lost by the knocker",
  thirtyOnes: "31s",
  fires: "Fire (three aces)",
  favouriteRules: "Favourite house rules",
  none: "none",
  pastMatches: "Past matches",
  noMatches: "No finished matches yet.",
  matchLine: "{date}: place {place} of {seats} against {opponents}",
  matchWon: "won",
  watchReplay: "Replay",
  privateMatch: "Private match",
  loading: "Loading …",
};

const de: typeof en = {
  account: "Konto",
  accountIntro:
    "Du spielst als Gast unter deinem Namen auf diesem Gerät. Mach daraus mit einem Passkey ein Konto, dann findest du Namen, Wertung und Partien auf jedem Gerät wieder – ohne Passwort, ohne E-Mail.",
  noPlayerIntro:
    "Du hast ein Konto? Melde dich mit deinem Passkey an. Oder nenn auf der Startseite einen Namen und spiel als Gast.",
  otherDevices:
    "Auf einem anderen Gerät tippst du dort auf „Mit Passkey anmelden“: Ein Passkey, den der Passwortmanager deines Handys oder Computers synchronisiert, steht dort bereit; sonst bietet der Browser meist an, ihn vom Handy in der Nähe zu benutzen (QR-Code).",
  accountOf: "Angemeldet als {name}",
  guest: "Gast",
  accountKind: "Konto mit Passkey",
  noPlayer: "Auf diesem Gerät bist du nicht angemeldet.",
  keepAccount: "Mit Passkey zum Konto machen",
  signIn: "Mit Passkey anmelden",
  signOut: "Abmelden",
  myProfile: "Mein Profil",
  deleteAccount: "Konto löschen",
  deleteGuest: "Meine Daten löschen",
  deleteGuestTitle: "Deine Daten als Gast löschen?",
  deleteGuestText:
    "Dein Name, deine Wertung und deine Anmeldung auf diesem Gerät werden endgültig entfernt. Deine alten Partien bleiben, unter einem neutralen Namen.",
  deletedGuest: "Deine Daten als Gast sind gelöscht.",
  signOutGuestTitle: "Als Gast abmelden?",
  signOutGuestText:
    "Als Gast kommst du nicht zurück: Der Name „{name}“, deine Wertung und deine Partien bleiben für immer zurück. Mach den Gast vorher mit einem Passkey zum Konto, dann kannst du dich jederzeit wieder anmelden.",
  signOutStay: "Abbrechen",
  signOutKeepFirst: "Erst Passkey einrichten",
  signOutAnyway: "Trotzdem abmelden",
  leaveGuestTitle: "Gast „{name}“ zurücklassen?",
  leaveGuestText:
    "Der Gast „{name}“ und seine Partien bleiben in der Bestenliste und im Profil zurück, und dieses Gerät wechselt zum Konto des Passkeys. Zum Gast kommst du danach nicht mehr zurück.",
  leaveGuestStay: "Abbrechen",
  haveAccount: "Schon ein Konto?",
  nameNotSaved: "Nicht gespeichert: Du heißt weiter „{name}“.",
  deleteTitle: "Konto wirklich löschen?",
  deleteText:
    "Dein Name, deine Passkeys und Anmeldungen werden endgültig entfernt. Deine alten Partien bleiben, unter einem neutralen Namen.",
  deleteKeep: "Behalten",
  deleteConfirm: "Löschen",
  deleted: "Dein Konto ist gelöscht.",
  kept: "Erledigt: Dein Konto ist mit einem Passkey gesichert.",
  signedIn: "Willkommen zurück, {name}!",
  signedOut: "Abgemeldet.",
  passkeyNeedsName:
    "Passkeys brauchen eine Adresse mit Namen (etwa localhost), keine Nummer wie {host}: öffne die Seite unter ihrem Namen, um ein Konto zu behalten oder dich anzumelden.",
  passkeyTryName: "Unter {url} öffnen (dort ein eigener Gast)",
  problem_NAME_TAKEN: "Diesen Namen hat schon ein Konto. Such dir zuerst einen anderen Namen aus.",
  nameTaken:
    "Dieser Name gehört zu einem Konto. Ist es deins? Melde dich mit deinem Passkey an – oder such dir einen anderen Namen aus.",
  problem_INVALID_NAME: "Dieser Name geht leider nicht.",
  problem_NOT_SIGNED_IN: "Gib zuerst deinen Namen ein.",
  problem_PASSKEY_CANCELLED: "Der Passkey wurde nicht benutzt (abgebrochen oder nicht verfügbar).",
  problem_PASSKEY_REFUSED: "Der Passkey wurde nicht angenommen.",
  problem_UNKNOWN_PASSKEY: "Zu diesem Passkey gibt es hier kein Konto.",
  problem_RATE_LIMITED: "Zu viele Versuche. Bitte warte einen Moment.",
  problem_OFFLINE: "Der Server ist nicht erreichbar.",
  problem_other: "Das hat nicht geklappt ({code}).",
  profile: "Profil",
  deletedPlayer: "Gelöschter Spieler",
  notFound: "Diesen Spieler gibt es nicht.",
  rating: "Wertung",
  ratingChart: "Wertung im Verlauf",
  provisional: "vorläufig: noch wenige gewertete Partien",
  noRating: "Noch keine gewerteten Partien.",
  stats: "Statistik",
  played: "Partien gespielt",
  won: "Partien gewonnen",
  averagePlace: "Platz im Schnitt",
  livesLost: "Verlorene Leben pro Partie",
  knocks: "Geklopft",
  knocksLost: "Davon selbst verloren",
  thirtyOnes: "31 gehabt",
  fires: "Feuer gehabt",
  favouriteRules: "Liebste Hausregeln",
  none: "keine",
  pastMatches: "Letzte Partien",
  noMatches: "Noch keine beendeten Partien.",
  matchLine: "{date}: Platz {place} von {seats} gegen {opponents}",
  matchWon: "gewonnen",
  watchReplay: "Ansehen",
  privateMatch: "Private Partie",
  loading: "Lädt …",
};

export type PlayerTextKey = keyof typeof en;

export function playerTexts(lang: Lang) {
  const texts = lang === "de" ? de : en;
  return (key: PlayerTextKey, fields?: Readonly<Record<string, string | number>>) => fmt(texts[key], fields);
}

/** The sentence for an error code of the player endpoints. */
export function problemText(lang: Lang, code: string): string {
  const t = playerTexts(lang);
  const key = `problem_${code}`;
  return key in en ? t(key as PlayerTextKey) : t("problem_other", { code });
}

/** The chat's words in German and English, and the quick phrases (the server sends a key, each page words it). */
import type { PhraseKey } from "@schwimmen/server/protocol";
import { textsTranslator } from "../i18n/index.js";
import type { Lang } from "../settings.js";
import { useUi } from "../ui.js";

const en = {
  chat: "Chat",
  chatTable: "Table talk",
  chatLobby: "Lobby chat",
  chatOpen: "Open the chat",
  chatUnread: "{n} new",
  chatClose: "Close the chat",
  chatEmpty: "Nothing said yet. Say hello!",
  chatInput: "Your message",
  chatSend: "Send",
  chatCount: "{n} of {max} characters",
  chatTooLong: "At most {max} characters.",
  chatPhrases: "Quick phrases",
  chatSpectator: "Spectators read along; only the players at the table can write.",
  chatWait: "Slow down a little: you can write again in {s} s.",
  chatNameNeeded: "Choose a name on the start page to write here.",
  chatPeople: "At the table",
  chatMute: "Mute",
  chatUnmute: "Unmute",
  chatMuted: "muted",
  chatMutedLine: "{name} is muted",
  chatRemove: "Remove",
  chatRemoveConfirm: "Remove {name} from the table?",
  chatYou: "you",
  chatHost: "host",
  chatLost: "The chat is not connected; it comes back by itself.",
  kickedTitle: "You were removed from the table",
  kickedText: "The host of table {code} removed you before the match began. You can open or join another table.",
  kickedMenu: "To the start page",
  phrase_hello: "Hello, everyone!",
  phrase_goodLuck: "Good luck!",
  phrase_wellPlayed: "Well played!",
  phrase_lucky: "Lucky you!",
  phrase_anotherOne: "One more?",
  phrase_thanks: "Thanks!",
  phrase_oops: "Oops!",
  phrase_brb: "Back in a minute",
  phrase_bye: "Bye, see you!",
} satisfies Record<`phrase_${PhraseKey}`, string> & Record<string, string>;

export type ChatTextKey = keyof typeof en;

const de: Readonly<Record<ChatTextKey, string>> = {
  chat: "Chat",
  chatTable: "Tischgespräch",
  chatLobby: "Chat in der Lobby",
  chatOpen: "Chat öffnen",
  chatUnread: "{n} neu",
  chatClose: "Chat schließen",
  chatEmpty: "Noch hat niemand etwas gesagt. Sag doch Hallo!",
  chatInput: "Deine Nachricht",
  chatSend: "Senden",
  chatCount: "{n} von {max} Zeichen",
  chatTooLong: "Höchstens {max} Zeichen.",
  chatPhrases: "Schnelle Sprüche",
  chatSpectator: "Zuschauer lesen mit; schreiben können nur die Spieler am Tisch.",
  chatWait: "Nicht so schnell: In {s} s kannst du wieder schreiben.",
  chatNameNeeded: "Such dir auf der Startseite einen Namen aus, dann kannst du hier schreiben.",
  chatPeople: "Am Tisch",
  chatMute: "Stummschalten",
  chatUnmute: "Wieder anzeigen",
  chatMuted: "stummgeschaltet",
  chatMutedLine: "{name} ist stummgeschaltet",
  chatRemove: "Entfernen",
  chatRemoveConfirm: "{name} vom Tisch entfernen?",
  chatYou: "du",
  chatHost: "Gastgeber",
  chatLost: "Der Chat ist gerade nicht verbunden; er kommt von selbst wieder.",
  kickedTitle: "Du wurdest vom Tisch entfernt",
  kickedText:
    "Der Gastgeber von Tisch {code} hat dich vor Spielbeginn vom Tisch genommen. Du kannst einen anderen Tisch eröffnen oder dich woanders dazusetzen.",
  kickedMenu: "Zur Startseite",
  phrase_hello: "Hallo zusammen!",
  phrase_goodLuck: "Viel Glück!",
  phrase_wellPlayed: "Gut gespielt!",
  phrase_lucky: "Glück gehabt!",
  phrase_anotherOne: "Noch eine?",
  phrase_thanks: "Danke!",
  phrase_oops: "Hoppla!",
  phrase_brb: "Bin gleich wieder da",
  phrase_bye: "Tschüss, bis bald!",
};

export type ChatTr = (key: ChatTextKey, fields?: Readonly<Record<string, string | number>>) => string;

export const chatTranslator: (lang: Lang) => ChatTr = textsTranslator({ de, en });

/** The chat's translator in the page's language (the component redraws when it changes). */
export function useChatText(): ChatTr {
  return chatTranslator(useUi().lang);
}

const PHRASE_PREFIX = "phrase_";
export const phraseKey = (phrase: PhraseKey): ChatTextKey => `phrase_${phrase}`;

/**
 * The quick phrases in the order their buttons show: those the texts word (the type checker makes sure that every
 * phrase the server knows has its words in both languages).
 */
export const PHRASES: readonly PhraseKey[] = Object.keys(en).flatMap((key) =>
  key.startsWith(PHRASE_PREFIX) ? [key.slice(PHRASE_PREFIX.length) as PhraseKey] : [],
);

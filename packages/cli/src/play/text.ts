import type { Rules } from "@schwimmen/rules";

/** Every text the terminal game shows, in German and English. Seat 0 (the person) is addressed as "du"/"you". */
export type Lang = "de" | "en";

/** Who did something: a seat's name, and whether it is the person at the keyboard (second person). */
export interface Who {
  readonly name: string;
  readonly self: boolean;
}

type WhoText = (who: Who) => string;

export interface Texts {
  readonly defaultName: string;
  readonly round: (n: number) => string;
  /** The pot so far, as money text. */
  readonly pot: (money: string) => string;
  readonly stock: (n: number) => string;
  readonly dealer: string;
  readonly knocked: string;
  readonly swimming: string;
  readonly out: string;
  readonly middle: string;
  readonly yourHand: string;
  readonly firstPacket: string;
  /** The dealer's second packet, face down in the middle's place until the dealer has chosen. */
  readonly secondPacket: string;
  /** A hidden deal: the packet of two, yours on your turn, else who holds it. */
  readonly packet: string;
  readonly packetHeldBy: WhoText;
  readonly value: (v: string) => string;
  readonly watching: string;
  readonly toPlay: WhoText;
  readonly turnsLeft: (who: Who, n: number) => string;
  readonly level: (level: string) => string;
  readonly keys: {
    readonly swap: string;
    readonly swapAll: string;
    readonly pass: string;
    readonly knock: string;
    readonly redeal: string;
    readonly keep: string;
    readonly other: string;
    readonly passOn: string;
    readonly help: string;
    readonly quit: string;
  };
  readonly pickMiddle: (letters: string, card: string) => string;
  readonly hints: {
    readonly unknown: (input: string) => string;
    readonly empty: string;
    readonly notAllowed: string;
    readonly middleFirst: (letter: string) => string;
    readonly noHandCard: (range: string) => string;
    readonly noMiddleCard: (range: string) => string;
    readonly passOnTwo: string;
    /** Any other key while the dealer must choose a packet. */
    readonly choosePacket: string;
  };
  readonly intro: (opponents: string) => string;
  readonly roundStarts: (n: number, dealer: Who) => string;
  readonly chose: (who: Who, first: boolean) => string;
  readonly swapped: (who: Who, give: string, take: string) => string;
  readonly swappedAll: WhoText;
  readonly passed: WhoText;
  readonly passedOn: WhoText;
  /** The person's own `passOn`, with the two cards it handed on. */
  readonly passedOnCards: (a: string, b: string) => string;
  /** A knock; `others`: who still plays once more (one of them is named). */
  readonly knock: (who: Who, others: readonly Who[]) => string;
  readonly allPassed: string;
  readonly redealt: WhoText;
  readonly thirtyOne: WhoText;
  readonly fire: WhoText;
  readonly stockEmpty: string;
  readonly livesLost: (who: Who, count: number, left: number) => string;
  readonly swims: WhoText;
  readonly goesOut: WhoText;
  readonly wins: WhoText;
  readonly draw: string;
  readonly roundOver: (n: number) => string;
  readonly byKnock: WhoText;
  readonly nextRound: string;
  readonly nextRoundOut: string;
  /** Something other than Enter or Q typed between rounds (a move too early), quoted back above the prompt. */
  readonly roundIsOver: (input: string) => string;
  readonly matchOver: string;
  readonly stopped: string;
  /** Said before the first screen when the window is smaller than the game's 80x24. */
  readonly smallWindow: (columns: number, rows: number) => string;
  /** Asked after Q at the move prompt; `isYes` reads the answer (anything else plays on). */
  readonly confirmQuit: string;
  readonly isYes: (answer: string) => boolean;
  /** Labels put before the record's path and before the command that replays it. */
  readonly saved: string;
  /** What to run next with the saved match: the analysis of the person's own decisions. */
  readonly replayHint: string;
  readonly saveFailed: (path: string, why: string) => string;
  /** Why a file could not be written, from the system's error code (the raw message when the code is not known). */
  readonly saveWhy: (code: string | undefined, message: string) => string;
  /** `--save` names a file in a folder that is not there (checked before the match). */
  readonly noFolder: (path: string, folder: string) => string;
  /** Lines of at most 75 columns (they are word-wrapped beyond that): the game, the moves, the rest. */
  readonly help: readonly string[];
  readonly helpMoves: readonly string[];
  /** The moves of a hidden deal, shown in place of `helpMoves` there. */
  readonly helpHidden: readonly string[];
  /** The dealer's choice of packets, shown after `helpMoves` under "dealerChooses" rules. */
  readonly helpChoose: readonly string[];
  readonly helpEnd: readonly string[];
  /** What three of a kind, three aces and a 31 do, and what losing every life means, under the table's rules. */
  readonly helpRules: (rules: Rules) => readonly string[];
  readonly helpBack: string;
}

const de: Texts = {
  defaultName: "Du",
  round: (n) => `Runde ${n}`,
  pot: (money) => `Pott ${money}`,
  stock: (n) => `Stapel ${n}`,
  dealer: "Geber",
  knocked: "klopft",
  swimming: "schwimmt",
  out: "raus",
  middle: "Mitte",
  yourHand: "Deine Hand",
  firstPacket: "Dein erstes Päckchen",
  secondPacket: "Zweites Päckchen",
  packet: "Päckchen",
  packetHeldBy: (w) => (w.self ? "Päckchen bei dir" : `Päckchen bei ${w.name}`),
  value: (v) => `Wert ${v}`,
  watching: "Du bist raus und schaust zu.",
  toPlay: (w) => `${w.name} ist am Zug …`,
  turnsLeft: (w, n) => `${w.self ? "Du hast" : `${w.name} hat`} geklopft: noch ${n} ${n === 1 ? "Zug" : "Züge"}`,
  level: (level) =>
    ({ random: "Zufall", greedy: "Einsteiger", tactician: "Fortgeschritten", expert: "Profi" })[level] ?? level,
  keys: {
    swap: "tauschen",
    swapAll: "alle tauschen",
    pass: "schieben",
    knock: "klopfen",
    redeal: "neue Mitte",
    keep: "dieses Päckchen behalten",
    other: "das zweite nehmen",
    passOn: "weitergeben",
    help: "Hilfe",
    quit: "Ende",
  },
  pickMiddle: (letters, card) => `Welche Mittelkarte (${letters}) für ${card}? Enter: zurück`,
  hints: {
    unknown: (input) => `»${input}« verstehe ich nicht. ? zeigt die Hilfe.`,
    empty: "Bitte einen Zug eingeben (? zeigt die Hilfe).",
    notAllowed: "Dieser Zug ist jetzt nicht erlaubt.",
    middleFirst: (x) =>
      `${x} ist eine Mittelkarte: erst die Handkarte, dann die Mittelkarte, z. B. 1${x}.` +
      (x === "a" ? " Alle tauschen: A (groß)." : ""),
    noHandCard: (range) => `Handkarten sind ${range}.`,
    noMiddleCard: (range) => `Mittelkarten sind ${range}.`,
    passOnTwo: "Zwei verschiedene Karten von 1-5 weitergeben, z. B. 45 (das Päckchen, wie es kam).",
    choosePacket:
      "Erst ein Päckchen wählen: 1 behält die drei Karten, die du siehst, 2 nimmt das zweite, verdeckte Päckchen.",
  },
  intro: (opponents) => `Du spielst gegen ${opponents}.`,
  roundStarts: (n, d) => `── Runde ${n}: ${d.self ? "du gibst" : `${d.name} gibt`} ──`,
  chose: (w, first) =>
    first
      ? `${w.self ? "Du behältst dein erstes" : `${w.name} behält das erste`} Päckchen.`
      : `${w.self ? "Du nimmst" : `${w.name} nimmt`} das zweite Päckchen.`,
  swapped: (w, give, take) =>
    w.self ? `Du nimmst ${take} und legst ${give} ab.` : `${w.name} nimmt ${take} und legt ${give} ab.`,
  swappedAll: (w) => `${w.self ? "Du tauschst" : `${w.name} tauscht`} alle drei Karten.`,
  passed: (w) => `${w.self ? "Du schiebst" : `${w.name} schiebt`}.`,
  passedOn: (w) => `${w.self ? "Du gibst" : `${w.name} gibt`} das Päckchen weiter.`,
  passedOnCards: (a, b) => `Du gibst ${a} und ${b} weiter.`,
  knock: (w, others) =>
    `${w.self ? "Du klopfst" : `${w.name} klopft`}! ` +
    (others.length === 1 && others[0]
      ? `${others[0].self ? "Du bist" : `${others[0].name} ist`} noch einmal dran.`
      : "Alle anderen sind noch einmal dran."),
  allPassed: "Alle haben geschoben: neue Mitte vom Stapel.",
  redealt: (w) => `${w.self ? "Du wünschst" : `${w.name} wünscht`} sich eine neue Mitte.`,
  thirtyOne: (w) => `Schnauz! ${w.self ? "Du hast" : `${w.name} hat`} 31.`,
  fire: (w) => `Feuer! ${w.self ? "Du hast" : `${w.name} hat`} drei Asse.`,
  stockEmpty: "Alle haben geschoben und der Stapel ist leer.",
  livesLost: (w, count, left) =>
    `${w.self ? "Du verlierst" : `${w.name} verliert`} ${count === 1 ? "ein Leben" : `${count} Leben`}` +
    (left > 0 ? ` (noch ${left}).` : "."),
  swims: (w) => `${w.self ? "Du schwimmst" : `${w.name} schwimmt`}!`,
  goesOut: (w) => `${w.self ? "Du bist" : `${w.name} ist`} raus.`,
  wins: (w) => (w.self ? "Du gewinnst das Spiel!" : `${w.name} gewinnt das Spiel.`),
  draw: "Unentschieden: die Letzten sind gemeinsam untergegangen.",
  roundOver: (n) => `Runde ${n} vorbei`,
  byKnock: (w) => (w.self ? "du hast geklopft" : `${w.name} hat geklopft`),
  nextRound: "Enter: nächste Runde · Q: beenden",
  nextRoundOut: "Enter: weiter zuschauen · S: bis zum Ende vorspulen · Q: beenden",
  roundIsOver: (input) => `Die Runde ist vorbei (»${input}«).`,
  matchOver: "Spiel vorbei",
  stopped: "Spiel abgebrochen.",
  smallWindow: (columns, rows) =>
    `Dieses Fenster ist ${columns}x${rows} groß, das Spiel braucht 80x24: bitte vergrößern, dann Enter (oder gleich Enter: trotzdem spielen).`,
  confirmQuit: "Spiel wirklich beenden? Es wird gespeichert. j: beenden · n: weiterspielen",
  isYes: (answer) => ["j", "ja", "y", "yes"].includes(answer.trim().toLowerCase()),
  saved: "Spiel gespeichert:",
  replayHint: "Auswerten:",
  saveFailed: (path, why) => `Konnte das Spiel nicht nach ${path} speichern: ${why}`,
  saveWhy: (code, message) =>
    ({
      ENOENT: "Diesen Ordner gibt es nicht.",
      ENOTDIR: "Ein Teil des Pfads ist kein Ordner.",
      EISDIR: "Das ist ein Ordner, keine Datei.",
      EACCES: "Dort darf nicht geschrieben werden.",
      EPERM: "Dort darf nicht geschrieben werden.",
      EROFS: "Der Datenträger ist schreibgeschützt.",
      ENOSPC: "Auf dem Datenträger ist kein Platz mehr.",
    })[code ?? ""] ?? `Systemfehler (${code ?? message}).`,
  noFolder: (path, folder) => `--save ${path}: es gibt keinen Ordner ${folder}`,
  help: [
    "Schwimmen (31): halte am Rundenende nicht die schwächste Hand.",
    "Es zählt die beste Farbe: Ass 11, Bild und 10 je 10, sonst der Zahlwert.",
  ],
  helpMoves: [
    "1-3 wählt deine Handkarte, a-c die Mittelkarte: »2b« tauscht 2 gegen b.",
    "Du kannst auch erst »2« eingeben und dann »b«.",
    "A tauscht alle drei Karten, P schiebt.",
    "K klopft: danach ist jeder andere noch genau einmal dran.",
    "R verlangt eine neue Mitte, wenn das gerade erlaubt ist.",
  ],
  helpEnd: ["Wer übrig bleibt, gewinnt. Q beendet das Spiel (gespeichert wird es trotzdem)."],
  helpRules: (r) => [
    {
      allOthersLose: "Drei Gleiche zählen 30½. Drei Asse sind Feuer: 33, die Runde endet, alle anderen verlieren.",
      endsRound: "Drei Gleiche zählen 30½. Drei Asse sind Feuer: 31, die Runde endet sofort.",
      off: "Drei Gleiche zählen 30½, drei Asse sind die besten davon (Feuer gibt es hier nicht).",
    }[r.fire],
    {
      endsRound: "31 beendet die Runde sofort.",
      allOthersLose: "31 beendet die Runde sofort, und alle ohne 31 verlieren ein Leben.",
      noEnd: "31 beendet hier nichts: die Runde geht weiter bis zum Klopfen.",
    }[r.thirtyOne],
    "",
    [
      r.losers === "lowest"
        ? "Die niedrigste Hand verliert ein Leben (●)"
        : "Jede Hand bis 20 verliert ein Leben (●), dazu die niedrigste darüber",
      r.knockerPays === 2 ? "; wer klopft und verliert, verliert zwei." : ".",
      {
        everyone: " Ohne Leben schwimmst du, beim nächsten Verlust bist du raus.",
        firstOnly: " Schwimmen darf nur, wer in der ersten Runde mit einer 0 auf 0 kommt; später heißt 0 raus.",
        off: " Ohne Leben bist du raus (geschwommen wird hier nicht).",
      }[r.swimming],
    ].join(""),
  ],
  helpHidden: [
    "Verdeckt: es gibt keine Mitte. Wer dran ist, bekommt das Päckchen (4, 5)",
    "zu seinen drei Karten (1-3), behält drei der fünf und gibt zwei verdeckt",
    "weiter: »45« gibt das Päckchen weiter, wie es kam, »14« behält 5 statt 1.",
    "K klopft: du behältst deine Karten, das Päckchen geht, wie es ist, weiter;",
    "danach ist jeder andere noch genau einmal dran.",
  ],
  helpChoose: [
    "Geber wählt: Wer gibt, sieht zuerst nur sein erstes Päckchen. 1 behält",
    "es, das zweite kommt offen in die Mitte; 2 nimmt das zweite, verdeckte",
    "Päckchen, das erste kommt offen in die Mitte. Erst danach wird gespielt.",
  ],
  helpBack: "Enter: zurück zum Tisch",
};

const en: Texts = {
  defaultName: "You",
  round: (n) => `Round ${n}`,
  pot: (money) => `pot ${money}`,
  stock: (n) => `stock ${n}`,
  dealer: "Dealer",
  knocked: "knocked",
  swimming: "swimming",
  out: "out",
  middle: "Middle",
  yourHand: "Your hand",
  firstPacket: "Your first packet",
  secondPacket: "Second packet",
  packet: "Packet",
  packetHeldBy: (w) => (w.self ? "Packet: yours" : `Packet: with ${w.name}`),
  value: (v) => `value ${v}`,
  watching: "You are out and watching.",
  toPlay: (w) => `${w.name} to play …`,
  turnsLeft: (w, n) => `${w.self ? "you" : w.name} knocked: ${n} ${n === 1 ? "turn" : "turns"} left`,
  level: (level) => ({ random: "Random", greedy: "Beginner", tactician: "Advanced", expert: "Expert" })[level] ?? level,
  keys: {
    swap: "swap",
    swapAll: "swap all",
    pass: "pass",
    knock: "knock",
    redeal: "new middle",
    keep: "keep this packet",
    other: "take the second, unseen one",
    passOn: "pass on",
    help: "help",
    quit: "quit",
  },
  pickMiddle: (letters, card) => `Which middle card (${letters}) for ${card}? Enter: back`,
  hints: {
    unknown: (input) => `"${input}" is not a move here. ? shows the help.`,
    empty: "Please type a move (? shows the help).",
    notAllowed: "That move is not allowed now.",
    middleFirst: (x) =>
      `${x} is a middle card: first your hand card, then the middle card, e.g. 1${x}.` +
      (x === "a" ? " Swap all: A (capital)." : ""),
    noHandCard: (range) => `Your hand cards are ${range}.`,
    noMiddleCard: (range) => `The middle cards are ${range}.`,
    passOnTwo: "Pass on two different cards of 1-5, e.g. 45 (the packet as it came).",
    choosePacket: "First choose a packet: 1 keeps the three cards you see, 2 takes the second, unseen packet.",
  },
  intro: (opponents) => `You play against ${opponents}.`,
  roundStarts: (n, d) => `── Round ${n}: ${d.self ? "you deal" : `${d.name} deals`} ──`,
  chose: (w, first) => `${w.self ? "You take" : `${w.name} takes`} the ${first ? "first" : "second"} packet.`,
  swapped: (w, give, take) => `${w.self ? "You take" : `${w.name} takes`} ${take} for ${give}.`,
  swappedAll: (w) => `${w.self ? "You swap" : `${w.name} swaps`} all three cards.`,
  passed: (w) => `${w.self ? "You pass" : `${w.name} passes`}.`,
  passedOn: (w) => `${w.self ? "You pass" : `${w.name} passes`} the packet on.`,
  passedOnCards: (a, b) => `You pass ${a} and ${b} on.`,
  knock: (w, others) =>
    `${w.self ? "You knock" : `${w.name} knocks`}! ` +
    (others.length === 1 && others[0]
      ? `${others[0].self ? "You have" : `${others[0].name} has`} one more turn.`
      : "Everyone else plays once more."),
  allPassed: "Everyone passed: a new middle from the stock.",
  redealt: (w) => `${w.self ? "You ask" : `${w.name} asks`} for a new middle.`,
  thirtyOne: (w) => `31! ${w.self ? "You have" : `${w.name} has`} 31.`,
  fire: (w) => `Fire! ${w.self ? "You have" : `${w.name} has`} three aces.`,
  stockEmpty: "Everyone passed and the stock is empty.",
  livesLost: (w, count, left) =>
    `${w.self ? "You lose" : `${w.name} loses`} ${count === 1 ? "a life" : `${count} lives`}` +
    (left > 0 ? ` (${left} left).` : "."),
  swims: (w) => `${w.self ? "You are" : `${w.name} is`} swimming!`,
  goesOut: (w) => `${w.self ? "You are" : `${w.name} is`} out.`,
  wins: (w) => (w.self ? "You win the match!" : `${w.name} wins the match.`),
  draw: "A draw: the last players went down together.",
  roundOver: (n) => `Round ${n} over`,
  byKnock: (w) => (w.self ? "you knocked" : `${w.name} knocked`),
  nextRound: "Enter: next round · Q: quit",
  nextRoundOut: "Enter: keep watching · S: skip to the end · Q: quit",
  roundIsOver: (input) => `The round is over ("${input}").`,
  matchOver: "Match over",
  stopped: "Match stopped.",
  smallWindow: (columns, rows) =>
    `This window is ${columns}x${rows}; the game needs 80x24: please make it larger, then press Enter (or Enter now to play anyway).`,
  confirmQuit: "Really quit the match? It is saved all the same. y: quit · n: play on",
  isYes: (answer) => ["y", "yes", "j", "ja"].includes(answer.trim().toLowerCase()),
  saved: "Match saved to",
  replayHint: "Analyse it:",
  saveFailed: (path, why) => `Could not save the match to ${path}: ${why}`,
  saveWhy: (code, message) =>
    ({
      ENOENT: "that folder does not exist.",
      ENOTDIR: "part of the path is not a folder.",
      EISDIR: "that is a folder, not a file.",
      EACCES: "no permission to write there.",
      EPERM: "no permission to write there.",
      EROFS: "the disk is read-only.",
      ENOSPC: "the disk is full.",
    })[code ?? ""] ?? `system error (${code ?? message}).`,
  noFolder: (path, folder) => `--save ${path}: there is no folder ${folder}`,
  help: [
    "Schwimmen (31): do not hold the weakest hand when the round ends.",
    "Your best suit counts: ace 11, face cards and ten 10, others their number.",
  ],
  helpMoves: [
    "1-3 picks your hand card, a-c the middle card: '2b' swaps card 2 for b.",
    "You may also type '2' first and then 'b'.",
    "A swaps all three cards, P passes.",
    "K knocks: then everyone else plays exactly once more.",
    "R asks for a new middle when that is allowed.",
  ],
  helpEnd: ["The last one left wins. Q stops the match (it is saved all the same)."],
  helpRules: (r) => [
    {
      allOthersLose: "Three of a kind count 30½. Three aces are Fire: 33, the round ends, all others lose.",
      endsRound: "Three of a kind count 30½. Three aces are Fire: 31, the round ends at once.",
      off: "Three of a kind count 30½, three aces are the best of them (no Fire at this table).",
    }[r.fire],
    {
      endsRound: "31 ends the round at once.",
      allOthersLose: "31 ends the round at once, and everyone without 31 loses a life.",
      noEnd: "31 ends nothing here: the round goes on until someone knocks.",
    }[r.thirtyOne],
    "",
    [
      r.losers === "lowest"
        ? "The lowest hand loses a life (●)"
        : "Every hand of 20 or less loses a life (●), and so does the lowest above 20",
      r.knockerPays === 2 ? "; a knocker who loses loses two." : ".",
      {
        everyone: " Without lives you swim; lose again and you are out.",
        firstOnly: " Only who reaches 0 in the first round anyone does may swim; later, 0 means out.",
        off: " Without lives you are out (nobody swims here).",
      }[r.swimming],
    ].join(""),
  ],
  helpHidden: [
    "Hidden deal: there is no middle. On your turn the packet (4, 5) joins your",
    "three cards (1-3); keep three of the five and pass two on, face down:",
    "'45' passes the packet on as it came, '14' keeps card 5 instead of 1.",
    "K knocks: you keep your three cards and the packet goes on unchanged;",
    "then everyone else plays exactly once more.",
  ],
  helpChoose: [
    "Dealer chooses: the dealer first sees only its first packet. 1 keeps it",
    "and the second goes face up to the middle; 2 takes the second, unseen",
    "packet and the first goes face up to the middle. Then play begins.",
  ],
  helpBack: "Enter: back to the table",
};

export const TEXTS: Record<Lang, Texts> = { de, en };

export const isLang = (value: string): value is Lang => value === "de" || value === "en";

/** German when the locale says so (LC_ALL wins over LANG, as the C library has it), English otherwise. */
export function langFromEnv(env: Readonly<Record<string, string | undefined>>): Lang {
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || "";
  return locale.toLowerCase().startsWith("de") ? "de" : "en";
}

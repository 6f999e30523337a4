// The German texts of the terminal game (the English ones are in text-en.ts, the shape in text.ts).
import type { Texts } from "./text.js";

export const de: Texts = {
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
    passOn: "zwei Karten weitergeben (z. B. 45)",
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
    hidden:
      "Verdeckt gibt es keine Mitte: tippe die Nummern von zwei deiner fünf Karten (1-5), die du weitergibst, " +
      "z. B. 45 (das Päckchen, wie es kam), oder K zum Klopfen.",
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
  swappedSame: (w, card) =>
    `${w.self ? "Du tauschst" : `${w.name} tauscht`} ${card} gegen die gleiche Karte aus der Mitte.`,
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
  goesUnder: (w) => (w.self ? "Du gehst unter und bist raus." : `${w.name} geht unter und ist raus.`),
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
    `Dieses Fenster ist ${columns}x${rows} groß, das Spiel braucht 80x24: bitte vergrößern (oder Enter: trotzdem so spielen).`,
  waitTurn: (input) => `Warte, bis du dran bist (»${input}«). Q beendet das Spiel.`,
  onlyWatching: (input) => `Du schaust nur noch zu (»${input}«). Q beendet das Spiel.`,
  typedEarly: (input) => `»${input}« kam, bevor du dran warst, und zählt nicht. Jetzt bist du dran.`,
  confirmQuit: "Spiel wirklich beenden? Es wird gespeichert. j: beenden · n: weiterspielen",
  isYes: (answer) => ["j", "ja", "y", "yes"].includes(answer.trim().toLowerCase()),
  saved: "Spiel gespeichert:",
  replayHint: "Auswerten:",
  saveFailed: (path, why) => `Konnte das Spiel nicht nach ${path} speichern: ${why}`,
  savedInstead: "Stattdessen gespeichert:",
  saveWhy: (code, message) =>
    ({
      ENOENT: "Diesen Ordner gibt es nicht.",
      ENOTDIR: "Ein Teil des Pfads ist kein Ordner.",
      EISDIR: "Das ist ein Ordner, keine Datei.",
      EEXIST: "Die Datei gibt es inzwischen schon (sie bleibt, wie sie ist).",
      EACCES: "Dort darf nicht geschrieben werden.",
      EPERM: "Dort darf nicht geschrieben werden.",
      EROFS: "Der Datenträger ist schreibgeschützt.",
      ENOSPC: "Auf dem Datenträger ist kein Platz mehr.",
    })[code ?? ""] ?? `Systemfehler (${code ?? message}).`,
  noFolder: (path, folder) => `--save ${path}: es gibt keinen Ordner ${folder}`,
  saveIsFolder: (path, example) =>
    `--save ${path}: das ist ein Ordner; bitte einen Dateinamen angeben, z. B. ${example}`,
  saveExists: (path) =>
    `--save ${path}: diese Datei gibt es schon; bitte einen anderen Namen wählen oder mit --force überschreiben`,
  saveNoPermission: (path, folder) => `--save ${path}: in den Ordner ${folder} darf nicht geschrieben werden`,
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

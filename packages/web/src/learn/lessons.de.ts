import type { LearnTexts } from "./texts.js";

export const learnDe: LearnTexts = {
  heading: "Trainer",
  lessonOf: "Lektion {n} von {of}: {title}",
  next: "Weiter",
  nextLesson: "Nächste Lektion",
  startMatch: "Erste Partie starten",
  wrong: "Das ist hier nicht der beste Zug.",
  tryAgain: "Versuch’s noch mal.",
  match: "Deine erste echte Partie gegen zwei Einsteiger. Wenn du nicht weiterweißt, hilft „Tipp“. Viel Glück!",
  lessons: [
    {
      title: "Was ein Blatt wert ist",
      steps: [
        {
          say: [
            "Gezählt wird immer nur eine Farbe: {ace} und {king} machen zusammen 21.",
            "Ein Ass zählt 11, jede Bildkarte 10, alle anderen Karten so viel, wie draufsteht.",
            "{give} hat eine andere Farbe und zählt deshalb nicht mit.",
            "Tipp auf {give} und dann in der Mitte auf {take} – das gibt 31.",
          ],
          wrong: {
            swap: "Damit kommst du nicht auf 31. Gib {give} ab und nimm {take}: drei Karten einer Farbe.",
            swapAll: "Dann wären {ace} und {king} weg. Tausch lieber nur eine Karte: {give} gegen {take}.",
            pass: "Schieben hilft hier nicht – {take} aus der Mitte macht dein Blatt zu 31.",
            knock: "Mit 21 zu klopfen ist zu früh, in der Mitte liegt etwas viel Besseres.",
          },
        },
      ],
      done: [
        "31! Damit ist die Runde sofort vorbei, und alle decken auf.",
        "Lena hatte drei Könige: Drei gleiche Karten zählen 30½.",
        "Tom hatte nur 9 Punkte, das schwächste Blatt – er verliert ein Leben.",
        "Mehr als 31 ist nur Feuer, also drei Asse: Dann verlieren alle anderen ein Leben.",
      ],
    },
    {
      title: "Eine Karte oder alle tauschen",
      steps: [
        {
          say: [
            "Deine drei Karten passen gar nicht zusammen: nur 9 Punkte.",
            "In der Mitte liegen drei Karten einer Farbe, zusammen 29.",
            "Nimm dir alle drei auf einmal: Drück auf „Alle tauschen“.",
          ],
          wrong: {
            swap: "Eine Karte allein bringt dir hier wenig. Die drei in der Mitte gehören zusammen – nimm alle.",
            pass: "Beim Schieben bleibst du bei 9 Punkten. Hol dir die ganze Mitte mit „Alle tauschen“.",
            knock: "Mit 9 Punkten klopfen? Da verlierst du fast sicher. Tausch lieber alle drei.",
          },
        },
        {
          say: [
            "Jetzt hast du 29. Lena hat gerade {take} in die Mitte gelegt.",
            "Die Karte passt zu deiner Farbe und zählt mehr als {give}.",
            "Tausch {give} gegen {take}: Das macht 31.",
          ],
          wrong: {
            swap: "Nicht ganz: Gib {give} ab, deine kleinste Karte, und nimm {take}.",
            swapAll: "Alles wieder hergeben? Deine neuen Karten sind doch gut. Tausch nur {give} gegen {take}.",
            pass: "Schieben ginge, aber mit {take} hast du sofort 31.",
            knock: "29 ist stark, aber mit {take} hast du sofort 31.",
          },
        },
      ],
      done: [
        "31! Mit einer Karte machst du dein Blatt besser, mit „Alle tauschen“ holst du dir ein ganz neues.",
        "Tom hatte am wenigsten und verliert ein Leben.",
      ],
    },
    {
      title: "Schieben und eine neue Mitte",
      steps: [
        {
          say: [
            "Du hast 21 in einer Farbe, aber in der Mitte liegt nichts, was dazu passt.",
            "Dann schiebst du: Deine Karten bleiben, wie sie sind, und der Nächste ist dran.",
            "Drück auf „Schieben“.",
          ],
          wrong: {
            swap: "Diese Karte hilft dir nicht, deine 21 werden dadurch nicht mehr. Schieb lieber.",
            swapAll: "Dann gibst du deine zwei guten Karten her. Schieb lieber.",
            knock: "Mit 21 ist Klopfen zu gewagt, da hat bald jemand mehr. Schieb lieber.",
          },
        },
        {
          say: [
            "Alle haben geschoben – deshalb kommen drei neue Karten in die Mitte, die alten sind aus dem Spiel.",
            "Jetzt passt etwas: Tausch {give} gegen {take}.",
          ],
          wrong: {
            swap: "Schau genau hin: {take} passt zu deinen zwei besten Karten. Gib dafür {give} ab.",
            swapAll: "Nicht alle – nur {take} passt zu deinem Blatt. Tausch {give} dagegen.",
            pass: "Jetzt nicht mehr schieben: {take} bringt dich auf 31.",
            knock: "Mit {take} kommst du auf 31 – das ist besser, als jetzt zu klopfen.",
          },
        },
      ],
      done: [
        "31! Merk dir: Wenn alle einmal geschoben haben, gibt’s eine frische Mitte.",
        "Lena hatte am wenigsten und verliert ein Leben.",
      ],
    },
    {
      title: "Wann du klopfst",
      steps: [
        {
          say: [
            "30 Punkte in einer Farbe – das schlägt man nur selten.",
            "Mit „Klopfen“ sagst du: Mir reicht mein Blatt.",
            "Danach ist jeder andere noch genau einmal dran, dann deckt ihr auf.",
            "Klopf jetzt, bevor die anderen aufholen.",
          ],
          wrong: {
            swap: "Damit wird dein Blatt nicht besser. Mit 30 klopfst du lieber.",
            swapAll: "Dein Blatt ist fast perfekt, das gibst du nicht her. Klopf!",
            pass: "Schieben geht, aber dann haben die anderen mehr Zeit zum Aufholen. Klopf lieber.",
          },
        },
      ],
      done: [
        "Lena hat noch getauscht, Tom hat geschoben – dann war Schluss.",
        "Tom hatte am wenigsten und verliert ein Leben.",
        "Klopf nur mit einem guten Blatt: Hast du am Ende am wenigsten, verlierst du selbst.",
      ],
    },
    {
      title: "Leben, Schwimmen und das Ende",
      steps: [
        {
          say: [
            "Jeder fängt mit drei Leben an, das sind die Münzen beim Namen.",
            "Ihr habt schon ein paar Runden hinter euch: Du hast noch ein Leben, Lena keins mehr.",
            "Wer kein Leben mehr hat, schwimmt (die Welle) – verliert er noch einmal, ist er raus.",
            "Wer als Letzter übrig bleibt, gewinnt die Partie.",
            "Mach’s jetzt klar: {give} gegen {take} gibt 31.",
          ],
          wrong: {
            swap: "Vorsicht, du hast nur noch ein Leben! Nimm {take} für {give} – das sind 31.",
            swapAll: "Dann wird dein Blatt schwächer. Tausch nur {give} gegen {take}.",
            pass: "Schieben ist hier zu vorsichtig: Mit {take} hast du sofort 31.",
            knock: "Klopfen mit 20 ist gewagt – verlierst du, musst du schwimmen. Nimm lieber {take}.",
          },
        },
      ],
      done: [
        "Lena hat verloren, während sie schwamm – sie ist raus.",
        "Nur du bist noch übrig: Du hast die Partie gewonnen!",
        "Jetzt bist du bereit für eine echte Partie gegen zwei Einsteiger.",
      ],
    },
  ],
};

import type { Card, GameEvent, Move } from "@schwimmen/rules";
import { cardLabel } from "../cards/names.js";
import { translator } from "../i18n/index.js";
import type { Faces, Lang } from "../settings.js";

export interface Speech {
  readonly lang: Lang;
  readonly faces: Faces;
  /** Seat names as shown (the viewer's own seat reads "you"). */
  readonly names: readonly string[];
}

const nameOf = (speech: Speech, seat: number): string => speech.names[seat] ?? `#${seat + 1}`;

/** The seat with the best hand of a finished round: who made 31 or Feuer. */
function bestSeat(values: readonly (number | null)[]): number {
  let best = -1;
  let seat = 0;
  values.forEach((value, index) => {
    if (value !== null && value > best) {
      best = value;
      seat = index;
    }
  });
  return seat;
}

/** One public event in words, or null for events that say nothing new to a listener. */
export function describeEvent(event: GameEvent, speech: Speech): string | null {
  const tr = translator(speech.lang);
  const card = (c: Card) => cardLabel(c, speech.lang, speech.faces);
  switch (event.type) {
    case "roundStarted":
      return tr("saidRound", { n: event.round + 1, name: nameOf(speech, event.dealer) });
    case "chose":
      return tr("saidChose", { name: nameOf(speech, event.seat) });
    case "swapped":
      return tr("saidSwap", { name: nameOf(speech, event.seat), give: card(event.give), take: card(event.take) });
    case "swappedAll":
      return tr("saidSwapAll", { name: nameOf(speech, event.seat) });
    case "passed":
      return tr("saidPass", { name: nameOf(speech, event.seat) });
    case "knocked":
      return tr("saidKnock", { name: nameOf(speech, event.seat) });
    case "middleRenewed":
      return tr("saidRenewed");
    case "roundEnded":
      if (event.reason === "thirtyOne")
        return tr("saidThirtyOne", { name: nameOf(speech, bestSeat(event.result.values)) });
      if (event.reason === "fire") return tr("saidFire", { name: nameOf(speech, bestSeat(event.result.values)) });
      return tr("roundOverSaid", { n: event.round + 1 });
    case "livesLost":
      return tr("saidLost", {
        name: nameOf(speech, event.seat),
        n: event.count === 1 ? tr("life") : tr("lives", { n: event.count }),
      });
    case "swimming":
      return tr("saidSwimming", { name: nameOf(speech, event.seat) });
    case "out":
      return tr("saidOut", { name: nameOf(speech, event.seat) });
    case "matchEnded":
      return event.draw ? tr("draw") : tr("winner", { name: nameOf(speech, event.winner ?? 0) });
  }
}

/** A loud event that gets a banner on the table: a knock, 31 or Feuer. */
export function bannerOf(event: GameEvent, speech: Speech): string | null {
  const tr = translator(speech.lang);
  if (event.type === "knocked") return tr("saidKnock", { name: nameOf(speech, event.seat) });
  if (event.type === "roundEnded" && (event.reason === "thirtyOne" || event.reason === "fire"))
    return describeEvent(event, speech);
  return null;
}

/** A move in words, for the hint line. */
export function describeMove(move: Move, speech: Speech): string {
  const tr = translator(speech.lang);
  switch (move.type) {
    case "swap":
      return tr("moveSwap", {
        give: cardLabel(move.give, speech.lang, speech.faces),
        take: cardLabel(move.take, speech.lang, speech.faces),
      });
    case "swapAll":
      return tr("moveSwapAll");
    case "pass":
      return tr("movePass");
    case "knock":
      return tr("moveKnock");
    case "redeal":
      return tr("moveRedeal");
    case "choose":
      return tr(move.packet === "first" ? "moveChooseFirst" : "moveChooseSecond");
  }
}

import type { Card, GameEvent, Move } from "@schwimmen/rules";
import { cardLabel } from "../cards/names.js";
import type { LoggedEvent } from "../game/model.js";
import { type TextKey, translator } from "../i18n/index.js";
import type { Faces, Lang } from "../settings.js";

export interface Speech {
  readonly lang: Lang;
  readonly faces: Faces;
  /** Seat names as shown. */
  readonly names: readonly string[];
  /** The viewer's own seat: its moves are told in the second person ("Du klopfst!"). */
  readonly me?: number | null;
}

const nameOf = (speech: Speech, seat: number): string => speech.names[seat] ?? `#${seat + 1}`;

/** Texts told of a seat, each with its second-person form for the viewer's own seat. */
const SELF = {
  saidRound: "selfRound",
  saidChose: "selfChose",
  saidSwap: "selfSwap",
  saidSwapAll: "selfSwapAll",
  saidPass: "selfPass",
  saidPassOn: "selfPassOn",
  saidKnock: "selfKnock",
  saidThirtyOne: "selfThirtyOne",
  saidFire: "selfFire",
  saidLost: "selfLost",
  saidSwimming: "selfSwimming",
  saidOut: "selfOut",
  winner: "selfWinner",
} as const satisfies Partial<Record<TextKey, TextKey>>;

/** What `seat` did, in words: "Lena klopft!" for another seat, "Du klopfst!" for the viewer's own. */
function told(
  speech: Speech,
  key: keyof typeof SELF,
  seat: number,
  fields: Readonly<Record<string, string | number>> = {},
): string {
  const tr = translator(speech.lang);
  return tr(seat === speech.me ? SELF[key] : key, { ...fields, name: nameOf(speech, seat) });
}

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

/** Moves a person makes; the computer may make them for someone who is away (`byComputer`). */
const MOVES: ReadonlySet<GameEvent["type"]> = new Set([
  "chose",
  "swapped",
  "swappedAll",
  "passed",
  "passedOn",
  "knocked",
]);

/**
 * One public event in words, or null for events that say nothing new to a listener. A move the computer made for a
 * person says so first ("Der Computer spielt für dich: Du klopfst!"), so that nobody takes it for their own.
 */
export function describeEvent(event: GameEvent, speech: Speech, byComputer = false): string | null {
  const said = eventWords(event, speech);
  if (said === null || !byComputer || !MOVES.has(event.type) || !("seat" in event)) return said;
  const tr = translator(speech.lang);
  return event.seat === speech.me
    ? tr("computerForYou", { said })
    : tr("computerFor", { name: nameOf(speech, event.seat), said });
}

function eventWords(event: GameEvent, speech: Speech): string | null {
  const tr = translator(speech.lang);
  const card = (c: Card) => cardLabel(c, speech.lang, speech.faces);
  switch (event.type) {
    case "roundStarted":
      return told(speech, "saidRound", event.dealer, { n: event.round + 1 });
    case "chose":
      return told(speech, "saidChose", event.seat);
    case "swapped":
      return told(speech, "saidSwap", event.seat, { give: card(event.give), take: card(event.take) });
    case "swappedAll":
      return told(speech, "saidSwapAll", event.seat);
    case "passed":
      return told(speech, "saidPass", event.seat);
    case "passedOn":
      return told(speech, "saidPassOn", event.seat);
    case "knocked":
      return told(speech, "saidKnock", event.seat);
    case "middleRenewed":
      return tr("saidRenewed");
    case "roundEnded":
      if (event.reason === "thirtyOne") return told(speech, "saidThirtyOne", bestSeat(event.result.values));
      if (event.reason === "fire") return told(speech, "saidFire", bestSeat(event.result.values));
      return tr("roundOverSaid", { n: event.round + 1 });
    case "livesLost":
      return told(speech, "saidLost", event.seat, {
        n: event.count === 1 ? tr("life") : tr("lives", { n: event.count }),
      });
    case "swimming":
      return told(speech, "saidSwimming", event.seat);
    case "out":
      return told(speech, "saidOut", event.seat);
    case "matchEnded":
      return event.draw ? tr("draw") : told(speech, "winner", event.winner ?? 0);
  }
}

/**
 * The newest event worth telling, in words (the table's status line). A knock in a hidden deal hands the packet on
 * as well: the knock is the news then, not the packet.
 */
export function latestWords(log: readonly LoggedEvent[], speech: Speech): string | null {
  for (let i = log.length - 1; i >= 0; i--) {
    const { event, byComputer } = log[i]!;
    if (event.type === "passedOn" && log[i - 1]?.event.type === "knocked") continue;
    const text = describeEvent(event, speech, byComputer);
    if (text !== null) return text;
  }
  return null;
}

/** A loud event that gets a banner on the table: a knock, 31 or Feuer. */
export function bannerOf(event: GameEvent, speech: Speech, byComputer = false): string | null {
  if (event.type === "knocked") return describeEvent(event, speech, byComputer);
  if (event.type === "roundEnded" && (event.reason === "thirtyOne" || event.reason === "fire"))
    return describeEvent(event, speech);
  return null;
}

/** Events after a loud one that make its banner old news: a new deal, or the end of the match. */
const CLOSES_BANNER: ReadonlySet<GameEvent["type"]> = new Set(["roundStarted", "matchEnded"]);
/** A banner is only for what just happened: not for an event this many entries back (e.g. after a reload). */
const BANNER_REACH = 6;

/**
 * The banner the table should show now: the newest loud event of the round on the table, or null once a new round
 * has been dealt after it. A banner thus always belongs to the state it describes and never outlives its round.
 */
export function currentBanner(log: readonly LoggedEvent[], speech: Speech): { id: number; text: string } | null {
  const last = log[log.length - 1];
  for (let i = log.length - 1; i >= 0; i--) {
    const entry = log[i]!;
    if (CLOSES_BANNER.has(entry.event.type)) return null;
    const text = bannerOf(entry.event, speech, entry.byComputer);
    if (text !== null) return last!.id - entry.id > BANNER_REACH ? null : { id: entry.id, text };
  }
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
    case "passOn":
      return tr("movePassOn", {
        a: cardLabel(move.give[0]!, speech.lang, speech.faces),
        b: cardLabel(move.give[1]!, speech.lang, speech.faces),
      });
    case "choose":
      return tr(move.packet === "first" ? "moveChooseFirst" : "moveChooseSecond");
  }
}

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
    if (AFTERMATH.has(event.type)) {
      let from = i;
      while (from > 0 && AFTERMATH.has(log[from - 1]!.event.type)) from--;
      return aftermathWords(
        log.slice(from, i + 1).map((entry) => entry.event),
        speech,
      );
    }
    const text = describeEvent(event, speech, byComputer);
    if (text !== null) return text;
  }
  return null;
}

/** The news of a round's end, told together: each seat that lost lives, swims or is out is named. */
const AFTERMATH: ReadonlySet<GameEvent["type"]> = new Set(["livesLost", "swimming", "out"]);
const MANY = { saidLost: "saidLostMany", saidSwimming: "saidSwimmingMany", saidOut: "saidOutMany" } as const;

/**
 * A round's end in words, each piece of news once: "Ben und Mia verlieren je 1 Leben. Mia schwimmt!" The viewer's
 * own news comes in the second person, before the others' ("Du verlierst 1 Leben. Ben verliert 1 Leben.").
 */
function aftermathWords(events: readonly GameEvent[], speech: Speech): string {
  const tr = translator(speech.lang);
  const groups = new Map<string, { key: keyof typeof MANY; n: string; seats: number[] }>();
  const add = (id: string, key: keyof typeof MANY, n: string, seat: number) => {
    const group = groups.get(id) ?? { key, n, seats: [] };
    group.seats.push(seat);
    groups.set(id, group);
  };
  const order = { livesLost: 0, swimming: 1, out: 2 } as Partial<Record<GameEvent["type"], number>>;
  const sorted = [...events].sort((a, b) => (order[a.type] ?? 0) - (order[b.type] ?? 0));
  for (const event of sorted) {
    if (event.type === "livesLost") {
      const n = event.count === 1 ? tr("life") : tr("lives", { n: event.count });
      add(`lost ${event.count}`, "saidLost", n, event.seat);
    } else if (event.type === "swimming") add("swimming", "saidSwimming", "", event.seat);
    else if (event.type === "out") add("out", "saidOut", "", event.seat);
  }
  const list = new Intl.ListFormat(speech.lang, { type: "conjunction" });
  const parts: string[] = [];
  for (const { key, n, seats } of groups.values()) {
    if (speech.me !== undefined && speech.me !== null && seats.includes(speech.me))
      parts.push(told(speech, key, speech.me, { n }));
    const others = seats.filter((seat) => seat !== speech.me);
    if (others.length === 1) parts.push(told(speech, key, others[0]!, { n }));
    else if (others.length > 1)
      parts.push(tr(MANY[key], { names: list.format(others.map((s) => nameOf(speech, s))), n }));
  }
  return parts.join(" ");
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

/** The stock's size in words, for screen readers: "1 Karte im Stapel", "17 Karten im Stapel". */
export const stockWords = (n: number, lang: Lang): string =>
  translator(lang)(n === 1 ? "stockCountOne" : "stockCount", { n });

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

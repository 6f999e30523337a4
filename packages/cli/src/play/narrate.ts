import { type Card, type GameEvent, type RoundResult, type Rules, isFire } from "@schwimmen/rules";
import { cardFace } from "./style.js";
import type { Lang, Texts, Who } from "./text.js";

/** One line of the table's log; the tone picks its colour (announcements stand out, losses are marked). */
export interface LogEntry {
  readonly text: string;
  readonly tone: "plain" | "round" | "announce" | "loss" | "end";
}

export interface Narrator {
  readonly texts: Texts;
  readonly lang: Lang;
  readonly rules: Rules;
  readonly names: readonly string[];
  /** The person's seat: addressed as "du"/"you". */
  readonly self: number;
  /** The seats dealt into the round (not out): a knock names the one other seat when only one is left. */
  readonly seatsIn?: readonly number[];
  /** The seats that were swimming before these events: a loss sinks them, they had no life left to lose. */
  readonly swimming?: readonly number[];
}

export const whoOf = (n: Narrator, seat: number): Who => ({
  name: seat === n.self ? (n.lang === "de" ? "du" : "you") : (n.names[seat] ?? `#${seat}`),
  self: seat === n.self,
});

/** Seats whose hand ended the round at once: the 31 or the Feuer. */
export function roundEnders(result: RoundResult, rules: Rules): number[] {
  const seats: number[] = [];
  result.hands.forEach((hand, seat) => {
    if (hand === null) return;
    if (result.endReason === "fire" ? isFire(hand, rules) : result.values[seat] === 31) seats.push(seat);
  });
  return seats;
}

/**
 * The log lines for a batch of events, in order. Events are public, so every line is too; `given`: the two cards
 * the person itself just passed on (a hidden deal), which only its own log names.
 */
export function narrate(n: Narrator, events: readonly GameEvent[], given?: readonly Card[]): LogEntry[] {
  const t = n.texts;
  const who = (seat: number) => whoOf(n, seat);
  const out: LogEntry[] = [];
  const say = (text: string, tone: LogEntry["tone"] = "plain") => out.push({ text, tone });
  events.forEach((e, i) => {
    switch (e.type) {
      case "roundStarted":
        say(t.roundStarts(e.round + 1, who(e.dealer)), "round");
        break;
      case "chose":
        say(t.chose(who(e.seat), e.packet === "first"));
        break;
      case "swapped":
        // With two decks a card may be swapped for its copy: said so, not as "takes 7♠ and lays 7♠ down".
        if (e.give === e.take) say(t.swappedSame(who(e.seat), cardFace(e.give, n.lang)));
        else say(t.swapped(who(e.seat), cardFace(e.give, n.lang), cardFace(e.take, n.lang)));
        break;
      case "swappedAll":
        say(t.swappedAll(who(e.seat)));
        break;
      case "passed":
        say(t.passed(who(e.seat)));
        break;
      case "passedOn": {
        // Public: who handed the packet on, never which cards. After a knock it goes on unchanged: the knock says it.
        const before = events[i - 1];
        const [a, b] = e.seat === n.self && given ? given : [];
        if (a !== undefined && b !== undefined) say(t.passedOnCards(cardFace(a, n.lang), cardFace(b, n.lang)));
        else if (before?.type !== "knocked" || before.seat !== e.seat) say(t.passedOn(who(e.seat)));
        break;
      }
      case "knocked":
        say(t.knock(who(e.seat), (n.seatsIn ?? []).filter((s) => s !== e.seat).map(who)), "announce");
        break;
      case "middleRenewed":
        say(e.reason === "allPassed" ? t.allPassed : t.redealt(who(e.seat)));
        break;
      case "roundEnded":
        if (e.reason === "thirtyOne" || e.reason === "fire") {
          const announce = e.reason === "fire" ? t.fire : t.thirtyOne;
          for (const seat of roundEnders(e.result, n.rules)) say(announce(who(seat)), "announce");
        } else if (e.reason === "stockEmpty") say(t.stockEmpty);
        break;
      case "livesLost":
        // A swimmer has no life to lose: the line that it goes under says it all.
        if (!(n.swimming ?? []).includes(e.seat)) say(t.livesLost(who(e.seat), e.count, e.lives), "loss");
        break;
      case "swimming":
        say(t.swims(who(e.seat)), "loss");
        break;
      case "out":
        say(((n.swimming ?? []).includes(e.seat) ? t.goesUnder : t.goesOut)(who(e.seat)), "loss");
        break;
      case "matchEnded":
        say(e.winner === null ? t.draw : t.wins(who(e.winner)), "end");
        break;
    }
  });
  return out.map((entry) => ({ ...entry, text: capitalise(entry.text) }));
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

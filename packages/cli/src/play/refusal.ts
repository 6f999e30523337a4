/**
 * Why a move the person typed is not allowed now. The engine decides (applyAction's error code); its messages are
 * English and for programs, so the reason is worded here from the code, the move and the rules.
 */
import { type Action, type MatchState, type RedealBlock, applyAction, redealBlock } from "@schwimmen/rules";
import type { Lang, Texts, Who } from "./text.js";

interface Words {
  readonly knockFirstLap: string;
  readonly knockedAlready: (who: Who) => string;
  readonly noPass: string;
  readonly noSwapAll: string;
  readonly noRedeal: (why: RedealBlock) => string;
}

const WORDS: Record<Lang, Words> = {
  de: {
    knockFirstLap: "Klopfen geht erst, wenn jeder einmal am Zug war.",
    knockedAlready: (w) => `${w.self ? "Du hast" : `${w.name} hat`} schon geklopft; pro Runde klopft nur einer.`,
    noPass: "Schieben ist nach diesen Regeln nicht erlaubt: tausche oder klopfe.",
    noSwapAll: "Alle drei Karten tauschen ist nach diesen Regeln nicht erlaubt.",
    noRedeal: (why) =>
      ({
        stock: "Für eine neue Mitte sind nicht mehr genug Karten im Stapel.",
        once: "Eine neue Mitte gibt es nur einmal pro Zug.",
        passed: "Eine neue Mitte gibt es nur, wenn gerade alle geschoben haben.",
        low: "Eine neue Mitte gibt es nur, wenn die Mitte 7, 8 und 9 ist.",
        either: "Eine neue Mitte gibt es nur, wenn gerade alle geschoben haben oder die Mitte 7, 8 und 9 ist.",
        never: "Eine neue Mitte kann man nach diesen Regeln nicht verlangen.",
      })[why],
  },
  en: {
    knockFirstLap: "Nobody may knock before everyone has had a turn.",
    knockedAlready: (w) => `${w.self ? "You have" : `${w.name} has`} already knocked; only one knock a round.`,
    noPass: "These rules do not allow passing: swap or knock.",
    noSwapAll: "These rules do not allow swapping all three cards.",
    noRedeal: (why) =>
      ({
        stock: "The stock has too few cards left for a new middle.",
        once: "Only one new middle a turn.",
        passed: "A new middle may only be asked for right after everyone has passed.",
        low: "A new middle may only be asked for when the middle is 7, 8 and 9.",
        either: "A new middle may only be asked for right after everyone passed, or when the middle is 7, 8 and 9.",
        never: "These rules do not let you ask for a new middle.",
      })[why],
  },
};

/** The hint for a move of the person's that the engine refuses; the plain "not allowed" when it has no reason. */
export function refusalHint(
  state: MatchState,
  action: Action,
  lang: Lang,
  t: Texts,
  who: (seat: number) => Who,
): string {
  const tried = applyAction(state, action);
  if (tried.ok || tried.error.code !== "ACTION_NOT_ALLOWED") return t.hints.notAllowed;
  const { rules, round } = state;
  const r = WORDS[lang];
  if (rules.deal === "hidden" && action.type !== "knock" && action.type !== "passOn") return t.hints.hidden;
  switch (action.type) {
    case "knock":
      return round !== null && round.knocker !== null ? r.knockedAlready(who(round.knocker)) : r.knockFirstLap;
    case "pass":
      return r.noPass;
    case "swapAll":
      return r.noSwapAll;
    case "redeal":
      return r.noRedeal((round !== null && redealBlock(rules, round)) || "never");
    default:
      return t.hints.notAllowed;
  }
}

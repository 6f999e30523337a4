import type { Card, Move, PlayoutTurn, TableView } from "@schwimmen/rules";
import type { Bot } from "./bot.js";
import { bestKeep, bestSwap, endsRoundAtOnce, loopCap, valueOf } from "./hand.js";
import { explainAction } from "./explain.js";
import { has, toLegal } from "./moves.js";

/**
 * What a turn policy needs to know: the actor's hand and the open cards, and which kinds of action are legal.
 * It is a play-out turn without the seat and the knocker, so one policy serves real turns and play-outs.
 */
export type Situation = Omit<PlayoutTurn, "seat" | "knocker">;

export const situationOfView = (view: TableView): Situation => ({
  rules: view.rules,
  hand: view.hand ?? [],
  middle: view.middle ?? [],
  canKnock: has(view, "knock"),
  canPass: has(view, "pass"),
  canRedeal: has(view, "redeal"),
  turns: view.turns,
  seatsInRound: view.seatsInRound,
  packet: view.packet,
});

/** Keeps the first packet when it is worth at least this much (an average hand of three is worth about 19). */
export const KEEP_FIRST_PACKET = 21;

/**
 * The baseline policy: knock at `knockAt` or more (unless a swap makes 31), else the best strictly improving swap,
 * else pass; when passing is forbidden, the least bad swap. A new middle is asked for when the open cards offer nothing.
 */
export function greedyMove(s: Situation, knockAt = 27): Move {
  if (s.packet) return hiddenGreedyMove(s, s.packet, knockAt);
  const current = valueOf(s.hand, s.rules);
  const best = bestSwap(s.hand, s.middle, s.rules);
  const improves = best.move !== null && best.value > current;
  if (s.canRedeal && !improves) return { type: "redeal" };
  if (best.move && improves && endsRoundAtOnce(best.value, s.rules)) return best.move;
  if (s.canKnock && (current >= knockAt || s.turns >= loopCap(s.seatsInRound))) return { type: "knock" };
  if (best.move && improves) return best.move;
  if (s.canPass) return { type: "pass" };
  if (best.move) return best.move;
  return { type: "knock" };
}

/**
 * The same policy in a hidden deal: keep the best three of the five cards (passing on the pair that feeds the next
 * seat least), unless the hand held is worth `knockAt` and keeping better cards would not end the round at once.
 */
export function hiddenGreedyMove(s: Situation, packet: readonly Card[], knockAt = 27): Move {
  const best = bestKeep(s.hand, packet, s.rules);
  const current = valueOf(s.hand, s.rules);
  if (best.value > current && endsRoundAtOnce(best.value, s.rules)) return { type: "passOn", give: best.give };
  if (s.canKnock && (current >= knockAt || s.turns >= loopCap(s.seatsInRound))) return { type: "knock" };
  return { type: "passOn", give: best.give };
}

export function greedyBot(knockAt = 27): Bot {
  return {
    name: "greedy",
    decide(view) {
      if (view.phase === "choosing") {
        const keep = valueOf(view.hand ?? [], view.rules) >= KEEP_FIRST_PACKET;
        return toLegal(view, { type: "choose", packet: keep ? "first" : "second" });
      }
      return toLegal(view, greedyMove(situationOfView(view), knockAt));
    },
    explain: explainAction,
  };
}

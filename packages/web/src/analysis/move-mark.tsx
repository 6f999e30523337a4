import type { MoveJudgement } from "../game/model.js";
import { type Speech, describeMove } from "../table/announce.js";
import type { Ui } from "../ui.js";
import { LABEL_MARK, points } from "./words.js";

/** True for the labels that earn a mark after a move (not for best or good moves). */
export const isSlip = (judgement: MoveJudgement): boolean =>
  judgement.label === "inaccuracy" || judgement.label === "mistake" || judgement.label === "blunder";

/** The small mark after a move of yours that the coach judged a slip: its label and the better move. */
export function MoveMark({ judgement, speech, ui }: { judgement: MoveJudgement; speech: Speech; ui: Ui }) {
  return (
    <p class={`move-mark label--${judgement.label}`} data-move-mark={judgement.label}>
      <span class="label-mark">{LABEL_MARK[judgement.label]}</span> {ui.tr(`label_${judgement.label}`)} ·{" "}
      {ui.tr("analysisBetter", {
        move: describeMove(judgement.best, speech),
        loss: points(judgement.loss, speech.lang),
      })}
    </p>
  );
}

import "../styles/analysis.css";
import { accuracyOf, worstDecisions } from "@schwimmen/bots";
import { useEffect, useMemo, useState } from "preact/hooks";
import { createStore, useStore } from "../store.js";
import { describeMove } from "../table/announce.js";
import type { Ui } from "../ui.js";
import { WinChart } from "./chart.js";
import { type AnalysisRun, createAnalysisRun, idleAnalysis, spawnAnalysisWorker } from "./client.js";
import type { JudgedDecision } from "./protocol.js";
import { LABEL_MARK, moveOf, percent, points, stepOfMove } from "./words.js";

/** What the panel watches before there is a run (no record or no seat yet). */
export const IDLE = createStore(idleAnalysis(0));

/** One seat's analysis of a record, made anew when the record or the seat changes and ended when left. */
export function useAnalysis(record: unknown, seat: number | null): AnalysisRun | null {
  const run = useMemo(
    () => (record === null || seat === null ? null : createAnalysisRun(record, seat, spawnAnalysisWorker)),
    [record, seat],
  );
  useEffect(() => () => run?.dispose(), [run]);
  return run;
}

interface PanelProps {
  readonly run: AnalysisRun | null;
  readonly players: readonly string[];
  readonly seat: number | null;
  readonly setSeat: (seat: number) => void;
  /** The replay step where each round starts (its deal), by round. */
  readonly roundFirsts: readonly (number | undefined)[];
  readonly step: number;
  readonly setStep: (step: number) => void;
  readonly ui: Ui;
}

/** The analysis above the replay: the seat, start and stop with progress, the win-chance chart and the summary. */
export function AnalysisPanel({ run, players, seat, setSeat, roundFirsts, step, setStep, ui }: PanelProps) {
  const state = useStore(run?.store ?? IDLE);
  const [open, setOpen] = useState(false);
  const { decisions, total, status } = state;
  const speech = { lang: ui.lang, faces: ui.faces, names: players, me: null };
  const stepOf = (d: JudgedDecision) => stepOfMove(d, roundFirsts);
  const current = decisions.findIndex((d) => stepOf(d) === step);
  const jump = (index: number) => {
    const decision = decisions[index];
    if (decision) setStep(stepOf(decision));
  };
  // From a list below the board (a phone shows it far down): the board with its note comes into sight.
  const show = (index: number) => {
    jump(index);
    requestAnimationFrame(() => document.querySelector(".replay-stage")?.scrollIntoView({ block: "start" }));
  };
  const name = (d: JudgedDecision) =>
    `${ui.tr("replayRound", { n: d.round + 1 })}: ${describeMove(moveOf(d.played), speech)}`;
  const share = accuracyOf(decisions);
  // The worst of the moves marked as errors: a move judged good (a small loss) is no mistake to look at.
  const bad = worstDecisions(decisions.filter((d) => d.label !== "best" && d.label !== "good"));

  return (
    <section class="panel analysis" aria-labelledby="analysis-title" data-analysis={status}>
      <h2 id="analysis-title">{ui.tr("analysis")}</h2>
      <div class="analysis__bar">
        <label class="field field--small">
          <span>{ui.tr("analysisSeat")}</span>
          <select
            name="analysis-seat"
            value={seat ?? ""}
            disabled={status === "running"}
            onChange={(e) => setSeat(Number(e.currentTarget.value))}
          >
            {seat === null ? <option value="">{ui.tr("analysisChoose")}</option> : null}
            {players.map((player, i) => (
              <option value={i}>{player}</option>
            ))}
          </select>
        </label>
        {status === "running" ? (
          <button type="button" class="btn" data-action="analysis-stop" onClick={() => run?.stop()}>
            {ui.tr("analysisStop")}
          </button>
        ) : status !== "done" ? (
          <button
            type="button"
            class="btn btn--primary"
            data-action="analysis-start"
            disabled={run === null}
            onClick={() => run?.start()}
          >
            {ui.tr(status === "stopped" ? "analysisGoOn" : "analysisStart")}
          </button>
        ) : null}
        <span class="analysis__progress" role="status" data-progress={`${decisions.length}/${total ?? ""}`}>
          {status === "running"
            ? total === null
              ? ui.tr("analysisPreparing")
              : ui.tr("analysisProgress", { i: Math.min(decisions.length + 1, total), n: total })
            : status === "stopped"
              ? ui.tr("analysisStopped", { i: decisions.length, n: total ?? "?" })
              : status === "done"
                ? ui.tr(total === 0 ? "analysisNothing" : "analysisDone")
                : status === "error"
                  ? ui.tr("analysisError", { message: state.error ?? "" })
                  : ""}
        </span>
      </div>
      {total !== null && total > 0 && decisions.length > 0 ? (
        <>
          <WinChart decisions={decisions} total={total} current={current < 0 ? null : current} onPick={jump} ui={ui} />
          <p class="analysis__summary" data-accuracy={share ?? ""}>
            {ui.tr("analysisAccuracy", { p: percent(share ?? 0, ui.lang), n: decisions.length })}
          </p>
          {bad.length > 0 ? (
            <ol class="analysis__worst" aria-label={ui.tr("analysisWorst")}>
              {bad.map((d) => (
                <li>
                  <button type="button" class="btn btn--ghost" onClick={() => show(decisions.indexOf(d))}>
                    <span class={`label-mark label--${d.label}`}>{LABEL_MARK[d.label]}</span> {name(d)} (
                    {ui.tr("analysisLoss", { loss: points(d.loss, ui.lang) })})
                  </button>
                </li>
              ))}
            </ol>
          ) : null}
          <details class="analysis__moves" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
            <summary>{ui.tr("analysisMoves")}</summary>
            <ol>
              {decisions.map((d, index) => (
                <li data-label={d.label}>
                  <button
                    type="button"
                    class="btn btn--ghost"
                    aria-current={index === current ? "step" : undefined}
                    onClick={() => show(index)}
                  >
                    <span class={`label-mark label--${d.label}`}>{LABEL_MARK[d.label]}</span> {name(d)} ·{" "}
                    {ui.tr(`label_${d.label}`)}
                  </button>
                </li>
              ))}
            </ol>
          </details>
        </>
      ) : null}
    </section>
  );
}

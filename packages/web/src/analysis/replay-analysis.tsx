import type { Card } from "@schwimmen/rules";
import { useMemo, useState } from "preact/hooks";
import type { Frame } from "../game/replay-frames.js";
import { roundsOf } from "../game/replay-frames.js";
import { settings } from "../settings.js";
import { useStore } from "../store.js";
import type { Ui } from "../ui.js";
import { AnalysisPanel, IDLE, useAnalysis } from "./panel.js";
import { LABEL_MARK, betterWords, cardsOf, stepOfMove } from "./words.js";

/** The seat to analyse first: the one with the player's own name, when exactly one has it. */
export function ownSeat(players: readonly string[], name: string): number | null {
  const seats = players.flatMap((player, seat) => (player === name ? [seat] : []));
  return seats.length === 1 ? seats[0]! : null;
}

interface ReplayAnalysisProps {
  readonly record: unknown;
  readonly frames: readonly Frame[];
  readonly players: readonly string[];
  readonly step: number;
  readonly setStep: (step: number) => void;
  readonly ui: Ui;
}

/**
 * The analysis of a replay: its panel, and at a judged decision the cards of the better move and a sentence about
 * it, for the table of the replay.
 */
export function useReplayAnalysis({ record, frames, players, step, setStep, ui }: ReplayAnalysisProps) {
  const [chosen, setSeat] = useState<{ record: unknown; seat: number } | null>(null);
  const seat = chosen && chosen.record === record ? chosen.seat : ownSeat(players, settings.get().name);
  const run = useAnalysis(record, seat);
  const roundFirsts = useMemo(() => roundsOf(frames).map((r) => r?.first), [frames]);
  const state = useStore(run?.store ?? IDLE);
  // A judgement shows at the step of its move (the caption names it); the better move is read from the step before.
  const decision = state.decisions.find((d) => stepOfMove(d, roundFirsts) === step) ?? null;
  const before = frames[step - 1]?.state.round ?? null;
  const hand = seat === null ? [] : (before?.hands[seat] ?? []);
  const marked: Card[] =
    decision && decision.label !== "best" ? cardsOf(decision.best, hand, before?.middle ?? []) : [];
  const speech = { lang: ui.lang, faces: ui.faces, names: players, me: null };
  const better = decision ? betterWords(decision, speech) : null;
  const note = decision ? (
    <p class={`analysis-note label--${decision.label}`} data-analysis-note={decision.label}>
      <span class="analysis-note__who">{ui.tr("analysisNoteWho", { name: players[decision.played.seat] ?? "" })}</span>{" "}
      <span class="label-mark">{LABEL_MARK[decision.label]}</span> <strong>{ui.tr(`label_${decision.label}`)}</strong>
      {better ? ` · ${better}` : ` · ${ui.tr("analysisWasBest")}`}
    </p>
  ) : null;
  const panel = (
    <AnalysisPanel
      run={run}
      players={players}
      seat={seat}
      setSeat={(s) => setSeat({ record, seat: s })}
      roundFirsts={roundFirsts}
      step={step}
      setStep={setStep}
      ui={ui}
    />
  );
  return { panel, marked, note };
}

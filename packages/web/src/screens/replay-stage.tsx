import { type Card, handValue } from "@schwimmen/rules";
import { useEffect, useMemo } from "preact/hooks";
import { type Frame, resultAt, roundsOf } from "../game/replay-frames.js";
import { describeEvent } from "../table/announce.js";
import { CardShown } from "../table/card-button.js";
import { RoundTable, endingOf, reasonOf } from "../table/result.js";
import { Lives } from "../table/seats.js";
import type { Ui } from "../ui.js";

interface StageProps {
  readonly frames: readonly Frame[];
  readonly players: readonly string[];
  readonly step: number;
  readonly setStep: (step: number | ((s: number) => number)) => void;
  readonly ui: Ui;
  /** Cards to point out (the analysis's better move), and a line about the step (its judgement). */
  readonly marked?: readonly Card[];
  readonly note?: preact.ComponentChildren;
}

/** A shown card, ringed when the analysis points to it. */
const Shown = ({ card, ui, small, marked }: { card: Card; ui: Ui; small?: boolean; marked: boolean }) =>
  marked ? (
    <span class="card-mark" data-marked={card}>
      <CardShown card={card} faces={ui.faces} lang={ui.lang} small={small} />
    </span>
  ) : (
    <CardShown card={card} faces={ui.faces} lang={ui.lang} small={small} />
  );

/** The step controls: first, back, where we are, forward, last, and a slider. Arrow keys, Home and End too. */
function Controls({ step, last, setStep, ui }: { step: number; last: number; setStep: StageProps["setStep"]; ui: Ui }) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target;
      if (target instanceof HTMLElement && ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)) return;
      if (event.key === "ArrowRight") setStep((s) => Math.min(last, s + 1));
      else if (event.key === "ArrowLeft") setStep((s) => Math.max(0, s - 1));
      else if (event.key === "Home") setStep(0);
      else if (event.key === "End") setStep(last);
      else return;
      event.preventDefault();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [last]);
  const where = ui.tr("replayStep", { i: step + 1, n: last + 1 });
  return (
    <>
      <div class="replay-controls">
        <button type="button" class="btn" onClick={() => setStep(0)} aria-label={ui.tr("replayFirst")}>
          «
        </button>
        <button
          type="button"
          class="btn"
          data-action="replay-prev"
          onClick={() => setStep(Math.max(0, step - 1))}
          aria-label={ui.tr("replayPrev")}
        >
          ◀
        </button>
        <span role="status" data-step={step}>
          {where}
        </span>
        <button
          type="button"
          class="btn"
          data-action="replay-next"
          onClick={() => setStep(Math.min(last, step + 1))}
          aria-label={ui.tr("replayNext")}
        >
          ▶
        </button>
        <button type="button" class="btn" onClick={() => setStep(last)} aria-label={ui.tr("replayLast")}>
          »
        </button>
      </div>
      <input
        type="range"
        class="replay-slider"
        min={0}
        max={last}
        value={step}
        aria-label={where}
        onInput={(e) => setStep(Number(e.currentTarget.value))}
      />
    </>
  );
}

/** One step of a replay: the round, its dealer and knocker, the open cards, every hand, and a round's result. */
export function ReplayStage({ frames, players, step, setStep, ui, marked = [], note }: StageProps) {
  const last = Math.max(0, frames.length - 1);
  const frame = frames[Math.min(step, last)];
  const rounds = useMemo(() => roundsOf(frames), [frames]);
  const seats = useMemo(() => players.map((name) => ({ name })), [players]);
  if (!frame) return null;
  const speech = { lang: ui.lang, faces: ui.faces, names: players, me: null };
  const name = (seat: number) => players[seat] ?? `#${seat + 1}`;
  const round = frame.state.round;
  const ended = resultAt(frame);
  return (
    <section class="replay-stage" aria-label={ui.tr("replayStep", { i: step + 1, n: frames.length })}>
      <Controls step={Math.min(step, last)} last={last} setStep={setStep} ui={ui} />
      {round ? (
        <p class="replay-info" data-replay-info="">
          <strong>{ui.tr("replayRound", { n: frame.round + 1 })}</strong>
          <span>{ui.tr("replayDealer", { name: name(round.dealer) })}</span>
          {round.knocker !== null ? <span>{ui.tr("knockedBy", { name: name(round.knocker) })}</span> : null}
        </p>
      ) : null}
      <p class="status-line">
        {frame.events
          .map((e) => describeEvent(e, speech, frame.byComputer === true))
          .filter(Boolean)
          .join(" ")}
      </p>
      {note}
      {ended ? (
        <div class="result replay-result" data-replay-result="">
          <h2 class="result__title">{endingOf(ended, frame.round, round?.knocker ?? null, players, null, ui)}</h2>
          <RoundTable result={ended} round={frame.round} players={seats} me={null} ui={ui} />
        </div>
      ) : (
        <div class="felt">
          <div class="middle">
            {(round?.middle ?? []).map((card) => (
              <Shown card={card} ui={ui} marked={marked.includes(card)} />
            ))}
          </div>
        </div>
      )}
      <ul class="replay-hands">
        {players.map((player, seat) => {
          const hand = round?.hands[seat] ?? null;
          return (
            <li class={round?.endReason === null && round.toAct === seat ? "seat--turn" : ""}>
              <strong>{player}</strong>{" "}
              <Lives lives={frame.state.lives[seat] ?? 0} status={frame.state.status[seat] ?? "alive"} ui={ui} />
              <div>
                {hand ? hand.map((card) => <Shown card={card} ui={ui} small marked={marked.includes(card)} />) : null}
                {hand ? <span> {String(handValue(hand, frame.state.rules)).replace(".5", "½")}</span> : null}
              </div>
            </li>
          );
        })}
      </ul>
      <nav class="replay-rounds" aria-labelledby="replay-rounds-title">
        <h2 id="replay-rounds-title">{ui.tr("replayRounds")}</h2>
        <ol>
          {rounds.map((r) => {
            const losers = r.result ? players.filter((_, seat) => (r.result!.lifeLosses[seat] ?? 0) > 0) : [];
            const here = frame.round === r.index;
            return (
              <li data-round={r.index}>
                <button
                  type="button"
                  class="btn"
                  aria-current={here ? "step" : undefined}
                  onClick={() => setStep(r.first)}
                >
                  {ui.tr("replayRound", { n: r.index + 1 })}
                </button>
                <span>
                  {ui.tr("replayDealer", { name: name(r.dealer) })}
                  {r.result ? ` · ${reasonOf(r.result, r.knocker, players, null, ui)}` : ""}
                  {r.result
                    ? ` · ${
                        losers.length > 0
                          ? ui.tr("replayLost", {
                              names: new Intl.ListFormat(ui.lang, { type: "conjunction" }).format(losers),
                            })
                          : ui.tr("replayNoLoss")
                      }`
                    : ""}
                </span>
              </li>
            );
          })}
        </ol>
      </nav>
    </section>
  );
}

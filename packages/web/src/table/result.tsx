import type { TableView } from "@schwimmen/rules";
import { useEffect, useRef } from "preact/hooks";
import type { SeatInfo } from "../game/model.js";
import type { Ui } from "../ui.js";
import { CardShown } from "./card-button.js";
import { Lives } from "./seats.js";

interface ResultProps {
  readonly view: TableView;
  readonly players: readonly SeatInfo[];
  readonly me: number | null;
  readonly ui: Ui;
  readonly onNext: (() => void) | null;
  readonly onRematch: (() => void) | null;
  readonly onDownload: () => void;
  readonly onReplay: () => void;
}

const shown = (value: number | null) => (value === null ? "–" : String(value).replace(".5", "½"));

/** The last round with every hand, its value and the lives it cost; at the match's end the winner or a draw. */
export function RoundResult({ view, players, me, ui, onNext, onRematch, onDownload, onReplay }: ResultProps) {
  const result = view.lastResult;
  const focusRef = useRef<HTMLButtonElement>(null);
  useEffect(() => focusRef.current?.focus(), [view.round, view.over]);
  if (!result) return null;
  const name = (seat: number) => players[seat]?.name ?? `#${seat + 1}`;
  // How the round ended, in words; a 31 or Feuer names who made it (the best hand of the round).
  const values = result.values.map((v) => v ?? -1);
  const best = values.indexOf(Math.max(...values));
  const ending =
    result.endReason === "thirtyOne"
      ? ui.tr("saidThirtyOne", { name: name(best) })
      : result.endReason === "fire"
        ? ui.tr("saidFire", { name: name(best) })
        : `${ui.tr("roundOver", { n: view.round + 1 })}: ${ui.tr(`reason_${result.endReason}`)}`;
  return (
    <section class="result" aria-labelledby="result-title">
      <h2 id="result-title" class="result__title">
        {view.over ? (view.draw ? ui.tr("draw") : ui.tr("winner", { name: name(view.winner ?? 0) })) : ending}
      </h2>
      {view.over ? <p class="result__sub">{ending}</p> : null}
      <table class="result__table">
        <tbody>
          {result.hands.map((hand, seat) =>
            hand === null ? null : (
              <tr class={(result.lifeLosses[seat] ?? 0) > 0 ? "result__row result__row--lost" : "result__row"}>
                <th scope="row" class={seat === me ? "result__me" : undefined}>
                  {name(seat)}
                  {seat === me ? <span class="sr-only"> ({ui.tr("you")})</span> : null}
                </th>
                <td class="result__cards">
                  {hand.map((card) => (
                    <CardShown card={card} faces={ui.faces} lang={ui.lang} small />
                  ))}
                </td>
                <td class="result__value">{shown(result.values[seat] ?? null)}</td>
                <td class="result__loss">
                  {(result.lifeLosses[seat] ?? 0) > 0
                    ? ui.tr("losesLives", { n: result.lifeLosses[seat] ?? 0 })
                    : ui.tr("noLoss")}
                </td>
                <td>
                  <Lives lives={result.lives[seat] ?? 0} status={result.state[seat] ?? "alive"} ui={ui} />
                </td>
              </tr>
            ),
          )}
        </tbody>
      </table>
      <div class="result__buttons">
        {!view.over && onNext ? (
          <button type="button" class="btn btn--primary" data-action="next-round" ref={focusRef} onClick={onNext}>
            {ui.tr("nextRound")}
          </button>
        ) : null}
        {view.over && onRematch ? (
          <button type="button" class="btn btn--primary" data-action="rematch" ref={focusRef} onClick={onRematch}>
            {ui.tr("rematch")}
          </button>
        ) : null}
        {view.over ? (
          <>
            <button type="button" class="btn" onClick={onDownload}>
              {ui.tr("download")}
            </button>
            <button type="button" class="btn" onClick={onReplay}>
              {ui.tr("watchReplay")}
            </button>
          </>
        ) : null}
      </div>
    </section>
  );
}

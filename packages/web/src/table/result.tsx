import "../styles/results.css";
import { type RoundResult as Result, type TableView, replayRecord } from "@schwimmen/rules";
import { useEffect, useRef, useState } from "preact/hooks";
import type { GameController, SeatInfo } from "../game/model.js";
import { type Standing, standingsOf } from "../game/standings.js";
import { useStore } from "../store.js";
import type { Ui } from "../ui.js";
import { CardShown } from "./card-button.js";
import { SeatName } from "./seat-name.js";
import { Lives } from "./seats.js";
import { KasseResult } from "../stakes/kasse-panel.js";
import { MatchRatingLine } from "../ratings/match-rating.js";
import { awayText, awayWords } from "./away-words.js";

interface ResultProps {
  readonly game: GameController;
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
const nameOf = (players: readonly (SeatInfo | undefined)[], seat: number) => players[seat]?.name ?? `#${seat + 1}`;

/** Why a round ended, in words: who knocked, or who made 31 or Feuer (the best hand of the round). */
export function reasonOf(
  result: Result,
  knocker: number | null,
  names: readonly string[],
  me: number | null,
  ui: Ui,
): string {
  const name = (seat: number) => names[seat] ?? `#${seat + 1}`;
  const values = result.values.map((v) => v ?? -1);
  const best = values.indexOf(Math.max(...values));
  if (result.endReason === "thirtyOne") return ui.tr("saidThirtyOne", { name: name(best) });
  if (result.endReason === "fire") return ui.tr("saidFire", { name: name(best) });
  if (result.endReason === "knock" && knocker !== null)
    return knocker === me ? ui.tr("knockedByYou") : ui.tr("knockedBy", { name: name(knocker) });
  return ui.tr(`reason_${result.endReason}`);
}

/** How a round ended, as the result's title: "Round 2 is over: Lena knocked", or the 31 or Feuer line. */
export function endingOf(
  result: Result,
  round: number,
  knocker: number | null,
  names: readonly string[],
  me: number | null,
  ui: Ui,
): string {
  const why = reasonOf(result, knocker, names, me, ui);
  const loud = result.endReason === "thirtyOne" || result.endReason === "fire";
  return loud ? why : `${ui.tr("roundOver", { n: round + 1 })}: ${why}`;
}

/** A seat's name as its row's header; the person's own is marked (and read as "you"). */
function NameCell({
  seat,
  players,
  me,
  ui,
  mark,
}: {
  seat: number;
  players: readonly SeatInfo[];
  me: number | null;
  ui: Ui;
  /** Words after the name, e.g. that the computer finished the match for this seat. */
  mark?: string;
}) {
  return (
    <th scope="row" class={seat === me ? "result__me" : undefined}>
      <SeatName name={nameOf(players, seat)} />
      {seat === me ? <span class="sr-only"> ({ui.tr("you")})</span> : null}
      {mark ? <span class="standings__computer"> ({mark})</span> : null}
    </th>
  );
}

/** Above this many hands a round's table lists those who lost lives first: a phone shows only its top rows. */
const LOSERS_FIRST_ABOVE = 8;

/** The seats of a round's table in the order shown: by seat, or with many hands those who lost lives first. */
export function rowOrder(result: Pick<Result, "hands" | "lifeLosses">): number[] {
  const seats = result.hands.flatMap((hand, seat) => (hand === null ? [] : [seat]));
  if (seats.length <= LOSERS_FIRST_ABOVE) return seats;
  const lost = (seat: number) => (result.lifeLosses[seat] ?? 0) > 0;
  return [...seats.filter(lost), ...seats.filter((seat) => !lost(seat))];
}

/** One round's hands, values and lost lives, with column headers and a caption for screen readers. */
export function RoundTable(props: {
  result: Result;
  round: number;
  players: readonly SeatInfo[];
  me: number | null;
  ui: Ui;
}) {
  const { result, players, me, ui } = props;
  return (
    <table class="result__table">
      <caption class="result__caption">{ui.tr("roundTable", { n: props.round + 1 })}</caption>
      <thead class="result__head">
        <tr>
          <th scope="col">{ui.tr("colPlayer")}</th>
          <th scope="col">{ui.tr("colCards")}</th>
          <th scope="col">{ui.tr("colValue")}</th>
          <th scope="col">{ui.tr("colLoss")}</th>
          <th scope="col">{ui.tr("colLives")}</th>
        </tr>
      </thead>
      <tbody>
        {rowOrder(result).map((seat) => {
          const hand = result.hands[seat] ?? [];
          return (
            <tr class={(result.lifeLosses[seat] ?? 0) > 0 ? "result__row result__row--lost" : "result__row"}>
              <NameCell seat={seat} players={players} me={me} ui={ui} />
              <td class="result__cards">
                {hand.map((card) => (
                  <CardShown card={card} faces={ui.faces} lang={ui.lang} small />
                ))}
              </td>
              <td class="result__value">{shown(result.values[seat] ?? null)}</td>
              <td class={(result.lifeLosses[seat] ?? 0) > 0 ? "result__loss" : "result__loss result__loss--none"}>
                {(result.lifeLosses[seat] ?? 0) > 0
                  ? ui.tr("losesLives", { n: result.lifeLosses[seat] ?? 0 })
                  : ui.tr("noLoss")}
              </td>
              <td class="result__lives">
                {/* More than three lives as one coin and the number: the row keeps to a phone's width. */}
                <Lives lives={result.lives[seat] ?? 0} status={result.state[seat] ?? "alive"} ui={ui} compact />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * The match's final order: place, name, lives left, and how long each seat stayed in. A seat the computer finished
 * the match for (its person was away at the end) is marked so.
 */
export function StandingsTable(props: {
  standings: readonly Standing[];
  players: readonly SeatInfo[];
  me: number | null;
  ui: Ui;
}) {
  const { standings, players, me, ui } = props;
  return (
    <table class="standings" data-standings="">
      <caption>{ui.tr("standings")}</caption>
      <thead>
        <tr>
          <th scope="col">{ui.tr("colPlace")}</th>
          <th scope="col">{ui.tr("colPlayer")}</th>
          <th scope="col">{ui.tr("colLives")}</th>
          <th scope="col">{ui.tr("colRounds")}</th>
        </tr>
      </thead>
      <tbody>
        {standings.map((s) => (
          <tr
            class={s.place === 1 ? "standings__row standings__row--first" : "standings__row"}
            data-seat={s.seat}
            data-away-at-end={players[s.seat]?.awayAtEnd ? "" : undefined}
          >
            <td class="standings__place">{s.place}.</td>
            <NameCell
              seat={s.seat}
              players={players}
              me={me}
              ui={ui}
              mark={players[s.seat]?.awayAtEnd ? awayText(ui.lang)("awayMark") : undefined}
            />
            <td class="standings__lives">
              {s.status === "out" ? "0" : <Lives lives={s.lives} status={s.status} ui={ui} />}
            </td>
            <td>
              {s.outRound !== null
                ? ui.tr("outInRound", { n: s.outRound + 1 })
                : s.rounds === 1
                  ? ui.tr("stayedInOne")
                  : ui.tr("stayedIn", { n: s.rounds })}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The finished rounds of the match, read from its record (the same for a local and an online table). */
function useFinishedRounds(game: GameController, over: boolean, round: number): readonly Result[] | null {
  const [results, setResults] = useState<readonly Result[] | null>(null);
  useEffect(() => {
    if (!over) return setResults(null);
    let live = true;
    void game.record().then(
      (record) => {
        const replayed = replayRecord(record);
        if (live && replayed.ok) setResults(replayed.value.state.finished.map((f) => f.result));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [game, over, round]);
  return results;
}

/**
 * The last round with every hand, its value and the lives it cost; at the match's end the winner or a draw and the
 * final standings. Once the person is out of a match against the computer, they may skip the bots' rounds.
 */
export function RoundResult({ game, view, players, me, ui, onNext, onRematch, onDownload, onReplay }: ResultProps) {
  const result = view.lastResult;
  const { skipping } = useStore(game.store);
  const focusRef = useRef<HTMLButtonElement>(null);
  useEffect(() => focusRef.current?.focus(), [view.round, view.over]);
  const finished = useFinishedRounds(game, view.over, view.round);
  if (!result) return null;
  const names = players.map((p) => p.name);
  const ending = endingOf(result, view.round, view.knocker, names, me, ui);
  const iAmOut = me !== null && view.status[me] === "out" && !view.over;
  const canSkip = iAmOut && game.skipToEnd !== undefined;
  const table = <RoundTable result={result} round={view.round} players={players} me={me} ui={ui} />;
  const standings = view.over && finished ? standingsOf(finished) : null;
  const away = players.flatMap((p, seat) => (p.awayAtEnd ? [seat] : []));
  const gone = awayWords({ away, standings, me, winner: view.draw ? null : view.winner, names, lang: ui.lang });
  return (
    <section class="result" aria-labelledby="result-title" aria-busy={skipping ? "true" : undefined}>
      <h2 id="result-title" class="result__title">
        {view.over
          ? view.draw
            ? ui.tr("draw")
            : gone.title !== null
              ? gone.title
              : me !== null && view.winner === me
                ? ui.tr("selfWinner")
                : ui.tr("winner", { name: nameOf(players, view.winner ?? 0) })
          : ending}
      </h2>
      {view.over ? <p class="result__sub">{ending}</p> : null}
      {standings ? <StandingsTable standings={standings} players={players} me={me} ui={ui} /> : null}
      {view.over
        ? gone.notes.map((note) => (
            <p class="result__sub result__away" data-away-note="">
              {note}
            </p>
          ))
        : null}
      {view.over && me !== null ? <MatchRatingLine game={game} /> : null}
      {view.over ? <KasseResult game={game} players={players} me={me} ui={ui} /> : null}
      {view.over ? (
        <details class="result__last">
          <summary>{ui.tr("lastRound")}</summary>
          {table}
        </details>
      ) : (
        table
      )}
      {iAmOut ? <p class="result__sub">{skipping ? ui.tr("skipping") : ui.tr("youAreOut")}</p> : null}
      <div class="result__buttons">
        {canSkip ? (
          <button
            type="button"
            class="btn"
            data-action="skip-to-end"
            disabled={skipping}
            onClick={() => game.skipToEnd?.()}
          >
            {ui.tr("skipToEnd")}
          </button>
        ) : null}
        {!view.over && onNext ? (
          <button
            type="button"
            class="btn btn--primary"
            data-action="next-round"
            ref={focusRef}
            disabled={skipping}
            onClick={onNext}
          >
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

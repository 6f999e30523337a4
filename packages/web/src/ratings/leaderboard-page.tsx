import "./leaderboard.css";
import { useEffect, useState } from "preact/hooks";
import type { LeaderboardAnswer as Board } from "@schwimmen/server/protocol";
import { OFFERED_LEVELS } from "../game/bot-protocol.js";
import { useUi } from "../ui.js";
import { type RatingTr, useRatingText } from "./ratings-texts.js";

export type Period = "all" | "month";

/** Players shown on the page. */
const BOARD_SIZE = 50;

async function fetchBoard(period: Period): Promise<Board | null> {
  try {
    const res = await fetch(`/api/leaderboard?period=${period}&limit=${BOARD_SIZE}`, { credentials: "same-origin" });
    return res.ok ? ((await res.json()) as Board) : null;
  } catch {
    return null;
  }
}

/** Bot levels this page has a name for (a level the server adds later is left out until it has one). */
const named = (bot: { readonly level: string }): boolean => (OFFERED_LEVELS as readonly string[]).includes(bot.level);

const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0");

function BoardTable({ board, period, tr }: { readonly board: Board; readonly period: Period; readonly tr: RatingTr }) {
  if (board.entries.length === 0) {
    return <p data-board-empty>{tr(period === "all" ? "boardEmpty" : "boardMonthEmpty")}</p>;
  }
  return (
    <table class="board" data-board={period}>
      <thead>
        <tr>
          <th scope="col">{tr("colRank")}</th>
          <th scope="col">{tr("colName")}</th>
          <th scope="col">{tr("colRating")}</th>
          <th scope="col">{tr("colMatches")}</th>
          {period === "month" ? <th scope="col">{tr("colChange")}</th> : null}
        </tr>
      </thead>
      <tbody>
        {board.entries.map((e) => (
          <tr key={e.player} data-board-player={e.player}>
            <td>{e.rank}</td>
            <td>
              <a href={`#/player/${encodeURIComponent(e.player)}`}>{e.name}</a>
            </td>
            <td data-rating={e.rating}>
              {e.rating}
              {e.provisional ? (
                <span class="board__provisional" title={tr("provisionalMark")}>
                  {" "}
                  ({tr("provisionalMark")})
                </span>
              ) : null}
            </td>
            <td>{e.matches}</td>
            {period === "month" ? <td>{signed(e.change ?? 0)}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** `#/leaderboard`: the best rated players overall or this month, with the bots' ratings for comparison. */
export function LeaderboardPage({ onMenu }: { readonly onMenu: () => void }) {
  const ui = useUi();
  const tr = useRatingText();
  const [period, setPeriod] = useState<Period>("all");
  // The answer is kept with the period it was asked for, so a tab switch never shows the other tab's rows under
  // the new heading while the new answer is on its way.
  const [loaded, setLoaded] = useState<{ readonly period: Period; readonly board: Board | "failed" } | null>(null);
  useEffect(() => {
    let live = true;
    void fetchBoard(period).then((b) => live && setLoaded({ period, board: b ?? "failed" }));
    return () => {
      live = false;
    };
  }, [period]);
  const board = loaded !== null && loaded.period === period ? loaded.board : null;
  return (
    <main id="main" class="page leaderboard" tabIndex={-1} data-leaderboard>
      <section class="panel" aria-labelledby="board-title">
        <h1 id="board-title">{tr("boardTitle")}</h1>
        <p>{tr("boardIntro")}</p>
        <div class="board-tabs" role="group" aria-label={tr("boardTitle")}>
          {(["all", "month"] as const).map((p) => (
            <button type="button" class="btn" aria-pressed={period === p} data-period={p} onClick={() => setPeriod(p)}>
              {tr(p === "all" ? "tabAll" : "tabMonth")}
            </button>
          ))}
        </div>
        <div aria-live="polite" aria-busy={board === null}>
          {board === null ? <p class="note">{tr("boardLoading")}</p> : null}
          {board === "failed" ? <p role="alert">{tr("boardFailed")}</p> : null}
          {board !== null && board !== "failed" ? (
            <div class="board-scroll">
              <BoardTable board={board} period={period} tr={tr} />
            </div>
          ) : null}
        </div>
      </section>
      {board !== null && board !== "failed" && board.bots.some(named) ? (
        <section class="panel" aria-labelledby="board-bots">
          <h2 id="board-bots">{tr("botsTitle")}</h2>
          <ul class="board-bots">
            {board.bots.filter(named).map((b) => (
              <li data-bot-rating={b.level}>
                {tr("botRating", { level: ui.tr(`level_${b.level}` as "level_random"), r: b.rating })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p>
        <button type="button" class="btn" data-action="to-start" onClick={onMenu}>
          ← {ui.tr("toStart")}
        </button>
      </p>
    </main>
  );
}

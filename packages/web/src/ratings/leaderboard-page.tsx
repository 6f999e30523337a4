import "./leaderboard.css";
import { useEffect, useState } from "preact/hooks";
import type { LeaderboardAnswer as Board } from "@schwimmen/server/protocol";
import { OFFERED_LEVELS } from "../game/bot-protocol.js";
import { fetchMe } from "../players/api.js";
import { useUi } from "../ui.js";
import { type RatingTr, useRatingText } from "./ratings-texts.js";

/** Overall, the server's current month, or one UTC month written "YYYY-MM" (the server's `period`). */
export type Period = "all" | "month" | `${number}-${number}`;

/** The month before or after "YYYY-MM", written the same way. */
export function monthStep(month: string, by: -1 | 1): `${number}-${number}` {
  const [year = 2000, m = 1] = month.split("-").map(Number);
  const index = year * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}` as `${number}-${number}`;
}

/** The server knows no month before this one. */
const FIRST_MONTH = "2000-01";

/** The period an address asks for (`#/leaderboard?period=2026-10`); anything else is the overall board. */
export function periodOf(asked: string | null | undefined): Period {
  if (asked === "month") return "month";
  if (asked && /^\d{4}-(0[1-9]|1[0-2])$/.test(asked) && asked >= FIRST_MONTH) return asked as Period;
  return "all";
}

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

function BoardTable(props: {
  readonly board: Board;
  readonly period: Period;
  /** The month's name ("November 2026"), for a past month's empty board. */
  readonly monthName: string;
  readonly tr: RatingTr;
  /** The person's own player id, whose row is marked. */
  readonly me: string | null;
}) {
  const { board, period, monthName, tr, me } = props;
  const month = period !== "all";
  if (board.entries.length === 0) {
    const empty = !month
      ? tr("boardEmpty")
      : period === "month"
        ? tr("boardMonthEmpty")
        : tr("boardPastMonthEmpty", {
            month: monthName,
          });
    return <p data-board-empty>{empty}</p>;
  }
  return (
    <table class="board" data-board={month ? "month" : "all"} data-month={month ? board.period : undefined}>
      <thead>
        <tr>
          <th scope="col">{tr("colRank")}</th>
          <th scope="col">{tr("colName")}</th>
          <th scope="col">{tr("colRating")}</th>
          <th scope="col" class="board__matches">
            {tr("colMatches")}
          </th>
          {month ? (
            <th scope="col" class="board__change">
              {tr("colChange")}
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {board.entries.map((e) => (
          <tr
            key={e.player}
            data-board-player={e.player}
            class={e.player === me ? "board__me" : undefined}
            aria-current={e.player === me ? "true" : undefined}
          >
            <td>{e.rank}</td>
            <td>
              <a href={`#/player/${encodeURIComponent(e.player)}`}>{e.name}</a>
              {e.player === me ? <span class="board__you"> ({tr("boardYou")})</span> : null}
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
            <td class="board__matches">{e.matches}</td>
            {month ? <td class="board__change">{signed(e.change ?? 0)}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** "November 2026" for "2026-11", in the page's language (months are the server's, in UTC). */
function nameOfMonth(lang: string, month: string): string {
  const [year = 2000, m = 1] = month.split("-").map(Number);
  return new Intl.DateTimeFormat(lang, { month: "long", year: "numeric", timeZone: "UTC" }).format(
    Date.UTC(year, m - 1),
  );
}

/**
 * `#/leaderboard`: the best rated players overall or in a month (this one, or an earlier one by the arrows), with
 * the bots' ratings for comparison.
 */
export function LeaderboardPage({
  onMenu,
  params,
}: {
  readonly onMenu: () => void;
  readonly params?: URLSearchParams;
}) {
  const ui = useUi();
  const tr = useRatingText();
  const [period, setPeriod] = useState<Period>(() => periodOf(params?.get("period")));
  // The period chosen is kept in the address (replaced, not added: Back leaves the page), so a reload or a shared
  // link shows the same board.
  useEffect(() => {
    const address = period === "all" ? "#/leaderboard" : `#/leaderboard?period=${period}`;
    if (location.hash !== address) history.replaceState(history.state, "", address);
  }, [period]);
  // The person's own row is marked, once the server has said who they are.
  const [me, setMe] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void fetchMe().then((found) => live && found.ok && setMe(found.value?.id ?? null));
    return () => {
      live = false;
    };
  }, []);
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
  // The server's current month, once it has said which it is: no arrow leads past it.
  const [current, setCurrent] = useState<string | null>(null);
  useEffect(() => {
    if (period === "month" && board !== null && board !== "failed") setCurrent(board.period);
  }, [period, board]);
  // Opened at an earlier month (a reload, a link), the server has not said its month yet: this device's UTC month
  // stands in until it does.
  const latest = current ?? new Date().toISOString().slice(0, 7);
  const shown = period === "all" ? null : period === "month" ? current : period;
  return (
    <main id="main" class="page leaderboard" tabIndex={-1} data-leaderboard>
      <section class="panel" aria-labelledby="board-title">
        <h1 id="board-title">{tr("boardTitle")}</h1>
        <p>{tr("boardIntro")}</p>
        <div class="board-tabs" role="group" aria-label={tr("boardTitle")}>
          {(["all", "month"] as const).map((p) => (
            <button
              type="button"
              class="btn"
              aria-pressed={p === "all" ? period === "all" : period !== "all"}
              data-period={p}
              onClick={() => setPeriod(p)}
            >
              {tr(p === "all" ? "tabAll" : "tabMonth")}
            </button>
          ))}
        </div>
        {shown !== null ? (
          <div class="board-month" role="group" aria-label={tr("monthChoice")}>
            <button
              type="button"
              class="btn"
              data-action="month-before"
              aria-label={tr("monthBefore")}
              disabled={shown <= FIRST_MONTH}
              onClick={() => setPeriod(monthStep(shown, -1))}
            >
              ‹
            </button>
            <span class="board-month__name" data-month={shown} aria-live="polite">
              {nameOfMonth(ui.lang, shown)}
            </span>
            <button
              type="button"
              class="btn"
              data-action="month-after"
              aria-label={tr("monthAfter")}
              disabled={shown >= latest}
              onClick={() => setPeriod(monthStep(shown, 1) >= latest ? "month" : monthStep(shown, 1))}
            >
              ›
            </button>
          </div>
        ) : null}
        <div aria-live="polite" aria-busy={board === null}>
          {board === null ? <p class="note">{tr("boardLoading")}</p> : null}
          {board === "failed" ? <p role="alert">{tr("boardFailed")}</p> : null}
          {board !== null && board !== "failed" ? (
            <div class="board-scroll">
              <BoardTable
                board={board}
                period={period}
                monthName={period === "all" ? "" : nameOfMonth(ui.lang, board.period)}
                tr={tr}
                me={me}
              />
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

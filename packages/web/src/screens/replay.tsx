import "../styles/table.css";
import "../styles/pages.css";
import "../styles/replay.css";
import { useEffect, useState } from "preact/hooks";
import { type Frames, framesOf } from "../game/replay-frames.js";
import { HANDOFF_KEY, keptRecord, replayAddress } from "../game/replay-link.js";
import { type MatchInfo, type TableProblem, tableMatches, tableRecord } from "../game/table-records.js";
import { formatCode, normalizeCode } from "../online/table-code.js";
import { type Ui, useUi } from "../ui.js";
import { useReplayAnalysis } from "../analysis/replay-analysis.js";
import { ReplayStage } from "./replay-stage.js";

/** The record's frames, and the record itself for the analysis. */
function parse(text: string): Frames & { record?: unknown } {
  try {
    const record: unknown = JSON.parse(text);
    return { ...framesOf(record), record };
  } catch {
    return { ok: false, code: "NOT_JSON", message: "not JSON" };
  }
}

/**
 * Why a record cannot be replayed, in the player's words: not a record at all, cards that do not make up the deck,
 * or a move the rules do not allow (with its round). The engine's words follow in brackets.
 */
function badRecordWords(ui: Ui, bad: { readonly code: string; readonly round?: number }): string {
  if (bad.code === "NOT_JSON" || bad.code === "INVALID_RECORD" || bad.code === "INVALID_RULES")
    return ui.tr("replayNotARecord");
  const round = bad.round === undefined ? "" : ` ${ui.tr("replayInRound", { n: bad.round + 1 })}`;
  return ui.tr(bad.code === "INVALID_DEAL" ? "replayBadDeal" : "replayBadMove", { round });
}

/** A table's matches to choose from, once fetched by its code. */
interface TableMatches {
  readonly code: string;
  /** Null from a server that lists no matches (then only its latest can be shown). */
  readonly matches: readonly MatchInfo[] | null;
  readonly chosen: number | null;
}

function matchLabel(info: MatchInfo, ui: Ui): string {
  const winner = info.winner === null ? null : (info.seats[info.winner] ?? `#${info.winner + 1}`);
  const time = new Intl.DateTimeFormat(ui.lang, { dateStyle: "short", timeStyle: "short" }).format(info.finishedAt);
  return ui.tr("replayMatchOption", {
    n: info.match,
    result: winner === null ? ui.tr("replayDraw") : ui.tr("replayWon", { name: winner }),
    time,
  });
}

/** Steps through a finished game's record: load a file, paste JSON, or fetch a table's matches from the server. */
export function ReplayViewer({ onMenu, params }: { onMenu: () => void; params: URLSearchParams }) {
  const ui = useUi();
  const [text, setText] = useState("");
  const [loaded, setLoaded] = useState<(Frames & { record?: unknown }) | null>(null);
  const [step, setStep] = useState(0);
  const [code, setCode] = useState(params.get("code") ?? "");
  const [table, setTable] = useState<TableMatches | null>(null);
  const [problem, setProblem] = useState<TableProblem | "replayBadCode" | "replayGone" | null>(null);
  const [busy, setBusy] = useState(false);

  const show = (source: string) => {
    setLoaded(parse(source));
    setStep(0);
  };
  const loadMatch = async (tableCode: string, match: number | null) => {
    setBusy(true);
    const record = await tableRecord(tableCode, match);
    setBusy(false);
    if (!record.ok) {
      setProblem(record.problem);
      setLoaded(null);
      return;
    }
    const body = JSON.stringify(record.value, null, 1);
    // The address names the match shown, so that a reload or a shared link finds it again.
    if (match !== null) history.replaceState(history.state, "", replayAddress({ code: tableCode, match }));
    setProblem(null);
    setText(body);
    show(body);
  };
  const fetchTable = async (raw: string) => {
    const wanted = normalizeCode(raw);
    setLoaded(null);
    setTable(null);
    if (!wanted) return setProblem("replayBadCode");
    setProblem(null);
    setBusy(true);
    const list = await tableMatches(wanted);
    setBusy(false);
    if (!list.ok) return setProblem(list.problem);
    // A link may name the match (a profile's list of past matches); otherwise the latest is shown.
    const asked = Number(params.get("match"));
    const named = list.value?.find((m) => m.match === asked)?.match;
    const latest = named ?? list.value?.[list.value.length - 1]?.match ?? null;
    setTable({ code: wanted, matches: list.value, chosen: latest });
    await loadMatch(wanted, latest);
  };
  const choose = (match: number) => {
    if (!table) return;
    setTable({ ...table, chosen: match });
    void loadMatch(table.code, match);
  };

  useEffect(() => {
    // A match just finished comes handed over; after a reload its address names it: kept on this device, or a table's.
    const handed = sessionStorage.getItem(HANDOFF_KEY);
    const kept = params.get("kept");
    const keptText = kept === null ? null : JSON.stringify(keptRecord(kept), null, 1);
    if (handed) {
      sessionStorage.removeItem(HANDOFF_KEY);
      setText(handed);
      show(handed);
    } else if (keptText !== null && keptText !== "null") {
      setText(keptText);
      show(keptText);
    } else if (kept !== null) setProblem("replayGone");
    else if (params.get("code")) void fetchTable(params.get("code")!);
  }, []);

  const frames = loaded?.ok ? loaded.frames : [];
  const players = loaded?.ok ? loaded.players : [];
  const matches = table?.matches ?? [];
  const analysis = useReplayAnalysis({
    record: loaded?.ok ? loaded.record : null,
    frames,
    players,
    step,
    setStep,
    ui,
  });

  return (
    <main id="main" class="page replay" tabIndex={-1}>
      <button type="button" class="btn btn--ghost" onClick={onMenu}>
        ← {ui.tr("menu")}
      </button>
      <h1>{ui.tr("replay")}</h1>
      <details class="panel" open={frames.length === 0}>
        <summary>{ui.tr("replayLoad")}</summary>
        <label class="field">
          <span>{ui.tr("replayFile")}</span>
          <input
            type="file"
            accept=".json,application/json"
            onChange={(e) => void e.currentTarget.files?.[0]?.text().then((t) => (setText(t), show(t)))}
          />
        </label>
        <label class="field">
          <span>{ui.tr("replayPaste")}</span>
          <textarea name="record" value={text} onInput={(e) => setText(e.currentTarget.value)} />
        </label>
        <button
          type="button"
          class="btn btn--primary"
          data-action="replay-show"
          onClick={() => (setProblem(null), show(text))}
        >
          {ui.tr("replayShow")}
        </button>
        <form class="form form--inline" onSubmit={(e) => (e.preventDefault(), void fetchTable(code))}>
          <label class="field field--small">
            <span>{ui.tr("replayFromTable")}</span>
            <input
              name="replay-code"
              value={code}
              autocapitalize="characters"
              autocomplete="off"
              spellcheck={false}
              placeholder="ABCDE-FGHJK"
              onInput={(e) => setCode(e.currentTarget.value)}
            />
          </label>
          <button type="submit" class="btn" data-action="replay-fetch" disabled={busy}>
            {ui.tr("replayFetch")}
          </button>
        </form>
      </details>
      {table && matches.length > 1 ? (
        <label class="field replay-match">
          <span>
            {ui.tr("replayMatch")} ({ui.tr("tableCode")} {formatCode(table.code)})
          </span>
          <select
            name="replay-match"
            value={table.chosen ?? ""}
            disabled={busy}
            onChange={(e) => choose(Number(e.currentTarget.value))}
          >
            {matches.map((info) => (
              <option value={info.match}>{matchLabel(info, ui)}</option>
            ))}
          </select>
        </label>
      ) : null}
      {busy ? <p class="loading">{ui.tr("waiting")}</p> : null}
      {problem ? (
        <p class="error" role="alert" data-problem={problem}>
          {ui.tr(problem)}
        </p>
      ) : null}
      {loaded && !loaded.ok ? (
        <p class="error" role="alert" data-bad-record={loaded.code}>
          {badRecordWords(ui, loaded)}{" "}
          <small class="replay__detail" lang="en">
            ({loaded.message})
          </small>
        </p>
      ) : null}
      {frames.length > 0 ? analysis.panel : null}
      {frames.length > 0 ? (
        <ReplayStage
          frames={frames}
          players={players}
          step={step}
          setStep={setStep}
          ui={ui}
          marked={analysis.marked}
          note={analysis.note}
        />
      ) : null}
    </main>
  );
}

import "../styles/table.css";
import "../styles/pages.css";
import { handValue } from "@schwimmen/rules";
import { useEffect, useMemo, useState } from "preact/hooks";
import { type Frames, framesOf } from "../game/replay-frames.js";
import { describeEvent } from "../table/announce.js";
import { CardShown } from "../table/card-button.js";
import { Lives } from "../table/seats.js";
import { useUi } from "../ui.js";

const HANDOFF = "schwimmen.replay";

function parse(text: string): Frames {
  try {
    return framesOf(JSON.parse(text));
  } catch {
    return { ok: false, message: "INVALID_RECORD: not JSON" };
  }
}

/** Steps through a finished game's record: load a file, paste JSON, or fetch a table's record from the server. */
export function ReplayViewer({ onMenu, params }: { onMenu: () => void; params: URLSearchParams }) {
  const ui = useUi();
  const [text, setText] = useState("");
  const [loaded, setLoaded] = useState<Frames | null>(null);
  const [step, setStep] = useState(0);
  const [code, setCode] = useState(params.get("code") ?? "");

  const show = (source: string) => {
    setLoaded(parse(source));
    setStep(0);
  };
  useEffect(() => {
    const handed = sessionStorage.getItem(HANDOFF);
    if (handed) {
      sessionStorage.removeItem(HANDOFF);
      setText(handed);
      show(handed);
    }
  }, []);
  const fetchRecord = async () => {
    const response = await fetch(`/api/tables/${encodeURIComponent(code.trim().toUpperCase())}/record`).catch(
      () => null,
    );
    const body = response && response.ok ? await response.text() : "";
    setText(body);
    if (body) show(body);
    else setLoaded({ ok: false, message: `${response?.status ?? "offline"}` });
  };

  const frames = loaded?.ok ? loaded.frames : [];
  const last = Math.max(0, frames.length - 1);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (
        !frames.length ||
        (event.target instanceof HTMLElement && ["INPUT", "TEXTAREA"].includes(event.target.tagName))
      )
        return;
      if (event.key === "ArrowRight") setStep((s) => Math.min(last, s + 1));
      else if (event.key === "ArrowLeft") setStep((s) => Math.max(0, s - 1));
      else if (event.key === "Home") setStep(0);
      else if (event.key === "End") setStep(last);
      else return;
      event.preventDefault();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [frames.length]);

  const frame = frames[Math.min(step, last)];
  const players = loaded?.ok ? loaded.players : [];
  const speech = useMemo(() => ({ lang: ui.lang, faces: ui.faces, names: players }), [ui.lang, ui.faces, players]);

  return (
    <main id="main" class="page replay" tabIndex={-1}>
      <button type="button" class="btn btn--ghost" onClick={onMenu}>
        ← {ui.tr("menu")}
      </button>
      <h1>{ui.tr("replay")}</h1>
      <details class="panel" open={!frame}>
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
        <button type="button" class="btn btn--primary" data-action="replay-show" onClick={() => show(text)}>
          {ui.tr("replayShow")}
        </button>
        <form class="form form--inline" onSubmit={(e) => (e.preventDefault(), void fetchRecord())}>
          <label class="field field--small">
            <span>{ui.tr("replayFromTable")}</span>
            <input name="replay-code" value={code} onInput={(e) => setCode(e.currentTarget.value)} />
          </label>
          <button type="submit" class="btn">
            {ui.tr("replayFetch")}
          </button>
        </form>
      </details>
      {loaded && !loaded.ok ? (
        <p class="error" role="alert">
          {ui.tr("replayError", { message: loaded.message })}
        </p>
      ) : null}
      {frame ? (
        <section class="replay-stage" aria-label={ui.tr("replayStep", { i: step + 1, n: frames.length })}>
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
              {ui.tr("replayStep", { i: step + 1, n: frames.length })}
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
            min={0}
            max={last}
            value={step}
            aria-label={ui.tr("replayStep", { i: step + 1, n: frames.length })}
            onInput={(e) => setStep(Number(e.currentTarget.value))}
            style="width:100%"
          />
          <p class="status-line">
            {frame.events
              .map((e) => describeEvent(e, speech))
              .filter(Boolean)
              .join(" ")}
          </p>
          <div class="felt">
            <div class="middle">
              {(frame.state.round?.middle ?? []).map((card) => (
                <CardShown card={card} faces={ui.faces} lang={ui.lang} />
              ))}
            </div>
          </div>
          <ul class="replay-hands">
            {players.map((name, seat) => {
              const hand = frame.state.round?.hands[seat] ?? null;
              return (
                <li class={frame.state.round?.toAct === seat ? "seat--turn" : ""}>
                  <strong>{name}</strong>{" "}
                  <Lives lives={frame.state.lives[seat] ?? 0} status={frame.state.status[seat] ?? "alive"} ui={ui} />
                  <div>
                    {hand ? hand.map((card) => <CardShown card={card} faces={ui.faces} lang={ui.lang} small />) : null}
                    {hand ? <span> {String(handValue(hand, frame.state.rules)).replace(".5", "½")}</span> : null}
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </main>
  );
}

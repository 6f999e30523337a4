import { useState } from "preact/hooks";
import { loadSavedMatch } from "../game/saved-match.js";
import { useUi } from "../ui.js";

/** "A match is still on": shown on the start page while a match against the computer is kept in the page. */
export function ResumeMatch() {
  const ui = useUi();
  const [saved] = useState(loadSavedMatch);
  if (!saved) return null;
  const others = new Intl.ListFormat(ui.lang, { type: "conjunction" }).format(saved.names.slice(1));
  return (
    <section class="panel panel--resume" aria-labelledby="resume-title">
      <h2 id="resume-title">{ui.tr("resumeTitle")}</h2>
      <p>{ui.tr("resumeText", { round: saved.round, names: others })}</p>
      <button
        type="button"
        class="btn btn--primary btn--big"
        data-action="resume-local"
        onClick={() => {
          location.hash = "#/play";
        }}
      >
        {ui.tr("resumeButton")}
      </button>
      <p class="note">{ui.tr("resumeNote")}</p>
    </section>
  );
}

import "../styles/coach.css";
import type { OptionAnalysis } from "@schwimmen/bots";
import { useState } from "preact/hooks";
import type { Speech } from "../table/announce.js";
import type { Ui } from "../ui.js";
import { MoveMarkToggle } from "./coach-toggle.js";
import { optionWords } from "./words.js";

/** The moves shown at first; the rest (mostly swaps nobody would make) on request. */
const FIRST = 5;

type Details =
  | { readonly state: "closed" }
  | { readonly state: "thinking" }
  | { readonly state: "shown"; readonly options: readonly OptionAnalysis[]; readonly all: boolean };

/**
 * Under the hint: on request, the moves of this turn with the coach's estimates in plain words, best first, in a
 * panel over the table. Made anew for each turn (the table keys it by the turn), so old numbers never stand under a
 * new hand.
 */
export function CoachDetails({
  load,
  speech,
  ui,
}: {
  load: () => Promise<readonly OptionAnalysis[] | null>;
  speech: Speech;
  ui: Ui;
}) {
  const [details, setDetails] = useState<Details>({ state: "closed" });
  const ask = () => {
    setDetails({ state: "thinking" });
    void load().then((options) => setDetails(options ? { state: "shown", options, all: false } : { state: "closed" }));
  };
  if (details.state !== "shown")
    return (
      <div class="coach-details" data-coach={details.state}>
        <button
          type="button"
          class="btn btn--ghost"
          data-action="coach-details"
          disabled={details.state === "thinking"}
          onClick={ask}
        >
          {ui.tr(details.state === "thinking" ? "hintThinking" : "coachWhy")}
        </button>
      </div>
    );
  const { options, all } = details;
  const shown = all ? options : options.slice(0, FIRST);
  return (
    <div class="coach-details" data-coach="shown">
      <section class="coach-panel" aria-labelledby="coach-title">
        <header>
          <h2 id="coach-title">{ui.tr("coachTitle")}</h2>
          <button
            type="button"
            class="btn btn--ghost"
            data-action="coach-close"
            aria-label={ui.tr("close")}
            onClick={() => setDetails({ state: "closed" })}
          >
            ×
          </button>
        </header>
        <ol>
          {shown.map((option) => (
            <li data-coach-option="">{optionWords(option, speech)}</li>
          ))}
        </ol>
        <MoveMarkToggle ui={ui} />
        {shown.length < options.length ? (
          <button
            type="button"
            class="btn btn--ghost"
            data-action="coach-all"
            onClick={() => setDetails({ ...details, all: true })}
          >
            {ui.tr("coachAll", { n: options.length })}
          </button>
        ) : null}
      </section>
    </div>
  );
}

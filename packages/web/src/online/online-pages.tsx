import type { ComponentChildren } from "preact";
import { NameForm } from "../screens/name-form.js";
import { useUi } from "../ui.js";
import { CodeForm } from "./code-form.js";
import { errorText } from "./errors.js";
import { formatCode } from "./table-code.js";

const toStart = () => {
  location.hash = "#/";
};

/** A page of its own in place of the table: a heading, a few words, and ways on. */
function Page({ title, children, kind }: { title: string; children: ComponentChildren; kind: string }) {
  const ui = useUi();
  return (
    <main id="main" class="page online-page" tabIndex={-1} data-online-page={kind}>
      <section class="panel online-page__panel" aria-labelledby="online-page-title">
        <h1 id="online-page-title">{title}</h1>
        {children}
        <p class="online-page__back">
          <button type="button" class="btn" data-action="to-start" onClick={toStart}>
            ← {ui.tr("toStart")}
          </button>
        </p>
      </section>
    </main>
  );
}

/** Before sitting down (or creating a table) on this device for the first time, or after the server refused a name. */
export function NameStep({
  code,
  host = null,
  watch = false,
  refusal,
  onDone,
}: {
  readonly code: string | null;
  /** Who invites (when known). */
  readonly host?: string | null;
  /** The name is for watching the table (the lobby's "Zuschauen"), not for a seat. */
  readonly watch?: boolean;
  readonly refusal: { readonly name: string; readonly text: string } | null;
  readonly onDone: (name: string) => void;
}) {
  const ui = useUi();
  return (
    <Page title={ui.tr("nameAsk")} kind="name">
      {code ? (
        <p>
          {watch
            ? ui.tr(host ? "watchAtHost" : "watchAt", { name: host ?? "", code: formatCode(code) })
            : host
              ? ui.tr("invitedBy", { name: host, code: formatCode(code) })
              : ui.tr("invitedTo", { code: formatCode(code) })}
        </p>
      ) : null}
      <p class="note">{ui.tr("nameWhy")}</p>
      <NameForm
        submit={ui.tr(code ? (watch ? "watchButton" : "takeSeat") : "createTable")}
        refusal={refusal}
        onSaved={onDone}
        autoFocus
      />
    </Page>
  );
}

export type Problem =
  | { readonly kind: "badCode"; readonly text: string }
  | { readonly kind: "stopped"; readonly code: string | null; readonly error: string }
  | { readonly kind: "unreachable" };

/**
 * Why there is no table, in the player's language, and the ways on: another code, trying again, playing against the
 * computer (which needs no server), the start page.
 */
export function ProblemPage({ problem, onRetry }: { readonly problem: Problem; readonly onRetry: () => void }) {
  const ui = useUi();
  const retry = (
    <button type="button" class="btn btn--primary" data-action="retry" onClick={onRetry}>
      {ui.tr("retry")}
    </button>
  );
  if (problem.kind === "unreachable") {
    const offline = typeof navigator !== "undefined" && navigator.onLine === false;
    return (
      <Page title={ui.tr("unreachableTitle")} kind="unreachable">
        <p role="alert">
          {offline ? `${ui.tr("deviceOffline")} ` : ""}
          {ui.tr("unreachableText")}
        </p>
        <div class="online-page__buttons">
          {retry}
          <a class="btn" href="#/play" data-action="play-computer">
            {ui.tr("playComputerInstead")}
          </a>
        </div>
      </Page>
    );
  }
  const missing = problem.kind === "badCode" || problem.error === "TABLE_NOT_FOUND";
  let text: string;
  if (problem.kind === "badCode") text = `${ui.tr("badCodeText", { code: problem.text })} ${ui.tr("codeInvalid")}`;
  else if (missing && problem.code) text = ui.tr("noTableText", { code: formatCode(problem.code) });
  else text = errorText(ui, problem.error);
  return (
    <Page title={ui.tr(missing ? "noTableTitle" : "problemTitle")} kind={missing ? "no-table" : "problem"}>
      <p role="alert" data-problem={problem.kind === "stopped" ? problem.error : "BAD_CODE"}>
        {text}
      </p>
      {missing ? <CodeForm label={ui.tr("otherCode")} /> : <div class="online-page__buttons">{retry}</div>}
    </Page>
  );
}

import { useState } from "preact/hooks";
import { useUi } from "../ui.js";
import { formatCode, normalizeCode } from "./table-code.js";

/**
 * A table code to join: typed in any case, with or without the dash, or pasted as a whole invite link. A text that
 * cannot be a code is refused right here, under the field.
 */
export function CodeForm({ label, autoFocus = false }: { label?: string; autoFocus?: boolean }) {
  const ui = useUi();
  const [code, setCode] = useState("");
  const [bad, setBad] = useState(false);
  return (
    <form
      class="form form--inline"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const wanted = normalizeCode(code);
        setBad(wanted === null);
        if (wanted) location.hash = `#/t/${formatCode(wanted)}`;
      }}
    >
      <label class="field field--small">
        <span>{label ?? ui.tr("tableCode")}</span>
        <input
          name="code"
          value={code}
          autoFocus={autoFocus}
          autocapitalize="characters"
          autocomplete="off"
          spellcheck={false}
          placeholder="ABCDE-FGHJK"
          aria-invalid={bad ? "true" : undefined}
          aria-describedby={bad ? "code-problem" : undefined}
          onInput={(e) => (setCode(e.currentTarget.value), setBad(false))}
        />
      </label>
      <button type="submit" class="btn" data-action="join-table">
        {ui.tr("join")}
      </button>
      {bad ? (
        <p id="code-problem" class="form__problem" role="alert">
          {ui.tr("codeInvalid")}
        </p>
      ) : null}
    </form>
  );
}

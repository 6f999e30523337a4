import { useId, useState } from "preact/hooks";
import { errorText } from "../online/errors.js";
import { NAME_CHARS, cleanName, hasChosenName, nameProblem, nameRefusal, saveName } from "../player-name.js";
import { playerTexts } from "../players/texts.js";
import { useStore } from "../store.js";
import { type Ui, useUi } from "../ui.js";

export interface NameFormProps {
  /** The button's words ("Merken", "Platz nehmen"). */
  readonly submit: string;
  /** Called with the saved name. */
  readonly onSaved?: (name: string) => void;
  /** The name the server refused last time and why, in the player's language (shown while that name is typed). */
  readonly refusal?: { readonly name: string; readonly text: string } | null;
  readonly autoFocus?: boolean;
}

/** Why the server refused a name, in the player's language (NAME_TAKEN: an account holds it already). */
function refusalText(ui: Ui, error: { readonly code: string; readonly message: string; readonly reason?: string }) {
  if (error.code === "NAME_TAKEN") return playerTexts(ui.lang)("nameTaken");
  return errorText(ui, error.code, error.reason ?? error.message);
}

/**
 * The player's name: checked here for the obvious (blank, too long, invisible characters), saved on this device, and
 * any refusal (the page's or the server's) shown right under the field, tied to it for screen readers.
 */
export function NameForm({ submit, onSaved, refusal = null, autoFocus = false }: NameFormProps) {
  const ui = useUi();
  const id = useId();
  // A form drawn anew after the server refused a name shows that name again, with the reason.
  const [value, setValue] = useState(() => (hasChosenName() ? ui.settings.name : (nameRefusal.get()?.name ?? "")));
  const [checked, setChecked] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const refused = useStore(nameRefusal);
  // Problems show once the player tries to save (or types past the limit), not while they start typing.
  const problem = nameProblem(value);
  const shownProblem = checked || problem === "nameTooLong" ? problem : null;
  const message = shownProblem
    ? ui.tr(shownProblem, { n: NAME_CHARS })
    : refusal && cleanName(value) === cleanName(refusal.name)
      ? refusal.text
      : refused && cleanName(value) === refused.name
        ? refusalText(ui, refused)
        : null;
  return (
    <form
      class="form form--inline name-form"
      data-form="name"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setChecked(true);
        if (!saveName(value)) return;
        const name = cleanName(value);
        setValue(name);
        setSaved(name);
        onSaved?.(name);
      }}
    >
      <label class="field name-form__field">
        <span>{ui.tr("yourName")}</span>
        <input
          name="name"
          autocomplete="nickname"
          enterKeyHint="done"
          autoFocus={autoFocus}
          value={value}
          aria-invalid={message ? "true" : undefined}
          aria-describedby={message ? `${id}-problem` : undefined}
          onInput={(e) => (setValue(e.currentTarget.value), setSaved(null))}
          // Leaving the field keeps a good name too: "Tisch eröffnen" right after typing must not lose it.
          onChange={(e) => saveName(e.currentTarget.value) && setSaved(cleanName(e.currentTarget.value))}
        />
      </label>
      <button type="submit" class="btn btn--primary" data-action="save-name">
        {submit}
      </button>
      {message ? (
        <p id={`${id}-problem`} class="name-form__problem" role="alert" data-problem>
          {message}
        </p>
      ) : saved ? (
        <p class="name-form__saved" role="status">
          {ui.tr("nameSaved")}
        </p>
      ) : null}
    </form>
  );
}

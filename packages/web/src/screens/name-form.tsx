import { useId, useRef, useState } from "preact/hooks";
import { errorText } from "../online/errors.js";
import { NAME_CHARS, cleanName, hasChosenName, nameProblem, nameRefusal, saveName } from "../player-name.js";
import { PasskeySignIn } from "../players/passkey-sign-in.js";
import { settled } from "../players/session.js";
import { playerTexts } from "../players/texts.js";
import { settings } from "../settings.js";
import { useStore } from "../store.js";
import { type Ui, useUi } from "../ui.js";

export interface NameFormProps {
  /** The button's words ("Merken", "Platz nehmen"). */
  readonly submit: string;
  /** Called with the saved name, once the server has taken it (or could not be reached). */
  readonly onSaved?: (name: string) => void;
  /** The name the server refused last time and why, in the player's language (shown while that name is typed). */
  readonly refusal?: { readonly name: string; readonly text: string } | null;
  readonly autoFocus?: boolean;
}

/**
 * Why the server refused a name, in the player's language (NAME_TAKEN: an account holds it already), and that the
 * name this device had stays.
 */
function refusalText(
  ui: Ui,
  error: { readonly code: string; readonly message: string; readonly reason?: string; readonly name: string },
) {
  const why =
    error.code === "NAME_TAKEN"
      ? playerTexts(ui.lang)("nameTaken")
      : errorText(ui, error.code, error.reason ?? error.message);
  const kept = hasChosenName() ? settings.get().name : null;
  return kept === null || kept === error.name ? why : `${why} ${playerTexts(ui.lang)("nameNotSaved", { name: kept })}`;
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
  // Signed in with the passkey of the name the server refused: welcome instead of "saved".
  const [welcome, setWelcome] = useState<string | null>(null);
  const refused = useStore(nameRefusal);
  // Typing since a name was sent makes its answer stale.
  const edits = useRef(0);
  /** Keeps a good name; "saved" shows (and `onSaved` hears) once the server took it. */
  const keep = (raw: string, then?: (name: string) => void): boolean => {
    if (!saveName(raw)) return false;
    const name = cleanName(raw);
    const edit = edits.current;
    void settled().then(() => {
      if (nameRefusal.get()?.name === name || edits.current !== edit) return;
      setSaved(name);
      then?.(name);
    });
    return true;
  };
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
        if (!keep(value, onSaved)) return;
        setValue(cleanName(value));
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
          onInput={(e) => (setValue(e.currentTarget.value), setSaved(null), edits.current++)}
          // Leaving the field keeps a good name too: "Tisch eröffnen" right after typing must not lose it.
          onChange={(e) => keep(e.currentTarget.value)}
        />
      </label>
      <button type="submit" class="btn btn--primary" data-action="save-name">
        {submit}
      </button>
      {message ? (
        <p id={`${id}-problem`} class="name-form__problem" role="alert" data-problem>
          {message}
        </p>
      ) : saved && cleanName(value) === saved ? (
        <p class="name-form__saved" role="status">
          {welcome === saved ? playerTexts(ui.lang)("signedIn", { name: saved }) : ui.tr("nameSaved")}
        </p>
      ) : null}
      {/* An account's name: its owner signs in right here. */}
      {refused?.code === "NAME_TAKEN" && cleanName(value) === refused.name ? (
        <PasskeySignIn
          onSignedIn={(player) => {
            setValue(player.name);
            setSaved(player.name);
            setWelcome(player.name);
            onSaved?.(player.name);
          }}
        />
      ) : null}
    </form>
  );
}

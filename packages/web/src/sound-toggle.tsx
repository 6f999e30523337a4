import { changeSettings } from "./settings.js";
import { useUi } from "./ui.js";

/** Switches sound on (with a short sample, as the click allows audio) or off; the setting is remembered. */
function setSound(on: boolean): void {
  changeSettings({ sound: on });
  if (on) void import("./sound.js").then((m) => m.playSounds(["yourTurn"]));
}

/**
 * The sound switch: `compact` is one button for the table's top bar, otherwise an on/off pair like the start
 * page's other settings.
 */
export function SoundToggle({ compact = false }: { compact?: boolean }) {
  const ui = useUi();
  const on = ui.settings.sound;
  if (compact)
    return (
      <button
        type="button"
        class="btn btn--ghost sound-toggle"
        aria-pressed={on}
        data-action="sound"
        title={`${ui.tr("sound")}: ${on ? ui.tr("soundOn") : ui.tr("soundOff")}`}
        onClick={() => setSound(!on)}
      >
        <svg class="sound-toggle__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
          {on ? (
            <path
              d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12"
              fill="none"
              stroke="currentColor"
              stroke-width="2"
              stroke-linecap="round"
            />
          ) : (
            <path
              d="M16.5 9.5l5 5m0-5l-5 5"
              fill="none"
              stroke="currentColor"
              stroke-width="2"
              stroke-linecap="round"
            />
          )}
        </svg>
        <span class="sr-only">{ui.tr("sound")}</span>
      </button>
    );
  return (
    <fieldset class="toggle">
      <legend>{ui.tr("sound")}</legend>
      {([true, false] as const).map((value) => (
        <button
          type="button"
          aria-pressed={on === value}
          data-sound={value ? "on" : "off"}
          onClick={() => setSound(value)}
        >
          {ui.tr(value ? "soundOn" : "soundOff")}
        </button>
      ))}
    </fieldset>
  );
}

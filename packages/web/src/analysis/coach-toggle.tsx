import { changeSettings } from "../settings.js";
import type { Ui } from "../ui.js";

/** The switch for the coach's marks after your moves (remembered in the settings; small, for the start page). */
export function MoveMarkToggle({ ui }: { ui: Ui }) {
  return (
    <label class="coach-toggle" style={{ display: "flex", alignItems: "center", gap: "8px", margin: "8px 0" }}>
      <input
        type="checkbox"
        name="coach-marks"
        checked={ui.settings.coachMarks}
        onChange={(e) => changeSettings({ coachMarks: e.currentTarget.checked })}
      />{" "}
      {ui.tr("coachMarks")}
    </label>
  );
}

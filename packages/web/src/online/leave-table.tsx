import { useState } from "preact/hooks";
import { ConfirmDialog } from "../screens/confirm-dialog.js";
import { useStore } from "../store.js";
import { useUi } from "../ui.js";
import type { OnlineGame } from "./online-game.js";

/** A door with an arrow out of it: the button on the narrowest phones, where its word takes the rules' room. */
const DoorIcon = () => (
  <svg
    class="leave-table__icon"
    width="20"
    height="20"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    stroke-width="2"
    stroke-linecap="round"
    stroke-linejoin="round"
    aria-hidden="true"
  >
    <path d="M13 4H5v16h8M10 12h11M17 8l4 4-4 4" />
  </svg>
);

/**
 * "Tisch verlassen": gives the seat up for good, unlike "Menü", which keeps it for someone who only looks away. A
 * waiting table frees the seat at once; during a match the player is asked first, since the computer plays the seat
 * from then on. The host of a waiting table keeps the seat (the server does not free it: nobody else could start the
 * match): the question says so, and how the others can still play. Spectators have nothing to leave.
 */
export function LeaveTable({ game, onLeft }: { game: OnlineGame; onLeft: () => void }) {
  const ui = useUi();
  const model = useStore(game.store);
  const { table } = useStore(game.status);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (model.seat === null || !table) return null;
  const hostWaits = table.status === "lobby" && model.seat === table.host && table.quick !== true;
  const ask = hostWaits || table.status === "playing";
  const leave = async () => {
    setAsking(false);
    setBusy(true);
    const done = await game.leave();
    setBusy(false);
    if (done) onLeft();
  };
  return (
    <>
      <button
        type="button"
        class="btn btn--ghost leave-table"
        data-action="leave-table"
        // Nothing reaches the server while the connection is down (the bar says so).
        disabled={busy || model.connection === "reconnecting"}
        onClick={() => (ask ? setAsking(true) : void leave())}
      >
        <DoorIcon />
        <span class="leave-table__long">{ui.tr("leaveTable")}</span>
        <span class="leave-table__short" aria-hidden="true">
          {ui.tr("leaveTableShort")}
        </span>
      </button>
      <ConfirmDialog
        open={asking}
        title={ui.tr("leaveTableTitle")}
        text={ui.tr(hostWaits ? "leaveTableHost" : "leaveTableMatch")}
        cancel={ui.tr("leaveStay")}
        confirm={ui.tr("leaveTable")}
        onCancel={() => setAsking(false)}
        onConfirm={() => void leave()}
      />
    </>
  );
}

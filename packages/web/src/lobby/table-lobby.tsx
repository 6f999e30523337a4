import "./lobby.css";
import { useEffect, useState } from "preact/hooks";
import type { TableInfo, Visibility } from "@schwimmen/server/protocol";
import { useLobbyText } from "./lobby-texts.js";

/** A waiting quick-match table: how long until bots take the free seats (counted down each second). */
export function QuickWait({ table }: { readonly table: TableInfo }) {
  const tr = useLobbyText();
  const [now, setNow] = useState(Date.now);
  const fillAt = table.fillAt;
  useEffect(() => {
    if (fillAt === null) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [fillAt]);
  if (!table.quick || table.status !== "lobby") return null;
  const seconds = fillAt === null ? 0 : Math.max(0, Math.ceil((fillAt - now) / 1000));
  return (
    <p class="quick-wait" role="status" data-quick-wait={seconds}>
      {tr("quickWaiting")} {seconds > 0 ? tr("quickFillIn", { s: seconds }) : tr("quickFillNow")}
    </p>
  );
}

/** The host's switch between a public table (listed in the lobby) and a private one, while the table waits. */
export function VisibilitySwitch({
  table,
  onChange,
}: {
  readonly table: TableInfo;
  readonly onChange: (visibility: Visibility) => void;
}) {
  const tr = useLobbyText();
  if (table.quick || table.status !== "lobby") return null;
  const isPublic = table.visibility === "public";
  // The lobby lists only tables with a free seat: a full public table is not in it (until a seat is free again).
  const full = !table.seats.some((seat) => seat.kind === "free");
  return (
    <p class="online-bar__line" data-visibility={table.visibility} data-full={full ? "" : undefined}>
      {tr(isPublic ? (full ? "visibilityPublicFull" : "visibilityPublic") : "visibilityPrivate")}{" "}
      <button
        type="button"
        class="btn btn--ghost"
        data-action="toggle-visibility"
        onClick={() => onChange(isPublic ? "private" : "public")}
      >
        {tr(isPublic ? "makePrivate" : "makePublic")}
      </button>
    </p>
  );
}

/** How many watch the table without a seat (public tables are open to spectators from the lobby). */
export function SpectatorCount({ table }: { readonly table: TableInfo }) {
  const tr = useLobbyText();
  if (!table.spectators) return null;
  return (
    <p class="online-bar__line" data-spectators={table.spectators}>
      {tr(table.spectators === 1 ? "spectatorOne" : "spectatorsCount", { n: table.spectators })}
    </p>
  );
}

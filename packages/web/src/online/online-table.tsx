import { useEffect, useMemo, useState } from "preact/hooks";
import { settings } from "../settings.js";
import { useStore } from "../store.js";
import { TableScreen } from "../table/table-screen.js";
import { useUi } from "../ui.js";
import { type OnlineGame, createOnlineGame } from "./online-game.js";

export interface OnlineTableProps {
  /** The table to join; null with `params` (seats, bot) to create one. */
  readonly code: string | null;
  readonly params: URLSearchParams;
  readonly onMenu: () => void;
}

function OnlineBar({ game }: { game: OnlineGame }) {
  const ui = useUi();
  const model = useStore(game.store);
  const [copied, setCopied] = useState(false);
  if (!model.code) return null;
  const link = `${location.origin}/t/${model.code}`;
  const seated = model.players.filter((p) => !p.free).length;
  return (
    <div class="online-bar">
      <span>
        {ui.tr("tableCode")}: <code data-code={model.code}>{model.code}</code>
      </span>
      <button
        type="button"
        class="btn btn--ghost"
        onClick={() =>
          void navigator.clipboard?.writeText(link).then(
            () => setCopied(true),
            () => undefined,
          )
        }
      >
        {copied ? ui.tr("copied") : ui.tr("copyLink")}
      </button>
      {model.connection === "lobby" ? <span>{ui.tr("waitingPlayers", { n: seated })}</span> : null}
      {model.connection === "reconnecting" ? <span role="status">{ui.tr("connectionLost")}</span> : null}
      {model.seat !== null && model.players[model.seat]?.away ? (
        <button type="button" class="btn btn--primary" data-action="back" onClick={() => game.back()}>
          {ui.tr("imBack")}
        </button>
      ) : null}
      {model.canStart ? (
        <button type="button" class="btn btn--primary" data-action="start-match" onClick={() => game.start()}>
          {ui.tr("startMatch")}
        </button>
      ) : null}
    </div>
  );
}

/** A table on the server: create it (from the start page) or join it by code or invite link. */
export function OnlineTable({ code, params, onMenu }: OnlineTableProps) {
  const game = useMemo(() => {
    const current = settings.get();
    const seats = Math.min(9, Math.max(2, Number(params.get("seats")) || 4));
    const botLevel = params.get("bot") ?? undefined;
    return createOnlineGame({
      code,
      playerName: current.name,
      ...(code === null
        ? {
            create: {
              seats,
              rules: current.rules,
              tableName: `${current.name}: Schwimmen`.slice(0, 40),
              ...(botLevel ? { botLevel } : {}),
            },
          }
        : {}),
      // The address becomes the table's, so a reload or a shared link comes back here; no new screen is mounted.
      onCode: (newCode) => history.replaceState(null, "", `#/t/${newCode}`),
    });
  }, [code]);
  useEffect(() => () => game.dispose(), [game]);
  const openReplay = (record: unknown) => {
    sessionStorage.setItem("schwimmen.replay", JSON.stringify(record));
    location.hash = "#/replay";
  };
  return <TableScreen game={game} onMenu={onMenu} onReplay={openReplay} header={<OnlineBar game={game} />} />;
}

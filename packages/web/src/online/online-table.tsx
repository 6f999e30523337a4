import "./online.css";
import { useEffect, useMemo, useState } from "preact/hooks";
import { openReplay } from "../game/replay-link.js";
import { hasChosenName, playerReady } from "../player-name.js";
import { settings } from "../settings.js";
import { useStore } from "../store.js";
import { TableScreen } from "../table/table-screen.js";
import { useUi } from "../ui.js";
import type { TableInfo } from "@schwimmen/server/protocol";
import { errorText } from "./errors.js";
import { LeaveTable } from "./leave-table.js";
import { OnlineBar } from "./online-bar.js";
import { createOnlineGame } from "./online-game.js";
import { NameStep, ProblemPage } from "./online-pages.js";
import { formatCode, normalizeCode } from "./table-code.js";
import { ChatDock, KickedPage } from "../chat/chat-dock.js";
import { lobbyTranslator, presetName } from "../lobby/lobby-texts.js";

/**
 * "Play against the computer instead" must work when the server (or the network) is gone: once this screen is here,
 * the local table's code is fetched as well and the computer players' worker started, so that the page has both.
 */
function prefetchLocalPlay(): void {
  const load = () => {
    void import("../screens/local-table.js").catch(() => undefined);
    void import("../game/bot-client.js").then((bots) => bots.botAsk()).catch(() => undefined);
  };
  if ("requestIdleCallback" in window) requestIdleCallback(load, { timeout: 5000 });
  else setTimeout(load, 2000);
}
prefetchLocalPlay();

export interface OnlineTableProps {
  /** The table to join as typed or linked (any case, dash or not); null with `params` (seats, bot) to create one. */
  readonly code: string | null;
  readonly params: URLSearchParams;
  readonly onMenu: () => void;
}

interface SessionProps {
  readonly code: string | null;
  readonly params: URLSearchParams;
  readonly onMenu: () => void;
  /** Starts over with a new connection (after a refusal such as RATE_LIMITED). */
  readonly onRestart: () => void;
}

/** One connection to one table, from the first answer on: the table, or why there is none. */
function OnlineSession({ code, params, onMenu, onRestart }: SessionProps) {
  const ui = useUi();
  const game = useMemo(() => {
    const current = settings.get();
    const seats = Math.min(20, Math.max(2, Number(params.get("seats")) || 4));
    const botLevel = params.get("bot") ?? undefined;
    const created = createOnlineGame({
      code,
      playerName: current.name,
      // The seat is the player's only if the server knows the player as the connection opens (see playerReady).
      session: playerReady(),
      ...(code !== null && params.has("watch") ? { watchOnly: true } : {}),
      ...(code === null && params.has("quick")
        ? { quick: { preset: params.get("preset") ?? "standard", seats: Number(params.get("seats")) || 4 } }
        : {}),
      ...(code === null && !params.has("quick")
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
      onCode: (newCode) => {
        history.replaceState(null, "", `#/t/${formatCode(newCode)}`);
        // Opened from the lobby ("Eigenen Tisch eröffnen"): listed there at once.
        if (params.has("public")) created.setVisibility("public");
      },
    });
    return created;
  }, []);
  useEffect(() => () => game.dispose(), [game]);
  const status = useStore(game.status);
  // The address names the table and its match, so that a reload or a shared link shows the same match.
  const replay = (record: unknown) => {
    const table = game.status.get().table;
    openReplay(record, table && table.match > 0 ? { code: table.code, match: table.match } : null);
  };
  if (status.stage === "stopped" && status.problem === "KICKED")
    return <KickedPage code={status.detail} onMenu={onMenu} />;
  if (status.stage === "stopped")
    return (
      <ProblemPage
        problem={{ kind: "stopped", code: status.table?.code ?? code, error: status.problem ?? "INTERNAL" }}
        onRetry={onRestart}
      />
    );
  if (status.stage === "unreachable")
    return <ProblemPage problem={{ kind: "unreachable" }} onRetry={() => game.retry()} />;
  if (status.stage === "name")
    return (
      <NameStep
        code={code}
        watch={code !== null && params.has("watch")}
        refusal={status.problem ? { name: status.name, text: errorText(ui, status.problem, status.detail) } : null}
        onDone={(name) => game.rename(name)}
      />
    );
  return (
    <TableScreen
      game={game}
      onMenu={onMenu}
      onReplay={replay}
      rulesTitle={presetName(lobbyTranslator(ui.lang), status.table?.preset ?? null) || undefined}
      topActions={<LeaveTable game={game} onLeft={onMenu} />}
      header={
        <OnlineBar game={game}>
          <ChatDock game={game} />
        </OnlineBar>
      }
    />
  );
}

/**
 * A first visit by invite link: the table is looked up first (no name is asked for a table that does not exist),
 * and the host is named in the invitation.
 */
function FirstVisit({
  code,
  watch,
  onDone,
}: {
  readonly code: string | null;
  readonly watch: boolean;
  readonly onDone: () => void;
}) {
  const [peek, setPeek] = useState<{ missing: boolean; host: string | null } | null>(code ? null : EMPTY_PEEK);
  useEffect(() => {
    if (!code) return;
    let live = true;
    fetch(`/api/tables/${code}`)
      .then(async (response) => {
        if (response.status === 404) return { missing: true, host: null };
        const table = response.ok ? ((await response.json()) as Partial<TableInfo>) : null;
        return { missing: false, host: table?.seats?.[table.host ?? 0]?.name ?? null };
      })
      // Whatever else goes wrong, the join will tell.
      .catch(() => EMPTY_PEEK)
      .then((found) => live && setPeek(found));
    return () => {
      live = false;
    };
  }, [code]);
  if (!peek) return null;
  if (peek.missing)
    return <ProblemPage problem={{ kind: "stopped", code, error: "TABLE_NOT_FOUND" }} onRetry={() => undefined} />;
  return <NameStep code={code} host={peek.host} watch={watch} refusal={null} onDone={onDone} />;
}
const EMPTY_PEEK = { missing: false, host: null };

/**
 * A table on the server: create it (from the start page) or join it by code or invite link. A code that cannot be one
 * is answered at once; a player without a name on this device is asked for one first.
 */
export function OnlineTable({ code, params, onMenu }: OnlineTableProps) {
  const [named, setNamed] = useState(hasChosenName);
  const [attempt, setAttempt] = useState(0);
  const target = code === null ? null : normalizeCode(code);
  if (code !== null && target === null) {
    let shown = code;
    try {
      shown = decodeURIComponent(code);
    } catch {
      // Shown as it came.
    }
    return <ProblemPage problem={{ kind: "badCode", text: shown }} onRetry={() => undefined} />;
  }
  if (!named) return <FirstVisit code={target} watch={params.has("watch")} onDone={() => setNamed(true)} />;
  return (
    <OnlineSession
      key={`${target}:${attempt}`}
      code={target}
      params={params}
      onMenu={onMenu}
      onRestart={() => setAttempt((n) => n + 1)}
    />
  );
}

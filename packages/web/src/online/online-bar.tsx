import { useEffect, useRef, useState } from "preact/hooks";
import { cleanName } from "../player-name.js";
import { useStore } from "../store.js";
import { useUi } from "../ui.js";
import { closeText, errorText } from "./errors.js";
import type { OnlineGame } from "./online-game.js";
import { formatCode } from "./table-code.js";
import { QuickWait, SpectatorCount, VisibilitySwitch } from "../lobby/table-lobby.js";
import { moneyText } from "@schwimmen/rules";
import { stakeText } from "../stakes/texts.js";

/** How long "Kopiert" and a refused move's notice stay. */
const COPIED_MS = 2000;
const NOTICE_MS = 6000;
/** Failed attempts in a row before the bar offers to try again at once. */
const OFFER_RETRY_AFTER = 3;

/** "Link kopieren": copies the invite link; where the clipboard cannot be used, shows the link selected instead. */
function CopyLink({ link }: { link: string }) {
  const ui = useUi();
  const [state, setState] = useState<"idle" | "copied" | "select">("idle");
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (state === "copied") {
      const timer = setTimeout(() => setState("idle"), COPIED_MS);
      return () => clearTimeout(timer);
    }
    if (state === "select") field.current?.select();
    return undefined;
  }, [state]);
  const copy = () => {
    if (!navigator.clipboard?.writeText) return setState("select");
    navigator.clipboard.writeText(link).then(
      () => setState("copied"),
      () => setState("select"),
    );
  };
  return (
    <>
      <button type="button" class="btn btn--ghost" data-action="copy-link" onClick={copy}>
        {state === "copied" ? ui.tr("copied") : ui.tr("copyLink")}
      </button>
      {state === "select" ? (
        <label class="online-bar__link">
          <span class="sr-only">{ui.tr("inviteLink")}</span>
          <input readOnly value={link} ref={field} onFocus={(e) => e.currentTarget.select()} data-invite-link />
          <span role="status">{ui.tr("copyFallback")}</span>
        </label>
      ) : null}
    </>
  );
}

/** A refused move or request in words, for a few seconds. */
function Notice({ notice }: { notice: { code: string; at: number } | null }) {
  const ui = useUi();
  const [hidden, setHidden] = useState<number | null>(null);
  useEffect(() => {
    if (!notice) return undefined;
    const timer = setTimeout(() => setHidden(notice.at), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice?.at]);
  if (!notice || hidden === notice.at) return null;
  return (
    <p class="online-bar__notice" role="alert" data-notice={notice.code}>
      {errorText(ui, notice.code)}
    </p>
  );
}

/** Above an online table: the code to share, who the host is and who waits for whom, spectators, the connection. */
export function OnlineBar({ game, children }: { game: OnlineGame; children?: preact.ComponentChildren }) {
  const ui = useUi();
  const model = useStore(game.store);
  const status = useStore(game.status);
  const { table, down } = status;
  const reconnecting = model.connection === "reconnecting";
  if (!model.code || !table) return null;
  const me = model.seat;
  const hostName = table.seats[table.host]?.name ?? "";
  const isHost = me !== null && me === table.host;
  const myName = me !== null ? (table.seats[me]?.name ?? "") : "";
  const wanted = cleanName(status.name);
  const seated = model.players.filter((p) => !p.free).length;
  const full = !table.seats.some((seat) => seat.kind === "free");
  // A host who left (or whose connection is gone) still holds the seat of a waiting table: nobody else can start.
  const hostGone = table.seats[table.host]?.connected === false;
  let waiting: string | null = null;
  if (me !== null && table.status === "lobby" && table.quick) waiting = null;
  else if (me !== null && table.status === "lobby" && isHost) waiting = ui.tr(full ? "hostLobbyFull" : "hostLobby");
  else if (me !== null && table.status === "lobby")
    waiting = ui.tr(hostGone ? "hostAway" : "waitingForHost", { name: hostName });
  else if (me !== null && table.status === "over" && !isHost) waiting = ui.tr("waitingRematch", { name: hostName });
  return (
    <div class="online-bar" data-table-status={table.status}>
      <span>
        {/* On a narrow screen the code speaks for itself; screen readers always hear what it is. */}
        <span class="online-bar__label" aria-hidden="true">
          {ui.tr("tableCode")}:{" "}
        </span>
        <span class="sr-only">{ui.tr("tableCode")} </span>
        <code data-code={model.code}>{formatCode(model.code)}</code>
      </span>
      <CopyLink link={`${location.origin}${table.invitePath}`} />
      {children}
      {me === null ? (
        <p class="online-bar__line" data-spectator>
          <strong class="online-bar__badge">{ui.tr("spectator")}</strong>{" "}
          {status.watching === "chosen" ? "" : ui.tr(status.watching === "full" ? "spectatorFull" : "spectatorStarted")}{" "}
          {ui.tr("hostIs", { name: hostName })}
        </p>
      ) : null}
      {waiting ? (
        <p class="online-bar__line" role="status" data-waiting={isHost ? "host" : "guest"}>
          {waiting}
          {isHost && table.status === "lobby" && !full ? ` ${ui.tr("waitingPlayers", { n: seated })}` : null}
        </p>
      ) : null}
      {table.status === "lobby" && ((table.stake ?? 0) > 0 || table.dealerByLot) ? (
        <p class="online-bar__line" data-stake={table.stake ?? 0}>
          {[
            ...((table.stake ?? 0) > 0
              ? [stakeText(ui.lang, "stakeLine", { stake: moneyText(table.stake ?? 0, ui.lang) })]
              : []),
            ...(table.dealerByLot ? [stakeText(ui.lang, "lotLabel")] : []),
          ].join(" · ")}
        </p>
      ) : null}
      {me !== null ? <QuickWait table={table} /> : null}
      <SpectatorCount table={table} />
      {isHost ? <VisibilitySwitch table={table} onChange={(v) => game.setVisibility(v)} /> : null}
      {me !== null && table.status === "lobby" && myName !== wanted && myName.startsWith(wanted) ? (
        <p class="online-bar__line" data-renamed>
          {ui.tr("renamed", { name: myName })}
        </p>
      ) : null}
      {reconnecting && down ? (
        <p class="online-bar__line" role="status" data-down={down.code}>
          {down.failures >= OFFER_RETRY_AFTER ? ui.tr("unreachableTitle") : closeText(ui, down.code)}
          {down.failures >= OFFER_RETRY_AFTER ? (
            <button type="button" class="btn btn--ghost" data-action="retry" onClick={() => game.retry()}>
              {ui.tr("retry")}
            </button>
          ) : null}
        </p>
      ) : null}
      <Notice notice={status.notice} />
      {me !== null && model.players[me]?.away ? (
        <button
          type="button"
          class="btn btn--primary"
          data-action="back"
          disabled={reconnecting}
          onClick={() => game.back()}
        >
          {ui.tr("imBack")}
        </button>
      ) : null}
      {model.canStart ? (
        <button
          type="button"
          class="btn btn--primary"
          data-action="start-match"
          disabled={reconnecting}
          onClick={() => game.start()}
        >
          {ui.tr("startMatch")}
        </button>
      ) : null}
    </div>
  );
}

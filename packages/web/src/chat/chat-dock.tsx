/**
 * The chat at an online table: a small button in the table's bar (with the count of unread lines) that opens a
 * drawer. Closed, it takes no room from the hand or the moves; open, it lies over the table's side until closed
 * (Escape or the close button). On a wide screen, with room beside the table, it starts open.
 * The drawer also lists the people at the table: mute any of them for yourself, and (the host, while the table
 * waits) remove one.
 */
import type { ChatLine, TableInfo } from "@schwimmen/server/protocol";
import { useEffect, useRef } from "preact/hooks";
import type { OnlineGame } from "../online/online-game.js";
import { formatCode } from "../online/table-code.js";
import { useStore } from "../store.js";
import { ChatPanel } from "./chat-panel.js";
import { BubbleIcon } from "./icons.js";
import { useChatText } from "./chat-texts.js";
import { muteKey, mutes, setMuted } from "./mutes.js";

/** Wide enough for the drawer beside the table (the table is at most 1100 px wide). */
const BESIDE = "(min-width: 1780px)";

function People({ game, table, me }: { game: OnlineGame; table: TableInfo; me: number | null }) {
  const t = useChatText();
  const muted = useStore(mutes);
  const people = table.seats.filter((s) => s.kind === "human");
  // A quick-match table has no host (the server refuses kicks there).
  const canKick = me !== null && me === table.host && table.status === "lobby" && table.quick !== true;
  return (
    <details class="chat__people" open={canKick}>
      <summary>{t("chatPeople")}</summary>
      <ul>
        {people.map((s) => {
          const key = muteKey({ player: s.player ?? null, name: s.name ?? "" });
          const isMuted = muted.includes(key);
          const name = s.name ?? "";
          return (
            <li key={s.seat} data-person={s.seat} data-muted={isMuted ? "" : undefined}>
              <span class="chat__name">{name}</span>
              {s.seat === me ? <span class="chat__tag"> ({t("chatYou")})</span> : null}
              {s.seat === table.host && s.seat !== me ? <span class="chat__tag"> ({t("chatHost")})</span> : null}
              {isMuted ? (
                <span class="chat__tag chat__tag--muted" data-muted-label>
                  {" "}
                  {t("chatMuted")}
                </span>
              ) : null}
              {s.seat !== me ? (
                <span class="chat__person-actions">
                  <button
                    type="button"
                    class="btn btn--ghost chat__small"
                    data-action={isMuted ? "chat-unmute" : "chat-mute"}
                    aria-pressed={isMuted}
                    onClick={() => setMuted(key, !isMuted)}
                  >
                    {isMuted ? t("chatUnmute") : t("chatMute")}
                  </button>
                  {canKick ? (
                    <button
                      type="button"
                      class="btn btn--ghost chat__small"
                      data-action="kick"
                      onClick={() => {
                        if (confirm(t("chatRemoveConfirm", { name }))) game.kick(s.seat);
                      }}
                    >
                      {t("chatRemove")}
                    </button>
                  ) : null}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </details>
  );
}

export function ChatDock({ game }: { game: OnlineGame }) {
  const t = useChatText();
  const view = useStore(game.chat.view);
  const status = useStore(game.status);
  const model = useStore(game.store);
  const toggle = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (typeof matchMedia === "function" && matchMedia(BESIDE).matches) game.chat.setOpen(true);
  }, [game]);
  useEffect(() => {
    if (!view.open) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || !drawer.current?.contains(document.activeElement)) return;
      game.chat.setOpen(false);
      toggle.current?.focus();
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, [view.open]);
  const table = status.table;
  if (!table) return null;
  const me = model.seat;
  const own = (line: ChatLine) => me !== null && line.seat === me;
  const label = view.unread > 0 ? `${t("chatOpen")}, ${t("chatUnread", { n: view.unread })}` : t("chatOpen");
  return (
    <>
      <button
        type="button"
        ref={toggle}
        class="btn btn--ghost chat-toggle"
        data-action="chat-toggle"
        aria-expanded={view.open}
        aria-controls="chat-drawer"
        aria-label={view.open ? t("chatClose") : label}
        onClick={() => game.chat.setOpen(!view.open)}
      >
        <BubbleIcon />
        <span class="chat-toggle__word">{t("chat")}</span>
        {view.unread > 0 && !view.open ? (
          <span class="chat-toggle__unread" data-unread={view.unread}>
            {view.unread > 99 ? "99+" : view.unread}
          </span>
        ) : null}
      </button>
      {view.open ? (
        <div class="chat-drawer" id="chat-drawer" ref={drawer}>
          <div class="chat-drawer__head">
            <h2>{t("chatTable")}</h2>
            <button
              type="button"
              class="btn btn--ghost chat__small"
              data-action="chat-close"
              aria-label={t("chatClose")}
              onClick={() => {
                game.chat.setOpen(false);
                toggle.current?.focus();
              }}
            >
              ✕
            </button>
          </div>
          <ChatPanel
            channel={game.chat}
            title={t("chatTable")}
            own={own}
            readOnly={me === null ? t("chatSpectator") : null}
          >
            <People game={game} table={table} me={me} />
          </ChatPanel>
        </div>
      ) : null}
    </>
  );
}

/** The page a removed player sees instead of the table. */
export function KickedPage({ code, onMenu }: { code: string; onMenu: () => void }) {
  const t = useChatText();
  return (
    <main id="main" tabIndex={-1} class="page online-page" data-online-page="kicked">
      <section class="panel online-page__panel" aria-labelledby="kicked-title">
        <h1 id="kicked-title">{t("kickedTitle")}</h1>
        <p>{t("kickedText", { code: formatCode(code) })}</p>
        <p class="online-page__back">
          <button type="button" class="btn" data-action="to-start" onClick={onMenu}>
            ← {t("kickedMenu")}
          </button>
        </p>
      </section>
    </main>
  );
}

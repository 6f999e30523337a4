/**
 * A chat room's panel: the lines (plain text, muted speakers hidden), quick phrases, and a line to write with its
 * character count. Used at the online table (in a drawer, chat-dock.tsx) and in the lobby (lobby-chat.tsx).
 */
import "./chat.css";
import type { ChatLine, PhraseKey } from "@schwimmen/server/protocol";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { errorText } from "../online/errors.js";
import { useStore } from "../store.js";
import { useUi } from "../ui.js";
import { CHAT_CHARS, type ChatChannel, type ChatRefusal, chatLength } from "./chat-state.js";
import { PHRASES, type ChatTr, phraseKey, useChatText } from "./chat-texts.js";
import { MuteIcon } from "./icons.js";
import { isMuted, muteKey, mutes, setMuted } from "./mutes.js";

/** The words of a line: its text, or its quick phrase in the reader's language. */
const lineText = (line: ChatLine, t: ChatTr): string => line.text ?? (line.phrase ? t(phraseKey(line.phrase)) : "");

function Lines({ lines, own }: { lines: readonly ChatLine[]; own: (line: ChatLine) => boolean }) {
  const t = useChatText();
  const muted = useStore(mutes);
  const list = useRef<HTMLOListElement>(null);
  const shown = lines.filter((l) => !isMuted(l, muted));
  const last = shown.at(-1)?.id;
  // Whether the newest line is in sight (as of the last scroll): then it stays so when the list changes height.
  const atEnd = useRef(true);
  // New lines scroll into view.
  useLayoutEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
    atEnd.current = true;
  }, [last]);
  // The list gets shorter when a notice appears below it ("Nicht so schnell …") or the drawer shrinks: the newest
  // line is kept in sight, unless the reader has scrolled up to older ones.
  useEffect(() => {
    const el = list.current;
    if (!el || typeof ResizeObserver === "undefined") return undefined;
    const onScroll = () => {
      atEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < 4;
    };
    const observer = new ResizeObserver(() => {
      if (atEnd.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    el.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener("scroll", onScroll);
    };
  }, [shown.length > 0]);
  // Muted speakers whose lines are hidden here, each with a way back (in the lobby no list of people offers one).
  const hidden = new Map<string, string>();
  for (const line of lines) if (isMuted(line, muted)) hidden.set(muteKey(line), line.name);
  const unmute =
    hidden.size === 0 ? null : (
      <ul class="chat__hidden" data-chat-hidden>
        {[...hidden].map(([key, name]) => (
          <li key={key}>
            {t("chatMutedLine", { name })}{" "}
            <button
              type="button"
              class="btn btn--ghost chat__small"
              data-action="chat-unmute-line"
              onClick={() => setMuted(key, false)}
            >
              {t("chatUnmute")}
            </button>
          </li>
        ))}
      </ul>
    );
  if (shown.length === 0)
    return (
      <>
        <p class="chat__empty">{t("chatEmpty")}</p>
        {unmute}
      </>
    );
  return (
    <>
      <ol class="chat__lines" ref={list} aria-live="polite" aria-relevant="additions">
        {shown.map((line) => {
          const mine = own(line);
          return (
            <li key={line.id} class={mine ? "chat__line chat__line--own" : "chat__line"} data-chat-line={line.id}>
              <span class="chat__name" data-chat-name>
                {line.name}
              </span>
              <span class="chat__text" data-chat-text>
                {lineText(line, t)}
              </span>
              {mine ? null : (
                <button
                  type="button"
                  class="chat__mute"
                  data-action="chat-mute-line"
                  aria-label={`${t("chatMute")}: ${line.name}`}
                  title={t("chatMute")}
                  onClick={() => setMuted(muteKey(line), true)}
                >
                  <MuteIcon />
                </button>
              )}
            </li>
          );
        })}
      </ol>
      {unmute}
    </>
  );
}

function refusalText(refusal: ChatRefusal, t: ChatTr, ui: ReturnType<typeof useUi>, now: number): string {
  if (refusal.code === "RATE_LIMITED" && refusal.until !== null) {
    return t("chatWait", { s: Math.max(1, Math.ceil((refusal.until - now) / 1000)) });
  }
  if (refusal.code === "NOT_A_PLAYER") return t("chatSpectator");
  if (refusal.code === "NAME_REQUIRED") return t("chatNameNeeded");
  return errorText(ui, refusal.code);
}

/** What the player writes: the draft with its count, and the quick phrases. */
function Compose({ channel }: { channel: ChatChannel }) {
  const ui = useUi();
  const t = useChatText();
  const { refusal } = useStore(channel.view);
  const [draft, setDraft] = useState("");
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(Date.now());
  const waiting = refusal?.code === "RATE_LIMITED" && refusal.until !== null && refusal.until > now;
  useEffect(() => {
    if (!waiting || !refusal?.until) return undefined;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(1000, refusal.until - Date.now()) + 20);
    return () => clearTimeout(timer);
  }, [waiting, now, refusal?.at]);
  useEffect(() => setNow(Date.now()), [refusal?.at]);
  const length = chatLength(draft);
  const tooLong = length > CHAT_CHARS;
  const submit = async (e: Event) => {
    e.preventDefault();
    if (busy || tooLong || length === 0) return;
    setBusy(true);
    const sent = await channel.say(draft);
    setBusy(false);
    if (sent) setDraft("");
  };
  const sendPhrase = async (phrase: PhraseKey) => {
    setBusy(true);
    await channel.phrase(phrase);
    setBusy(false);
  };
  return (
    <div class="chat__compose">
      <div class="chat__phrases" role="group" aria-label={t("chatPhrases")}>
        {PHRASES.map((phrase) => (
          <button
            key={phrase}
            type="button"
            class="chat__phrase"
            data-phrase={phrase}
            disabled={busy}
            onClick={() => void sendPhrase(phrase)}
          >
            {t(phraseKey(phrase))}
          </button>
        ))}
      </div>
      <form class="chat__form" onSubmit={(e) => void submit(e)}>
        <label class="sr-only" for="chat-draft">
          {t("chatInput")}
        </label>
        <input
          id="chat-draft"
          class="chat__input"
          data-chat-input
          autocomplete="off"
          enterkeyhint="send"
          placeholder={t("chatInput")}
          value={draft}
          aria-invalid={tooLong}
          aria-describedby="chat-count"
          onInput={(e) => setDraft(e.currentTarget.value)}
        />
        <button
          type="submit"
          class="btn btn--primary chat__send"
          data-action="chat-send"
          disabled={busy || tooLong || length === 0}
        >
          {t("chatSend")}
        </button>
      </form>
      <p id="chat-count" class={tooLong ? "chat__count chat__count--over" : "chat__count"} data-chat-count={length}>
        {tooLong ? `${t("chatTooLong", { max: CHAT_CHARS })} ` : null}
        {t("chatCount", { n: length, max: CHAT_CHARS })}
      </p>
      {refusal && (refusal.code !== "RATE_LIMITED" || waiting) ? (
        <p class="chat__refusal" role="alert" data-chat-refusal={refusal.code}>
          {refusalText(refusal, t, ui, now)}
        </p>
      ) : null}
    </div>
  );
}

export interface ChatPanelProps {
  readonly channel: ChatChannel;
  readonly title: string;
  /** Whether a line is this page's own (it gets no mute button). */
  readonly own: (line: ChatLine) => boolean;
  /** Why this page only reads (a spectator), or null when it may write. */
  readonly readOnly: string | null;
  /** Shown above the lines (the people at the table). */
  readonly children?: preact.ComponentChildren;
}

export function ChatPanel({ channel, title, own, readOnly, children }: ChatPanelProps) {
  const { lines } = useStore(channel.view);
  return (
    <section class="chat" aria-label={title} data-chat>
      {children}
      <Lines lines={lines} own={own} />
      {readOnly ? (
        <p class="chat__readonly" data-chat-readonly>
          {readOnly}
        </p>
      ) : (
        <Compose channel={channel} />
      )}
    </section>
  );
}

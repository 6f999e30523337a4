/**
 * One chat room on the page (a table's or the lobby's): its lines, what is unread while the panel is closed, the
 * last refusal. The room sends through `request` (the page's socket) and is fed pushes by its owner.
 */
import type { ChatLine, LIMITS, PhraseKey, ServerMessage } from "@schwimmen/server/protocol";
import { cleanName } from "../player-name.js";
import { createStore, type Store } from "../store.js";
import { isMuted, mutes } from "./mutes.js";

/** The server's limit in code points (a type-only import keeps the validation library out of the page). */
export const CHAT_CHARS: (typeof LIMITS)["chatChars"] = 200;
/** Lines the page keeps (the server sends at most 50 with a sync). */
const KEPT = 100;

/** Characters of a draft as the server counts them: tidied, then code points. */
export const chatLength = (draft: string): number => [...cleanName(draft)].length;

export interface ChatRefusal {
  readonly code: string;
  /** For RATE_LIMITED: when the next line will be taken (page clock, epoch ms). */
  readonly until: number | null;
  readonly at: number;
}

export interface ChatView {
  readonly lines: readonly ChatLine[];
  /** Lines from others (not muted) that came while the panel was closed. */
  readonly unread: number;
  readonly open: boolean;
  readonly refusal: ChatRefusal | null;
}

export interface ChatChannel {
  readonly view: Store<ChatView>;
  /** Sends a line; true when the server took it. */
  say(text: string): Promise<boolean>;
  phrase(key: PhraseKey): Promise<boolean>;
  /** A line from the server (a push, or the answer to this page's own line). */
  receive(line: ChatLine, own?: boolean): void;
  /** The room's newest lines as a sync or history brings them. */
  reset(lines: readonly ChatLine[]): void;
  setOpen(open: boolean): void;
  /** Whether this page sent the line. */
  isOwn(line: ChatLine): boolean;
}

export type ChatRequest = (fields: { text?: string; phrase?: PhraseKey }) => Promise<ServerMessage>;

export function createChatChannel(request: ChatRequest, open = false): ChatChannel {
  const view = createStore<ChatView>({ lines: [], unread: 0, open, refusal: null });
  const sent = new Set<number>();
  const add = (lines: readonly ChatLine[], line: ChatLine): readonly ChatLine[] =>
    lines.some((l) => l.id === line.id) ? lines : [...lines, line].sort((a, b) => a.id - b.id).slice(-KEPT);
  const receive = (line: ChatLine, own = false) =>
    view.update((v) => {
      const lines = add(v.lines, line);
      const fresh = lines !== v.lines && !own && !v.open && !isMuted(line, mutes.get());
      return { ...v, lines, unread: v.unread + (fresh ? 1 : 0) };
    });
  const send = async (fields: { text?: string; phrase?: PhraseKey }): Promise<boolean> => {
    const answer = await request(fields);
    if (answer.type === "chatMessage") {
      if (sent.size >= KEPT) sent.delete(sent.values().next().value!);
      sent.add(answer.message.id);
      receive(answer.message, true);
      view.update((v) => ({ ...v, refusal: null }));
      return true;
    }
    if (answer.type === "error") {
      const until = answer.retryAfterMs === undefined ? null : Date.now() + answer.retryAfterMs;
      view.update((v) => ({ ...v, refusal: { code: answer.code, until, at: Date.now() } }));
    }
    return false;
  };
  return {
    view,
    say: (text) => send({ text: cleanName(text) }),
    phrase: (phrase) => send({ phrase }),
    receive,
    reset: (lines) => view.update((v) => ({ ...v, lines: lines.reduce(add, [] as readonly ChatLine[]) })),
    isOwn: (line) => sent.has(line.id),
    setOpen: (isOpen) => view.update((v) => ({ ...v, open: isOpen, unread: isOpen ? 0 : v.unread })),
  };
}

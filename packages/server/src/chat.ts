/**
 * Table talk: chat lines at a table (seated players speak, spectators read) and in the lobby. Every line is checked
 * (protocol.ts), rate-limited per device token and per address, stored (chat-store.ts), and only then pushed to
 * everyone in the room. Memory stays bounded: a table (and the lobby) keeps its newest LIMITS.chatKept lines, the
 * limiters a bounded number of keys, the lobby a bounded number of followers.
 */
import type { Logger } from "pino";
import { WindowLimiter } from "./address-limits.js";
import { type ChatStore, LOBBY_ROOM, type NewChatLine } from "./chat-store.js";
import type { Clock } from "./clock.js";
import { type ReplyId, errorFrame, frame } from "./messages.js";
import { type ChatLine, type ChatRoom, LIMITS, type ParsedClientMessage } from "./protocol.js";
import type { Table } from "./table.js";
import type { Subscriber } from "./table-audience.js";

export type ChatRequest = Extract<ParsedClientMessage, { type: "chat" }>;

/** Who speaks: a connection (its device token, and its player when signed in) and the key of its address. */
export interface Speaker {
  readonly sub: Subscriber;
  readonly address: string;
}

export interface ChatSettings {
  /** Lines per device token within `windowMs`. */
  readonly perToken: number;
  /** Lines per address within `windowMs` (several players may share one address: a pub's network). */
  readonly perAddress: number;
  readonly windowMs: number;
  /** Keys each limiter remembers at most. */
  readonly maxKeys: number;
  /** Connections that may follow the lobby's chat at once. */
  readonly lobbyFollowers: number;
  /** Lobby lines older than this are deleted from the store. */
  readonly lobbyKeepMs: number;
}

export const DEFAULT_CHAT: ChatSettings = {
  perToken: LIMITS.chatMessages,
  perAddress: LIMITS.chatMessages * 4,
  windowMs: LIMITS.chatWindowMs,
  maxKeys: 20_000,
  lobbyFollowers: 5_000,
  lobbyKeepMs: 7 * 24 * 3600_000,
};

/** A room's newest lines, at most `size` of them. */
export class ChatLog {
  private lines: ChatLine[] = [];
  loaded = false;

  constructor(private readonly size = LIMITS.chatKept) {}

  add(line: ChatLine): void {
    this.lines.push(line);
    if (this.lines.length > this.size) this.lines.splice(0, this.lines.length - this.size);
  }

  /** Lines read from the store (oldest first) go before any said since (a line in both is kept once). */
  restore(lines: readonly ChatLine[]): void {
    const ids = new Set(lines.map((line) => line.id));
    const newer = this.lines.filter((line) => !ids.has(line.id));
    this.lines = [];
    for (const line of [...lines, ...newer]) this.add(line);
    this.loaded = true;
  }

  get all(): readonly ChatLine[] {
    return this.lines;
  }

  /** A deleted player's lines keep their words under the neutral name (as the store does). */
  rename(playerId: string, name: string): void {
    this.lines = this.lines.map((line) => (line.player === playerId ? { ...line, name } : line));
  }

  json(): string {
    return JSON.stringify(this.lines);
  }
}

const chatFrame = (room: ChatRoom, message: ChatLine, re?: ReplyId): string =>
  frame(re === undefined ? { type: "chatMessage", room, message } : { type: "chatMessage", re, room, message });

/** What ChatService tells the other nodes of a cluster (cluster/lobby-sync.ts). */
export interface ChatRelay {
  said(line: ChatLine): void;
  renamed(playerId: string, name: string): void;
}

export class ChatService {
  private readonly perToken: WindowLimiter;
  private readonly perAddress: WindowLimiter;
  private readonly lobby = new ChatLog();
  private readonly lobbyFollowers = new Set<Subscriber>();
  private lobbyLoading: Promise<void> | null = null;
  private lastPrune = 0;
  readonly settings: ChatSettings;
  /**
   * Cluster mode: tells the other nodes of every lobby line said here (stored here once; they show it) and of every
   * deleted player's new name (their copies in memory take it too).
   */
  relay: ChatRelay | null = null;

  constructor(
    readonly store: ChatStore,
    private readonly clock: Clock,
    private readonly log: Logger,
    settings: Partial<ChatSettings> = {},
  ) {
    this.settings = { ...DEFAULT_CHAT, ...settings };
    const { perToken, perAddress, windowMs, maxKeys } = this.settings;
    const now = () => clock.now();
    this.perToken = new WindowLimiter({ limit: perToken, windowMs, maxKeys, now });
    this.perAddress = new WindowLimiter({ limit: perAddress, windowMs, maxKeys, now });
  }

  /** Counts one line for the speaker; the RATE_LIMITED frame (with `retryAfterMs`) when it is one too many. */
  private limited(speaker: Speaker, re: ReplyId): string | null {
    const { perToken, perAddress, windowMs } = this.settings;
    const { sub, address } = speaker;
    if (!this.perToken.take(sub.token)) {
      const retryAfterMs = this.perToken.retryAfterMs(sub.token);
      return this.rateFrame(`at most ${perToken} chat lines in ${windowMs / 1000} s`, retryAfterMs, re);
    }
    if (!this.perAddress.take(address)) {
      this.perToken.refund(sub.token);
      const retryAfterMs = this.perAddress.retryAfterMs(address);
      return this.rateFrame(
        `at most ${perAddress} chat lines in ${windowMs / 1000} s from one address`,
        retryAfterMs,
        re,
      );
    }
    return null;
  }

  private rateFrame(message: string, retryAfterMs: number, re: ReplyId): string {
    return JSON.stringify({
      type: "error",
      ...(re === undefined ? {} : { re }),
      code: "RATE_LIMITED",
      message,
      retryAfterMs,
    });
  }

  /** Stores a line; null (and the speaker told) when the store fails. */
  private async keep(line: NewChatLine, speaker: Subscriber, re: ReplyId): Promise<ChatLine | null> {
    try {
      const id = await this.store.add(line);
      const { room: _room, ...rest } = line;
      return { id, ...rest };
    } catch (cause) {
      this.log.error({ err: cause, room: line.room }, "chat line not stored");
      speaker.send(errorFrame("INTERNAL", "the line could not be stored", re));
      return null;
    }
  }

  /** Reads a table's newest lines from the store once (run inside the table's queue, before anyone syncs). */
  async loadTable(table: Table): Promise<void> {
    if (table.chat.loaded) return;
    try {
      table.chat.restore(await this.store.recent(table.code, LIMITS.chatKept));
    } catch (cause) {
      table.chat.loaded = true;
      this.log.error({ err: cause, table: table.code }, "chat lines not loaded");
    }
  }

  /** A line at the table (run inside the table's queue): seated players only; everyone at the table gets it. */
  async sayAtTable(table: Table, speaker: Speaker, msg: ChatRequest, re: ReplyId): Promise<void> {
    const { sub } = speaker;
    const seat = table.seatOfSubscriber(sub);
    if (seat === null || seat === undefined) {
      return sub.send(errorFrame("NOT_A_PLAYER", "spectators read the table's chat; only its players write", re));
    }
    const refused = this.limited(speaker, re);
    if (refused) return sub.send(refused);
    // Loaded before the line is stored: loading after would read the new line from the store and add it twice.
    await this.loadTable(table);
    const { model } = table;
    const player = model.seats[seat]?.player ?? null;
    const line = await this.keep(
      {
        room: table.code,
        at: this.clock.now(),
        match: model.match,
        seat,
        player,
        name: model.seats[seat]?.name ?? "",
        text: msg.text ?? null,
        phrase: msg.phrase ?? null,
      },
      sub,
      re,
    );
    if (!line) return;
    table.chat.add(line);
    table.pushAll(chatFrame("table", line), sub);
    sub.send(chatFrame("table", line, re));
  }

  private loadLobby(): Promise<void> {
    this.lobbyLoading ??= this.store.recent(LOBBY_ROOM, LIMITS.chatKept).then(
      (lines) => this.lobby.restore(lines),
      (cause: unknown) => {
        this.lobbyLoading = null;
        this.log.error({ err: cause }, "lobby chat not loaded");
      },
    );
    return this.lobbyLoading;
  }

  /** A player's account was deleted: the lines kept in memory (the lobby's, these tables') take the neutral name. */
  renamePlayer(playerId: string, name: string, tables: Iterable<Table>): void {
    this.renamedElsewhere(playerId, name, tables);
    this.relay?.renamed(playerId, name);
  }

  /** A player deleted on another node of the cluster: the lines kept here take the neutral name too. */
  renamedElsewhere(playerId: string, name: string, tables: Iterable<Table>): void {
    this.lobby.rename(playerId, name);
    for (const table of tables) table.chat.rename(playerId, name);
  }

  async joinLobby(sub: Subscriber, re: ReplyId): Promise<void> {
    if (!this.lobbyFollowers.has(sub) && this.lobbyFollowers.size >= this.settings.lobbyFollowers) {
      return sub.send(errorFrame("RATE_LIMITED", "the lobby's chat is full; try again later", re));
    }
    await this.loadLobby();
    this.lobbyFollowers.add(sub);
    sub.send(frame({ type: "chatHistory", re, room: "lobby", messages: this.lobby.all }));
  }

  leaveLobby(sub: Subscriber, re?: ReplyId): void {
    this.lobbyFollowers.delete(sub);
    if (re !== undefined) sub.send(frame({ type: "chatLeft", re, room: "lobby" }));
  }

  /** A lobby line said on another node (already stored there): shown to this node's followers. */
  receiveLobby(line: ChatLine): void {
    this.showInLobby(line);
  }

  private showInLobby(line: ChatLine, except?: Subscriber): void {
    this.lobby.add(line);
    const text = chatFrame("lobby", line);
    for (const follower of this.lobbyFollowers) if (follower !== except) follower.push(text);
  }

  /** A line in the lobby: anyone named (by their session's player or the message's `name`). */
  async sayInLobby(speaker: Speaker, msg: ChatRequest, re: ReplyId): Promise<void> {
    const { sub } = speaker;
    const name = sub.player?.name ?? msg.name;
    if (name === undefined) return sub.send(errorFrame("NAME_REQUIRED", "a name is needed to speak", re));
    const refused = this.limited(speaker, re);
    if (refused) return sub.send(refused);
    // Loaded before the line is stored: loading after would read the new line from the store and add it twice.
    await this.loadLobby();
    const at = this.clock.now();
    const line = await this.keep(
      {
        room: LOBBY_ROOM,
        at,
        match: 0,
        seat: null,
        player: sub.player?.id ?? null,
        name,
        text: msg.text ?? null,
        phrase: msg.phrase ?? null,
      },
      sub,
      re,
    );
    if (!line) return;
    this.showInLobby(line, sub);
    sub.send(chatFrame("lobby", line, re));
    this.relay?.said(line);
    if (at - this.lastPrune > 3600_000) {
      this.lastPrune = at;
      this.store.pruneLobby(at - this.settings.lobbyKeepMs).catch((cause: unknown) => {
        this.log.error({ err: cause }, "lobby chat not pruned");
      });
    }
  }
}

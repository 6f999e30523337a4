/** One WebSocket: rate and size limits, parsing and validation, identity, deadlines, and routing to its table. */
import { randomBytes } from "node:crypto";
import type { WebSocket } from "ws";
import type { Logger } from "pino";
import type { Clock } from "./clock.js";
import {
  type ParsedClientMessage,
  LIMITS,
  PRESET_NAMES,
  PROTOCOL_VERSION,
  clientMessageSchema,
  schemaErrorCode,
} from "./protocol.js";
import { type ReplyId, errorFrame, frame } from "./messages.js";
import { Hub } from "./hub.js";
import type { Store } from "./store.js";
import type { Table } from "./table.js";
import type { Subscriber } from "./table-audience.js";
import { botLevels, defaultBotLevel } from "./bot-player.js";
import { isBotLevel } from "@schwimmen/bots";
import { maxSeats } from "@schwimmen/rules";
import { addressKey } from "./address-limits.js";
import { Outbox } from "./outbox.js";
import { type AddressLimits, CLOSE_CODES } from "./socket-guard.js";
import type { Lobby } from "./lobby.js";
import { lobbyMessage } from "./lobby-messages.js";
import type { QuickMatcher } from "./quick-match.js";
import type { PlayerRef } from "./players.js";
import type { ChatService } from "./chat.js";

export interface ConnectionDeps {
  readonly hub: Hub;
  readonly store: Store;
  readonly clock: Clock;
  readonly log: Logger;
  readonly maxTablesPerConnection: number;
  /** Messages allowed per rate window (LIMITS.rateMessages unless a test changes it). */
  readonly rateMessages: number;
  /** Limits per address, shared by all connections, and the socket limits. */
  readonly addresses: AddressLimits;
  /** The lobby list and quick match (lobby.ts, quick-match.ts); without them their messages are refused. */
  readonly lobby?: Lobby;
  readonly quick?: QuickMatcher;
  /** Table talk (chat.ts); without it chat messages are refused as NOT_AT_TABLE. */
  readonly chat?: ChatService;
}

/** The `id` of a parsed frame, when it is one the protocol allows. */
function idOf(raw: unknown): ReplyId {
  const id = typeof raw === "object" && raw !== null ? (raw as { id?: unknown }).id : undefined;
  return (typeof id === "string" && id.length <= 64) || (typeof id === "number" && Number.isInteger(id))
    ? id
    : undefined;
}

const ID_VALUE = String.raw`("[\x20\x21\x23-\x5b\x5d-\x7e]{0,64}"|-?\d{1,15})`;
/** A top-level id as the first key (after `type`) or the last key of a frame. */
const ID_AT_HEAD = new RegExp(
  String.raw`^\s*\{(?:\s*"type"\s*:\s*"[a-zA-Z]{1,16}"\s*,)?\s*"id"\s*:\s*${ID_VALUE}\s*[,}]`,
);
const ID_AT_TAIL = new RegExp(String.raw`[{,]\s*"id"\s*:\s*${ID_VALUE}\s*\}\s*$`);
const SCAN_BYTES = 160;

/**
 * The id of a frame that is refused before it is read (rate limit, size, binary), found cheaply: a frame of at most
 * LIMITS.frameBytes is parsed; of a larger one only the first and last bytes are looked at.
 */
export function frameId(data: Buffer): ReplyId {
  if (data.length <= LIMITS.frameBytes) {
    try {
      return idOf(JSON.parse(data.toString("utf8")));
    } catch {
      return undefined;
    }
  }
  const found =
    ID_AT_HEAD.exec(data.subarray(0, SCAN_BYTES).toString("latin1")) ??
    ID_AT_TAIL.exec(data.subarray(data.length - SCAN_BYTES).toString("latin1"));
  const text = found?.[1];
  if (text === undefined) return undefined;
  return text.startsWith('"') ? text.slice(1, -1) : Number(text);
}

const toBuffer = (data: Buffer | Buffer[] | ArrayBuffer): Buffer =>
  Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);

export class Connection implements Subscriber {
  token = "";
  private table: Table | null = null;
  private windowStart: number;
  private windowCount = 0;
  private queue: Promise<void> = Promise.resolve();
  private tablesMade = 0;
  /** Per table code, the newest version whose past events this connection was sent in a resync answer. */
  readonly replayed = new Map<string, number>();
  private readonly outbox: Outbox;
  private readonly key: string;
  /** Answered the last ping (or is new). */
  private alive = true;
  /** The hello deadline, then (identified and at no table) the idle deadline. */
  private deadline: NodeJS.Timeout | null = null;
  closed = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly deps: ConnectionDeps,
    readonly remote: string,
    /** The player of the session cookie sent with the upgrade request (null without one, or once deleted). */
    public player: PlayerRef | null = null,
  ) {
    this.key = addressKey(remote);
    this.windowStart = deps.clock.now();
    this.outbox = new Outbox(socket, deps.addresses.limits, () => this.drained());
    socket.on("message", (data, isBinary) => this.receive(data, isBinary));
    socket.on("pong", () => (this.alive = true));
    socket.on("close", () => this.onClose());
    socket.on("error", () => socket.terminate());
    this.arm(deps.addresses.limits.helloTimeoutMs);
  }

  send(text: string): void {
    if (!this.closed) this.outbox.send(text);
  }

  push(text: string): void {
    if (!this.closed) this.outbox.push(text);
  }

  get behind(): boolean {
    return this.outbox.behind;
  }

  caughtUp(): void {
    this.outbox.caughtUp();
  }

  /** Bytes waiting to be sent to this client. */
  get buffered(): number {
    return this.outbox.buffered;
  }

  /** Called every ping interval: a socket that did not answer the last ping is dead (or hopelessly slow). */
  heartbeat(): void {
    if (this.closed) return;
    if (!this.alive) {
      this.deps.log.info({ remote: this.remote }, "connection cut off: no answer to ping");
      this.socket.terminate();
      return;
    }
    this.alive = false;
    this.socket.ping();
  }

  /** Pushes were dropped and the socket has drained: the table sends one sync of its current state. */
  private drained(): void {
    const table = this.table;
    if (this.deps.lobby?.watches(this)) void this.deps.lobby.resend(this);
    if (!table) return this.outbox.caughtUp();
    void table.run(() => table.catchUp(this));
  }

  /** Sets the deadline `ms` from now (null: none); a connection at a table has none. */
  private arm(ms: number | null): void {
    if (this.deadline !== null) clearTimeout(this.deadline);
    this.deadline = null;
    if (ms === null || this.closed || (this.token && this.table) || this.deps.lobby?.watches(this)) return;
    this.deadline = setTimeout(() => this.expire(), ms);
    this.deadline.unref();
  }

  private expire(): void {
    this.deadline = null;
    if (this.closed) return;
    if (!this.token) {
      this.deps.log.info({ remote: this.remote }, "connection closed: no hello");
      this.close(CLOSE_CODES.noHello, "hello expected");
    } else if (!this.table) {
      this.deps.log.debug({ remote: this.remote }, "connection closed: idle at no table");
      this.close(CLOSE_CODES.idle, "idle");
    }
  }

  private receive(data: Buffer | Buffer[] | ArrayBuffer, isBinary: boolean): void {
    const now = this.deps.clock.now();
    if (now - this.windowStart >= LIMITS.rateWindowMs) {
      this.windowStart = now;
      this.windowCount = 0;
    }
    this.windowCount++;
    const limit = this.deps.rateMessages;
    if (this.windowCount > 2 * limit) {
      this.deps.log.warn({ remote: this.remote }, "connection closed for flooding");
      this.socket.close(1008, "rate limit");
      return;
    }
    const buffer = toBuffer(data);
    if (this.windowCount > limit) {
      return this.send(errorFrame("RATE_LIMITED", `at most ${limit} messages in 20 seconds`, frameId(buffer)));
    }
    const { addresses } = this.deps;
    if (!addresses.messages.take(this.key)) {
      const most = addresses.limits.messagesPerAddress;
      return this.send(
        errorFrame("RATE_LIMITED", `at most ${most} messages in 20 seconds from one address`, frameId(buffer)),
      );
    }
    // Anything accepted keeps a connection at no table from counting as idle.
    if (this.token && !this.table) this.deadline?.refresh();
    if (isBinary) return this.send(errorFrame("BAD_MESSAGE", "frames are JSON text", frameId(buffer)));
    if (buffer.length > LIMITS.frameBytes) {
      const re = frameId(buffer);
      return this.send(errorFrame("MESSAGE_TOO_LARGE", `frames are at most ${LIMITS.frameBytes} bytes`, re));
    }
    let raw: unknown;
    try {
      raw = JSON.parse(buffer.toString("utf8"));
    } catch {
      return this.send(errorFrame("BAD_JSON", "the frame is not JSON"));
    }
    const re = idOf(raw);
    const parsed = clientMessageSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
      return this.send(errorFrame(schemaErrorCode(issue), `${where}${issue?.message ?? "invalid message"}`, re));
    }
    // One message at a time per connection, so that pipelined messages see each other's effects.
    this.queue = this.queue
      .then(() => this.handle(parsed.data))
      .catch((cause: unknown) => {
        this.deps.log.error({ err: cause, remote: this.remote }, "message handling failed");
        this.send(errorFrame("INTERNAL", "the server failed on this message", re));
      });
  }

  private async handle(msg: ParsedClientMessage): Promise<void> {
    if (this.closed) return;
    const re = msg.id;
    if (msg.type === "hello") {
      if (this.token) return this.send(errorFrame("ALREADY_IDENTIFIED", "hello was already said", re));
      const { store, clock, addresses } = this.deps;
      if (msg.token && (await store.hasToken(msg.token))) this.token = msg.token;
      else {
        // Each new device is a row in the store: one address gets only so many per hour.
        if (!addresses.tokens.take(this.key)) {
          const most = addresses.limits.tokensPerAddress;
          return this.send(errorFrame("RATE_LIMITED", `at most ${most} new devices an hour from one address`, re));
        }
        this.token = randomBytes(32).toString("base64url");
        await store.addToken(this.token, clock.now());
      }
      this.arm(addresses.limits.idleTimeoutMs);
      return this.send(
        frame({
          type: "welcome",
          re,
          token: this.token,
          protocol: PROTOCOL_VERSION,
          serverTime: clock.now(),
          botLevels: botLevels(),
          presets: PRESET_NAMES,
        }),
      );
    }
    if (!this.token) return this.send(errorFrame("NOT_IDENTIFIED", "say hello first", re));
    if (msg.type === "ping") return this.send(frame({ type: "pong", re, serverTime: this.deps.clock.now() }));
    if (msg.type === "create") return this.create(msg, re);
    const { chat } = this.deps;
    if (chat && msg.type === "chatJoin") return chat.joinLobby(this, re);
    if (chat && msg.type === "chatLeave") return chat.leaveLobby(this, re);
    if (chat && msg.type === "chat" && msg.room === "lobby") {
      return chat.sayInLobby({ sub: this, address: this.key }, msg, re);
    }
    if (lobbyMessage.handles(msg)) {
      await lobbyMessage(this, this.deps, msg, re);
      // Watching the lobby keeps a connection at no table open; after unwatching, the idle deadline runs again.
      return this.arm(this.deps.addresses.limits.idleTimeoutMs);
    }
    if (msg.type === "join" || msg.type === "watch") {
      const found = await this.deps.hub.lookup(msg.code, this.remote, msg.type, this.token);
      if (!found.ok) return this.send(errorFrame(found.code, found.message, re));
      const table = found.table;
      const { quick } = this.deps;
      // A quick-match table's seats go through the matcher: a person waits at one such table at most.
      if (msg.type === "join" && quick?.takes(table)) await quick.join(this, table, msg.name, msg.lastVersion, re);
      else {
        await table.run(() =>
          msg.type === "join"
            ? table.join(this, msg.name, msg.lastVersion, re)
            : table.watch(this, msg.lastVersion, re),
        );
      }
      // Only a successful join or watch moves the connection (a refused one leaves it where it was).
      if (table.isSubscribed(this)) await this.moveTo(table);
      return;
    }
    const table = this.table;
    if (!table || !table.isSubscribed(this)) return this.send(errorFrame("NOT_AT_TABLE", "join a table first", re));
    switch (msg.type) {
      case "start":
        return table.run(() => table.start(this, re));
      case "act":
        return table.run(() => table.act(this, msg.action, re));
      case "rematch":
        return table.run(() => table.rematch(this, re));
      case "back":
        return table.run(() => table.back(this, re));
      case "setVisibility":
        return table.run(() => table.setVisibility(this, msg.visibility, re));
      case "kick":
        return table.run(() => table.kick(this, msg.seat, re));
      case "chat":
        if (chat) return table.run(() => chat.sayAtTable(table, { sub: this, address: this.key }, msg, re));
        return;
      case "leave":
        this.table = null;
        this.arm(this.deps.addresses.limits.idleTimeoutMs);
        return table.run(() => table.leave(this, re));
    }
  }

  private async create(msg: Extract<ParsedClientMessage, { type: "create" }>, re: ReplyId): Promise<void> {
    if (this.tablesMade >= this.deps.maxTablesPerConnection) {
      return this.send(errorFrame("TOO_MANY_TABLES", "this connection has made enough tables", re));
    }
    const botLevel = msg.botLevel ?? defaultBotLevel();
    if (!isBotLevel(botLevel) || !botLevels().includes(botLevel)) {
      return this.send(errorFrame("UNKNOWN_BOT_LEVEL", `bot levels: ${botLevels().join(", ")}`, re));
    }
    const { hub, addresses } = this.deps;
    const rules = Hub.rulesFor(msg.preset, msg.rules);
    if (!rules.ok) return this.send(errorFrame("INVALID_RULES", rules.error.message, re));
    const seatable = maxSeats(rules.value.deck, rules.value.decks);
    if (msg.seats > seatable) {
      const decks = rules.value.decks === 2 ? " with two decks" : "; two decks take more";
      const text = `a ${rules.value.deck} table seats at most ${seatable}${decks}`;
      return this.send(errorFrame("INVALID_RULES", text, re));
    }
    // New connections do not start afresh: the address counts too.
    if (!addresses.tables.take(this.key)) {
      const most = addresses.limits.tablesPerAddress;
      return this.send(errorFrame("TOO_MANY_TABLES", `at most ${most} new tables an hour from one address`, re));
    }
    const made = await hub.create(msg.name, {
      seats: msg.seats,
      rules: rules.value,
      preset: msg.rules ? null : (msg.preset ?? "standard"),
      botLevel,
      turnSeconds: msg.turnSeconds ?? 60,
      ...(msg.stake ? { stake: msg.stake } : {}),
      ...(msg.dealerByLot ? { dealerByLot: true } : {}),
    });
    if (!made.ok) return this.send(errorFrame(made.code, made.message, re));
    this.tablesMade++;
    const table = made.table;
    await table.run(() => table.join(this, msg.playerName, undefined, re));
    if (table.isSubscribed(this)) await this.moveTo(table);
  }

  /** A connection follows one table: leaving the old one first. */
  async moveTo(table: Table): Promise<void> {
    const old = this.table;
    this.table = table;
    this.arm(null);
    if (old && old !== table) await old.run(() => old.unsubscribe(this));
  }

  /** The table stopped following this connection (its seat was freed by the host). */
  detached(table: Table): void {
    if (this.table !== table) return;
    this.table = null;
    this.arm(this.deps.addresses.limits.idleTimeoutMs);
  }

  private onClose(): void {
    this.closed = true;
    this.arm(null);
    this.deps.chat?.leaveLobby(this);
    this.deps.lobby?.unwatch(this);
    const table = this.table;
    this.table = null;
    if (table) void table.run(() => table.unsubscribe(this));
  }

  close(code: number, reason: string): void {
    this.socket.close(code, reason);
  }
}

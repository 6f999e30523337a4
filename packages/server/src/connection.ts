/**
 * One WebSocket: rate and size limits, parsing and validation, identity, deadlines, and routing to its table (here,
 * through its TableSession, or on another cluster node, through a link).
 */
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
import { frameId, idOf } from "./frame-id.js";
import { Hub, type LookupMode, type Route } from "./hub.js";
import type { Store } from "./store.js";
import type { Table } from "./table.js";
import { type EnterMessage, type SessionOwner, TableSession, isTableCommand } from "./table-session.js";
import { type Link, type LinkEnd, type Links, RETRY } from "./cluster/links.js";
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
  /** In a cluster: this node's links to tables on other nodes, and where the quick matcher runs. */
  readonly cluster?: {
    readonly links: Links;
    /** The route to the quick matcher when another node runs it (null: this one). */
    quickRoute(): Promise<Route | null>;
  };
}

const toBuffer = (data: Buffer | Buffer[] | ArrayBuffer): Buffer =>
  Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);

type QuickMatchMessage = Extract<ParsedClientMessage, { type: "quickMatch" }>;

export class Connection implements SessionOwner, LinkEnd {
  token = "";
  /** The table here this connection follows, and its commands (table-session.ts). */
  private readonly session: TableSession;
  /** The table on another node this connection follows (a cluster link), if any. */
  private link: Link | null = null;
  private windowStart: number;
  private windowCount = 0;
  private queue: Promise<void> = Promise.resolve();
  private tablesMade = 0;
  /** Per table code, the newest version whose past events this connection was sent in a resync answer. */
  readonly replayed = new Map<string, number>();
  private readonly outbox: Outbox;
  readonly addressKey: string;
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
    /**
     * With route hints on (ClusterOptions.routeHints): the node this socket asked the entry for ("" for none). A
     * socket that follows a table on another node is told that node's id once, unless it asked for it already.
     */
    private readonly askedNode: string | null = null,
  ) {
    this.addressKey = addressKey(remote);
    this.session = new TableSession(this, deps);
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
    if (this.deps.lobby?.watches(this)) void this.deps.lobby.resend(this);
    if (this.link) this.link.catchUp();
    else this.session.drained();
  }

  /** Follows a table here or on another node. */
  private get atTableAnywhere(): boolean {
    return this.session.table !== null || this.link !== null;
  }

  /** Sets the deadline `ms` from now (null: none); a connection at a table has none. */
  private arm(ms: number | null): void {
    if (this.deadline !== null) clearTimeout(this.deadline);
    this.deadline = null;
    if (ms === null || this.closed || (this.token && this.atTableAnywhere) || this.deps.lobby?.watches(this)) return;
    this.deadline = setTimeout(() => this.expire(), ms);
    this.deadline.unref();
  }

  private expire(): void {
    this.deadline = null;
    if (this.closed) return;
    if (!this.token) {
      this.deps.log.info({ remote: this.remote }, "connection closed: no hello");
      this.close(CLOSE_CODES.noHello, "hello expected");
    } else if (!this.atTableAnywhere) {
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
    if (!addresses.messages.take(this.addressKey)) {
      const most = addresses.limits.messagesPerAddress;
      return this.send(
        errorFrame("RATE_LIMITED", `at most ${most} messages in 20 seconds from one address`, frameId(buffer)),
      );
    }
    // Anything accepted keeps a connection at no table from counting as idle.
    if (this.token && !this.atTableAnywhere) this.deadline?.refresh();
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
        if (!addresses.tokens.take(this.addressKey)) {
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
      return chat.sayInLobby({ sub: this, address: this.addressKey }, msg, re);
    }
    if (msg.type === "join" || msg.type === "watch" || msg.type === "quickMatch") return this.enter(msg, re);
    if (lobbyMessage.handles(msg)) {
      await lobbyMessage(this, this.deps, msg, re);
      // Watching the lobby keeps a connection at no table open; after unwatching, the idle deadline runs again.
      return this.arm(this.deps.addresses.limits.idleTimeoutMs);
    }
    if (!isTableCommand(msg)) return;
    const link = this.link;
    if (!link) return this.session.command(msg, re);
    if (msg.type === "leave") {
      // Its answer still comes through the link, which ends after it.
      this.link = null;
      this.arm(this.deps.addresses.limits.idleTimeoutMs);
    }
    link.forward(msg);
  }

  /**
   * A join, watch or quick match: run here, or (in a cluster) forwarded to the node that runs the table or the quick
   * matcher; resolved again when that node goes away before it answers.
   */
  private async enter(msg: EnterMessage | QuickMatchMessage, re: ReplyId): Promise<void> {
    const { cluster } = this.deps;
    let mode: LookupMode = "route";
    for (let attempt = 0; attempt < 3; attempt++) {
      let route: Route | null = null;
      if (msg.type !== "quickMatch") route = await this.session.enter(msg, re, mode);
      else if (!cluster || !(route = await cluster.quickRoute())) {
        await lobbyMessage(this, this.deps, msg, re);
        return this.arm(this.deps.addresses.limits.idleTimeoutMs);
      }
      if (!route || !cluster) return;
      const link = await cluster.links.enter(this, route, msg, re);
      if (link === RETRY) {
        // Counted once already.
        mode = "here";
        continue;
      }
      if (!link) return;
      if (this.closed) return link.close();
      // Following the new table: the old one (here or elsewhere) forgets this connection.
      this.session.close();
      this.link?.close();
      this.link = link;
      // The entry can bring this client straight to the table's node: it may come back there (docs/scaling.md). Sent
      // like an answer: a push would be dropped for a socket that reads slowly, and the hint comes once.
      if (this.askedNode !== null && this.askedNode !== link.node) {
        this.send(frame({ type: "route", node: link.node }));
      }
      return this.arm(null);
    }
    this.send(errorFrame("INTERNAL", "the table's server did not answer; try again", re));
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
    if (!addresses.tables.take(this.addressKey)) {
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
  moveTo(table: Table): Promise<void> {
    return this.session.moveTo(table);
  }

  /** The table here this connection follows changed (table-session.ts). */
  atTable(table: Table | null): void {
    if (table) {
      this.link?.close();
      this.link = null;
    }
    this.arm(table ? null : this.deps.addresses.limits.idleTimeoutMs);
  }

  /** The table stopped following this connection (its seat was freed by the host). */
  detached(table: Table): void {
    this.session.detached(table);
  }

  /** The linked table follows this connection no more (it left, or the host removed its seat). */
  linkDetached(link: Link): void {
    if (this.link !== link) return;
    this.link = null;
    this.arm(this.deps.addresses.limits.idleTimeoutMs);
  }

  /** The table runs on another node now: the client reconnects and resyncs (its clients do that on 4003). */
  moved(): void {
    this.close(CLOSE_CODES.moved, "table moved; reconnect");
  }

  private onClose(): void {
    this.closed = true;
    this.arm(null);
    this.deps.chat?.leaveLobby(this);
    this.deps.lobby?.unwatch(this);
    this.session.close();
    this.link?.close();
    this.link = null;
  }

  close(code: number, reason: string): void {
    this.socket.close(code, reason);
  }
}

/** One WebSocket: rate and size limits, parsing and validation, identity, and routing to its table. */
import { randomBytes } from "node:crypto";
import type { WebSocket } from "ws";
import type { Logger } from "pino";
import type { Clock } from "./clock.js";
import { type ParsedClientMessage, LIMITS, PRESET_NAMES, PROTOCOL_VERSION, clientMessageSchema } from "./protocol.js";
import { type ReplyId, errorFrame, frame } from "./messages.js";
import { Hub } from "./hub.js";
import type { Store } from "./store.js";
import type { Subscriber, Table } from "./table.js";
import { botLevels, defaultBotLevel } from "./bot-player.js";
import { isBotLevel } from "@schwimmen/bots";

export interface ConnectionDeps {
  readonly hub: Hub;
  readonly store: Store;
  readonly clock: Clock;
  readonly log: Logger;
  readonly maxTablesPerConnection: number;
  /** Messages allowed per rate window (LIMITS.rateMessages unless a test changes it). */
  readonly rateMessages: number;
}

export class Connection implements Subscriber {
  token = "";
  private table: Table | null = null;
  private windowStart: number;
  private windowCount = 0;
  private queue: Promise<void> = Promise.resolve();
  private tablesMade = 0;
  closed = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly deps: ConnectionDeps,
    readonly remote: string,
  ) {
    this.windowStart = deps.clock.now();
    socket.on("message", (data, isBinary) => this.receive(data as Buffer, isBinary));
    socket.on("close", () => this.onClose());
    socket.on("error", () => socket.terminate());
  }

  send(text: string): void {
    if (!this.closed && this.socket.readyState === this.socket.OPEN) this.socket.send(text);
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
    if (this.windowCount > limit) {
      return this.send(errorFrame("RATE_LIMITED", `at most ${limit} messages in 20 seconds`));
    }
    const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    if (isBinary) return this.send(errorFrame("BAD_MESSAGE", "frames are JSON text"));
    if (buffer.length > LIMITS.frameBytes) {
      return this.send(errorFrame("MESSAGE_TOO_LARGE", `frames are at most ${LIMITS.frameBytes} bytes`));
    }
    let raw: unknown;
    try {
      raw = JSON.parse(buffer.toString("utf8"));
    } catch {
      return this.send(errorFrame("BAD_JSON", "the frame is not JSON"));
    }
    const rawId = typeof raw === "object" && raw !== null ? (raw as { id?: unknown }).id : undefined;
    const re: ReplyId =
      (typeof rawId === "string" && rawId.length <= 64) || (typeof rawId === "number" && Number.isInteger(rawId))
        ? rawId
        : undefined;
    const parsed = clientMessageSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
      return this.send(errorFrame("BAD_MESSAGE", `${where}${issue?.message ?? "invalid message"}`, re));
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
      const { store, clock } = this.deps;
      if (msg.token && (await store.hasToken(msg.token))) this.token = msg.token;
      else {
        this.token = randomBytes(32).toString("base64url");
        await store.addToken(this.token, clock.now());
      }
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
    if (msg.type === "join" || msg.type === "watch") {
      const table = await this.deps.hub.get(msg.code);
      if (!table) return this.send(errorFrame("TABLE_NOT_FOUND", `no table ${msg.code}`, re));
      await table.run(() =>
        msg.type === "join" ? table.join(this, msg.name, msg.lastVersion, re) : table.watch(this, msg.lastVersion, re),
      );
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
      case "leave":
        this.table = null;
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
    const { hub } = this.deps;
    const rules = Hub.rulesFor(msg.preset, msg.rules);
    if (!rules.ok) return this.send(errorFrame("INVALID_RULES", rules.error.message, re));
    const made = await hub.create(msg.name, {
      seats: msg.seats,
      rules: rules.value,
      preset: msg.rules ? null : (msg.preset ?? "standard"),
      botLevel,
      turnSeconds: msg.turnSeconds ?? 60,
    });
    if (!made.ok) return this.send(errorFrame(made.code, made.message, re));
    this.tablesMade++;
    const table = made.table;
    await table.run(() => table.join(this, msg.playerName, undefined, re));
    if (table.isSubscribed(this)) await this.moveTo(table);
  }

  /** A connection follows one table: leaving the old one first. */
  private async moveTo(table: Table): Promise<void> {
    const old = this.table;
    this.table = table;
    if (old && old !== table) await old.run(() => old.unsubscribe(this));
  }

  private onClose(): void {
    this.closed = true;
    const table = this.table;
    this.table = null;
    if (table) void table.run(() => table.unsubscribe(this));
  }

  close(code: number, reason: string): void {
    this.socket.close(code, reason);
  }
}

/**
 * The lobby across nodes (docs/scaling.md): each node writes its own public waiting tables to Redis under
 * `schwimmen:lobby:<node>` (expiring after `ttlMs` unless refreshed: a dead node's tables vanish by themselves), soon
 * after they change and every `everyMs`; and it reads the other nodes' lists every `everyMs`, for the lobby to merge.
 * Memory stays bounded: at most `maxNodes` other lists, each at most `maxListed` tables and `maxBytes` of text.
 *
 * Lobby chat: a line said on a node is stored there once (the store is shared) and published on the bus; the other
 * nodes show it to their lobby chat's followers. Chat rate limits stay per node.
 */
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import { z } from "zod";
import type { ChatService } from "../chat.js";
import type { LobbyList, LobbyPeers } from "../lobby.js";
import { type ChatLine, LIMITS, type LobbyTable, PHRASE_KEYS } from "../protocol.js";
import type { Table } from "../table.js";
import type { Bus } from "./bus.js";

/** The key of a node's list, and the set of nodes that wrote one (read instead of scanning the keys). */
export const lobbyKey = (node: string): string => `schwimmen:lobby:${node}`;
export const LOBBY_NODES_KEY = "schwimmen:lobby-nodes";

export interface LobbySyncOptions {
  /** A Redis connection for commands (not one in subscriber mode); closed by its owner, not here. */
  readonly redis: Redis;
  readonly node: string;
  readonly log: Logger;
  /** How often this node's list is refreshed and the others' read (default 1000). */
  readonly everyMs?: number;
  /** How long a list lives in Redis unless refreshed (default 3000). */
  readonly ttlMs?: number;
  /** How soon after a change this node's list is written (changes within it go out together; default 100). */
  readonly publishDelayMs?: number;
  /** Tables kept per node (default 100, the lobby's own limit). */
  readonly maxListed?: number;
  /** Other nodes read at most (default 64). */
  readonly maxNodes?: number;
  /** A list longer than this (JSON text) is ignored (default 1 MB). */
  readonly maxBytes?: number;
}

/** A list as read from Redis: its text (to notice changes) and what it holds. */
interface Read {
  readonly text: string;
  readonly list: LobbyList;
}

const isList = (value: unknown): value is LobbyList =>
  typeof value === "object" &&
  value !== null &&
  Array.isArray((value as LobbyList).tables) &&
  typeof (value as LobbyList).total === "number" &&
  (value as LobbyList).tables.every(
    (t: LobbyTable) => typeof t === "object" && t !== null && typeof t.code === "string",
  );

export class LobbySync implements LobbyPeers {
  private readonly everyMs: number;
  private readonly ttlMs: number;
  private readonly publishDelayMs: number;
  private readonly maxListed: number;
  private readonly maxNodes: number;
  private readonly maxBytes: number;
  private own: (() => Promise<LobbyList>) | null = null;
  private told: (() => void) | null = null;
  private read = new Map<string, Read>();
  private lists: LobbyList[] = [];
  /** The text last written; null: write again (changed, or the key may have gone). */
  private written: string | null = null;
  private dirty = true;
  private soon: NodeJS.Timeout | null = null;
  private ticker: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly options: LobbySyncOptions) {
    this.everyMs = options.everyMs ?? 1000;
    this.ttlMs = options.ttlMs ?? 3000;
    this.publishDelayMs = options.publishDelayMs ?? 100;
    this.maxListed = options.maxListed ?? 100;
    this.maxNodes = options.maxNodes ?? 64;
    this.maxBytes = options.maxBytes ?? 1_000_000;
  }

  start(own: () => Promise<LobbyList>, changed: () => void): void {
    this.own = own;
    this.told = changed;
    this.ticker = setInterval(() => this.run(true), this.everyMs);
    this.ticker.unref();
    this.run(true);
  }

  changed(): void {
    this.dirty = true;
    if (this.soon !== null || this.closed) return;
    this.soon = setTimeout(() => {
      this.soon = null;
      this.run(false);
    }, this.publishDelayMs);
    this.soon.unref();
  }

  others(): readonly LobbyList[] {
    return this.lists;
  }

  /** Writes (and reads, on the beat) one round at a time; a failing Redis is logged and tried again next beat. */
  private run(beat: boolean): void {
    this.running = this.running.then(async () => {
      if (this.closed) return;
      try {
        await this.publish(beat);
        if (beat) await this.readOthers();
      } catch (cause) {
        this.written = null;
        this.options.log.warn({ err: cause }, "lobby sync failed");
      }
    });
  }

  /** Writes this node's list when it changed; otherwise (on the beat) only extends its life. */
  private async publish(beat: boolean): Promise<void> {
    const { redis, node } = this.options;
    if (!this.own || (!beat && !this.dirty)) return;
    this.dirty = false;
    const list = await this.own();
    const text = JSON.stringify({ tables: list.tables.slice(0, this.maxListed), total: list.total });
    // Joins the set every time: a reader that saw the list missing a moment ago may have just taken it out.
    if (text === this.written) {
      const [renewed] =
        (await redis.multi().pexpire(lobbyKey(node), this.ttlMs).sadd(LOBBY_NODES_KEY, node).exec()) ?? [];
      if (renewed?.[1] === 1) return;
    }
    await redis.multi().set(lobbyKey(node), text, "PX", this.ttlMs).sadd(LOBBY_NODES_KEY, node).exec();
    this.written = text;
  }

  /** Reads every other node's list; a node whose list ran out is forgotten. Tells the lobby when any changed. */
  private async readOthers(): Promise<void> {
    const { redis, node } = this.options;
    const nodes = (await redis.smembers(LOBBY_NODES_KEY))
      .filter((n) => n !== node)
      .sort()
      .slice(0, this.maxNodes);
    const texts = nodes.length > 0 ? await redis.mget(nodes.map(lobbyKey)) : [];
    const gone = nodes.filter((_, i) => texts[i] == null);
    // A node writes its list before it joins the set: one in the set without a list has stopped (or run out).
    if (gone.length > 0) await redis.srem(LOBBY_NODES_KEY, ...gone);
    const read = new Map<string, Read>();
    nodes.forEach((n, i) => {
      const text = texts[i];
      if (text == null || text.length > this.maxBytes) return;
      const before = this.read.get(n);
      if (before?.text === text) return void read.set(n, before);
      const list = parse(text);
      if (list) read.set(n, { text, list: { tables: list.tables.slice(0, this.maxListed), total: list.total } });
    });
    const changed = read.size !== this.read.size || [...read].some(([n, r]) => this.read.get(n) !== r);
    this.read = read;
    if (!changed) return;
    this.lists = [...read.values()].map((r) => r.list);
    this.told?.();
  }

  /** Stops, and takes this node's list out of Redis (its tables are no longer waiting here). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.ticker !== null) clearInterval(this.ticker);
    if (this.soon !== null) clearTimeout(this.soon);
    // A round stuck on an unreachable Redis is not waited for long.
    await Promise.race([this.running, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
    const { redis, node, log } = this.options;
    try {
      await redis.multi().del(lobbyKey(node)).srem(LOBBY_NODES_KEY, node).exec();
    } catch (cause) {
      log.warn({ err: cause }, "lobby list not removed");
    }
  }
}

function parse(text: string): LobbyList | null {
  try {
    const value: unknown = JSON.parse(text);
    return isList(value) ? value : null;
  } catch {
    return null;
  }
}

/** The bus topics of lobby chat lines and of deleted players' new names. */
export const LOBBY_CHAT_TOPIC = "chat.lobby";
export const RENAMED_TOPIC = "chat.renamed";

const chatLineSchema: z.ZodType<ChatLine> = z.object({
  id: z.number().int(),
  at: z.number(),
  match: z.number().int(),
  seat: z.number().int().nullable(),
  player: z.string().max(200).nullable(),
  name: z.string().max(LIMITS.chatInputChars),
  text: z.string().max(LIMITS.chatInputChars).nullable(),
  phrase: z.enum(PHRASE_KEYS).nullable(),
});
const renamedSchema = z.object({ player: z.string().max(200), name: z.string().max(LIMITS.chatInputChars) });

/**
 * Lobby chat across nodes: lines said here go out on the bus, lines said elsewhere are shown here; a player deleted
 * on one node is renamed in every node's chat lines in memory (`tables`: the tables this node runs).
 */
export function relayLobbyChat(bus: Bus, chat: ChatService, tables: () => Iterable<Table>): () => void {
  chat.relay = {
    said: (line) => bus.publish(LOBBY_CHAT_TOPIC, line),
    renamed: (player, name) => bus.publish(RENAMED_TOPIC, { player, name }),
  };
  const stops = [
    bus.subscribe(LOBBY_CHAT_TOPIC, chatLineSchema, (line, from) => {
      if (from !== bus.node) chat.receiveLobby(line);
    }),
    bus.subscribe(RENAMED_TOPIC, renamedSchema, ({ player, name }, from) => {
      if (from !== bus.node) chat.renamedElsewhere(player, name, tables());
    }),
  ];
  return () => {
    chat.relay = null;
    for (const stop of stops) stop();
  };
}

/** The lobby's peers on the bus's Redis connection (LobbySync), for `new Lobby(…, peers)` in cluster mode. */
export const lobbySyncOn = (bus: Bus, log: Logger, options: Partial<LobbySyncOptions> = {}): LobbySync =>
  new LobbySync({ ...options, redis: bus.redis, node: bus.node, log });

/**
 * The nodes' message bus on Redis pub/sub (docs/scaling.md): one publishing and one subscribed connection per node.
 *
 * API (what other modules code against):
 *   const bus = await Bus.open({ url, node, log });        // connects both, subscribes, starts the presence key
 *   bus.node                                               // this node's id
 *   bus.redis                                              // the publishing connection, for plain keys (GET/SET PX)
 *   bus.send(node, kind, body, texts?): boolean            // to one node (channel schwimmen:node:<id>)
 *   bus.on(kind, schema, (body, from, texts) => void)      // direct messages of one kind, body checked by `schema`
 *   bus.publish(topic, body): boolean                      // to every node, this one included (schwimmen:all)
 *   bus.subscribe(topic, schema, (body, from) => void)     // broadcast topic; returns an unsubscribe function
 *   await bus.alive(node): boolean                         // its presence key schwimmen:alive:<id> exists
 *   bus.instance / await bus.instanceOf(node)              // this process' random id / the one a node's key holds
 *   await bus.close()                                      // deletes the presence key, quits both connections
 * Bodies are JSON values; `texts` (strings sent as they are, after the JSON envelope, so that JSON text such as a
 * socket's frames is not escaped and parsed again) come to the handler as an array. Every envelope and body is checked on receipt with zod: a bad one is logged and dropped,
 * never thrown. A handler that throws is logged. `send`/`publish` return false and drop (logged, counted in
 * `dropped`) when the channel already has `maxPending` messages not yet acknowledged by Redis: memory stays bounded.
 */
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import type { Logger } from "pino";
import { z } from "zod";

export const CHANNEL_PREFIX = "schwimmen:node:";
export const BROADCAST_CHANNEL = "schwimmen:all";
export const ALIVE_PREFIX = "schwimmen:alive:";
/** Presence: the key is refreshed this often and lives this long. */
export const ALIVE_EVERY_MS = 1000;
export const ALIVE_TTL_MS = 3000;

export interface BusOptions {
  readonly url: string;
  readonly node: string;
  readonly log: Logger;
  /** Messages per channel sent but not yet acknowledged by Redis; more are dropped (default 20,000). */
  readonly maxPending?: number;
}

type Handler = (body: unknown, from: string, texts: readonly string[]) => void;
interface Registered {
  readonly schema: z.ZodType;
  readonly handler: Handler;
}

const envelopeSchema = z.object({
  v: z.literal(1),
  from: z.string().min(1).max(64),
  kind: z.string().min(1).max(64),
  body: z.unknown(),
  /** The lengths of the texts after the envelope's line. */
  texts: z.array(z.number().int().min(0)).max(100_000).optional(),
});
const NO_TEXTS: readonly string[] = [];

export class Bus {
  /** Messages dropped because their channel had too many pending (for stats and tests). */
  dropped = 0;
  /** This process (a node restarted under the same id is another instance): the value of its presence key. */
  readonly instance = randomBytes(6).toString("hex");
  private readonly direct = new Map<string, Registered>();
  private readonly topics = new Map<string, Set<Registered>>();
  private readonly pending = new Map<string, number>();
  private readonly maxPending: number;
  private presence: NodeJS.Timeout | null = null;
  private closed = false;

  private constructor(
    readonly node: string,
    /** The publishing connection: also for plain commands (presence, lobby keys). */
    readonly redis: Redis,
    private readonly subscriber: Redis,
    private readonly log: Logger,
    maxPending: number,
  ) {
    this.maxPending = maxPending;
  }

  static async open(options: BusOptions): Promise<Bus> {
    const connect = () =>
      new Redis(options.url, { lazyConnect: true, maxRetriesPerRequest: 2, enableAutoPipelining: true });
    const redis = connect();
    const subscriber = connect();
    for (const client of [redis, subscriber]) {
      client.on("error", (cause: unknown) => options.log.warn({ err: cause }, "redis connection error"));
    }
    try {
      await Promise.all([redis.connect(), subscriber.connect()]);
      const bus = new Bus(options.node, redis, subscriber, options.log, options.maxPending ?? 20_000);
      subscriber.on("message", (channel: string, text: string) => bus.receive(channel, text));
      await subscriber.subscribe(CHANNEL_PREFIX + options.node, BROADCAST_CHANNEL);
      await bus.beat();
      bus.presence = setInterval(() => void bus.beat(), ALIVE_EVERY_MS);
      bus.presence.unref();
      return bus;
    } catch (cause) {
      redis.disconnect();
      subscriber.disconnect();
      throw cause;
    }
  }

  /** Direct messages of `kind` to this node. One handler per kind. */
  on<T>(kind: string, schema: z.ZodType<T>, handler: (body: T, from: string, texts: readonly string[]) => void): void {
    this.direct.set(kind, { schema, handler: handler as Handler });
  }

  /** Broadcasts on `topic` (from every node, this one included); returns a function that unsubscribes. */
  subscribe<T>(topic: string, schema: z.ZodType<T>, handler: (body: T, from: string) => void): () => void {
    const entry: Registered = { schema, handler: handler as Handler };
    let set = this.topics.get(topic);
    if (!set) this.topics.set(topic, (set = new Set()));
    set.add(entry);
    return () => set.delete(entry);
  }

  send(node: string, kind: string, body: unknown, texts?: readonly string[]): boolean {
    return this.post(CHANNEL_PREFIX + node, kind, body, texts);
  }

  publish(topic: string, body: unknown): boolean {
    return this.post(BROADCAST_CHANNEL, topic, body);
  }

  /** Whether `node` refreshed its presence key within the last ALIVE_TTL_MS. */
  async alive(node: string): Promise<boolean> {
    if (node === this.node) return !this.closed;
    return (await this.redis.exists(ALIVE_PREFIX + node)) === 1;
  }

  /** The instance whose presence key `node` has now; null when it is gone. */
  instanceOf(node: string): Promise<string | null> {
    return this.redis.get(ALIVE_PREFIX + node);
  }

  /** Stops the presence key (deleted, so others see this node gone at once) and both connections. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.presence) clearInterval(this.presence);
    await this.redis.del(ALIVE_PREFIX + this.node).catch(() => 0);
    await Promise.all([this.subscriber.quit().catch(() => "OK"), this.redis.quit().catch(() => "OK")]);
  }

  private async beat(): Promise<void> {
    if (this.closed) return;
    try {
      await this.redis.set(ALIVE_PREFIX + this.node, this.instance, "PX", ALIVE_TTL_MS);
    } catch (cause) {
      this.log.warn({ err: cause }, "presence not refreshed");
    }
  }

  private post(channel: string, kind: string, body: unknown, texts?: readonly string[]): boolean {
    if (this.closed) return false;
    const waiting = this.pending.get(channel) ?? 0;
    if (waiting >= this.maxPending) {
      if (this.dropped++ % 1000 === 0) this.log.warn({ channel, kind, dropped: this.dropped }, "bus message dropped");
      return false;
    }
    this.pending.set(channel, waiting + 1);
    // JSON text holds no raw line break: the envelope is the first line, the texts follow as they are.
    const text =
      texts && texts.length > 0
        ? `${JSON.stringify({ v: 1, from: this.node, kind, body, texts: texts.map((t) => t.length) })}\n${texts.join("")}`
        : JSON.stringify({ v: 1, from: this.node, kind, body });
    this.redis
      .publish(channel, text)
      .catch((cause: unknown) => this.log.warn({ err: cause, channel, kind }, "bus message not sent"))
      .finally(() => {
        const left = (this.pending.get(channel) ?? 1) - 1;
        if (left <= 0) this.pending.delete(channel);
        else this.pending.set(channel, left);
      });
    return true;
  }

  private receive(channel: string, text: string): void {
    const line = text.indexOf("\n");
    let raw: unknown;
    try {
      raw = JSON.parse(line < 0 ? text : text.slice(0, line));
    } catch {
      return this.log.warn({ channel }, "bus message dropped: not JSON");
    }
    const envelope = envelopeSchema.safeParse(raw);
    if (!envelope.success) return this.log.warn({ channel }, "bus message dropped: bad envelope");
    const { from, kind, body } = envelope.data;
    const lengths = envelope.data.texts;
    const texts = lengths ? (line < 0 ? null : cut(text.slice(line + 1), lengths)) : line < 0 ? NO_TEXTS : null;
    if (texts === null) return this.log.warn({ channel, kind, from }, "bus message dropped: bad texts");
    const targets = channel === BROADCAST_CHANNEL ? [...(this.topics.get(kind) ?? [])] : [this.direct.get(kind)];
    for (const target of targets) {
      if (!target) {
        this.log.warn({ channel, kind, from }, "bus message dropped: nobody takes this kind");
        continue;
      }
      const parsed = target.schema.safeParse(body);
      if (!parsed.success) {
        this.log.warn(
          { channel, kind, from, problem: parsed.error.issues[0]?.message },
          "bus message dropped: bad body",
        );
        continue;
      }
      try {
        target.handler(parsed.data, from, texts);
      } catch (cause) {
        this.log.error({ err: cause, kind, from }, "bus handler failed");
      }
    }
  }
}

/** The texts after the envelope's line, by their lengths; null when they do not add up. */
function cut(rest: string, lengths: readonly number[]): string[] | null {
  const texts: string[] = [];
  let at = 0;
  for (const length of lengths) {
    if (at + length > rest.length) return null;
    texts.push(rest.slice(at, at + length));
    at += length;
  }
  return at === rest.length ? texts : null;
}

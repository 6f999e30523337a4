/**
 * The socket's side of routing (docs/scaling.md): a socket on this node follows a table that runs on another node
 * through a link. Its entering message (join, watch, quickMatch) and then its table commands go over the bus to the
 * owner, tagged with the link's id; the owner's frames come back as operations on the socket's outbox (send, push,
 * caught up), in order, together with where the link stands (at a table, at none, moved).
 */
import type { Logger } from "pino";
import { z } from "zod";
import { errorFrame, type ReplyId } from "../messages.js";
import type { Route } from "../hub.js";
import type { Bus } from "./bus.js";

/** What a link needs of the socket it serves (connection.ts). */
export interface LinkEnd {
  readonly token: string;
  readonly player: { readonly id: string; readonly name: string; readonly kind?: "guest" | "account" } | null;
  readonly remote: string;
  send(text: string): void;
  push(text: string): void;
  caughtUp(): void;
  /** The owner says the link follows no table any more (left, removed by the host). */
  linkDetached(link: Link): void;
  /** The table moved to another node (or its owner is gone): reconnect (close 4003). */
  moved(): void;
}

/**
 * One operation for the socket: send, push (the frame: the index of a text that comes with the bus message), caught
 * up, at a table (code and epoch; null: none), moved.
 */
export const opSchema = z.union([
  z.tuple([z.enum(["s", "p"]), z.number().int().min(0)]),
  z.tuple([z.literal("c")]),
  z.tuple([z.literal("a"), z.string().nullable(), z.number().int()]),
  z.tuple([z.literal("m")]),
]);
export type Op = z.infer<typeof opSchema>;
/** An operation as the owner makes it, with its frame itself. */
export type TextOp = ["s" | "p", string] | Exclude<Op, ["s" | "p", number]>;

/** Owner to socket's node: operations of its links, each link's in order (one message per turn of the loop). */
export const outSchema = z.object({
  /** The owner's process (Bus.instance): a link to a process that has since restarted is stale. */
  instance: z.string().max(32),
  batch: z.array(z.object({ link: z.string().max(64), ops: z.array(opSchema).max(10_000) })).max(100_000),
});
export type OutBatch = z.infer<typeof outSchema>["batch"];
/** Socket's node to owner: a link opens with an entering message, or carries a command, a catch-up, a close. */
export const openSchema = z.object({
  link: z.string().max(64),
  token: z.string().max(128),
  player: z
    .object({ id: z.string().max(128), name: z.string().max(128), kind: z.enum(["guest", "account"]).optional() })
    .nullable(),
  remote: z.string().max(128),
  msg: z.unknown(),
});
export const cmdSchema = z.object({ link: z.string().max(64), msg: z.unknown() });
export const linkOnlySchema = z.object({ link: z.string().max(64) });

export const KIND = {
  open: "link.open",
  cmd: "link.cmd",
  catchUp: "link.catchUp",
  close: "link.close",
  out: "link.out",
} as const;

export interface LinkLimits {
  /** Links this node keeps open at once (each a socket following a table on another node). */
  readonly maxLinks: number;
  /** How long the owner may take to run an entering message. */
  readonly openTimeoutMs: number;
}

export const DEFAULT_LINK_LIMITS: LinkLimits = { maxLinks: 50_000, openTimeoutMs: 15_000 };

/** The owner went away (or the table moved) before it answered the entering message: resolve the code again. */
export const RETRY = "retry";
type Opened = Link | null | typeof RETRY;

export class Link {
  /** The table (or lease) the link follows at the owner and the owner's epoch: as routed, then as the owner says. */
  code: string;
  epoch: number;
  readonly node: string;
  /** The owner's process, from its first answer. */
  instance: string | null = null;
  private opened: ((at: Opened) => void) | null = null;
  private closed = false;

  constructor(
    private readonly links: Links,
    readonly id: string,
    route: Route,
    readonly end: LinkEnd,
  ) {
    this.code = route.code;
    this.epoch = route.epoch;
    this.node = route.node;
  }

  /** Resolves when the owner has run the entering message: this link at a table, or null, or RETRY. */
  waitOpen(timeoutMs: number, re: ReplyId): Promise<Opened> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.end.send(errorFrame("INTERNAL", "the table's server did not answer; try again", re));
        this.close();
      }, timeoutMs);
      this.opened = (at) => {
        clearTimeout(timer);
        this.opened = null;
        resolve(at);
      };
    });
  }

  /** A table command for the owner. */
  forward(msg: unknown): void {
    if (!this.closed) this.links.bus.send(this.node, KIND.cmd, { link: this.id, msg });
  }

  /** The socket drained after dropping pushes: the owner sends one sync. */
  catchUp(): void {
    if (!this.closed) this.links.bus.send(this.node, KIND.catchUp, { link: this.id });
  }

  /** The socket closed or follows another table: the owner forgets the link. */
  close(): void {
    if (this.closed) return;
    this.forget(null);
    this.links.bus.send(this.node, KIND.close, { link: this.id });
  }

  /**
   * The table no longer runs where the link goes (or its node is gone): before the owner answered, the entering
   * message is resolved again; after, the socket reconnects (close 4003).
   */
  moved(): void {
    if (this.closed) return;
    const opening = this.opened !== null;
    this.forget(RETRY);
    this.links.bus.send(this.node, KIND.close, { link: this.id });
    if (!opening) this.end.moved();
  }

  private forget(outcome: Opened): void {
    this.closed = true;
    this.links.forget(this);
    this.opened?.(outcome);
  }

  /** Operations from the owner, in order. */
  apply(ops: readonly Op[], texts: readonly string[]): void {
    for (const op of ops) {
      if (this.closed) return;
      switch (op[0]) {
        case "s":
        case "p": {
          const text = texts[op[1]];
          if (text !== undefined) this.end[op[0] === "s" ? "send" : "push"](text);
          break;
        }
        case "c":
          this.end.caughtUp();
          break;
        case "a":
          this.at(op[1], op[2]);
          break;
        case "m":
          this.moved();
          break;
      }
    }
  }

  private at(code: string | null, epoch: number): void {
    if (code === null) {
      // The owner forgot the link already.
      this.forget(null);
      this.end.linkDetached(this);
      return;
    }
    this.code = code;
    this.epoch = epoch;
    this.opened?.(this);
  }
}

/** Every link of this node's sockets. */
export class Links {
  private readonly open = new Map<string, Link>();
  private counter = 0;
  private readonly limits: LinkLimits;

  constructor(
    readonly bus: Bus,
    private readonly log: Logger,
    limits: Partial<LinkLimits> = {},
  ) {
    this.limits = { ...DEFAULT_LINK_LIMITS, ...limits };
    bus.on(KIND.out, outSchema, (body, from, texts) => {
      for (const { link: id, ops } of body.batch) {
        const link = this.open.get(id);
        if (!link || link.node !== from) continue;
        link.instance ??= body.instance;
        if (link.instance === body.instance) link.apply(ops, texts);
        else link.moved();
      }
    });
  }

  get size(): number {
    return this.open.size;
  }

  all(): IterableIterator<Link> {
    return this.open.values();
  }

  /**
   * Sends `msg` (an entering message with id `re`) along `route` on a new link; resolves when the owner ran it: the
   * link, now following a table there, or null (the owner sent its refusal to the socket), or RETRY (the owner went
   * away or the table moved before it answered: nothing was sent to the socket).
   */
  async enter(end: LinkEnd, route: Route, msg: unknown, re: ReplyId): Promise<Opened> {
    if (this.open.size >= this.limits.maxLinks) {
      this.log.warn({ links: this.open.size }, "link refused: too many");
      end.send(errorFrame("INTERNAL", "this server is too busy to reach that table; try again later", re));
      return null;
    }
    // The id starts with this process' instance: the owner can tell links of a node that restarted since.
    const link = new Link(this, `${this.bus.instance}.${(this.counter++).toString(36)}`, route, end);
    this.open.set(link.id, link);
    const opened = link.waitOpen(this.limits.openTimeoutMs, re);
    const { token, player, remote } = end;
    if (!this.bus.send(route.node, KIND.open, { link: link.id, token, player, remote, msg })) link.close();
    return opened;
  }

  forget(link: Link): void {
    this.open.delete(link.id);
  }

  /** Closes every link (the node stops). */
  close(): void {
    for (const link of this.open.values()) link.close();
  }
}

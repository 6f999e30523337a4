/**
 * The owner's side of routing: a socket on another node that follows a table here is a RemoteFollower. It runs the
 * forwarded messages through the same TableSession a local connection uses, and its frames go back over the bus as
 * operations for that socket's outbox, a batch per link and turn of the event loop.
 */
import type { Logger } from "pino";
import { addressKey } from "../address-limits.js";
import { type ReplyId, errorFrame } from "../messages.js";
import { type ParsedClientMessage, clientMessageSchema } from "../protocol.js";
import type { Lobby } from "../lobby.js";
import { lobbyMessage } from "../lobby-messages.js";
import type { Table } from "../table.js";
import { type SessionDeps, type SessionOwner, TableSession, isTableCommand } from "../table-session.js";
import type { Bus } from "./bus.js";
import { KIND, type Op, type OutBatch, type TextOp, cmdSchema, linkOnlySchema, openSchema } from "./links.js";

export interface FollowerLimits {
  /** Sockets of other nodes following tables here at once. */
  readonly maxFollowers: number;
  /** Operations waiting for one link's next batch; past it pushes are dropped (a sync follows), past 4x it closes. */
  readonly maxPendingOps: number;
}

export const DEFAULT_FOLLOWER_LIMITS: FollowerLimits = { maxFollowers: 50_000, maxPendingOps: 512 };

export interface FollowersDeps extends SessionDeps {
  readonly bus: Bus;
  readonly log: Logger;
  readonly lobby?: Lobby | undefined;
  /** This node's epoch of a table it holds (0 when not). */
  readonly epochOf: (code: string) => number;
}

class RemoteFollower implements SessionOwner {
  readonly replayed = new Map<string, number>();
  readonly addressKey: string;
  readonly session: TableSession;
  behind = false;
  /** Operations for the socket not yet sent (Followers sends them, batched per node, once per turn of the loop). */
  ops: TextOp[] = [];
  private queue: Promise<void> = Promise.resolve();
  /** A forwarded message is being run: the link is told it is at no table only once that message is done. */
  private inTask = false;
  gone = false;

  constructor(
    private readonly host: Followers,
    readonly node: string,
    readonly link: string,
    readonly token: string,
    readonly player: { readonly id: string; readonly name: string; readonly kind?: "guest" | "account" } | null,
    readonly remote: string,
  ) {
    this.addressKey = addressKey(remote);
    this.session = new TableSession(this, host.deps);
  }

  send(text: string): void {
    if (this.ops.length >= 4 * this.host.limits.maxPendingOps) return this.moved();
    this.put(["s", text]);
  }

  push(text: string): void {
    if (this.behind) return;
    if (this.ops.length >= this.host.limits.maxPendingOps) {
      // The socket's node is far behind: drop pushes, send one sync once the batch has gone.
      this.behind = true;
      queueMicrotask(() => this.session.drained());
      return;
    }
    this.put(["p", text]);
  }

  caughtUp(): void {
    this.behind = false;
    this.put(["c"]);
  }

  atTable(table: Table | null): void {
    if (table) this.put(["a", table.code, this.host.deps.epochOf(table.code)]);
    else if (!this.inTask) this.detach();
  }

  /** Follows no table any more: the socket's node is told (after every frame so far), and the link ends. */
  private detach(): void {
    if (this.gone) return;
    this.put(["a", null, 0]);
    this.forget();
  }

  /** For lobby-messages.ts (quick match): the session follows the table. */
  moveTo(table: Table): Promise<void> {
    return this.session.moveTo(table);
  }

  detached(table: Table): void {
    this.session.detached(table);
  }

  moved(): void {
    if (this.gone) return;
    this.put(["m"]);
    this.forget();
  }

  /** Runs one forwarded message after the earlier ones of this link. */
  run(task: () => Promise<void>, re: ReplyId): void {
    this.queue = this.queue
      .then(async () => {
        if (this.gone) return;
        this.inTask = true;
        try {
          await task();
        } finally {
          this.inTask = false;
        }
      })
      .catch((cause: unknown) => {
        this.host.deps.log.error({ err: cause, link: this.link }, "forwarded message failed");
        this.send(errorFrame("INTERNAL", "the server failed on this message", re));
      })
      .then(() => {
        // Refused entering message, or left: the link follows no table.
        if (this.session.table === null) this.detach();
      });
  }

  /** The socket went away or the link ended: the table forgets it. */
  forget(): void {
    if (this.gone) return;
    this.gone = true;
    this.host.forget(this);
    this.session.close();
  }

  private put(op: TextOp): void {
    if (this.ops.push(op) === 1) this.host.dirty(this);
  }
}

/** Every follower of this node's tables on other nodes. */
export class Followers {
  private readonly byLink = new Map<string, RemoteFollower>();
  /** Followers with operations to send, sent together per node at the end of this turn of the loop. */
  private readonly waiting = new Set<RemoteFollower>();
  readonly limits: FollowerLimits;

  constructor(
    readonly deps: FollowersDeps,
    limits: Partial<FollowerLimits> = {},
  ) {
    this.limits = { ...DEFAULT_FOLLOWER_LIMITS, ...limits };
    const { bus } = deps;
    bus.on(KIND.open, openSchema, (body, from) => this.open(from, body));
    bus.on(KIND.cmd, cmdSchema, (body, from) => this.command(from, body.link, body.msg));
    bus.on(KIND.catchUp, linkOnlySchema, (body, from) => {
      const follower = this.byLink.get(key(from, body.link));
      if (!follower) return;
      follower.behind = true;
      follower.session.drained();
    });
    bus.on(KIND.close, linkOnlySchema, (body, from) => this.byLink.get(key(from, body.link))?.forget());
  }

  get size(): number {
    return this.byLink.size;
  }

  /** The nodes whose sockets follow tables here. */
  nodes(): Set<string> {
    return new Set([...this.byLink.values()].map((f) => f.node));
  }

  dirty(follower: RemoteFollower): void {
    if (this.waiting.size === 0) queueMicrotask(() => this.flush());
    this.waiting.add(follower);
  }

  private flush(): void {
    const batches = new Map<string, { batch: OutBatch; texts: string[] }>();
    for (const follower of this.waiting) {
      let out = batches.get(follower.node);
      if (!out) batches.set(follower.node, (out = { batch: [], texts: [] }));
      out.batch.push({ link: follower.link, ops: withTexts(follower.ops, out.texts) });
      follower.ops = [];
    }
    this.waiting.clear();
    const { bus } = this.deps;
    for (const [node, { batch, texts }] of batches) bus.send(node, KIND.out, { instance: bus.instance, batch }, texts);
  }

  /** Operations for a link that has no follower here (a refusal): after the batch of this turn, which may end it. */
  private reply(node: string, link: string, ops: TextOp[]): void {
    const { bus } = this.deps;
    const texts: string[] = [];
    const batch = [{ link, ops: withTexts(ops, texts) }];
    queueMicrotask(() => bus.send(node, KIND.out, { instance: bus.instance, batch }, texts));
  }

  /** This node stops: every socket following a table here is sent to reconnect (its table is free now). */
  moveAll(): void {
    for (const follower of this.byLink.values()) follower.moved();
  }

  /** The sockets of `node` from instances other than `current` (null: the node is gone) are gone too. */
  dropStale(node: string, current: string | null): void {
    for (const follower of this.byLink.values()) {
      if (follower.node === node && (current === null || !follower.link.startsWith(`${current}.`))) follower.forget();
    }
  }

  forget(follower: RemoteFollower): void {
    if (this.byLink.get(key(follower.node, follower.link)) === follower)
      this.byLink.delete(key(follower.node, follower.link));
  }

  private open(
    from: string,
    body: { link: string; token: string; player: RemoteFollower["player"]; remote: string; msg: unknown },
  ): void {
    const parsed = clientMessageSchema.safeParse(body.msg);
    const reply = (ops: TextOp[]) => this.reply(from, body.link, ops);
    if (!parsed.success) return void reply([["a", null, 0]]);
    const msg = parsed.data;
    if (this.byLink.size >= this.limits.maxFollowers || this.byLink.has(key(from, body.link))) {
      this.deps.log.warn({ followers: this.byLink.size, from }, "forwarded socket refused: too many");
      return void reply([
        ["s", errorFrame("INTERNAL", "this server is too busy; try again later", msg.id)],
        ["a", null, 0],
      ]);
    }
    const follower = new RemoteFollower(this, from, body.link, body.token, body.player, body.remote);
    this.byLink.set(key(from, body.link), follower);
    follower.run(() => this.enter(follower, msg), msg.id);
  }

  private async enter(follower: RemoteFollower, msg: ParsedClientMessage): Promise<void> {
    if (msg.type === "join" || msg.type === "watch") {
      // Counted against the address where the socket is; the table moved meanwhile: the socket reconnects.
      if (await follower.session.enter(msg, msg.id, "here")) follower.moved();
      return;
    }
    if (msg.type === "quickMatch") {
      return lobbyMessage(follower, { lobby: this.deps.lobby, quick: this.deps.quick }, msg, msg.id);
    }
    follower.send(errorFrame("BAD_MESSAGE", "not a message that enters a table", msg.id));
  }

  private command(from: string, link: string, raw: unknown): void {
    const parsed = clientMessageSchema.safeParse(raw);
    const follower = this.byLink.get(key(from, link));
    const re = parsed.success ? parsed.data.id : undefined;
    // A link this node does not know (it restarted since, or forgot the link): the socket reconnects.
    if (!follower) return this.reply(from, link, [["m"]]);
    if (!parsed.success || !isTableCommand(parsed.data)) {
      return this.reply(from, link, [["s", errorFrame("NOT_AT_TABLE", "join a table first", re)]]);
    }
    const msg = parsed.data;
    follower.run(() => follower.session.command(msg, msg.id), msg.id);
  }
}

const key = (node: string, link: string) => `${node}/${link}`;

/** The operations as they go on the bus: each frame moved to `texts`, the operation holding its index. */
function withTexts(ops: readonly TextOp[], texts: string[]): Op[] {
  return ops.map((op): Op => (isFrame(op) ? [op[0], texts.push(op[1]) - 1] : op));
}

const isFrame = (op: TextOp): op is ["s" | "p", string] => op[0] === "s" || op[0] === "p";

/**
 * What one follower of tables does at them: entering a table (join, watch), the table commands, moving from one
 * table to the next, catching up after dropped pushes, and leaving when it goes away. A local WebSocket (connection.ts)
 * and a socket on another cluster node (cluster/remote.ts) both go through this one code path.
 */
import type { Hub, LookupMode, Route } from "./hub.js";
import { type ReplyId, errorFrame } from "./messages.js";
import type { ParsedClientMessage } from "./protocol.js";
import type { QuickMatcher } from "./quick-match.js";
import type { Table } from "./table.js";
import type { Subscriber } from "./table-audience.js";
import type { ChatService } from "./chat.js";

export type EnterMessage = Extract<ParsedClientMessage, { type: "join" | "watch" }>;
export type TableCommand = Extract<
  ParsedClientMessage,
  { type: "start" | "act" | "rematch" | "back" | "setVisibility" | "kick" | "chat" | "leave" }
>;

const COMMANDS: ReadonlySet<string> = new Set(["start", "act", "rematch", "back", "setVisibility", "kick", "leave"]);

/** A table command (a chat line at the table included; a lobby chat line is not). */
export const isTableCommand = (msg: ParsedClientMessage): msg is TableCommand =>
  COMMANDS.has(msg.type) || (msg.type === "chat" && msg.room !== "lobby");

export interface SessionDeps {
  readonly hub: Hub;
  readonly quick?: QuickMatcher | undefined;
  readonly chat?: ChatService | undefined;
}

/** The follower a session acts for. */
export interface SessionOwner extends Subscriber {
  /** The peer's address (rate limits and chat limits count by it). */
  readonly remote: string;
  readonly addressKey: string;
  /** The table the session follows changed (null: none). */
  atTable(table: Table | null): void;
}

export class TableSession {
  private current: Table | null = null;

  constructor(
    private readonly owner: SessionOwner,
    private readonly deps: SessionDeps,
  ) {}

  get table(): Table | null {
    return this.current;
  }

  /**
   * A join or watch: looked up by code (`mode`, see Hub.locate), run at the table, and on success the session follows
   * it. A table that runs on another node comes back as its route (nothing was sent then).
   */
  async enter(msg: EnterMessage, re: ReplyId, mode: LookupMode): Promise<Route | null> {
    const sub = this.owner;
    const found = await this.deps.hub.locate(msg.code, sub.remote, msg.type, sub.token, mode);
    if (!found.ok) {
      sub.send(errorFrame(found.code, found.message, re));
      return null;
    }
    if (found.table === null) return found.route;
    const table = found.table;
    const { quick } = this.deps;
    // A quick-match table's seats go through the matcher: a person waits at one such table at most.
    if (msg.type === "join" && quick?.takes(table)) await quick.join(sub, table, msg.name, msg.lastVersion, re);
    else {
      await table.run(() =>
        msg.type === "join" ? table.join(sub, msg.name, msg.lastVersion, re) : table.watch(sub, msg.lastVersion, re),
      );
    }
    // Only a successful join or watch moves the session (a refused one leaves it where it was).
    if (table.isSubscribed(sub)) await this.moveTo(table);
    return null;
  }

  /** A command for the table the session follows. */
  async command(msg: TableCommand, re: ReplyId): Promise<void> {
    const sub = this.owner;
    const table = this.current;
    if (!table || !table.isSubscribed(sub)) return sub.send(errorFrame("NOT_AT_TABLE", "join a table first", re));
    const { chat } = this.deps;
    switch (msg.type) {
      case "start":
        return table.run(() => table.start(sub, re));
      case "act":
        return table.run(() => table.act(sub, msg.action, re));
      case "rematch":
        return table.run(() => table.rematch(sub, re));
      case "back":
        return table.run(() => table.back(sub, re));
      case "setVisibility":
        return table.run(() => table.setVisibility(sub, msg.visibility, re));
      case "kick":
        return table.run(() => table.kick(sub, msg.seat, re));
      case "chat":
        if (chat) return table.run(() => chat.sayAtTable(table, { sub, address: sub.addressKey }, msg, re));
        return;
      case "leave":
        this.set(null);
        return table.run(() => table.leave(sub, re));
    }
  }

  /** The session follows one table: leaving the old one first. */
  async moveTo(table: Table): Promise<void> {
    const old = this.current;
    this.set(table);
    if (old && old !== table) await old.run(() => old.unsubscribe(this.owner));
  }

  /** The table stopped following the owner (its seat was freed by the host, or the table moved to another node). */
  detached(table: Table): void {
    if (this.current === table) this.set(null);
  }

  /** Pushes were dropped and the owner has caught up: the table sends one sync of its current state. */
  drained(): void {
    const table = this.current;
    if (!table) return this.owner.caughtUp();
    void table.run(() => table.catchUp(this.owner));
  }

  /** The owner went away: the table forgets it. */
  close(): void {
    const table = this.current;
    this.current = null;
    if (table) void table.run(() => table.unsubscribe(this.owner));
  }

  private set(table: Table | null): void {
    this.current = table;
    this.owner.atTable(table);
  }
}

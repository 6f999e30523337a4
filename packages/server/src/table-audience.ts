/**
 * Who follows a table and what they are sent: the subscribers (players' and spectators' connections), the replay
 * buffer for resuming ones, per-seat update fan-out, whole-state syncs and presence news (table.ts owns one).
 */
import type { Clock, TimerHandle } from "./clock.js";
import type { ChatLog } from "./chat.js";
import { type ReplyId, eventsJson, syncFrame, tableFrame, tableInfo, updateFrame, viewJson } from "./messages.js";
import type { VersionedEvent } from "./protocol.js";
import { ReplayBuffer } from "./replay-buffer.js";
import type { Table } from "./table.js";
import type { TableModel } from "./table-model.js";

/** A recipient of table frames: one WebSocket connection. */
export interface Subscriber {
  readonly token: string;
  /** The signed-in player (session cookie) of this connection, if any. */
  readonly player?: { readonly id: string; readonly name: string; readonly kind?: "guest" | "account" } | null;
  /** An answer (or a whole state): always sent. */
  send(text: string): void;
  /** A push, which a newer state makes useless: dropped while the subscriber cannot keep up (it is then `behind`). */
  push(text: string): void;
  /** Pushes were dropped: the next state this subscriber gets must be a whole one (a sync). */
  readonly behind: boolean;
  /** A whole state was sent. */
  caughtUp(): void;
  /** The table stopped following this subscriber by itself (the host removed its seat). */
  detached?(table: Table): void;
  /** The table no longer runs here (another cluster node took it): the follower must reconnect and resync. */
  moved?(table: Table): void;
  /** Per table code, the newest version whose past events this subscriber was sent in a resync answer. */
  readonly replayed: Map<string, number>;
}

/** An answer owed to the subscriber whose command made a change. */
export interface ReplyTo {
  readonly to: Subscriber;
  readonly re: ReplyId;
}

/** What the audience reads from its table. */
export interface Stage {
  readonly code: string;
  readonly model: TableModel;
  readonly chat: ChatLog;
  readonly fillAt: number | null;
  /** When the seat to act runs out of time (epoch ms), or null. */
  readonly turnEndsAt: number | null;
}

export interface AudienceDeps {
  readonly clock: Clock;
  readonly replayVersions: number;
  /** Something the lobby lists changed (a seat's presence, the spectator count). */
  readonly changed: () => void;
  /** A seat lost its last connection; called before the news goes out (the turn timer may shorten). */
  readonly dropped?: (seat: number) => void;
}

/** Tables a subscriber's resync answers are remembered for (a connection follows one at a time). */
const REPLAYS_KEPT = 8;
/** Spectator counts are announced at most this often. */
const SPECTATOR_NEWS_MS = 1000;

export class TableAudience {
  /** Each subscriber's seat (null: a spectator). */
  private readonly subscribers = new Map<Subscriber, number | null>();
  private readonly buffer: ReplayBuffer;
  private spectatorNews: TimerHandle | null = null;
  private closed = false;

  constructor(
    private readonly stage: Stage,
    private readonly deps: AudienceDeps,
  ) {
    this.buffer = new ReplayBuffer(deps.replayVersions);
  }

  get size(): number {
    return this.subscribers.size;
  }

  /** Connections following the table without a seat. */
  get spectators(): number {
    let count = 0;
    for (const seat of this.subscribers.values()) if (seat === null) count++;
    return count;
  }

  /** Seats with at least one open connection. */
  connectedSeats(): Set<number> {
    const seats = new Set<number>();
    for (const seat of this.subscribers.values()) if (seat !== null) seats.add(seat);
    return seats;
  }

  /** The seat a following subscriber plays (null: a spectator; undefined: not following). */
  seatOf(sub: Subscriber): number | null | undefined {
    return this.subscribers.get(sub);
  }

  /** The subscribers following the table from `seat` with `token`. */
  atSeat(seat: number, token: string): Subscriber[] {
    return [...this.subscribers].flatMap(([sub, at]) => (at === seat && sub.token === token ? [sub] : []));
  }

  /** The TableInfo everybody at the table sees (true presence, running timer), as JSON text. */
  tableJson(): string {
    const { model, fillAt, turnEndsAt } = this.stage;
    return JSON.stringify(tableInfo(model, this.connectedSeats(), turnEndsAt, { spectators: this.spectators, fillAt }));
  }

  /** Keeps the events of versions `from`+1 .. now for resuming subscribers and sends everyone their update. */
  publish(from: number, events: VersionedEvent[], reply?: ReplyTo): void {
    const tableJson = this.tableJson();
    const evJson = eventsJson(events);
    const { game, version } = this.stage.model;
    this.buffer.add(from, version, events);
    // One view per seat, shared by every connection of that seat, made only if someone takes it.
    const views = new Map<number | null, string>();
    const viewOf = (seat: number | null): string => {
      let view = views.get(seat);
      if (view === undefined) views.set(seat, (view = viewJson(game, seat)));
      return view;
    };
    for (const [sub, seat] of this.subscribers) {
      if (reply?.to === sub) {
        // The answer always goes out; to a subscriber that missed pushes, as the whole state.
        if (sub.behind) this.sendSync(sub, seat, reply.re, tableJson);
        else sub.send(updateFrame(reply.re, from, version, seat, evJson, tableJson, viewOf(seat)));
      } else if (!sub.behind) sub.push(updateFrame(undefined, from, version, seat, evJson, tableJson, viewOf(seat)));
    }
    if (reply && !this.subscribers.has(reply.to)) {
      // The sender is not following this table (it just left): it still gets its answer, as a spectator.
      reply.to.send(updateFrame(reply.re, from, version, null, evJson, tableJson, viewJson(game, null)));
    }
  }

  /** Presence news for everybody but `except`. */
  announce(except?: Subscriber): void {
    const text = tableFrame(undefined, this.stage.model.version, this.tableJson());
    for (const sub of this.subscribers.keys()) if (sub !== except) sub.push(text);
  }

  /** A push to everyone following the table but `except` (chat lines). */
  pushAll(text: string, except?: Subscriber): void {
    for (const sub of this.subscribers.keys()) if (sub !== except) sub.push(text);
  }

  /** Spectators come and go in crowds: the news of their count goes out at most once per `SPECTATOR_NEWS_MS`. */
  private spectatorsChanged(): void {
    this.deps.changed();
    if (this.spectatorNews !== null || this.closed) return;
    this.spectatorNews = this.deps.clock.setTimeout(() => {
      this.spectatorNews = null;
      if (!this.closed) this.announce();
    }, SPECTATOR_NEWS_MS);
  }

  /** The current state for one subscriber, with the current round's events. */
  private sendSync(sub: Subscriber, seat: number | null, re: ReplyId, tableJson = this.tableJson()): void {
    const { version, game } = this.stage.model;
    const events = eventsJson(this.buffer.roundEvents());
    sub.send(syncFrame(re, version, seat, events, tableJson, viewJson(game, seat), this.stage.chat.json()));
    sub.caughtUp();
  }

  /** A subscriber that dropped pushes has caught up with its socket: one sync replaces everything it missed. */
  catchUp(sub: Subscriber): void {
    const seat = this.subscribers.get(sub);
    if (seat !== undefined && sub.behind) this.sendSync(sub, seat, undefined);
    else sub.caughtUp();
  }

  /** Follows the table from now on and gets what it missed since `lastVersion` (or everything). */
  subscribe(sub: Subscriber, seat: number | null, lastVersion: number | undefined, re: ReplyId): void {
    const wasConnected = seat !== null && this.connectedSeats().has(seat);
    this.subscribers.set(sub, seat);
    const { code, model, chat } = this.stage;
    const { version, game } = model;
    const tableJson = this.tableJson();
    const view = viewJson(game, seat);
    // Past events go to a connection once: asking again for versions it was already sent gets the state without them.
    const sent = sub.replayed.get(code) ?? -1;
    if (lastVersion !== undefined && lastVersion >= sent && this.buffer.holds(lastVersion, version)) {
      sub.send(updateFrame(re, lastVersion, version, seat, this.buffer.since(lastVersion, version), tableJson, view));
    } else {
      const events = this.buffer.roundEvents().filter((e) => e.v > sent);
      sub.send(syncFrame(re, version, seat, eventsJson(events), tableJson, view, chat.json()));
    }
    sub.caughtUp();
    sub.replayed.delete(code);
    sub.replayed.set(code, version);
    if (sub.replayed.size > REPLAYS_KEPT) sub.replayed.delete(sub.replayed.keys().next().value!);
    if (seat !== null && !wasConnected) this.announce(sub);
    if (seat === null) this.spectatorsChanged();
    else if (!wasConnected) this.deps.changed();
  }

  unsubscribe(sub: Subscriber): void {
    const seat = this.subscribers.get(sub);
    if (seat === undefined) return;
    this.subscribers.delete(sub);
    if (seat !== null && !this.connectedSeats().has(seat) && !this.closed) {
      this.deps.dropped?.(seat);
      this.announce();
      this.deps.changed();
    }
    if (seat === null) this.spectatorsChanged();
  }

  /** Forgets every subscriber (the table stopped running here) and gives them. */
  drop(): Subscriber[] {
    const all = [...this.subscribers.keys()];
    this.subscribers.clear();
    this.close();
    return all;
  }

  /** No more news: stops the spectator-count timer. */
  close(): void {
    this.closed = true;
    if (this.spectatorNews !== null) this.deps.clock.clearTimeout(this.spectatorNews);
  }
}

/**
 * One table as a small actor: it takes one command at a time (a promise queue), checks who sent it, applies it to
 * the model, writes the log entries to the store, and only then answers and fans out per-seat updates.
 * Bots, deals and the turn timer go through the same path (table-driver.ts); who follows the table and what they
 * are sent lives in table-audience.ts.
 */
import type { Action } from "@schwimmen/rules";
import type { Logger } from "pino";
import type { Clock } from "./clock.js";
import type { Move, VersionedEvent, Visibility } from "./protocol.js";
import type { Store } from "./store.js";
import { type LogEntry, type ModelError, type TableModel, applyEntry, seatOf, versionedEvents } from "./table-model.js";
import { type ReplyId, errorFrame, frame } from "./messages.js";
import type { BotPlayer } from "./bot-player.js";
import { saveRecord } from "./record.js";
import type { MatchEndSummary } from "./match-summary.js";
import { dealerByLot } from "./stakes.js";
import { nameKey } from "./names.js";
import { ChatLog, type ChatService } from "./chat.js";
import { type ReplyTo, type Subscriber, TableAudience } from "./table-audience.js";
import { TableDriver } from "./table-driver.js";

/** Removed people a table remembers (tokens and player ids). */
const REMOVED_KEPT = 64;

export interface TableSettings {
  /** Pause before a bot (or a bot playing for an away player) acts. */
  readonly botDelayMs: number;
  /** Pause between a round's end and the next deal, so players see the result. */
  readonly roundPauseMs: number;
  readonly snapshotEvery: number;
  readonly replayVersions: number;
}

export interface TableDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly log: Logger;
  readonly settings: TableSettings;
  readonly bots: BotPlayer;
  readonly newSeed: () => string;
  readonly randomInt: (n: number) => number;
  /** Table talk (chat.ts): the table's newest lines are read from it before the first sync. */
  readonly chat?: ChatService;
  /** Called after anything the lobby lists may have changed (seats, status, visibility, spectators). */
  readonly onTableChanged?: (table: Table) => void;
  /** In a cluster: a write was refused because this node lost the table's lease (the hub drops the table). */
  readonly onLeaseLost?: (table: Table) => void;
  /** Called once a match has ended and its record is saved (ratings.ts); may be called again for the same match. */
  readonly onMatchEnded?: (summary: MatchEndSummary) => Promise<void> | void;
}

export class Table {
  model: TableModel;
  /** The connections following the table, and what they are sent (table-audience.ts). */
  private readonly audience: TableAudience;
  /** Deals, bots and the turn timer (table-driver.ts). */
  private readonly driver: TableDriver;
  private queue: Promise<unknown> = Promise.resolve();
  private lastSnapshot: number;
  /** A snapshot is being written. */
  private snapshotting = false;
  private running = 0;
  /** The table stopped running here (abandon): it changes nothing any more. */
  private gone = false;
  /** The newest chat lines, sent with every sync (chat.ts). */
  readonly chat = new ChatLog();
  /** Device tokens and player ids the host removed from the waiting table (kept in memory, a bounded number). */
  private readonly removed = new Set<string>();
  /** A waiting quick-match table: when bots take the free seats (epoch ms); change it with `setFillAt`. */
  fillAt: number | null = null;
  /** The seat of a player coming back through `join`, while its `back` is committed: it counts as connected. */
  private arriving: number | null = null;

  constructor(
    model: TableModel,
    private readonly deps: TableDeps,
  ) {
    this.model = model;
    this.lastSnapshot = model.version;
    const { clock, settings } = deps;
    const changed = () => deps.onTableChanged?.(this);
    const dropped = (seat: number) => this.driver.dropped(seat);
    this.audience = new TableAudience(this, { clock, replayVersions: settings.replayVersions, changed, dropped });
    this.driver = new TableDriver(this, deps);
    const chat = deps.chat;
    if (chat) void this.run(() => chat.loadTable(this));
  }

  get code(): string {
    return this.model.code;
  }

  get subscriberCount(): number {
    return this.audience.size;
  }

  /** Connections following the table without a seat. */
  get spectators(): number {
    return this.audience.spectators;
  }

  /** When the seat to act runs out of time (epoch ms); null without a running timer. */
  get turnEndsAt(): number | null {
    return this.driver.turnEndsAt;
  }

  /** A waiting quick-match table: when bots fill it (set by the quick matcher); everyone at the table is told. */
  setFillAt(at: number | null): void {
    if (this.fillAt === at) return;
    this.fillAt = at;
    this.audience.announce();
  }

  /** No command is queued or running. */
  get idle(): boolean {
    return this.running === 0;
  }

  /** Runs `task` after every earlier one: the table's state changes one command at a time. */
  run<T>(task: () => Promise<T> | T): Promise<T> {
    this.running++;
    const next = this.queue.then(task).finally(() => this.running--);
    this.queue = next.catch((cause: unknown) =>
      this.deps.log.error({ err: cause, table: this.code }, "table task failed"),
    );
    return next;
  }

  /** Applies entries in order, stores them, then answers: all or nothing. Null when accepted. */
  async commit(entries: readonly LogEntry[], reply?: ReplyTo): Promise<ModelError | null> {
    if (this.gone) return { code: "INTERNAL", message: "this table moved to another server; reconnect" };
    const before = this.model;
    let model = before;
    const events: VersionedEvent[] = [];
    for (const entry of entries) {
      const applied = applyEntry(model, entry);
      if (!applied.ok) return applied.error;
      events.push(...versionedEvents(model, entry, applied));
      model = applied.model;
    }
    const now = this.deps.clock.now();
    try {
      // A rematch replaces the finished match: make sure its record is kept (a crash may have come before).
      if (entries.some((e) => e.kind === "rematch")) await saveRecord(before, this.deps);
      const stored = entries.map((entry, i) => ({ version: before.version + i + 1, entry: JSON.stringify(entry) }));
      const status = model.status !== before.status ? model.status : null;
      await this.deps.store.append(this.code, stored, status, now);
    } catch (cause) {
      if ((cause as { code?: unknown }).code === "LEASE_LOST") {
        this.deps.log.warn({ table: this.code }, "write refused: the table's lease is lost");
        this.deps.onLeaseLost?.(this);
        return { code: "INTERNAL", message: "this table moved to another server; reconnect" };
      }
      this.deps.log.error({ err: cause, table: this.code }, "store failed; the change is refused");
      return { code: "INTERNAL", message: "the change could not be stored" };
    }
    // Stored: the change is accepted. Match records and snapshots only save work later, so their failure is logged.
    this.model = model;
    try {
      if (model.status === "over" && before.status !== "over") await saveRecord(model, this.deps);
    } catch (cause) {
      this.deps.log.error({ err: cause, table: this.code }, "match record not saved");
    }
    if (entries.some((e) => e.kind === "start" || e.kind === "rematch")) this.deps.bots.reset(this.code);
    this.drive();
    this.audience.publish(before.version, events, reply);
    this.deps.onTableChanged?.(this);
    // A snapshot only shortens a later load: it is written once everyone has the update, not before, and the table
    // goes on meanwhile (on a busy store a snapshot can take a while; the log has the change already). One at a time:
    // the next is taken once this one is written.
    if (!this.snapshotting && model.version - this.lastSnapshot >= this.deps.settings.snapshotEvery) {
      const version = model.version;
      this.snapshotting = true;
      void this.deps.store
        .saveSnapshot(this.code, version, JSON.stringify(model), now)
        .then(
          () => {
            this.lastSnapshot = Math.max(this.lastSnapshot, version);
          },
          (cause: unknown) =>
            (cause as { code?: unknown }).code === "STORE_BUSY"
              ? this.deps.log.debug({ table: this.code }, "snapshot put off: the store is busy")
              : this.deps.log.error({ err: cause, table: this.code }, "snapshot not saved"),
        )
        .finally(() => {
          this.snapshotting = false;
        });
    }
    return null;
  }

  // ---- the connections following the table (table-audience.ts) ----

  /** Seats with at least one open connection (a player coming back counts from the start of their `join`). */
  connectedSeats(): Set<number> {
    const seats = this.audience.connectedSeats();
    if (this.arriving !== null) seats.add(this.arriving);
    return seats;
  }

  /** The TableInfo everybody at the table sees (true presence, running timer), as JSON text. */
  tableJson(): string {
    return this.audience.tableJson();
  }

  /** A subscriber that dropped pushes has caught up with its socket: one sync replaces everything it missed. */
  catchUp(sub: Subscriber): void {
    this.audience.catchUp(sub);
  }

  unsubscribe(sub: Subscriber): void {
    this.audience.unsubscribe(sub);
  }

  isSubscribed(sub: Subscriber): boolean {
    return this.audience.seatOf(sub) !== undefined;
  }

  /** The seat a following subscriber plays (null: a spectator; undefined: not following). */
  seatOfSubscriber(sub: Subscriber): number | null | undefined {
    return this.audience.seatOf(sub);
  }

  /** A push to everyone following the table but `except` (chat lines). */
  pushAll(text: string, except?: Subscriber): void {
    this.audience.pushAll(text, except);
  }

  // ---- commands from players (each runs inside the queue) ----

  async join(sub: Subscriber, name: string | undefined, lastVersion: number | undefined, re: ReplyId): Promise<void> {
    if (this.gone) return sub.moved?.(this);
    const seat = seatOf(this.model, sub.token);
    if (seat !== null) {
      if (this.model.seats[seat]!.away) {
        // Back on their own turn: the turn timer gives them the whole turn, not an absent player's.
        this.arriving = seat;
        await this.commit([{ kind: "back", seat }]).finally(() => (this.arriving = null));
      }
      this.audience.subscribe(sub, seat, lastVersion, re);
      return;
    }
    if (this.model.status !== "lobby") {
      return sub.send(errorFrame("ALREADY_STARTED", "the match has started; watch instead", re));
    }
    if (this.removed.has(sub.token) || (sub.player && this.removed.has(sub.player.id))) {
      return sub.send(errorFrame("REMOVED_BY_HOST", "the host removed you from this table", re));
    }
    if (name === undefined) return sub.send(errorFrame("NAME_REQUIRED", "a display name is needed to sit down", re));
    const free = this.model.seats.findIndex((s) => s.token === null && s.bot === null);
    if (free < 0) return sub.send(errorFrame("TABLE_FULL", "every seat is taken", re));
    const player = sub.player ? { player: sub.player.id } : {};
    // An account under its own name keeps it plain at the table (table-model.ts `join`).
    const own = sub.player?.kind === "account" && nameKey(name) === nameKey(sub.player.name);
    const account = own ? { account: true as const } : {};
    const problem = await this.commit([{ kind: "join", seat: free, name, token: sub.token, ...player, ...account }]);
    if (problem) return sub.send(errorFrame(problem.code, problem.message, re));
    this.audience.subscribe(sub, free, lastVersion, re);
  }

  watch(sub: Subscriber, lastVersion: number | undefined, re: ReplyId): void {
    if (this.gone) return sub.moved?.(this);
    this.audience.subscribe(sub, null, lastVersion, re);
  }

  private hostCheck(sub: Subscriber, re: ReplyId): boolean {
    if (this.model.seats[0]?.token === sub.token) return true;
    sub.send(errorFrame("NOT_HOST", "only the host (seat 1) may do this", re));
    return false;
  }

  /** Host only, while the table waits; a quick-match table stays public. */
  async setVisibility(sub: Subscriber, visibility: Visibility, re: ReplyId): Promise<void> {
    if (!this.hostCheck(sub, re)) return;
    if (this.model.status !== "lobby") return sub.send(errorFrame("ALREADY_STARTED", "the match has started", re));
    if (this.model.config.quick && visibility !== "public") {
      return sub.send(errorFrame("BAD_MESSAGE", "a quick-match table stays public", re));
    }
    await this.reply(sub, re, [{ kind: "visibility", visibility }]);
  }

  async start(sub: Subscriber, re: ReplyId): Promise<void> {
    if (!this.hostCheck(sub, re)) return;
    if (this.model.status !== "lobby") return sub.send(errorFrame("ALREADY_STARTED", "the match has started", re));
    const bots = this.model.seats.flatMap((s, i) => (s.token === null && s.bot === null ? [i] : []));
    const beginning = this.beginning();
    await this.reply(sub, re, [{ kind: "start", ...beginning, bots }, ...this.firstDeal(beginning)]);
  }

  /**
   * The first deal goes with the start, unless the dealer is drawn by lot: then the driver deals once the clients
   * have shown the draw (`TableDriver`), so that no turn runs under it.
   */
  private firstDeal(beginning: { lot?: string }): LogEntry[] {
    return beginning.lot === undefined ? [{ kind: "deal", seed: this.deps.newSeed() }] : [];
  }

  async rematch(sub: Subscriber, re: ReplyId): Promise<void> {
    if (!this.hostCheck(sub, re)) return;
    if (this.model.status !== "over") return sub.send(errorFrame("MATCH_NOT_OVER", "the match is still running", re));
    const beginning = this.beginning();
    await this.reply(sub, re, [{ kind: "rematch", ...beginning }, ...this.firstDeal(beginning)]);
  }

  /**
   * How a new match begins: its first dealer, drawn by lot from a fresh seed (kept in the entry) or picked at random;
   * and the human seats nobody is connected for, which begin away, so that the computer plays them at once instead of
   * everyone waiting out their turns (a connected player begins present, away before or not).
   */
  private beginning(): { dealer: number; lot?: string; away?: number[] } {
    const { config } = this.model;
    const connected = this.connectedSeats();
    const away = this.model.seats.flatMap((s, seat) => (s.token !== null && !connected.has(seat) ? [seat] : []));
    const absent = away.length > 0 ? { away } : {};
    if (!config.dealerByLot) return { dealer: this.deps.randomInt(config.seats), ...absent };
    const lot = this.deps.newSeed();
    return { dealer: dealerByLot(config, lot), lot, ...absent };
  }

  async act(sub: Subscriber, move: Move, re: ReplyId): Promise<void> {
    const seat = seatOf(this.model, sub.token);
    if (seat === null || this.audience.seatOf(sub) === null) {
      return sub.send(errorFrame("NOT_A_PLAYER", "only a player at this table may act", re));
    }
    if (move.seat !== undefined && move.seat !== seat) {
      return sub.send(errorFrame("NOT_YOUR_SEAT", `this connection plays seat ${seat}`, re));
    }
    const action = { ...move, seat } as Action;
    const entries: LogEntry[] = [];
    if (this.model.seats[seat]!.away) entries.push({ kind: "back", seat });
    entries.push({ kind: "act", action, by: "player" });
    await this.reply(sub, re, entries);
  }

  async back(sub: Subscriber, re: ReplyId): Promise<void> {
    const seat = seatOf(this.model, sub.token);
    if (seat === null) return sub.send(errorFrame("NOT_A_PLAYER", "only a player at this table may do this", re));
    await this.reply(sub, re, [{ kind: "back", seat }]);
  }

  async leave(sub: Subscriber, re: ReplyId): Promise<void> {
    const seat = seatOf(this.model, sub.token);
    if (seat !== null && (seat !== 0 || this.model.config.quick) && this.model.status === "lobby")
      await this.commit([{ kind: "free", seat }]);
    else if (seat !== null && this.model.status === "playing" && !this.model.seats[seat]!.away) {
      await this.commit([{ kind: "away", seat, reason: "left" }]);
    }
    this.unsubscribe(sub);
    sub.send(frame({ type: "left", re, code: this.code }));
  }

  /**
   * The host removes another person from the waiting table (a `free` entry); their connections are told, and they
   * cannot sit down at this table again (while it is in memory).
   */
  async kick(sub: Subscriber, seat: number, re: ReplyId): Promise<void> {
    // A quick-match table belongs to nobody: seat 1 may not send strangers away (they would be kept from it).
    if (this.model.config.quick) return sub.send(errorFrame("NOT_HOST", "a quick-match table has no host", re));
    if (!this.hostCheck(sub, re)) return;
    if (this.model.status !== "lobby") return sub.send(errorFrame("ALREADY_STARTED", "the match has started", re));
    const token = this.model.seats[seat]?.token ?? null;
    if (token === null || token === sub.token) {
      return sub.send(errorFrame("NOT_A_PLAYER", "that seat holds nobody the host may remove", re));
    }
    const player = this.model.seats[seat]?.player ?? null;
    const problem = await this.commit([{ kind: "free", seat }], { to: sub, re });
    if (problem) return sub.send(errorFrame(problem.code, problem.message, re));
    for (const key of player === null ? [token] : [token, player]) this.removed.add(key);
    while (this.removed.size > REMOVED_KEPT) this.removed.delete(this.removed.values().next().value!);
    for (const other of this.audience.atSeat(seat, token)) {
      this.unsubscribe(other);
      other.send(frame({ type: "kicked", code: this.code }));
      other.detached?.(this);
    }
  }

  private async reply(sub: Subscriber, re: ReplyId, entries: readonly LogEntry[]): Promise<void> {
    const problem = await this.commit(entries, { to: sub, re });
    if (problem) sub.send(errorFrame(problem.code, problem.message, re));
  }

  /** Schedules the table's next automatic step for its current state (idempotent; table-driver.ts). */
  drive(): void {
    this.driver.drive();
  }

  /**
   * The table stops running here at once (its lease went to another node): no more timers, bots or writes; gives the
   * subscribers it had, which it no longer follows.
   */
  abandon(): Subscriber[] {
    this.gone = true;
    this.driver.close();
    return this.audience.drop();
  }

  /** Stops timers; waits for the command in progress. Connections are closed by the server. */
  async close(): Promise<void> {
    this.driver.close();
    this.audience.close();
    await this.queue;
  }
}

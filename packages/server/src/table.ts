/**
 * One table as a small actor: it takes one command at a time (a promise queue), checks who sent it, applies it to
 * the model, writes the log entries to the store, and only then answers and fans out per-seat updates.
 * Bots, deals and the turn timer go through the same path.
 */
import { type Action, type MatchState, phaseOf, viewFor } from "@schwimmen/rules";
import type { Logger } from "pino";
import type { Clock, TimerHandle } from "./clock.js";
import type { Move, VersionedEvent, Visibility } from "./protocol.js";
import type { Store } from "./store.js";
import { type LogEntry, type ModelError, type TableModel, applyEntry, seatOf } from "./table-model.js";
import {
  type ReplyId,
  errorFrame,
  eventsJson,
  frame,
  syncFrame,
  tableFrame,
  tableInfo,
  updateFrame,
  viewJson,
} from "./messages.js";
import type { BotPlayer } from "./bot-player.js";
import { matchRecord } from "./record.js";
import { type MatchEndSummary, matchSummary } from "./match-summary.js";
import { ReplayBuffer } from "./replay-buffer.js";
import { dealerByLot } from "./stakes.js";
import { ChatLog, type ChatService } from "./chat.js";

/** A recipient of table frames: one WebSocket connection. */
export interface Subscriber {
  readonly token: string;
  /** The signed-in player (session cookie) of this connection, if any. */
  readonly player?: { readonly id: string; readonly name: string } | null;
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
  /** Per table code, the newest version whose past events this subscriber was sent in a resync answer. */
  readonly replayed: Map<string, number>;
}

/** Tables a subscriber's resync answers are remembered for (a connection follows one at a time). */
const REPLAYS_KEPT = 8;
/** Removed people a table remembers (tokens and player ids). */
const REMOVED_KEPT = 64;
/** Spectator counts are announced at most this often. */
const SPECTATOR_NEWS_MS = 1000;

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
  /** Called once a match has ended and its record is saved (ratings.ts); may be called again for the same match. */
  readonly onMatchEnded?: (summary: MatchEndSummary) => Promise<void> | void;
}

export class Table {
  model: TableModel;
  private readonly subscribers = new Map<Subscriber, number | null>();
  private readonly buffer: ReplayBuffer;
  private queue: Promise<unknown> = Promise.resolve();
  private timer: TimerHandle | null = null;
  private turnEndsAt: number | null = null;
  /** The turn the running deadline belongs to, so that unrelated changes do not restart it. */
  private turnKey = "";
  private turnDeadline: number | null = null;
  private lastSnapshot: number;
  private closed = false;
  private running = 0;
  /** The newest chat lines, sent with every sync (chat.ts). */
  readonly chat = new ChatLog();
  /** Device tokens and player ids the host removed from the waiting table (kept in memory, a bounded number). */
  private readonly removed = new Set<string>();
  /** A waiting quick-match table: when bots take the free seats (epoch ms); change it with `setFillAt`. */
  fillAt: number | null = null;
  private spectatorNews: TimerHandle | null = null;

  constructor(
    model: TableModel,
    private readonly deps: TableDeps,
  ) {
    this.model = model;
    this.lastSnapshot = model.version;
    this.buffer = new ReplayBuffer(deps.settings.replayVersions);
    const chat = deps.chat;
    if (chat) void this.run(() => chat.loadTable(this));
  }

  get code(): string {
    return this.model.code;
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  /** Connections following the table without a seat. */
  get spectators(): number {
    let count = 0;
    for (const seat of this.subscribers.values()) if (seat === null) count++;
    return count;
  }

  /** A waiting quick-match table: when bots fill it (set by the quick matcher); everyone at the table is told. */
  setFillAt(at: number | null): void {
    if (this.fillAt === at) return;
    this.fillAt = at;
    this.announce();
  }

  /** Spectators come and go in crowds: the news of their count goes out at most once per `SPECTATOR_NEWS_MS`. */
  private spectatorsChanged(): void {
    this.deps.onTableChanged?.(this);
    if (this.spectatorNews !== null || this.closed) return;
    this.spectatorNews = this.deps.clock.setTimeout(() => {
      this.spectatorNews = null;
      if (!this.closed) this.announce();
    }, SPECTATOR_NEWS_MS);
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
  async commit(entries: readonly LogEntry[], reply?: { to: Subscriber; re: ReplyId }): Promise<ModelError | null> {
    const before = this.model;
    let model = before;
    const events: VersionedEvent[] = [];
    for (const entry of entries) {
      const applied = applyEntry(model, entry);
      if (!applied.ok) return applied.error;
      model = applied.model;
      for (const event of applied.events) events.push({ v: model.version, event });
    }
    const now = this.deps.clock.now();
    try {
      // A rematch replaces the finished match: make sure its record is kept (a crash may have come before).
      if (entries.some((e) => e.kind === "rematch")) await this.saveRecord(before);
      const stored = entries.map((entry, i) => ({ version: before.version + i + 1, entry: JSON.stringify(entry) }));
      const status = model.status !== before.status ? model.status : null;
      await this.deps.store.append(this.code, stored, status, now);
    } catch (cause) {
      this.deps.log.error({ err: cause, table: this.code }, "store failed; the change is refused");
      return { code: "INTERNAL", message: "the change could not be stored" };
    }
    // Stored: the change is accepted. Snapshots and match records only save work later, so their failure is logged.
    this.model = model;
    try {
      if (model.version - this.lastSnapshot >= this.deps.settings.snapshotEvery) {
        await this.deps.store.saveSnapshot(this.code, model.version, JSON.stringify(model), now);
        this.lastSnapshot = model.version;
      }
      if (model.status === "over" && before.status !== "over") await this.saveRecord(model);
    } catch (cause) {
      this.deps.log.error({ err: cause, table: this.code }, "snapshot or record not saved");
    }
    this.buffer.add(before.version, model.version, events);
    if (entries.some((e) => e.kind === "start" || e.kind === "rematch")) this.deps.bots.reset(this.code);
    this.drive();
    this.fanout(before.version, events, reply);
    this.deps.onTableChanged?.(this);
    return null;
  }

  private async saveRecord(model: TableModel): Promise<void> {
    const record = JSON.stringify(matchRecord(model));
    const at = this.deps.clock.now();
    await this.deps.store.saveMatchRecord(this.code, model.match, record, at);
    this.deps.log.info({ table: this.code, match: model.match, winner: model.game.winner }, "match record saved");
    // Ratings and profiles hear of the ended match (again after a restart: they take each match once).
    try {
      await this.deps.onMatchEnded?.(matchSummary(model, record, at));
    } catch (cause) {
      this.deps.log.error({ err: cause, table: this.code }, "match-ended hook failed");
    }
  }

  /** Seats with at least one open connection. */
  connectedSeats(): Set<number> {
    const seats = new Set<number>();
    for (const seat of this.subscribers.values()) if (seat !== null) seats.add(seat);
    return seats;
  }

  /** The TableInfo everybody at the table sees (true presence, running timer), as JSON text. */
  tableJson(): string {
    const extras = { spectators: this.spectators, fillAt: this.fillAt };
    return JSON.stringify(tableInfo(this.model, this.connectedSeats(), this.turnEndsAt, extras));
  }

  private fanout(from: number, events: VersionedEvent[], reply?: { to: Subscriber; re: ReplyId }): void {
    const tableJson = this.tableJson();
    const evJson = eventsJson(events);
    const { game, version } = this.model;
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
  private announce(except?: Subscriber): void {
    const text = tableFrame(undefined, this.model.version, this.tableJson());
    for (const sub of this.subscribers.keys()) if (sub !== except) sub.push(text);
  }

  /** The current state for one subscriber, with the current round's events. */
  private sendSync(sub: Subscriber, seat: number | null, re: ReplyId, tableJson = this.tableJson()): void {
    const { version, game } = this.model;
    const events = eventsJson(this.buffer.roundEvents());
    sub.send(syncFrame(re, version, seat, events, tableJson, viewJson(game, seat), this.chat.json()));
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
    const { version, game } = this.model;
    const tableJson = this.tableJson();
    const view = viewJson(game, seat);
    // Past events go to a connection once: asking again for versions it was already sent gets the state without them.
    const sent = sub.replayed.get(this.code) ?? -1;
    if (lastVersion !== undefined && lastVersion >= sent && this.buffer.holds(lastVersion, version)) {
      sub.send(updateFrame(re, lastVersion, version, seat, this.buffer.since(lastVersion, version), tableJson, view));
    } else {
      const events = this.buffer.roundEvents().filter((e) => e.v > sent);
      sub.send(syncFrame(re, version, seat, eventsJson(events), tableJson, view, this.chat.json()));
    }
    sub.caughtUp();
    sub.replayed.delete(this.code);
    sub.replayed.set(this.code, version);
    if (sub.replayed.size > REPLAYS_KEPT) sub.replayed.delete(sub.replayed.keys().next().value!);
    if (seat !== null && !wasConnected) this.announce(sub);
    if (seat === null) this.spectatorsChanged();
    else if (!wasConnected) this.deps.onTableChanged?.(this);
  }

  unsubscribe(sub: Subscriber): void {
    const seat = this.subscribers.get(sub);
    if (seat === undefined) return;
    this.subscribers.delete(sub);
    if (seat !== null && !this.connectedSeats().has(seat) && !this.closed) {
      this.announce();
      this.deps.onTableChanged?.(this);
    }
    if (seat === null) this.spectatorsChanged();
  }

  isSubscribed(sub: Subscriber): boolean {
    return this.subscribers.has(sub);
  }

  /** The seat a following subscriber plays (null: a spectator; undefined: not following). */
  seatOfSubscriber(sub: Subscriber): number | null | undefined {
    return this.subscribers.get(sub);
  }

  /** A push to everyone following the table but `except` (chat lines). */
  pushAll(text: string, except?: Subscriber): void {
    for (const sub of this.subscribers.keys()) if (sub !== except) sub.push(text);
  }

  // ---- commands from players (each runs inside the queue) ----

  async join(sub: Subscriber, name: string | undefined, lastVersion: number | undefined, re: ReplyId): Promise<void> {
    const seat = seatOf(this.model, sub.token);
    if (seat !== null) {
      if (this.model.seats[seat]!.away) await this.commit([{ kind: "back", seat }]);
      this.subscribe(sub, seat, lastVersion, re);
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
    const problem = await this.commit([{ kind: "join", seat: free, name, token: sub.token, ...player }]);
    if (problem) return sub.send(errorFrame(problem.code, problem.message, re));
    this.subscribe(sub, free, lastVersion, re);
  }

  watch(sub: Subscriber, lastVersion: number | undefined, re: ReplyId): void {
    this.subscribe(sub, null, lastVersion, re);
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
    await this.reply(sub, re, [
      { kind: "start", ...this.firstDealer(), bots },
      { kind: "deal", seed: this.deps.newSeed() },
    ]);
  }

  async rematch(sub: Subscriber, re: ReplyId): Promise<void> {
    if (!this.hostCheck(sub, re)) return;
    if (this.model.status !== "over") return sub.send(errorFrame("MATCH_NOT_OVER", "the match is still running", re));
    await this.reply(sub, re, [
      { kind: "rematch", ...this.firstDealer() },
      { kind: "deal", seed: this.deps.newSeed() },
    ]);
  }

  /** The first dealer of a new match: drawn by lot from a fresh seed (kept in the entry), or picked at random. */
  private firstDealer(): { dealer: number; lot?: string } {
    const { config } = this.model;
    if (!config.dealerByLot) return { dealer: this.deps.randomInt(config.seats) };
    const lot = this.deps.newSeed();
    return { dealer: dealerByLot(config, lot), lot };
  }

  async act(sub: Subscriber, move: Move, re: ReplyId): Promise<void> {
    const seat = seatOf(this.model, sub.token);
    if (seat === null || this.subscribers.get(sub) === null) {
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
    for (const [other, otherSeat] of this.subscribers) {
      if (otherSeat !== seat || other.token !== token) continue;
      this.unsubscribe(other);
      other.send(frame({ type: "kicked", code: this.code }));
      other.detached?.(this);
    }
  }

  private async reply(sub: Subscriber, re: ReplyId, entries: readonly LogEntry[]): Promise<void> {
    const problem = await this.commit(entries, { to: sub, re });
    if (problem) sub.send(errorFrame(problem.code, problem.message, re));
  }

  // ---- what happens by itself: deals, bots, the turn timer ----

  /** Schedules the table's next automatic step for its current state (idempotent). */
  drive(): void {
    if (this.timer !== null) this.deps.clock.clearTimeout(this.timer);
    this.timer = null;
    this.turnEndsAt = null;
    const { model } = this;
    if (this.closed || model.status !== "playing") return;
    const { settings, clock } = this.deps;
    const version = model.version;
    const later = (ms: number, step: () => LogEntry[] | null) => {
      this.timer = clock.setTimeout(() => {
        this.timer = null;
        void this.run(async () => {
          if (this.closed || this.model.version !== version) return;
          const entries = step();
          if (entries === null) return;
          const problem = await this.commit(entries);
          if (problem) this.deps.log.error({ table: this.code, problem }, "automatic step refused");
        });
      }, ms);
    };
    const game = model.game;
    const phase = phaseOf(game);
    if (phase === "dealing") {
      later(game.round === null ? 0 : settings.roundPauseMs, () => [{ kind: "deal", seed: this.deps.newSeed() }]);
      return;
    }
    const seat = game.round!.toAct;
    const occupant = model.seats[seat]!;
    if (occupant.bot !== null || occupant.away) {
      later(settings.botDelayMs, () => [this.botEntry(game, seat)]);
    } else if (model.config.turnSeconds > 0) {
      // The same turn keeps its deadline when something else changes (a player comes back, say).
      const turn = `${model.match}:${game.round!.index}:${game.round!.actionCount}:${seat}`;
      if (turn !== this.turnKey || this.turnDeadline === null) {
        this.turnKey = turn;
        this.turnDeadline = clock.now() + model.config.turnSeconds * 1000;
      }
      this.turnEndsAt = this.turnDeadline;
      later(Math.max(0, this.turnDeadline - clock.now()), () => [
        { kind: "away", seat, reason: "timeout" },
        this.botEntry(this.model.game, seat),
      ]);
    }
  }

  private botEntry(game: MatchState, seat: number): LogEntry {
    const occupant = this.model.seats[seat]!;
    const level = occupant.bot ?? this.model.config.botLevel;
    const action = this.deps.bots.decide(this.code, seat, level, viewFor(game, seat));
    return { kind: "act", action, by: "bot" };
  }

  /** Stops timers; waits for the command in progress. Connections are closed by the server. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer !== null) this.deps.clock.clearTimeout(this.timer);
    if (this.spectatorNews !== null) this.deps.clock.clearTimeout(this.spectatorNews);
    this.timer = null;
    await this.queue;
  }
}

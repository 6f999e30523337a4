/**
 * The lobby: public tables that wait for players, as a list for `GET /api/lobby` and for connections that watch it
 * (`watchLobby`). Tables report changes (TableDeps.onTableChanged); the list is rebuilt at most once per push interval
 * and pushed whole to every watcher, so a crowd of joins costs one frame per watcher, not one per join.
 *
 * In a cluster each node lists its own tables and `LobbyPeers` (cluster/lobby-sync.ts) brings the other nodes' lists:
 * the list shown merges them all (this node's fresh, the others' as last read), still at most `maxListed` tables.
 */
import { makeRules } from "@schwimmen/rules";
import type { Logger } from "pino";
import type { Clock, TimerHandle } from "./clock.js";
import { type ReplyId, errorFrame } from "./messages.js";
import type { LobbySeat, LobbyTable } from "./protocol.js";
import type { Table } from "./table.js";
import { visibilityOf } from "./table-model.js";

/** A rating as the ratings module gives it: a number (ordinal) or an object with one. */
export type RatingValue =
  number | { readonly ordinal?: number; readonly rating?: number; readonly provisional?: boolean };

/** Current ratings of players by id (the ratings module; optional). */
export interface RatingSource {
  current(
    ids: readonly string[],
  ): Promise<ReadonlyMap<string, RatingValue | null | undefined>> | ReadonlyMap<string, RatingValue | null | undefined>;
}

/** A connection that watches the lobby. */
export interface LobbyWatcher {
  send(text: string): void;
  push(text: string): void;
}

export interface LobbySettings {
  /** Tables listed at most (the rest are counted in `total`). */
  readonly maxListed: number;
  /** Watchers at most, over all connections. */
  readonly maxWatchers: number;
  /** Pushes to watchers at most this often. */
  readonly pushEveryMs: number;
}

export const DEFAULT_LOBBY: LobbySettings = { maxListed: 100, maxWatchers: 10_000, pushEveryMs: 500 };

export interface LobbyList {
  readonly tables: readonly LobbyTable[];
  /** Public waiting tables in all (more than listed when there are over `maxListed`). */
  readonly total: number;
}

/** The other nodes' lobby lists (cluster mode: cluster/lobby-sync.ts); a single server has none. */
export interface LobbyPeers {
  /** Starts publishing this node's list (`own`) and reading the others'; `changed` is told when theirs changed. */
  start(own: () => Promise<LobbyList>, changed: () => void): void;
  /** This node's list changed: publish it soon. */
  changed(): void;
  /** Each other node's list as last read, in a fixed order. */
  others(): readonly LobbyList[];
  close(): Promise<void>;
}

const ratingOf = (value: RatingValue | null | undefined): { rating: number | null; provisional: boolean } => {
  if (typeof value === "number") return { rating: Math.round(value), provisional: false };
  const number = value?.ordinal ?? value?.rating;
  return { rating: typeof number === "number" ? Math.round(number) : null, provisional: value?.provisional === true };
};

/** A table belongs in the lobby while it is public, waits, has a free seat and someone sits there connected. */
function listable(table: Table): boolean {
  const { model } = table;
  return (
    model.status === "lobby" &&
    visibilityOf(model.config) === "public" &&
    model.seats.some((s) => s.token === null && s.bot === null) &&
    table.connectedSeats().size > 0
  );
}

export class Lobby {
  private readonly listed = new Map<string, Table>();
  private readonly watchers = new Set<LobbyWatcher>();
  /** This node's list (built once per change, then shared); with peers, the merge with theirs. */
  private built: Promise<LobbyList> | null = null;
  private merged: Promise<LobbyList> | null = null;
  private timer: TimerHandle | null = null;
  private closed = false;
  /** Set by the ratings module when there is one. */
  ratings: RatingSource | null = null;
  readonly settings: LobbySettings;

  constructor(
    private readonly clock: Clock,
    private readonly log: Logger,
    settings: Partial<LobbySettings> = {},
    private readonly peers?: LobbyPeers,
  ) {
    this.settings = { ...DEFAULT_LOBBY, ...settings };
    peers?.start(
      () => this.ownList(),
      () => {
        this.merged = null;
        this.schedule();
      },
    );
  }

  get watcherCount(): number {
    return this.watchers.size;
  }

  /** A table changed: it enters, stays in or leaves the list. Cheap for tables that are not waiting. */
  changed(table: Table): void {
    const was = this.listed.get(table.code) === table;
    if (!was && table.model.status !== "lobby") return;
    if (listable(table)) this.listed.set(table.code, table);
    else if (was) this.listed.delete(table.code);
    else return;
    this.built = null;
    this.merged = null;
    this.peers?.changed();
    this.schedule();
  }

  /** A table left this node (another node owns it now): it is no longer listed here. */
  dropped(table: Table): void {
    if (this.listed.get(table.code) !== table) return;
    this.listed.delete(table.code);
    this.built = null;
    this.merged = null;
    this.peers?.changed();
    this.schedule();
  }

  /** The list now: this node's tables, merged with the other nodes' in a cluster. */
  list(): Promise<LobbyList> {
    const peers = this.peers;
    if (!peers) return this.ownList();
    this.merged ??= this.ownList().then((own) => mergeLists([own, ...peers.others()], this.settings.maxListed));
    return this.merged;
  }

  /** This node's tables (built once per change, then shared). */
  ownList(): Promise<LobbyList> {
    this.built ??= this.build().catch((cause: unknown) => {
      this.log.error({ err: cause }, "lobby list failed");
      this.built = null;
      return { tables: [], total: 0 };
    });
    return this.built;
  }

  async watch(watcher: LobbyWatcher, re: ReplyId): Promise<boolean> {
    if (!this.watchers.has(watcher) && this.watchers.size >= this.settings.maxWatchers) {
      watcher.send(errorFrame("RATE_LIMITED", "too many are watching the lobby; try again later", re));
      return false;
    }
    this.watchers.add(watcher);
    watcher.send(lobbyFrame(await this.list(), re));
    return true;
  }

  watches(watcher: LobbyWatcher): boolean {
    return this.watchers.has(watcher);
  }

  unwatch(watcher: LobbyWatcher): void {
    this.watchers.delete(watcher);
  }

  /** The current list for one watcher (after it dropped pushes). */
  async resend(watcher: LobbyWatcher): Promise<void> {
    if (this.watchers.has(watcher)) watcher.send(lobbyFrame(await this.list()));
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.watchers.clear();
    await this.peers?.close();
  }

  private schedule(): void {
    if (this.timer !== null || this.closed || this.watchers.size === 0) return;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      void this.list().then((list) => {
        if (this.closed) return;
        const text = lobbyFrame(list);
        for (const watcher of this.watchers) watcher.push(text);
      });
    }, this.settings.pushEveryMs);
  }

  private async build(): Promise<LobbyList> {
    const tables = [...this.listed.values()].slice(0, this.settings.maxListed);
    const ids = new Set<string>();
    for (const table of tables) for (const seat of table.model.seats) if (seat.player) ids.add(seat.player);
    const ratings = this.ratings && ids.size > 0 ? await this.ratings.current([...ids]) : new Map<string, never>();
    return { tables: tables.map((table) => lobbyTable(table, ratings)), total: this.listed.size };
  }
}

/**
 * One list of several nodes' lists: taken in turns (the first list first), each table once, at most `max` tables;
 * `total` counts every node's waiting tables.
 */
export function mergeLists(lists: readonly LobbyList[], max: number): LobbyList {
  const tables: LobbyTable[] = [];
  const seen = new Set<string>();
  let total = 0;
  for (const list of lists) total += list.total;
  const longest = Math.max(0, ...lists.map((l) => l.tables.length));
  for (let i = 0; i < longest; i++) {
    for (const list of lists) {
      const table = list.tables[i];
      if (!table) continue;
      // A table that moved between nodes may be in two lists for a moment: it counts once.
      if (seen.has(table.code)) total--;
      else if (tables.length < max) tables.push(table);
      seen.add(table.code);
    }
  }
  return { tables, total: Math.max(total, tables.length) };
}

function lobbyTable(table: Table, ratings: ReadonlyMap<string, RatingValue | null | undefined>): LobbyTable {
  const { model } = table;
  const { config } = model;
  const seats = model.seats.map((s, seat): LobbySeat => {
    const kind = s.bot !== null ? "bot" : s.token !== null ? "human" : "free";
    const player = kind === "human" ? (s.player ?? null) : null;
    return { seat, kind, name: s.name, player, ...ratingOf(player === null ? null : ratings.get(player)) };
  });
  return {
    code: model.code,
    name: model.name,
    invitePath: `/t/${model.code}`,
    seatCount: config.seats,
    seatsFree: seats.filter((s) => s.kind === "free").length,
    preset: config.preset,
    differences: makeRules(config.rules),
    rules: config.rules,
    botLevel: config.botLevel,
    turnSeconds: config.turnSeconds,
    quick: config.quick === true,
    fillAt: table.fillAt,
    spectators: table.spectators,
    seats,
  };
}

export const lobbyFrame = (list: LobbyList, re?: ReplyId): string =>
  JSON.stringify(re === undefined ? { type: "lobby", ...list } : { type: "lobby", re, ...list });

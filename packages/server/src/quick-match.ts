/**
 * "Schnell spielen": a seat at a waiting public quick-match table with the asked rules (a preset) and seat count, or
 * a new such table. When the table is full, or its wait is over, bots take the free seats and the match starts.
 *
 * Requests go through one queue, so two at once (two sockets of one person, or two people) see each other's effect:
 * a person (the session's player, else the device token) waits at one quick-match table at most.
 */
import { maxSeats } from "@schwimmen/rules";
import type { Logger } from "pino";
import { defaultBotLevel } from "./bot-player.js";
import type { Clock, TimerHandle } from "./clock.js";
import { Hub } from "./hub.js";
import { type ReplyId, errorFrame } from "./messages.js";
import type { PresetName } from "./protocol.js";
import type { Table } from "./table.js";
import type { Subscriber } from "./table-audience.js";
import { type LogEntry, type SeatModel, seatOf } from "./table-model.js";

export interface QuickMatchSettings {
  /** How long a quick-match table waits for people before bots fill it. */
  readonly waitMs: number;
  /** Seats when the request names none. */
  readonly seats: number;
  /** Seconds per turn at quick-match tables. */
  readonly turnSeconds: number;
  /**
   * Cluster mode: a waiting quick-match table this node runs without having made it (taken over from a node that
   * died) gets its wait too, and bots fill it after `waitMs`. Its people count as waiting there.
   */
  readonly adoptWaiting: boolean;
}

export const DEFAULT_QUICK_MATCH: QuickMatchSettings = {
  waitMs: 20_000,
  seats: 4,
  turnSeconds: 60,
  adoptWaiting: false,
};

/** The table name quick-match tables get (a table needs one; it is shown in the lobby). */
export const QUICK_TABLE_NAME = "Schnell spielen";

export interface QuickMatchDeps {
  readonly hub: Hub;
  readonly clock: Clock;
  readonly log: Logger;
  readonly newSeed: () => string;
  readonly randomInt: (n: number) => number;
}

export interface QuickRequest {
  readonly name?: string | undefined;
  readonly preset?: PresetName | undefined;
  readonly seats?: number | undefined;
}

/** Who a connection is: its player when signed in, else its device. */
export const personOf = (sub: Subscriber): string => (sub.player ? `player:${sub.player.id}` : `token:${sub.token}`);

const sits = (table: Table, sub: Subscriber): boolean =>
  table.model.seats.some((s) => s.token === sub.token || (sub.player != null && s.player === sub.player.id));

/** A seat belongs to a person (personOf's key). */
const personSits = (seat: SeatModel, person: string): boolean =>
  person === `player:${seat.player}` || person === `token:${seat.token}`;

const hasFreeSeat = (table: Table): boolean => table.model.seats.some((s) => s.token === null && s.bot === null);

export class QuickMatcher {
  /** Per rule set and seat count, the table new requests go to. */
  private readonly open = new Map<string, Table>();
  /** Per person, the quick-match table they sit at until its match is over; per table, its people. */
  private readonly waiting = new Map<string, Table>();
  private readonly people = new Map<Table, Set<string>>();
  private readonly timers = new Map<Table, TimerHandle>();
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  readonly settings: QuickMatchSettings;

  constructor(
    private readonly deps: QuickMatchDeps,
    settings: Partial<QuickMatchSettings> = {},
  ) {
    this.settings = { ...DEFAULT_QUICK_MATCH, ...settings };
  }

  /** People waiting at quick-match tables (for tests and stats). */
  get waitingCount(): number {
    return this.waiting.size;
  }

  /** Seats `sub` at a quick-match table; the table it sits at (its sync was sent), or null after an error frame. */
  request(sub: Subscriber, ask: QuickRequest, re: ReplyId): Promise<Table | null> {
    const next = this.queue.then(() => this.seat(sub, ask, re));
    this.queue = next.catch((cause: unknown) => this.deps.log.error({ err: cause }, "quick match failed"));
    return next;
  }

  private async seat(sub: Subscriber, ask: QuickRequest, re: ReplyId): Promise<Table | null> {
    if (this.closed) return null;
    const person = personOf(sub);
    const held = this.waiting.get(person);
    if (held && held.model.status !== "over" && sits(held, sub)) {
      // Asked again (another socket of the same device): back to the seat it holds, waiting or playing. Another
      // device of the same player cannot take that seat (seats belong to devices) and is not given a second one.
      if (seatOf(held.model, sub.token) === null) {
        sub.send(errorFrame("ALREADY_AT_TABLE", `you wait for a quick match at ${held.code} on another device`, re));
        return null;
      }
      await held.run(() => held.join(sub, undefined, undefined, re));
      return held;
    }
    if (held) this.release(person);
    const name = ask.name ?? sub.player?.name;
    if (name === undefined) {
      sub.send(errorFrame("NAME_REQUIRED", "a display name is needed to sit down", re));
      return null;
    }
    const preset = ask.preset ?? "standard";
    const rules = Hub.rulesFor(preset, undefined);
    if (!rules.ok) {
      sub.send(errorFrame("INVALID_RULES", rules.error.message, re));
      return null;
    }
    const seats = ask.seats ?? Math.min(this.settings.seats, maxSeats(rules.value.deck, rules.value.decks));
    const most = maxSeats(rules.value.deck, rules.value.decks);
    if (seats > most) {
      sub.send(errorFrame("INVALID_RULES", `the preset ${preset} seats at most ${most}`, re));
      return null;
    }
    const key = `${preset}:${seats}`;
    let table = this.open.get(key);
    if (!table || !this.reusable(table)) {
      const made = await this.deps.hub.create(QUICK_TABLE_NAME, {
        seats,
        rules: rules.value,
        preset,
        botLevel: defaultBotLevel(),
        turnSeconds: this.settings.turnSeconds,
        visibility: "public",
        quick: true,
      });
      if (!made.ok) {
        sub.send(errorFrame(made.code, made.message, re));
        return null;
      }
      table = made.table;
      this.open.set(key, table);
      this.arm(table, key);
    }
    const chosen = table;
    await chosen.run(() => chosen.join(sub, name, undefined, re));
    if (seatOf(chosen.model, sub.token) === null) return null;
    this.hold(person, chosen);
    if (!hasFreeSeat(chosen)) await this.fill(chosen, key);
    return chosen;
  }

  /** The open table still takes newcomers: it waits here (not moved to another node), with people and a free seat. */
  private reusable(table: Table): boolean {
    return (
      table.model.status === "lobby" &&
      hasFreeSeat(table) &&
      table.connectedSeats().size > 0 &&
      this.deps.hub.holds(table.code)
    );
  }

  /** A quick-match table that still waits: its seats are taken through `join`. */
  takes(table: Table): boolean {
    return table.model.config.quick === true && table.model.status === "lobby";
  }

  /** A seat at this quick-match table (by its code, from the lobby), unless the person waits at another one. */
  join(sub: Subscriber, table: Table, name: string | undefined, lastVersion: number | undefined, re: ReplyId) {
    const next = this.queue.then(async () => {
      const person = personOf(sub);
      const held = this.waiting.get(person);
      if (held && held !== table && held.model.status !== "over" && sits(held, sub)) {
        return sub.send(errorFrame("ALREADY_AT_TABLE", `you wait for a quick match at ${held.code}`, re));
      }
      await table.run(() => table.join(sub, name ?? sub.player?.name, lastVersion, re));
      if (seatOf(table.model, sub.token) === null) return;
      this.hold(person, table);
      if (table.model.status === "lobby" && !hasFreeSeat(table)) await this.fill(table, this.keyOf(table));
    });
    this.queue = next.catch((cause: unknown) => this.deps.log.error({ err: cause }, "quick match join failed"));
    return next;
  }

  /**
   * A quick-match table changed: once its match is over, its people are free to ask again. In a cluster, a waiting
   * one that came here from another node (someone is back at it) is adopted: it waits, then bots fill it.
   */
  changed(table: Table): void {
    if (table.model.status === "over" && this.people.has(table)) return this.releaseAll(table);
    if (!this.settings.adoptWaiting || !this.takes(table) || this.closed) return;
    // A cluster node that no longer runs the table (it moved) forgets it; one that runs it without a wait adopts it.
    if (!this.deps.hub.holds(table.code)) this.dropped(table);
    else if (!this.timers.has(table) && table.connectedSeats().size > 0) this.adopt(table);
  }

  private adopt(table: Table): void {
    for (const seat of table.model.seats) {
      if (seat.bot !== null || seat.token === null) continue;
      this.hold(seat.player ? `player:${seat.player}` : `token:${seat.token}`, table);
    }
    // New requests of its kind go there too, unless this node already fills another waiting table of that kind.
    const key = this.keyOf(table);
    const open = this.open.get(key);
    if (!open || !this.reusable(open)) this.open.set(key, table);
    this.arm(table, key);
  }

  /**
   * A table left this node (cluster: another node owns it now): new requests no longer go there, its timer stops and
   * its people are free to ask again (the table's new owner adopts it when someone is back at it).
   */
  dropped(table: Table): void {
    const timer = this.timers.get(table);
    if (timer !== undefined) this.deps.clock.clearTimeout(timer);
    this.timers.delete(table);
    for (const [key, open] of this.open) if (open === table) this.open.delete(key);
    if (this.people.has(table)) this.releaseAll(table);
  }

  private hold(person: string, table: Table): void {
    this.release(person);
    this.waiting.set(person, table);
    let people = this.people.get(table);
    if (!people) this.people.set(table, (people = new Set()));
    people.add(person);
  }

  private release(person: string): void {
    const table = this.waiting.get(person);
    if (!table) return;
    this.waiting.delete(person);
    const people = this.people.get(table);
    people?.delete(person);
    if (people?.size === 0) this.people.delete(table);
  }

  private releaseAll(table: Table): void {
    for (const person of this.people.get(table) ?? []) this.waiting.delete(person);
    this.people.delete(table);
  }

  private keyOf(table: Table): string {
    return `${table.model.config.preset ?? "standard"}:${table.model.config.seats}`;
  }

  /** Bots fill the table when its wait is over. */
  private arm(table: Table, key: string): void {
    const at = this.deps.clock.now() + this.settings.waitMs;
    table.setFillAt(at);
    const timer = this.deps.clock.setTimeout(() => {
      this.timers.delete(table);
      const next = this.queue.then(() => this.fill(table, key));
      this.queue = next.catch((cause: unknown) => this.deps.log.error({ err: cause }, "quick match fill failed"));
    }, this.settings.waitMs);
    this.timers.set(table, timer);
  }

  /**
   * Starts the match: seats whose people are gone get bots too. A table where nobody is connected any more does not
   * start (it waits in the store like any table nobody follows).
   */
  private async fill(table: Table, key: string): Promise<void> {
    const timer = this.timers.get(table);
    if (timer !== undefined) this.deps.clock.clearTimeout(timer);
    this.timers.delete(table);
    if (this.open.get(key) === table) this.open.delete(key);
    if (this.closed) return;
    await table.run(async () => {
      table.setFillAt(null);
      const { model } = table;
      if (model.status !== "lobby") return;
      const connected = table.connectedSeats();
      if (connected.size === 0) return this.releaseAll(table);
      const entries: LogEntry[] = [];
      const bots: number[] = [];
      model.seats.forEach((s, seat) => {
        if (s.bot !== null) return;
        if (s.token !== null && connected.has(seat)) return;
        if (s.token !== null) entries.push({ kind: "free", seat });
        bots.push(seat);
      });
      const dealer = this.deps.randomInt(model.config.seats);
      entries.push({ kind: "start", dealer, bots }, { kind: "deal", seed: this.deps.newSeed() });
      const problem = await table.commit(entries);
      if (problem) this.deps.log.error({ table: table.code, problem }, "quick match could not start");
      // People whose seat went to a bot are free again.
      for (const person of this.people.get(table) ?? []) {
        const seat = model.seats.findIndex((s) => personSits(s, person));
        if (seat >= 0 && !connected.has(seat)) this.release(person);
      }
    });
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers.values()) this.deps.clock.clearTimeout(timer);
    this.timers.clear();
    this.open.clear();
    this.waiting.clear();
    this.people.clear();
  }
}

/**
 * A table as plain data and the one function that changes it: `applyEntry(model, entry)`. Log entries are what the
 * store keeps; replaying them onto a snapshot gives the same model again (seeds and bot choices are in the entries).
 */
import { createHash } from "node:crypto";
import {
  type Action,
  type GameEvent,
  type Ledger,
  type MatchState,
  type Rules,
  applyAction,
  dealRound,
  newMatch,
  phaseOf,
} from "@schwimmen/rules";
import { distinctName, nameKey } from "./names.js";
import { lotEvents, settleInto } from "./stakes.js";
import type { ErrorCode, PresetName, TableEvent, TableStatus, VersionedEvent, Visibility } from "./protocol.js";

export interface TableConfig {
  readonly seats: number;
  readonly rules: Rules;
  readonly preset: PresetName | null;
  readonly botLevel: string;
  readonly turnSeconds: number;
  /** Listed in the lobby ("public") or invite only ("private", also when absent: configs from before). */
  readonly visibility?: Visibility;
  /** Opened by quick match ("Schnell spielen"): bots fill the free seats after a wait. */
  readonly quick?: boolean;
  /** Play money per life lost, in cents (0 or absent: no stakes). */
  readonly stake?: number;
  /** The first dealer of each match is drawn by lot (absent: false). */
  readonly dealerByLot?: boolean;
}

export interface SeatModel {
  readonly name: string | null;
  /** The device token of the human in this seat. */
  readonly token: string | null;
  /** The level of the bot in this seat (null for humans and free seats). */
  readonly bot: string | null;
  readonly away: boolean;
  /** The player id (players.ts) of the human in this seat; null for bots, free seats and old logs. */
  readonly player?: string | null;
  /** The seat's player is the account that holds the seat's name (see `join`); absent otherwise. */
  readonly account?: true;
}

export interface TableModel {
  readonly code: string;
  readonly name: string;
  readonly config: TableConfig;
  readonly seats: readonly SeatModel[];
  readonly status: TableStatus;
  readonly match: number;
  readonly firstDealer: number;
  /** The match in play; in the lobby an undealt match so that views can be built. */
  readonly game: MatchState;
  /** The seed of each round of the current match, by round index (secret until that round has ended). */
  readonly seeds: readonly string[];
  readonly version: number;
  /** The Kasse: one row per settled match with a stake (absent in models from before). */
  readonly ledger?: Ledger;
  /** The seed the current match's first dealer was drawn by lot from, if it was. */
  readonly lot?: string | null;
  /**
   * The human seats that were away when the current match ended (the computer finished it for them); set once at
   * the end, so a player coming back afterwards changes nothing. Absent while a match runs and in models from before.
   */
  readonly awayAtEnd?: readonly number[];
  /**
   * The moves the computer made for a person's seat in the current match (the player was away), each as its round's
   * index and its index among that round's actions: profiles do not count them as the player's. Absent when none.
   */
  readonly computerMoves?: readonly (readonly [round: number, action: number])[];
}

export type LogEntry =
  | {
      readonly kind: "join";
      readonly seat: number;
      readonly name: string;
      readonly token: string;
      /** The player id of the connection that sat down (absent in old logs and without a session). */
      readonly player?: string;
      /** That player is an account and sat down under its own name: the plain name is its own (names.ts). */
      readonly account?: true;
    }
  | { readonly kind: "free"; readonly seat: number }
  /**
   * `lot`: the seed of the first dealer's lot (stakes.ts); then `dealer` must be the seat it draws. `away`: the human
   * seats whose player had no open connection when the match began; they start away (absent in old logs: nobody).
   */
  | {
      readonly kind: "start";
      readonly dealer: number;
      readonly bots: readonly number[];
      readonly lot?: string;
      readonly away?: readonly number[];
    }
  | { readonly kind: "rematch"; readonly dealer: number; readonly lot?: string; readonly away?: readonly number[] }
  | { readonly kind: "deal"; readonly seed: string }
  | { readonly kind: "act"; readonly action: Action; readonly by: "player" | "bot" }
  | { readonly kind: "away"; readonly seat: number; readonly reason: "timeout" | "left" }
  | { readonly kind: "back"; readonly seat: number }
  | { readonly kind: "visibility"; readonly visibility: Visibility };

export interface ModelError {
  readonly code: ErrorCode;
  readonly message: string;
}

export type Applied = { ok: true; model: TableModel; events: TableEvent[] } | { ok: false; error: ModelError };

export const sha256Hex = (text: string): string => createHash("sha256").update(text, "utf8").digest("hex");

const fail = (code: ErrorCode, message: string): Applied => ({ ok: false, error: { code, message } });

function freshGame(config: TableConfig, dealer: number): MatchState {
  const made = newMatch({ rules: config.rules, seats: config.seats, dealer });
  if (!made.ok) throw new Error(`table config cannot make a match: ${made.error.message}`);
  return made.value;
}

export function initialModel(code: string, name: string, config: TableConfig): TableModel {
  return {
    code,
    name,
    config,
    seats: Array.from({ length: config.seats }, () => ({ name: null, token: null, bot: null, away: false })),
    status: "lobby",
    match: 0,
    firstDealer: 0,
    game: freshGame(config, 0),
    seeds: [],
    version: 0,
  };
}

export const botName = (seat: number): string => `Bot ${seat + 1}`;

const setSeat = (seats: readonly SeatModel[], seat: number, value: SeatModel): SeatModel[] =>
  seats.map((s, i) => (i === seat ? value : s));

/**
 * Seats a person. A name someone at the table already has gets a mark (names.ts), the same on every replay of the
 * log; but an account under its own name keeps it plain: a seat that shows the same name (a guest from before the
 * account took it) is marked instead, and told again with `seatTaken`.
 */
function seatJoiner(
  before: readonly SeatModel[],
  entry: Extract<LogEntry, { kind: "join" }>,
): { seats: SeatModel[]; events: TableEvent[] } {
  let seats = before.slice();
  const events: TableEvent[] = [];
  const key = nameKey(entry.name);
  const other = entry.account
    ? seats.findIndex((s) => s.token !== null && !s.account && s.name !== null && nameKey(s.name) === key)
    : -1;
  let name: string;
  if (other >= 0) {
    name = entry.name;
    const marked = distinctName(seats[other]!.name!, [...seats.map((s) => s.name), name]);
    seats = setSeat(seats, other, { ...seats[other]!, name: marked });
    events.push({ type: "seatTaken", seat: other, name: marked, kind: "human" });
  } else {
    name = distinctName(
      entry.name,
      seats.map((s) => s.name),
    );
  }
  const player = entry.player ?? null;
  const account = entry.account && name === entry.name ? { account: true as const } : {};
  seats = setSeat(seats, entry.seat, { name, token: entry.token, bot: null, away: false, player, ...account });
  events.unshift({ type: "seatTaken", seat: entry.seat, name, kind: "human" });
  return { seats, events };
}

/** Seed reveal for every round that ended among `events`. */
function withSeedReveals(events: readonly (TableEvent | GameEvent)[], seeds: readonly string[]): TableEvent[] {
  const out: TableEvent[] = [];
  for (const event of events) {
    // Only a deal makes roundStarted, and the deal adds its seedHash first.
    out.push(event as TableEvent);
    if (event.type === "roundEnded") {
      const seed = seeds[event.round];
      if (seed !== undefined) out.push({ type: "seedRevealed", round: event.round, seed, seedHash: sha256Hex(seed) });
    }
  }
  return out;
}

/** Applies one log entry; refuses (changing nothing) when it does not fit the table's state. */
export function applyEntry(model: TableModel, entry: LogEntry): Applied {
  const version = model.version + 1;
  const seatOk = (seat: number) => Number.isInteger(seat) && seat >= 0 && seat < model.seats.length;
  switch (entry.kind) {
    case "join": {
      if (model.status !== "lobby") return fail("ALREADY_STARTED", "the match has started");
      if (!seatOk(entry.seat) || model.seats[entry.seat]!.token !== null) return fail("TABLE_FULL", "seat is taken");
      const { seats, events } = seatJoiner(model.seats, entry);
      return { ok: true, model: { ...model, seats, version }, events };
    }
    case "free": {
      if (model.status !== "lobby") return fail("ALREADY_STARTED", "the match has started");
      if (!seatOk(entry.seat)) return fail("NOT_A_PLAYER", "no such seat");
      const seats = setSeat(model.seats, entry.seat, { name: null, token: null, bot: null, away: false });
      return { ok: true, model: { ...model, seats, version }, events: [{ type: "seatFreed", seat: entry.seat }] };
    }
    case "start": {
      if (model.status !== "lobby") return fail("ALREADY_STARTED", "the match has started");
      const events: TableEvent[] = [];
      let seats = model.seats.slice();
      for (const seat of entry.bots) {
        if (!seatOk(seat) || seats[seat]!.token !== null) return fail("INTERNAL", "a bot for a taken seat");
        seats = setSeat(seats, seat, { name: botName(seat), token: null, bot: model.config.botLevel, away: false });
        events.push({ type: "seatTaken", seat, name: botName(seat), kind: "bot" });
      }
      if (seats.some((s) => s.token === null && s.bot === null)) return fail("INTERNAL", "a seat is left empty");
      const begun = seatsAtStart(seats, entry.away);
      if (begun === null) return fail("INTERNAL", "an away seat holds no person");
      events.push(...begun.events);
      const drawn = lotEvents(model.config, entry);
      if (drawn === null) return fail("INTERNAL", "the dealer is not the lot's");
      events.push(...drawn);
      events.push({ type: "matchStarted", match: 1, dealer: entry.dealer });
      const game = freshGame(model.config, entry.dealer);
      const next = {
        ...model,
        seats: begun.seats,
        status: "playing" as const,
        match: 1,
        firstDealer: entry.dealer,
        game,
        seeds: [],
        lot: entry.lot ?? null,
      };
      return { ok: true, model: { ...next, version }, events };
    }
    case "rematch": {
      if (model.status !== "over") return fail("MATCH_NOT_OVER", "the match is still running");
      const game = freshGame(model.config, entry.dealer);
      const match = model.match + 1;
      // Old logs name no away seats: everybody comes back, as before.
      const begun = seatsAtStart(model.seats, entry.away);
      if (begun === null) return fail("INTERNAL", "an away seat holds no person");
      const drawn = lotEvents(model.config, entry);
      if (drawn === null) return fail("INTERNAL", "the dealer is not the lot's");
      const events: TableEvent[] = [...begun.events, ...drawn, { type: "matchStarted", match, dealer: entry.dealer }];
      const lot = entry.lot ?? null;
      const next = {
        ...model,
        seats: begun.seats,
        status: "playing" as const,
        match,
        firstDealer: entry.dealer,
        game,
        seeds: [],
        lot,
        awayAtEnd: undefined,
        computerMoves: undefined,
      };
      return { ok: true, model: { ...next, version }, events };
    }
    case "deal": {
      if (model.status !== "playing") return fail("NOT_STARTED", "no match is running");
      const dealt = dealRound(model.game, { seed: entry.seed });
      if (!dealt.ok) return fail(dealt.error.code, dealt.error.message);
      const seeds = [...model.seeds, entry.seed];
      const seedHash = sha256Hex(entry.seed);
      const events: TableEvent[] = dealt.value.events.map((e) => (e.type === "roundStarted" ? { ...e, seedHash } : e));
      return finish(model, dealt.value.state, withSeedReveals(events, seeds), seeds, version);
    }
    case "act": {
      if (model.status === "lobby") return fail("NOT_STARTED", "the match has not started");
      if (model.status === "over") return fail("MATCH_OVER", "the match is over");
      const applied = applyAction(model.game, entry.action);
      if (!applied.ok) return fail(applied.error.code, applied.error.message);
      return finish(
        withComputerMove(model, entry),
        applied.value.state,
        withSeedReveals(applied.value.events, model.seeds),
        model.seeds,
        version,
      );
    }
    case "visibility": {
      if (model.status !== "lobby") return fail("ALREADY_STARTED", "the match has started");
      const config = { ...model.config, visibility: entry.visibility };
      return { ok: true, model: { ...model, config, version }, events: [] };
    }
    case "away":
    case "back": {
      if (!seatOk(entry.seat) || model.seats[entry.seat]!.token === null) return fail("NOT_A_PLAYER", "not a player");
      const away = entry.kind === "away";
      if (model.seats[entry.seat]!.away === away) return fail("NOT_AWAY", away ? "already away" : "not away");
      const seats = setSeat(model.seats, entry.seat, { ...model.seats[entry.seat]!, away });
      const event: TableEvent =
        entry.kind === "away"
          ? { type: "away", seat: entry.seat, reason: entry.reason }
          : { type: "back", seat: entry.seat };
      return { ok: true, model: { ...model, seats, version }, events: [event] };
    }
  }
}

/** The model with the entry's move noted when the computer made it for a person's seat. */
function withComputerMove(model: TableModel, entry: LogEntry & { kind: "act" }): TableModel {
  if (entry.by !== "bot" || (model.seats[entry.action.seat]?.token ?? null) === null) return model;
  const at = [model.game.finished.length, model.game.round?.actionCount ?? 0] as const;
  return { ...model, computerMoves: [...(model.computerMoves ?? []), at] };
}

function finish(
  model: TableModel,
  game: MatchState,
  events: TableEvent[],
  seeds: readonly string[],
  version: number,
): Applied {
  const status: TableStatus = phaseOf(game) === "over" ? "over" : "playing";
  const ledger = settleInto(model, game);
  const next = { ...model, game, seeds, status, version, ledger };
  if (status !== "over" || model.status === "over") return { ok: true, model: next, events };
  // Who was away when the match ended is kept as it was then: ratings and profiles read it (match-summary.ts).
  const awayAtEnd = model.seats.flatMap((s, seat) => (s.token !== null && s.away ? [seat] : []));
  return { ok: true, model: { ...next, awayAtEnd }, events };
}

/**
 * The seats as a match begins: the human seats in `away` (nobody was connected for them) are away, with an `away`
 * event for each that was not away before; every other seat is there. Null when `away` names a seat without a person.
 */
function seatsAtStart(
  seats: readonly SeatModel[],
  away: readonly number[] = [],
): { seats: SeatModel[]; events: TableEvent[] } | null {
  if (away.some((seat) => (seats[seat]?.token ?? null) === null)) return null;
  const events: TableEvent[] = [];
  const next = seats.map((s, seat) => {
    const gone = away.includes(seat);
    if (gone && !s.away) events.push({ type: "away", seat, reason: "left" });
    return s.away === gone ? s : { ...s, away: gone };
  });
  return { seats: next, events };
}

/**
 * An applied entry's events as clients get them, numbered with its version. A move the computer made for a person's
 * seat (an away player's) is marked `by: "computer"` on its own event, the entry's first; a bot's seat needs no mark.
 */
export function versionedEvents(
  before: TableModel,
  entry: LogEntry,
  applied: { readonly model: TableModel; readonly events: readonly TableEvent[] },
): VersionedEvent[] {
  const v = applied.model.version;
  const forPerson =
    entry.kind === "act" && entry.by === "bot" && (before.seats[entry.action.seat]?.token ?? null) !== null;
  return applied.events.map((event, i) => (forPerson && i === 0 ? { v, event, by: "computer" } : { v, event }));
}

export const visibilityOf = (config: TableConfig): Visibility => config.visibility ?? "private";

/** The human seat a token holds at this table, if any. */
export const seatOf = (model: TableModel, token: string): number | null => {
  const seat = model.seats.findIndex((s) => s.token === token);
  return seat < 0 ? null : seat;
};

/**
 * What happens at a table by itself: the next deal after a pause, bots' moves (and a bot's move for an away
 * player), and the turn timer that marks a slow player away. Each step goes through the table's command queue.
 */
import { type MatchState, drawForDealer, lotShowMs, phaseOf, viewFor } from "@schwimmen/rules";
import type { Logger } from "pino";
import type { BotPlayer } from "./bot-player.js";
import type { Clock, TimerHandle } from "./clock.js";
import type { LogEntry, ModelError, TableModel } from "./table-model.js";

/**
 * The longest turn (seconds) of a human seat with no open connection: nobody waits the whole turn for a closed tab.
 * Never more than the table's own `turnSeconds`; long enough for a phone that locked its screen to come back.
 */
export const ABSENT_TURN_SECONDS = 20;

/** Added to the lot's show before the first deal: the frames' way to the clients. */
const LOT_MARGIN_MS = 300;

/** What the driver needs of its table. */
export interface Driven {
  readonly code: string;
  readonly model: TableModel;
  /** Seats with at least one open connection. */
  connectedSeats(): ReadonlySet<number>;
  run<T>(task: () => Promise<T> | T): Promise<T>;
  commit(entries: readonly LogEntry[]): Promise<ModelError | null>;
}

export interface DriverDeps {
  readonly clock: Clock;
  readonly log: Logger;
  readonly bots: BotPlayer;
  readonly newSeed: () => string;
  /** The table's settings (table.ts), read at every step. */
  readonly settings: { readonly botDelayMs: number; readonly roundPauseMs: number };
}

export class TableDriver {
  private timer: TimerHandle | null = null;
  /** When the seat to act runs out of time (epoch ms); null without a running timer. */
  turnEndsAt: number | null = null;
  /** The turn the running deadline belongs to, so that unrelated changes do not restart it. */
  private turnKey = "";
  private turnDeadline: number | null = null;
  private closed = false;

  constructor(
    private readonly table: Driven,
    private readonly deps: DriverDeps,
  ) {}

  /** Schedules the table's next automatic step for its current state (idempotent). */
  drive(): void {
    if (this.timer !== null) this.deps.clock.clearTimeout(this.timer);
    this.timer = null;
    this.turnEndsAt = null;
    const { model } = this.table;
    if (this.closed || model.status !== "playing") return;
    const { settings, clock } = this.deps;
    const version = model.version;
    const later = (ms: number, step: () => LogEntry[] | null) => {
      this.timer = clock.setTimeout(() => {
        this.timer = null;
        void this.table.run(async () => {
          if (this.closed || this.table.model.version !== version) return;
          const entries = step();
          if (entries === null) return;
          const problem = await this.table.commit(entries);
          if (problem) this.deps.log.error({ table: this.table.code, problem }, "automatic step refused");
        });
      }, ms);
    };
    const game = model.game;
    const phase = phaseOf(game);
    if (phase === "dealing") {
      later(game.round === null ? this.lotPause() : settings.roundPauseMs, () => [
        { kind: "deal", seed: this.deps.newSeed() },
      ]);
      return;
    }
    const seat = game.round!.toAct;
    const occupant = model.seats[seat]!;
    if (occupant.bot !== null || occupant.away) {
      later(settings.botDelayMs, () => [this.botEntry(game, seat)]);
    } else if (model.config.turnSeconds > 0) {
      // The same turn keeps its deadline when something else changes (a player comes back, say).
      const turn = `${model.match}:${game.round!.index}:${game.round!.actionCount}:${seat}`;
      const now = clock.now();
      if (turn !== this.turnKey || this.turnDeadline === null) {
        this.turnKey = turn;
        this.turnDeadline = now + model.config.turnSeconds * 1000;
      }
      // Nobody connected for the seat (at the turn's start, or since a drop): at most ABSENT_TURN_SECONDS from then.
      // The deadline only ever comes closer, so reconnecting leaves it as it is.
      const absent = now + ABSENT_TURN_SECONDS * 1000;
      if (!this.table.connectedSeats().has(seat)) this.turnDeadline = Math.min(this.turnDeadline, absent);
      this.turnEndsAt = this.turnDeadline;
      later(Math.max(0, this.turnDeadline - clock.now()), () => [
        { kind: "away", seat, reason: "timeout" },
        this.botEntry(this.table.model.game, seat),
      ]);
    }
  }

  /**
   * Before a match's first deal: when its dealer was drawn by lot, the time the clients show the draw (plus a little
   * for the frames to arrive), so that no turn and no clock runs under it; else none.
   */
  private lotPause(): number {
    const { model } = this.table;
    const { seats, rules } = model.config;
    if (!model.lot) return 0;
    return lotShowMs(drawForDealer(seats, rules.deck, rules.decks, model.lot)) + LOT_MARGIN_MS;
  }

  /** `seat` lost its last connection: on its own turn, the running deadline comes closer (see `drive`). */
  dropped(seat: number): void {
    if (this.turnEndsAt !== null && this.table.model.game.round?.toAct === seat) this.drive();
  }

  private botEntry(game: MatchState, seat: number): LogEntry {
    const { code, model } = this.table;
    const level = model.seats[seat]!.bot ?? model.config.botLevel;
    const action = this.deps.bots.decide(code, seat, level, viewFor(game, seat));
    return { kind: "act", action, by: "bot" };
  }

  /** No more automatic steps: stops the timer. */
  close(): void {
    this.closed = true;
    if (this.timer !== null) this.deps.clock.clearTimeout(this.timer);
    this.timer = null;
  }
}

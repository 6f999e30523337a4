/**
 * Forgetting what nobody uses: lobby tables nobody touched for a day, finished tables after a month (their match
 * records stay), device tokens that never sat down after some hours or were not used for half a year. A sweep runs
 * every `everyMs` and does at most `batch` of each kind, so it never holds the server up for long.
 */
import type { Clock, TimerHandle } from "./clock.js";
import type { Store } from "./store.js";

export interface ExpirySettings {
  /** Time between sweeps; 0 turns expiry off. */
  readonly everyMs: number;
  /** At most this many tables of each kind, and this many tokens, per sweep. */
  readonly batch: number;
  /** A lobby table untouched this long is deleted. */
  readonly lobbyMs: number;
  /** A finished table untouched this long is archived: its log goes, its match records stay. */
  readonly overMs: number;
  /** A token that never took a seat, unused this long, is forgotten. */
  readonly unseatedTokenMs: number;
  /** Any token unused this long is forgotten. */
  readonly tokenMs: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const DEFAULT_EXPIRY: ExpirySettings = {
  everyMs: 10_000,
  batch: 200,
  lobbyMs: DAY,
  overMs: 30 * DAY,
  unseatedTokenMs: 12 * HOUR,
  tokenMs: 180 * DAY,
};

export interface Expired {
  readonly lobby: number;
  readonly over: number;
  readonly tokens: number;
}

export class Expiry {
  private timer: TimerHandle | null = null;
  private running: Promise<Expired> | null = null;
  private stopped = false;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly settings: ExpirySettings,
    /** True for a table in memory (followed, loading or playing): it is not expired under its players' feet. */
    private readonly inUse: (code: string) => boolean,
    private readonly onError: (cause: unknown) => void,
    /** In a cluster: of these codes, the tables some node runs now (asked first; then `inUse` here). */
    private readonly runningElsewhere?: (codes: readonly string[]) => Promise<Set<string>>,
  ) {}

  /** Sweeps every `everyMs` from now on. */
  start(): void {
    if (this.settings.everyMs <= 0 || this.stopped) return;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      void this.sweep()
        .catch(this.onError)
        .finally(() => this.start());
    }, this.settings.everyMs);
  }

  stop(): Promise<unknown> {
    this.stopped = true;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    return this.running ?? Promise.resolve();
  }

  /** One sweep (a sweep already under way is joined rather than doubled). */
  sweep(): Promise<Expired> {
    this.running ??= this.sweepOnce().finally(() => (this.running = null));
    return this.running;
  }

  private async sweepOnce(): Promise<Expired> {
    const { store, settings } = this;
    const now = this.clock.now();
    const tables = async (status: "lobby" | "over", ageMs: number): Promise<number> => {
      const before = now - ageMs;
      let stale = await store.staleTables(status, before, settings.batch);
      if (this.runningElsewhere && stale.length > 0) {
        const running = await this.runningElsewhere(stale);
        stale = stale.filter((code) => !running.has(code));
      }
      if (this.stopped) return 0;
      // Checked right before the store call, with no wait between: a table loaded meanwhile is left alone.
      return store.expireTables(
        stale.filter((code) => !this.inUse(code)),
        status,
        before,
      );
    };
    const lobby = await tables("lobby", settings.lobbyMs);
    const over = await tables("over", settings.overMs);
    const tokens = await store.expireTokens(now - settings.unseatedTokenMs, now - settings.tokenMs, settings.batch);
    return { lobby, over, tokens };
  }
}

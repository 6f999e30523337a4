/** Every table this server holds: made, loaded from the store on demand (and at start for running matches). */
import { randomInt } from "node:crypto";
import { type EngineError, type Result, type Rules, err, parseRules } from "@schwimmen/rules";
import { unplayableByBots } from "@schwimmen/bots";
import { WindowLimiter, addressKey } from "./address-limits.js";
import { isLegacyCode, newCode, parseCode } from "./codes.js";
import { DEFAULT_EXPIRY, type Expired, Expiry, type ExpirySettings } from "./expiry.js";
import { type ErrorCode, PRESETS, type PresetName } from "./protocol.js";
import { Table, type TableDeps } from "./table.js";
import { type LogEntry, type TableConfig, type TableModel, applyEntry, initialModel, seatOf } from "./table-model.js";

export type CreateResult =
  { ok: true; table: Table } | { ok: false; code: "INVALID_RULES" | "INTERNAL"; message: string };

export interface HubOptions {
  /** Lookups by invite code (WebSocket join/watch and HTTP together) per address in `lookupWindowMs`. */
  readonly lookupLimit: number;
  readonly lookupWindowMs: number;
  /** Addresses whose lookups are counted at once (memory bound; the oldest window goes first). */
  readonly lookupAddresses: number;
  readonly expiry: ExpirySettings;
}

export const DEFAULT_HUB_OPTIONS: HubOptions = {
  lookupLimit: 60,
  lookupWindowMs: 60_000,
  lookupAddresses: 10_000,
  expiry: DEFAULT_EXPIRY,
};

/** Hub options as given: any of them, expiry settings one by one. */
export type HubSettings = Partial<Omit<HubOptions, "expiry">> & { readonly expiry?: Partial<ExpirySettings> };

/** What a lookup is for: the access a code gives depends on it (docs/protocol.md, "Invite codes"). */
export type LookupPurpose = "join" | "watch" | "info" | "record";

export type Lookup =
  | { readonly ok: true; readonly table: Table; readonly code: string }
  | {
      readonly ok: false;
      readonly code: Extract<ErrorCode, "TABLE_NOT_FOUND" | "RATE_LIMITED" | "SPECTATORS_NOT_ALLOWED">;
      readonly message: string;
      /** For RATE_LIMITED: when the address may look up again. */
      readonly retryAfterMs?: number;
      /** For TABLE_NOT_FOUND: the code asked for when it was well formed (its match records may outlive it). */
      readonly parsed?: string | null;
    };

/** Keys that would reach an object's prototype: never rule keys, refused by name. */
const PROTOTYPE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

export class Hub {
  private readonly tables = new Map<string, Table>();
  private readonly loading = new Map<string, Promise<Table | null>>();
  private readonly lookups: WindowLimiter;
  private readonly options: HubOptions;
  readonly expiry: Expiry;

  constructor(private readonly deps: TableDeps & { readonly hubOptions?: HubSettings | undefined }) {
    const given = deps.hubOptions ?? {};
    this.options = { ...DEFAULT_HUB_OPTIONS, ...given, expiry: { ...DEFAULT_EXPIRY, ...given.expiry } };
    const { lookupLimit, lookupWindowMs, lookupAddresses } = this.options;
    this.lookups = new WindowLimiter({
      limit: lookupLimit,
      windowMs: lookupWindowMs,
      maxKeys: lookupAddresses,
      now: () => deps.clock.now(),
    });
    this.expiry = new Expiry(
      deps.store,
      deps.clock,
      this.options.expiry,
      (code) => this.tables.has(code) || this.loading.has(code),
      (cause) => deps.log.error({ err: cause }, "expiry sweep failed"),
    );
    this.expiry.start();
  }

  get size(): number {
    return this.tables.size;
  }

  all(): IterableIterator<Table> {
    return this.tables.values();
  }

  /** Rule set of a preset with rule keys over it; the engine checks keys and values. */
  static rulesFor(
    preset: PresetName | undefined,
    rules: Record<string, unknown> | undefined,
  ): Result<Rules, EngineError> {
    // JSON text may hold "__proto__" as an own key: refuse it (and its kin) by name rather than let it slip by.
    for (const key of Object.keys(rules ?? {})) {
      if (PROTOTYPE_KEYS.has(key)) return err({ code: "INVALID_RECORD", message: `unknown rule key "${key}"` });
    }
    const base: Record<string, unknown> = { ...(preset ? PRESETS[preset] : {}), ...rules };
    const parsed = parseRules(base);
    if (!parsed.ok) return parsed;
    // Free seats get bots, and a player who leaves is played by one: a table only takes games the bots play.
    const unplayable = unplayableByBots(parsed.value);
    return unplayable === null ? parsed : err({ code: "INVALID_RECORD", message: unplayable });
  }

  async create(name: string, config: Omit<TableConfig, "rules"> & { rules: Rules }): Promise<CreateResult> {
    const { store, clock } = this.deps;
    for (let attempt = 0; attempt < 20; attempt++) {
      const code = newCode((n) => randomInt(n));
      const made = await store.createTable({ code, name, config: JSON.stringify(config), createdAt: clock.now() });
      if (!made) continue;
      const table = new Table(initialModel(code, name, config), this.deps);
      this.tables.set(code, table);
      this.deps.log.info({ table: code, seats: config.seats, botLevel: config.botLevel }, "table created");
      return { ok: true, table };
    }
    return { ok: false, code: "INTERNAL", message: "no free invite code found" };
  }

  /**
   * A table by an invite code someone typed or followed, for `purpose`: counted against the address's lookups (a
   * guesser gets RATE_LIMITED), and a legacy 6-character code lets no spectator in and no record out unless `token`
   * holds a seat at the table.
   */
  async lookup(text: string, remote: string | undefined, purpose: LookupPurpose, token?: string): Promise<Lookup> {
    const address = addressKey(remote);
    if (!this.lookups.take(address)) {
      const retryAfterMs = this.lookups.retryAfterMs(address);
      const { lookupLimit, lookupWindowMs } = this.options;
      return {
        ok: false,
        code: "RATE_LIMITED",
        message: `at most ${lookupLimit} table lookups in ${lookupWindowMs / 1000} s; try again in ${Math.ceil(retryAfterMs / 1000)} s`,
        retryAfterMs,
      };
    }
    const code = parseCode(text);
    const table = code === null ? null : await this.get(code);
    if (!table) return { ok: false, code: "TABLE_NOT_FOUND", message: `no table ${text}`, parsed: code };
    const seated = token !== undefined && seatOf(table.model, token) !== null;
    // A player coming back to their own table guessed nothing: only strangers' lookups count against the address.
    if (seated) this.lookups.refund(address);
    const open = purpose === "join" || purpose === "info" || !isLegacyCode(table.code);
    if (!open && !seated) {
      return {
        ok: false,
        code: "SPECTATORS_NOT_ALLOWED",
        message: "this table has an old short code: only its players may watch it or fetch its records",
      };
    }
    return { ok: true, table, code: table.code };
  }

  /** The table with this code, loading it from the store if needed; null if there is none. No lookup limit. */
  get(code: string): Promise<Table | null> {
    const held = this.tables.get(code);
    if (held) return Promise.resolve(held);
    let pending = this.loading.get(code);
    if (!pending) {
      pending = this.load(code).finally(() => this.loading.delete(code));
      this.loading.set(code, pending);
    }
    return pending;
  }

  private async load(code: string): Promise<Table | null> {
    const stored = await this.deps.store.loadTable(code);
    if (!stored) return null;
    const { row, snapshot, entries } = stored;
    let model: TableModel = snapshot
      ? (JSON.parse(snapshot.state) as TableModel)
      : initialModel(row.code, row.name, JSON.parse(row.config) as TableConfig);
    for (const { version, entry } of entries) {
      const applied = applyEntry(model, JSON.parse(entry) as LogEntry);
      if (!applied.ok || applied.model.version !== version) {
        // A log that does not replay is a bug; keep what replayed and say so loudly.
        this.deps.log.error(
          { table: code, version, problem: applied.ok ? "version gap" : applied.error },
          "log replay stopped",
        );
        break;
      }
      model = applied.model;
    }
    const table = new Table(model, this.deps);
    this.tables.set(code, table);
    table.drive();
    this.deps.log.info({ table: code, version: model.version, replayed: entries.length }, "table loaded");
    return table;
  }

  /**
   * Loads every table whose match is running, so that bots and timers go on after a restart. Tables in the lobby or
   * over wait in the store until someone asks for them by code.
   */
  async loadOpen(): Promise<number> {
    const codes = await this.deps.store.playingTableCodes();
    for (const code of codes) await this.get(code);
    return codes.length;
  }

  /**
   * Forgets tables that nobody follows and that do not play by themselves (lobby or over): they are in the store
   * and load again when asked for. Keeps memory bounded on a long-running server.
   */
  sweep(): number {
    let dropped = 0;
    for (const [code, table] of this.tables) {
      if (table.subscriberCount === 0 && table.model.status !== "playing" && table.idle) {
        this.tables.delete(code);
        dropped++;
      }
    }
    return dropped;
  }

  /** Runs one expiry sweep now (it also runs by itself every `expiry.everyMs`). */
  expire(): Promise<Expired> {
    return this.expiry.sweep();
  }

  async close(): Promise<void> {
    await this.expiry.stop();
    await Promise.all([...this.tables.values()].map((t) => t.close()));
  }
}

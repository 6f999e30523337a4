/**
 * Every table this server holds: made, loaded from the store on demand (and at start for running matches). In a
 * cluster (`ownership` given) it runs only the tables whose lease this node holds, and tells where the others run.
 */
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

/** Where a table (or the quick matcher's lease) runs when it runs on another node of the cluster. */
export interface Route {
  readonly code: string;
  readonly node: string;
  readonly epoch: number;
}

/** A cluster node's table leases, as the hub uses them (cluster/node.ts). */
export interface Ownership {
  /** Takes the table's lease for this node; its epoch, or null when another node holds it (or there is no table). */
  claim(code: string): Promise<number | null>;
  /** Gives the table's lease up (it was unloaded or the node stops). */
  release(code: string): Promise<void>;
  /**
   * The live node that owns the table, or null when nobody does (or its lease ran out): then claim it. Waits while
   * the lease's holder is not alive, until its lease has run out.
   */
  ownerElsewhere(code: string): Promise<Route | null>;
  /** Of these codes, those whose lease some node holds now (their tables run: never expired). */
  leased(codes: readonly string[]): Promise<Set<string>>;
}

/**
 * How `locate` looks a code up: "route" counts it against the address and gives a table that runs on another node as
 * its route; "here" (a command forwarded from another node, counted there) does not count it.
 */
export type LookupMode = "route" | "here";

/** A lookup whose table runs on another node. */
export interface Routed {
  readonly ok: true;
  readonly table: null;
  readonly route: Route;
  readonly code: string;
}

/** Keys that would reach an object's prototype: never rule keys, refused by name. */
const PROTOTYPE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

export class Hub {
  private readonly tables = new Map<string, Table>();
  private readonly loading = new Map<string, Promise<Table | Route | null>>();
  private readonly lookups: WindowLimiter;
  private readonly options: HubOptions;
  readonly expiry: Expiry;

  constructor(
    private readonly deps: TableDeps & {
      readonly hubOptions?: HubSettings | undefined;
      /** In a cluster: this node's leases; without them the hub runs every table it is asked for. */
      readonly ownership?: Ownership | undefined;
      /** Told of a table dropped because another node took it (the lobby and the quick matcher forget it). */
      readonly onDropped?: ((table: Table) => void) | undefined;
    },
  ) {
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
      deps.ownership?.leased.bind(deps.ownership),
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
      if (this.deps.ownership && (await this.deps.ownership.claim(code)) === null) continue;
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
    const found = await this.locate(text, remote, purpose, token, "route");
    if (!found.ok || found.table !== null) return found;
    // It runs on another node: what HTTP reads of it comes from the store (a copy here that does not run).
    const copy = await this.loadModel(found.code);
    return copy
      ? this.admit(new Table(copy, { ...this.deps, chat: undefined }), remote, purpose, token)
      : notFound(text, found.code);
  }

  /** As `lookup`, but a table that runs on another node comes back as its route (see LookupMode). */
  async locate(
    text: string,
    remote: string | undefined,
    purpose: LookupPurpose,
    token: string | undefined,
    mode: LookupMode,
  ): Promise<Lookup | Routed> {
    const address = addressKey(remote);
    if (mode === "route" && !this.lookups.take(address)) {
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
    const found = code === null ? null : await this.resolve(code);
    if (!found) return notFound(text, code);
    if (!(found instanceof Table)) return { ok: true, table: null, route: found, code: code! };
    return this.admit(found, remote, purpose, token, mode === "route");
  }

  /** The access a code gives to a table for `purpose` (docs/protocol.md, "Invite codes"). */
  private admit(
    table: Table,
    remote: string | undefined,
    purpose: LookupPurpose,
    token: string | undefined,
    counted = true,
  ): Lookup {
    const seated = token !== undefined && seatOf(table.model, token) !== null;
    // A player coming back to their own table guessed nothing: only strangers' lookups count against the address.
    if (seated && counted) this.lookups.refund(addressKey(remote));
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

  /** The table with this code, loading it from the store if needed; null if there is none (or it runs elsewhere). */
  async get(code: string): Promise<Table | null> {
    const found = await this.resolve(code);
    return found instanceof Table ? found : null;
  }

  /**
   * The table with this code, loading it from the store if needed; in a cluster, its route when another live node
   * owns it (this node claims and loads a table nobody owns). Null if there is none. No lookup limit.
   */
  resolve(code: string): Promise<Table | Route | null> {
    const held = this.tables.get(code);
    if (held) return Promise.resolve(held);
    let pending = this.loading.get(code);
    if (!pending) {
      pending = this.claimAndLoad(code).finally(() => this.loading.delete(code));
      this.loading.set(code, pending);
    }
    return pending;
  }

  /** Whether this node runs the table now. */
  holds(code: string): boolean {
    return this.tables.has(code);
  }

  private async claimAndLoad(code: string): Promise<Table | Route | null> {
    const own = this.deps.ownership;
    if (!own) return this.load(code);
    // Another node may claim it between the question and the claim: then ask again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const route = await own.ownerElsewhere(code);
      if (route) return route;
      if ((await own.claim(code)) === null) continue;
      // Loaded only after the claim: every write of the previous owner is in the log by now (or refused).
      const table = await this.load(code);
      if (!table) await own.release(code);
      return table;
    }
    return null;
  }

  /** The table's state from its snapshot and log; null if there is none. */
  private async loadModel(code: string): Promise<TableModel | null> {
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
    return model;
  }

  private async load(code: string): Promise<Table | null> {
    const model = await this.loadModel(code);
    if (!model) return null;
    const table = new Table(model, this.deps);
    this.tables.set(code, table);
    table.drive();
    this.deps.log.info({ table: code, version: model.version }, "table loaded");
    return table;
  }

  /**
   * Loads every table whose match is running, so that bots and timers go on after a restart. Tables in the lobby or
   * over wait in the store until someone asks for them by code.
   */
  async loadOpen(): Promise<number> {
    // In a cluster the takeover loop (cluster/node.ts) picks up running tables whose owner is gone.
    if (this.deps.ownership) return 0;
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
        // Its bots' memories go with it (a table loaded again starts them afresh).
        this.deps.bots.reset(code);
        void this.deps.ownership?.release(code).catch((cause: unknown) => {
          this.deps.log.warn({ err: cause, table: code }, "lease not released");
        });
        dropped++;
      }
    }
    return dropped;
  }

  /** How many of the table's seats have a bot kept on this node (memory that goes when the table goes). */
  botsHeld(code: string): number {
    return this.deps.bots.held(code);
  }

  /** Runs one expiry sweep now (it also runs by itself every `expiry.everyMs`). */
  expire(): Promise<Expired> {
    return this.expiry.sweep();
  }

  /**
   * This node lost the table's lease: the table stops at once (no more bots, timers or writes) and everyone following
   * it is sent on (`Subscriber.moved`: sockets here close with 4003, other nodes' links are told).
   */
  drop(code: string): void {
    const table = this.tables.get(code);
    if (!table) return;
    this.tables.delete(code);
    this.deps.bots.reset(code);
    const followers = table.abandon();
    this.deps.log.warn({ table: code, followers: followers.length }, "table lost to another node");
    for (const sub of followers) sub.moved?.(table);
    this.deps.onDropped?.(table);
  }

  async close(): Promise<void> {
    await this.expiry.stop();
    await Promise.all([...this.tables.values()].map((t) => t.close()));
  }
}

function notFound(text: string, parsed: string | null): Lookup {
  return { ok: false, code: "TABLE_NOT_FOUND", message: `no table ${text}`, parsed };
}

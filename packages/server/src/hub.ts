/** Every table this server holds: made, loaded from the store on demand (and at start for running matches). */
import { randomInt } from "node:crypto";
import { type Rules, parseRules } from "@schwimmen/rules";
import { CODE_ALPHABET, PRESETS, type PresetName } from "./protocol.js";
import { Table, type TableDeps } from "./table.js";
import { type LogEntry, type TableConfig, type TableModel, applyEntry, initialModel } from "./table-model.js";

export type CreateResult =
  { ok: true; table: Table } | { ok: false; code: "INVALID_RULES" | "INTERNAL"; message: string };

export class Hub {
  private readonly tables = new Map<string, Table>();
  private readonly loading = new Map<string, Promise<Table | null>>();

  constructor(private readonly deps: TableDeps) {}

  get size(): number {
    return this.tables.size;
  }

  all(): IterableIterator<Table> {
    return this.tables.values();
  }

  /** Rule set of a preset with rule keys over it; the engine checks keys and values. */
  static rulesFor(preset: PresetName | undefined, rules: Record<string, unknown> | undefined) {
    const base: Record<string, unknown> = { ...(preset ? PRESETS[preset] : {}), ...rules };
    return parseRules(base);
  }

  async create(name: string, config: Omit<TableConfig, "rules"> & { rules: Rules }): Promise<CreateResult> {
    const { store, clock } = this.deps;
    for (let attempt = 0; attempt < 20; attempt++) {
      let code = "";
      for (let i = 0; i < 6; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
      const made = await store.createTable({ code, name, config: JSON.stringify(config), createdAt: clock.now() });
      if (!made) continue;
      const table = new Table(initialModel(code, name, config), this.deps);
      this.tables.set(code, table);
      this.deps.log.info({ table: code, seats: config.seats, botLevel: config.botLevel }, "table created");
      return { ok: true, table };
    }
    return { ok: false, code: "INTERNAL", message: "no free invite code found" };
  }

  /** The table with this code, loading it from the store if needed; null if there is none. */
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

  /** Loads every table whose match has not ended, so that bots and timers go on after a restart. */
  async loadOpen(): Promise<number> {
    const codes = await this.deps.store.openTableCodes();
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

  async close(): Promise<void> {
    await Promise.all([...this.tables.values()].map((t) => t.close()));
  }
}

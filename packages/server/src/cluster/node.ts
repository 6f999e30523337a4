/**
 * One node of a cluster (docs/scaling.md): its fenced PostgreSQL store and table leases, its bus, the links of its
 * sockets to tables on other nodes and the followers of its own tables there; the takeover loop that picks up the
 * tables of dead nodes; the check that linked tables still run where they did.
 */
import type { Logger } from "pino";
import type { Clock } from "../clock.js";
import type { Hub, Ownership, Route } from "../hub.js";
import { type PgStores, pgStoresOn } from "../pg-stores.js";
import { Bus } from "./bus.js";
import { type FencedStore, openFencedStore } from "./fenced-store.js";
import type { LeaseKeeper } from "./lease-keeper.js";
import type { LeaseTable } from "./lease.js";
import { type LinkLimits, Links } from "./links.js";
import { type FollowerLimits, Followers, type FollowersDeps } from "./remote.js";

export interface ClusterOptions {
  readonly node: string;
  readonly redisUrl: string;
  /** The PostgreSQL database every node shares. */
  readonly databaseUrl: string;
  /** Lease time to live (default 8000 ms; renewed every third of it). */
  readonly leaseTtlMs?: number;
  /** How long (ms) a group commit gathers appends (PgStore's `gatherMs`; default 0). */
  readonly commitGatherMs?: number;
  /** How often run-out leases of playing tables are looked for and taken over (default 1000 ms). */
  readonly takeoverEveryMs?: number;
  /** How often linked tables are checked to run still where they did (default 1000 ms). */
  readonly checkEveryMs?: number;
  readonly links?: Partial<LinkLimits>;
  readonly followers?: Partial<FollowerLimits>;
  /**
   * The entry routes `/ws?node=ID` to node ID (ROUTE_HINTS): a connection that reaches its table through a link is
   * told where the table runs (a `route` push), so that it can come back there directly.
   */
  readonly routeHints?: boolean;
}

/** The pseudo table code whose lease names the node that runs the cluster's one quick matcher. */
export const QUICK_LEASE = "~quick";
/** Tables taken over per round of the takeover loop. */
const TAKEOVER_BATCH = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class ClusterNode implements Ownership {
  readonly links: Links;
  private followers: Followers | null = null;
  private hub: Hub | null = null;
  private readonly timers: NodeJS.Timeout[] = [];
  private takingOver = false;
  private checking = false;
  private closed = false;
  private stopped = false;

  private constructor(
    readonly options: ClusterOptions,
    private readonly fenced: FencedStore,
    readonly bus: Bus,
    private readonly log: Logger,
  ) {
    this.links = new Links(bus, log, options.links);
  }

  /** Connects to PostgreSQL (migrated) and Redis and starts renewing leases; the hub comes with `attach`. */
  static async open(options: ClusterOptions, log: Logger, clock?: Clock): Promise<ClusterNode> {
    let node: ClusterNode | null = null;
    const fenced = await openFencedStore(options.databaseUrl, options.node, {
      ttlMs: options.leaseTtlMs ?? 8000,
      ...(options.commitGatherMs === undefined ? {} : { gatherMs: options.commitGatherMs }),
      onLost: (code, reason) => node?.lost(code, reason),
      onError: (cause) => log.warn({ err: cause }, "lease renewal failed"),
      ...(clock ? { clock } : {}),
    });
    try {
      const bus = await Bus.open({ url: options.redisUrl, node: options.node, log });
      node = new ClusterNode(options, fenced, bus, log);
      fenced.keeper.start();
      return node;
    } catch (cause) {
      await fenced.store.close();
      throw cause;
    }
  }

  /** Whether connections are told where their table runs (ClusterOptions.routeHints). */
  get hints(): boolean {
    return this.options.routeHints === true;
  }

  get node(): string {
    return this.options.node;
  }

  get keeper(): LeaseKeeper {
    return this.fenced.keeper;
  }

  get leases(): LeaseTable {
    return this.fenced.leases;
  }

  /** The fenced store and the other stores on its pool, for startServer. */
  stores(): PgStores {
    return pgStoresOn(this.fenced.store);
  }

  /** Starts serving: the hub runs the tables this node holds; followers from other nodes reach them. */
  attach(hub: Hub, deps: Omit<FollowersDeps, "bus" | "log" | "epochOf" | "hub">): void {
    this.hub = hub;
    const epochOf = (code: string) => this.keeper.epochOf(code) ?? 0;
    this.followers = new Followers({ ...deps, hub, bus: this.bus, log: this.log, epochOf }, this.options.followers);
    const every = (ms: number, task: () => Promise<void>) => {
      const timer = setInterval(() => void task(), ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.options.takeoverEveryMs ?? 1000, () => this.takeOver());
    every(this.options.checkEveryMs ?? 1000, () => this.check());
  }

  // ---- Ownership (hub.ts) ----

  /** Claims only tables that exist (a guessed code leaves no lease row behind), and the quick matcher's lease. */
  async claim(code: string): Promise<number | null> {
    if (this.closed) return null;
    if (code !== QUICK_LEASE) {
      const found = await this.fenced.store.database.query("SELECT 1 FROM tables WHERE code = $1", [code]);
      if (found.rowCount === 0) return null;
    }
    return this.keeper.claim(code);
  }

  release(code: string): Promise<void> {
    return this.keeper.release(code);
  }

  async ownerElsewhere(code: string): Promise<Route | null> {
    const ttl = this.options.leaseTtlMs ?? 8000;
    const deadline = Date.now() + ttl + 2000;
    for (;;) {
      const lease = await this.leases.ownerOf(code);
      if (!lease || lease.expired || lease.node === this.node) return null;
      if (await this.bus.alive(lease.node)) return { code, node: lease.node, epoch: lease.epoch };
      // Its holder is gone but its lease has not run out yet: wait for that, then claim it.
      if (Date.now() > deadline || this.closed) return null;
      await sleep(250);
    }
  }

  async leased(codes: readonly string[]): Promise<Set<string>> {
    const result = await this.fenced.store.database.query<{ code: string }>(
      "SELECT code FROM table_leases WHERE code = ANY($1::text[]) AND expires_at > now()",
      [codes],
    );
    return new Set(result.rows.map((row) => row.code));
  }

  /** The node that runs the cluster's quick matcher: the holder of the `~quick` lease (this node when it is free). */
  async quickHome(): Promise<string> {
    return (await this.quickRoute())?.node ?? this.node;
  }

  /** The route to the quick matcher when another node runs it; null when this node does (it claims a free lease). */
  async quickRoute(): Promise<Route | null> {
    if (this.keeper.epochOf(QUICK_LEASE) !== undefined) return null;
    for (let attempt = 0; attempt < 3; attempt++) {
      const route = await this.ownerElsewhere(QUICK_LEASE);
      if (route) return route;
      if ((await this.claim(QUICK_LEASE)) !== null) return null;
    }
    return null;
  }

  /** Tables this node holds by the database (for /healthz: fails when the database cannot be reached). */
  async owned(): Promise<number> {
    const leases = await this.leases.leasesOf(this.node);
    return leases - (this.keeper.epochOf(QUICK_LEASE) === undefined ? 0 : 1);
  }

  // ---- losing, taking over, checking ----

  /** The keeper lost a lease (or a write was refused): the table stops here, its followers are sent on. */
  lost(code: string, reason: string): void {
    this.log.warn({ table: code, reason }, "lease lost");
    this.hub?.drop(code);
  }

  /** A write was refused with LEASE_LOST: forget the lease too (the keeper may not have noticed yet). */
  refused(code: string): void {
    this.hub?.drop(code);
    void this.keeper.release(code).catch(() => undefined);
  }

  /** Claims a few run-out leases of tables still playing and loads them, so bots and timers go on. */
  private async takeOver(): Promise<void> {
    const hub = this.hub;
    if (!hub || this.takingOver || this.closed) return;
    this.takingOver = true;
    try {
      for (const lease of await this.leases.expiredLeases(TAKEOVER_BATCH)) {
        if (this.closed) break;
        if (hub.holds(lease.code)) continue;
        const found = await hub.resolve(lease.code);
        if (found && !("node" in found)) this.log.info({ table: lease.code, from: lease.node }, "table taken over");
      }
    } catch (cause) {
      this.log.warn({ err: cause }, "takeover round failed");
    } finally {
      this.takingOver = false;
    }
  }

  /**
   * Every linked table must still run on the node and at the epoch it ran when the link opened (one query); a socket
   * whose table moved, or whose owner is gone, is closed with 4003 so that it reconnects. Followers of nodes that are
   * gone (or restarted) are forgotten.
   */
  private async check(): Promise<void> {
    if (this.checking || this.closed) return;
    this.checking = true;
    try {
      const linked = [...this.links.all()];
      const codes = [...new Set(linked.map((link) => link.code))];
      if (codes.length > 0) {
        const result = await this.fenced.store.database.query<{ code: string; node: string; epoch: string }>(
          "SELECT code, node, epoch FROM table_leases WHERE code = ANY($1::text[]) AND expires_at > now()",
          [codes],
        );
        const owners = new Map(result.rows.map((row) => [row.code, row]));
        // A node restarted under the same id is another process: links to the old one are stale.
        const instances = new Map<string, string | null>();
        for (const node of new Set(linked.map((link) => link.node)))
          instances.set(node, await this.bus.instanceOf(node));
        for (const link of linked) {
          const owner = owners.get(link.code);
          const instance = instances.get(link.node);
          const restarted = link.instance !== null && instance != null && instance !== link.instance;
          if (owner && owner.node === link.node && Number(owner.epoch) === link.epoch && !restarted) continue;
          this.log.info({ table: link.code, node: link.node }, "linked table moved");
          link.moved();
        }
      }
      const followers = this.followers;
      // Followers of a node that is gone, or that restarted (a new instance), are forgotten.
      for (const node of followers?.nodes() ?? []) followers?.dropStale(node, await this.bus.instanceOf(node));
    } catch (cause) {
      this.log.warn({ err: cause }, "link check failed");
    } finally {
      this.checking = false;
    }
  }

  /**
   * Stops: no more takeovers, every link closed, every lease released (other nodes take the tables at once), the bus
   * closed. The store is closed by the server after this.
   */
  /** Takes no table any more (the server is stopping): no takeovers, no claims. */
  stopTaking(): void {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
  }

  async close(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.stopTaking();
    this.links.close();
    this.keeper.stop();
    await Promise.all(
      this.keeper
        .codes()
        .map((code) =>
          this.keeper
            .release(code)
            .catch((cause: unknown) => this.log.warn({ err: cause, table: code }, "not released")),
        ),
    );
    // Sockets of other nodes at tables here reconnect at once (the leases are free now), before the bus goes.
    this.followers?.moveAll();
    await new Promise((resolve) => setImmediate(resolve));
    await this.bus.close();
  }
}

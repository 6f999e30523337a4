/**
 * A protocol test player that survives its node: it plays random legal moves, keeps every acknowledged action, and
 * when its socket closes (a node killed, paused or handing its table over with 4003) it reconnects through `entry()`
 * and rejoins with its token and `lastVersion`, as the web and terminal clients do. The table's host also starts a
 * rematch after each match while `rematch` is on. Checks against the stored log: `checkLog`.
 */
import type pg from "pg";
import { type Msg, TestClient, isState } from "./helpers.js";
import { sleep } from "./local-services.js";

interface View {
  readonly toAct: number | null;
  readonly legal: readonly Record<string, unknown>[];
  readonly over: boolean;
}
const viewOf = (m: Msg) => m.view as unknown as View;
const matchOf = (m: Msg) => (m.table as unknown as { match: number }).match;

/** An action the server acknowledged: it is in the log at `version`. */
export interface Ack {
  readonly version: number;
  readonly action: Record<string, unknown>;
}

let nextAct = 1;

export class RoamingPlayer {
  client: TestClient | null = null;
  seat: number | null = null;
  lastVersion = 0;
  match = 0;
  over = false;
  /** Start a rematch when a match ends (the host only). */
  rematch: boolean;
  /** Acts sent, acknowledged, refused (by error code); close codes seen; reconnections made. */
  sent = 0;
  readonly acks: Ack[] = [];
  readonly refused: string[] = [];
  readonly closes: number[] = [];
  reconnects = 0;
  /** Sockets dropped on purpose (`drop`). */
  dropped = 0;
  /** Why the player could not come back (it then stays away), or null. */
  failure: string | null = null;
  /** Why attempts to come back failed (a node gone meanwhile, a join without an answer). */
  readonly retries: string[] = [];
  /** When the last action of this player was acknowledged. */
  lastAckAt = 0;
  private actedAt = -1;
  private rematchedFor = 0;
  private stopped = false;
  private readonly pending = new Map<string, Record<string, unknown>>();
  private reconnecting: Promise<void> | null = null;

  constructor(
    readonly name: string,
    readonly code: string,
    readonly token: string,
    private readonly entry: () => string,
    private readonly options: { readonly host: boolean; readonly actDelayMs: number },
  ) {
    this.rematch = options.host;
  }

  /** Takes over a connected client that already sits at the table. */
  attach(client: TestClient): void {
    this.client = client;
    // On a new socket the player may act (or ask for a rematch) again: what it sent on the old one may be lost.
    this.actedAt = -1;
    this.rematchedFor = 0;
    client.onMessage = (m) => this.handle(m);
    client.ws.on("close", (code) => this.closed(client, code));
    const latest = client.latest;
    if (latest) this.handle(latest);
  }

  private handle(m: Msg): void {
    const re = typeof m.re === "string" ? m.re : null;
    const action = re === null ? undefined : this.pending.get(re);
    if (re !== null && action) {
      this.pending.delete(re);
      if (m.type === "error") {
        this.refused.push(String((m.error as { code?: string } | undefined)?.code ?? m.code));
        // Refused (too fast, or the table was moving): think again a little later on the state then current.
        const client = this.client;
        setTimeout(() => {
          if (this.stopped || this.client !== client || !client?.latest) return;
          this.actedAt = -1;
          this.handle(client.latest);
        }, 500);
      } else {
        this.acks.push({ version: m.version as number, action });
        this.lastAckAt = Date.now();
      }
    }
    if (!isState(m)) return;
    const version = m.version as number;
    if (version < this.lastVersion) return;
    this.lastVersion = version;
    if (typeof m.seat === "number") this.seat = m.seat;
    const view = viewOf(m);
    this.match = matchOf(m);
    this.over = view.over;
    if (view.over && this.rematch && this.rematchedFor !== this.match) {
      this.rematchedFor = this.match;
      this.client?.ws.send(JSON.stringify({ type: "rematch", id: `rematch-${nextAct++}` }));
    }
    if (view.over || view.toAct !== this.seat || view.legal.length === 0 || version <= this.actedAt) return;
    this.actedAt = version;
    const chosen = view.legal[Math.floor(Math.random() * view.legal.length)]!;
    const client = this.client;
    setTimeout(() => {
      // Only while this is still the latest state on the same socket: never two acts for one turn.
      if (this.stopped || this.client !== client || client?.closed || this.lastVersion !== version) return;
      const { seat: _seat, ...move } = chosen;
      const id = `act-${nextAct++}`;
      this.pending.set(id, chosen);
      this.sent++;
      client!.ws.send(JSON.stringify({ type: "act", id, action: move }));
    }, this.options.actDelayMs);
  }

  private closed(client: TestClient, code: number): void {
    if (this.client !== client) return;
    this.client = null;
    this.closes.push(code);
    // An act in flight on the lost socket is neither acknowledged nor refused: it may be in the log or not.
    this.pending.clear();
    if (!this.stopped) this.reconnecting ??= this.reconnect().finally(() => (this.reconnecting = null));
  }

  /** Through the entry again, with the token and the last version seen, until a join is answered (30 s at most). */
  private async reconnect(): Promise<void> {
    const until = Date.now() + 30_000;
    let last = "";
    while (!this.stopped && Date.now() < until) {
      let client: TestClient | null = null;
      try {
        client = await TestClient.open(this.entry(), this.token);
        const answer = await client.request({ type: "join", code: this.code, lastVersion: this.lastVersion }, 15_000);
        if (answer.type !== "error" && !client.closed) {
          this.reconnects++;
          this.attach(client);
          return;
        }
        last = JSON.stringify(answer.error ?? answer);
        this.retries.push(last);
      } catch (cause) {
        // the node went away while we came back: try again
        last = String(cause);
        this.retries.push(last);
      }
      client?.terminate();
      await sleep(200);
    }
    if (!this.stopped) this.failure = `${this.name} could not come back to ${this.code} within 30 s: ${last}`;
  }

  /** Waits until the player is connected again (when it is reconnecting). */
  async settled(): Promise<void> {
    await this.reconnecting;
  }

  /** Acts sent on the current socket and not answered yet. */
  get unanswered(): number {
    return this.pending.size;
  }

  /** Drops the socket (as a lost network would) and comes back through the entry. */
  drop(): void {
    if (!this.client) return;
    this.dropped++;
    this.client.terminate();
  }

  get connected(): boolean {
    return this.client !== null && !this.client.closed;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.reconnecting?.catch(() => {});
    await this.client?.close();
  }
}

/** A table of `seats` with a host and a guest (random moves) and bots for the rest; started. */
export async function startedTable(
  hostUrl: string,
  guestUrl: string,
  entry: () => string,
  options: { readonly seats: number; readonly actDelayMs: number; readonly name: string; readonly lives?: number },
): Promise<{ code: string; host: RoamingPlayer; guest: RoamingPlayer }> {
  const hostClient = await TestClient.open(hostUrl);
  const created = await hostClient.request({
    type: "create",
    name: options.name,
    playerName: "Host",
    seats: options.seats,
    botLevel: "random",
    ...(options.lives === undefined ? {} : { rules: { lives: options.lives } }),
  });
  if (created.type === "error") throw new Error(`create failed: ${JSON.stringify(created)}`);
  const code = (created.table as { code: string }).code;
  const guestClient = await TestClient.open(guestUrl);
  const joined = await guestClient.request({ type: "join", code, name: "Guest" });
  if (joined.type === "error") throw new Error(`join failed: ${JSON.stringify(joined)}`);
  const host = new RoamingPlayer(`${options.name}/host`, code, hostClient.token, entry, { ...options, host: true });
  const guest = new RoamingPlayer(`${options.name}/guest`, code, guestClient.token, entry, { ...options, host: false });
  host.attach(hostClient);
  guest.attach(guestClient);
  const started = await hostClient.request({ type: "start" });
  if (started.type === "error") throw new Error(`start failed: ${JSON.stringify(started)}`);
  return { code, host, guest };
}

interface LoggedEntry {
  readonly kind: string;
  readonly action?: Record<string, unknown>;
  readonly by?: string;
}

/**
 * What the stored log says about a table and its players: versions 1..n without a gap; every acknowledged action
 * at its version exactly; per player no more of its actions logged than it sent (none applied twice); every match
 * begun has its record (finished).
 */
export async function checkLog(db: pg.Pool, code: string, players: readonly RoamingPlayer[]): Promise<string[]> {
  const problems: string[] = [];
  const { rows } = await db.query<{ version: number; entry: string }>(
    "SELECT version, entry FROM actions WHERE code = $1 ORDER BY version",
    [code],
  );
  const log = new Map<number, LoggedEntry>();
  rows.forEach((row, i) => {
    if (row.version !== i + 1) problems.push(`${code}: version ${row.version} at place ${i + 1}`);
    log.set(row.version, JSON.parse(row.entry) as LoggedEntry);
  });
  for (const player of players) {
    for (const ack of player.acks) {
      const entry = log.get(ack.version);
      if (entry?.kind !== "act" || JSON.stringify(sorted(entry.action)) !== JSON.stringify(sorted(ack.action))) {
        problems.push(`${player.name}: acknowledged ${JSON.stringify(ack)} but the log has ${JSON.stringify(entry)}`);
      }
    }
    const logged = [...log.values()].filter(
      (e) => e.kind === "act" && e.by === "player" && e.action?.seat === player.seat,
    ).length;
    if (logged > player.sent) problems.push(`${player.name}: ${logged} actions logged, only ${player.sent} sent`);
    if (logged < player.acks.length) problems.push(`${player.name}: ${logged} logged < ${player.acks.length} acked`);
  }
  const begun = [...log.values()].filter((e) => e.kind === "start" || e.kind === "rematch").length;
  const records = await db.query<{ match: number }>("SELECT match FROM match_records WHERE code = $1 ORDER BY match", [
    code,
  ]);
  const finished = records.rows.map((r) => r.match).join(",");
  const expected = Array.from({ length: begun }, (_, i) => i + 1).join(",");
  if (finished !== expected) problems.push(`${code}: matches begun ${begun}, records of [${finished}]`);
  return problems;
}

const sorted = (value: Record<string, unknown> | undefined) =>
  value && Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)));

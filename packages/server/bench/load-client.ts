/**
 * The load clients shared by the server benches (load.ts, cluster.ts): tables of human protocol clients that play
 * random legal moves after a think time, and measure the time from an action sent until every seat of the table
 * has the resulting update. Also the helpers around them: free ports, a server's lifted limits, /proc figures.
 *
 * The clients are frugal, so that one process can drive thousands of sockets: a frame is fully parsed only when the
 * seat has something to do (its turn, a finished match for the host, an answer, a sync); an update for a seat that
 * only watches is read from its first bytes (type, answer id, versions).
 */
import { readFileSync } from "node:fs";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import { performance } from "node:perf_hooks";
import { WebSocket } from "ws";

/** What the players report to the bench and ask it. */
export interface PlayHooks {
  /** The phase actions are counted and measured under right now. */
  phase(): string;
  /** Milliseconds a seat waits after its turn came (also the host before a rematch). */
  think(): number;
  /** True once the bench winds down: nobody acts any more and closes are expected. */
  stopping(): boolean;
  acted(phase: string): void;
  measured(phase: string, ms: number): void;
  error(code: string): void;
  /** A socket closed by the server (or the network) while the bench still ran, with its close code. */
  unexpectedClose(code: number): void;
  /** Least time between two frames of one seat (the server's per-connection limit); 0 = none. */
  readonly minGapMs?: number;
}

interface Frame {
  type: string;
  re?: number;
  code?: string;
  token?: string;
  node?: string;
  version?: number;
  table?: { code: string };
  view?: { legal: Record<string, unknown>[]; over: boolean };
}

/** `{"type":"update","re":7,"from":12,"version":13,...`: the server writes these keys first, in this order. */
const HEAD = /^\{"type":"(\w+)",(?:"re":(\d+),)?(?:"from":(\d+),)?(?:"version":(\d+),)?/;

export class BenchPlayer {
  ws!: WebSocket;
  version = -1;
  private readonly waiting = new Map<number, (m: Frame) => void>();
  private nextId = 1;
  private timer: NodeJS.Timeout | null = null;
  private lastSent = 0;
  token = "";
  /** The node a `route` push named: the table runs there (ROUTE_HINTS). */
  routedTo: string | null = null;

  constructor(
    readonly table: BenchTable,
    readonly host: boolean,
    private readonly hooks: PlayHooks,
  ) {}

  /** Opens this seat's socket at `url` (`query`: what follows `/ws`); a socket it had before is left to the caller. */
  open(url: string, query = ""): Promise<void> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url.replace(/^http/, "ws") + "/ws" + query, {
        perMessageDeflate: false,
        skipUTF8Validation: true,
      });
      this.ws = ws;
      ws.once("open", () => resolve());
      // Also after the opening: a socket reset later is seen as its close, never thrown.
      ws.on("error", reject);
      ws.on("message", (data: Buffer) => this.receive(data.toString()));
      ws.on("close", (code: number) => {
        // A socket this seat moved away from (`move`) closes as expected.
        if (ws !== this.ws) return;
        if (!this.hooks.stopping()) this.hooks.unexpectedClose(code);
        // Nothing will answer any more: the requests still waiting get an error of their own.
        for (const done of this.waiting.values()) done({ type: "error", code: "CLOSED" });
        this.waiting.clear();
      });
    });
  }

  /**
   * Comes back at the table's own node as a client told by a `route` push does through the entry: a new socket at
   * `url` (asking for `node`), hello with this seat's token, a rejoin from the last version; then the old socket goes.
   */
  async move(url: string, node: string, code: string): Promise<void> {
    const old = this.ws;
    await this.open(url, `?node=${node}`);
    const welcome = await this.request({ type: "hello", token: this.token });
    if (welcome.type !== "welcome") throw new Error(`hello refused after moving: ${welcome.code ?? welcome.type}`);
    const rejoined = await this.request({ type: "join", code, lastVersion: Math.max(0, this.version) });
    if (rejoined.type === "error") throw new Error(`rejoin refused after moving: ${rejoined.code ?? "?"}`);
    old.close();
    this.routedTo = null;
  }

  request(message: Record<string, unknown>): Promise<Frame> {
    const id = this.nextId++;
    if (this.ws.readyState !== WebSocket.OPEN) return Promise.resolve({ type: "error", code: "CLOSED" });
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.send(JSON.stringify({ ...message, id }));
    });
  }

  private send(text: string): void {
    this.lastSent = performance.now();
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(text);
  }

  private receive(text: string): void {
    const head = HEAD.exec(text);
    const type = head?.[1];
    if (head === null || type === undefined || (type !== "update" && type !== "table" && type !== "chat")) {
      this.handle(JSON.parse(text) as Frame);
      return;
    }
    if (type !== "update") return;
    const from = Number(head[3]);
    this.version = Number(head[4]);
    this.table.delivered(from);
    // The view is the update's last key; `legal` is empty unless it is this seat's turn, `over` is its top-level key.
    const legal = text.lastIndexOf('"legal":[');
    const mine = legal >= 0 && text.charCodeAt(legal + 9) !== 93; /* ] */
    const over = this.host && text.lastIndexOf('"over":true') > legal;
    const answered = head[2] !== undefined;
    if (!mine && !over && !answered) return this.cancel();
    this.handle(JSON.parse(text) as Frame);
  }

  private handle(m: Frame): void {
    if (m.type === "route") this.routedTo = m.node ?? null;
    if (m.type === "error") this.hooks.error(m.code ?? "?");
    // A sync nobody asked for: the server dropped updates to this socket, which read too slowly (see "Slow clients").
    if (m.type === "sync" && m.re === undefined) this.hooks.error("CATCH_UP_SYNC");
    if (m.re !== undefined) {
      const done = this.waiting.get(m.re);
      this.waiting.delete(m.re);
      done?.(m);
    }
    if ((m.type !== "update" && m.type !== "sync") || m.view === undefined) return;
    this.version = m.version ?? this.version;
    this.cancel();
    const view = m.view;
    if (this.hooks.stopping()) return;
    if (view.over) {
      if (this.host) this.timer = setTimeout(() => void this.request({ type: "rematch" }), this.hooks.think());
      return;
    }
    if (view.legal.length === 0) return;
    const version = this.version;
    const wait = Math.max(this.hooks.think(), this.lastSent + (this.hooks.minGapMs ?? 0) - performance.now());
    const act = () => {
      this.timer = null;
      if (this.version !== version || this.hooks.stopping()) return;
      const legal = view.legal.filter((a) => a.type !== "knock" || Math.random() < 0.15);
      const { seat: _seat, ...move } = legal[Math.floor(Math.random() * legal.length)] ?? view.legal[0]!;
      this.table.acted(version, this.hooks);
      this.send(JSON.stringify({ type: "act", action: move }));
    };
    if (wait <= 0) act();
    else this.timer = setTimeout(act, wait);
  }

  private cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  stop(): void {
    this.cancel();
  }
}

interface InFlight {
  readonly from: number;
  readonly t0: number;
  readonly phase: string;
  readonly hooks: PlayHooks;
  got: number;
}

/**
 * One table's clients and the actions in flight: each sent at version `from`, waiting for every seat's update from
 * `from`. Two may be in flight: the next seat can act on its update before the others have theirs.
 */
export class BenchTable {
  players: BenchPlayer[] = [];
  /** The invite code, once the table is made. */
  code = "";
  /** Seats that followed a `route` push to the table's node while being seated. */
  moved = 0;
  private inFlight: InFlight[] = [];

  acted(from: number, hooks: PlayHooks): void {
    const phase = hooks.phase();
    // An action whose updates never all came (a seat reconnecting) is given up after a few newer ones.
    if (this.inFlight.length >= 4) this.inFlight.shift();
    this.inFlight.push({ from, t0: performance.now(), phase, hooks, got: 0 });
    hooks.acted(phase);
  }

  delivered(from: number): void {
    const i = this.inFlight.findIndex((p) => p.from === from);
    const p = this.inFlight[i];
    if (p === undefined || ++p.got < this.players.length) return;
    p.hooks.measured(p.phase, performance.now() - p.t0);
    this.inFlight.splice(i, 1);
  }

  stop(): void {
    for (const p of this.players) p.stop();
  }

  terminate(): void {
    for (const p of this.players) p.ws?.terminate();
  }
}

/**
 * Opens a table of `seats` clients, seat i connected to `urls[i % urls.length]`, and seats them: the first creates
 * the table (it is the host), the others join by code. Returns once everyone sits; fails (and closes the table's
 * sockets) when that takes longer than `timeoutMs`.
 */
export async function openTable(
  urls: readonly string[],
  seats: number,
  hooks: PlayHooks,
  timeoutMs = 60_000,
  /** Follows `route` pushes (ROUTE_HINTS): the address of a node by its id, as the entry would route `?node=`. */
  nodeUrl?: (node: string) => string | undefined,
): Promise<BenchTable> {
  const table = new BenchTable();
  const players = Array.from({ length: seats }, (_, i) => new BenchPlayer(table, i === 0, hooks));
  table.players = players;
  const timer = setTimeout(() => table.terminate(), timeoutMs);
  try {
    await Promise.all(players.map((p, i) => p.open(urls[i % urls.length]!)));
    const welcomes = await Promise.all(players.map((p) => p.request({ type: "hello" })));
    players.forEach((p, i) => (p.token = welcomes[i]!.token ?? ""));
    const made = await players[0]!.request({
      type: "create",
      name: "Bench",
      playerName: "P1",
      seats,
      turnSeconds: 60,
      rules: { lives: 5 },
    });
    if (made.table === undefined) throw new Error(`create refused: ${made.code ?? made.type}`);
    const code = (table.code = made.table.code);
    for (let i = 1; i < seats; i++) {
      const joined = await players[i]!.request({ type: "join", code, name: `P${i + 1}` });
      if (joined.type === "error") throw new Error(`join refused: ${joined.code ?? "?"}`);
    }
    if (nodeUrl) {
      // A hint follows its join's answer at once: once a ping is answered, every hint is in.
      await Promise.all(players.map((p) => p.request({ type: "ping" })));
      for (const p of players) {
        const url = p.routedTo === null ? undefined : nodeUrl(p.routedTo);
        if (url === undefined) continue;
        await p.move(url, p.routedTo!, code);
        table.moved++;
      }
    }
  } catch (cause) {
    table.terminate();
    throw cause;
  } finally {
    clearTimeout(timer);
  }
  return table;
}

/**
 * The server's environment for a bench: all the load comes from 127.0.0.1, so the limits per address (whose
 * defaults guard against one address) are lifted.
 */
export const LIFTED_LIMITS_ENV: Readonly<Record<string, string>> = {
  MAX_SOCKETS_PER_ADDRESS: "100000",
  MAX_CONNECTIONS_PER_ADDRESS: "100000",
  MESSAGES_PER_ADDRESS: "100000000",
  TABLES_PER_ADDRESS: "100000",
  TOKENS_PER_ADDRESS: "100000",
  LOOKUPS_PER_ADDRESS: "100000000",
};

export async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Resident memory and CPU time (own and of waited-for children) of a process, from /proc (Linux). */
export function procStats(pid: number): { rssMb: number; cpuS: number; childCpuS: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  const ticks = Number(stat[11]) + Number(stat[12]);
  const childTicks = Number(stat[13]) + Number(stat[14]);
  return { rssMb: rssKb / 1024, cpuS: ticks / 100, childCpuS: childTicks / 100 };
}

export const pct = (values: readonly number[], p: number): number => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

export const ms = (n: number) => `${n.toFixed(1)} ms`;

/**
 * A worker thread of `npm run bench:cluster`: it opens its share of the tables (every seat of a table lives in this
 * one thread, so an action and the updates it causes are timed on one clock), plays at the phase's pace and reports
 * each phase's figures to the bench when the next phase begins.
 *
 * Messages from the bench: `{type: "phase", phase}` (ends the phase before, starts this one; the first playing
 * phase also starts the matches) and `{type: "stop"}`. To the bench: `ramped`, `phaseDone`, `stopped`.
 */
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { parentPort, workerData } from "node:worker_threads";
import { type BenchTable, type PlayHooks, openTable } from "./load-client.js";

export interface ClientsData {
  /** The nodes' addresses; seat i of table t connects to urls[(t + i) % urls.length]. */
  readonly urls: readonly string[];
  /**
   * With route hints (BENCH_ROUTE): each node's address by its id. A seat told by a `route` push that its table runs
   * on another node comes back there, as the entry routes `?node=` (docs/scaling.md); null: seats stay put.
   */
  readonly nodeUrls: Readonly<Record<string, string>> | null;
  /** The global indexes of this worker's tables: first, count. */
  readonly first: number;
  readonly tables: number;
  readonly seats: number;
  /** Think time ranges in ms: a seat acts this long after its turn came (also the host before a rematch). */
  readonly humanMs: readonly [number, number];
  readonly burstMs: readonly [number, number];
  /** Least time between two frames of one seat (the server allows 100 per 20 s per connection). */
  readonly minGapMs: number;
  /** Tables opened at once while ramping up. */
  readonly rampBatch: number;
}

export type Pace = "human" | "burst";
export interface PhaseFigures {
  readonly type: "phaseDone";
  readonly phase: string;
  readonly actions: number;
  /** Actions in each whole second of the phase (the last, partial second left out). */
  readonly perSecond: readonly number[];
  readonly samples: Float64Array;
  readonly errors: Record<string, number>;
  readonly closes: number;
  /** This thread's event-loop utilization (0..1) and its loop delay p99 in ms over the phase. */
  readonly elu: number;
  readonly loopP99Ms: number;
}
export type FromClients =
  | {
      readonly type: "ramped";
      readonly tables: number;
      readonly failed: number;
      readonly firstError: string | null;
      /** Seats that moved to their table's node on a `route` push. */
      readonly moved: number;
    }
  | PhaseFigures
  | { readonly type: "stopped" };
export type ToClients = { readonly type: "phase"; readonly phase: string; readonly pace: Pace } | { type: "stop" };

const data = workerData as ClientsData;
const port = parentPort!;
let phase = "ramp";
let pace: Pace = "human";
let stopping = false;
let actions = 0;
let perSecond: number[] = [];
let phaseStart = performance.now();
let samples: number[] = [];
let errors: Record<string, number> = {};
let closes = 0;

const hooks: PlayHooks = {
  phase: () => phase,
  think: () => {
    const [low, high] = pace === "burst" ? data.burstMs : data.humanMs;
    return low + Math.random() * (high - low);
  },
  stopping: () => stopping,
  acted: (p) => {
    if (p !== phase) return;
    actions++;
    const second = Math.floor((performance.now() - phaseStart) / 1000);
    perSecond[second] = (perSecond[second] ?? 0) + 1;
  },
  measured: (p, ms) => {
    if (p === phase) samples.push(ms);
  },
  error: (code) => (errors[code] = (errors[code] ?? 0) + 1),
  unexpectedClose: (code) => {
    closes++;
    errors[`closed ${code}`] = (errors[`closed ${code}`] ?? 0) + 1;
  },
  minGapMs: data.minGapMs,
};

const tables: BenchTable[] = [];
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
let elu = performance.eventLoopUtilization();

function send(message: FromClients, transfer: ArrayBuffer[] = []): void {
  port.postMessage(message, transfer);
}

/** Ends the running phase: its figures go to the bench, the counters start afresh. */
function phaseDone(): void {
  const figures = Float64Array.from(samples);
  const used = performance.eventLoopUtilization(elu);
  const whole = Math.floor((performance.now() - phaseStart) / 1000);
  send(
    {
      type: "phaseDone",
      phase,
      actions,
      perSecond: Array.from({ length: whole }, (_, i) => perSecond[i] ?? 0),
      samples: figures,
      errors,
      closes,
      elu: used.utilization,
      loopP99Ms: loop.percentile(99) / 1e6,
    },
    [figures.buffer],
  );
  elu = performance.eventLoopUtilization();
  loop.reset();
  [actions, perSecond, samples, errors, closes] = [0, [], [], {}, 0];
  phaseStart = performance.now();
}

async function ramp(): Promise<void> {
  let failed = 0;
  let firstError: string | null = null;
  const { urls, seats } = data;
  for (let start = 0; start < data.tables; start += data.rampBatch) {
    const batch = Array.from({ length: Math.min(data.rampBatch, data.tables - start) }, (_skip, k) => {
      const index = data.first + start + k;
      // Seat i on node (index + i) mod N: with two nodes, neighbours sit on different nodes and hosts alternate.
      const rotated = urls.map((_url, i) => urls[(index + i) % urls.length]!);
      const { nodeUrls } = data;
      const follow = nodeUrls === null ? undefined : (node: string) => nodeUrls[node];
      return openTable(rotated, seats, hooks, undefined, follow).then(
        (table) => void tables.push(table),
        (cause: unknown) => {
          failed++;
          firstError ??= cause instanceof Error ? cause.message : String(cause);
        },
      );
    });
    await Promise.all(batch);
  }
  const moved = tables.reduce((n, table) => n + table.moved, 0);
  send({ type: "ramped", tables: tables.length, failed, firstError, moved });
}

let started = false;
port.on("message", (message: ToClients) => {
  if (message.type === "phase") {
    phaseDone();
    phase = message.phase;
    pace = message.pace;
    if (!started) {
      started = true;
      for (const table of tables) void table.players[0]!.request({ type: "start" });
    }
    return;
  }
  stopping = true;
  phaseDone();
  for (const table of tables) table.stop();
  for (const table of tables) table.terminate();
  send({ type: "stopped" });
  port.close();
});

await ramp();

import { Worker } from "node:worker_threads";
import { arenaEntry } from "./lineup.js";
import { type ArenaTally, type ShardSpec, emptyTally, mergeTallies, runShard } from "./tally.js";
import type { WorkerMessage } from "./worker.js";

export type RunSpec = Omit<ShardSpec, "start" | "end"> & { readonly matches: number };

/** Contiguous shards of nearly equal size; together they cover [0, matches) once. */
export function splitMatches(matches: number, parts: number): { start: number; end: number }[] {
  const count = Math.max(1, Math.min(parts, matches));
  return Array.from({ length: count }, (_, i) => ({
    start: Math.floor((matches * i) / count),
    end: Math.floor((matches * (i + 1)) / count),
  }));
}

/**
 * Starts a worker on worker.ts or worker.js next to this module. From TypeScript sources (tests, development) the
 * worker loads them through tsx and the "source" export condition, as vitest does for the main thread.
 */
function startWorker(spec: ShardSpec): Worker {
  if (import.meta.url.endsWith(".ts")) {
    const target = new URL("./worker.ts", import.meta.url).href;
    const tsx = import.meta.resolve("tsx/esm/api");
    const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(target)}); });`;
    return new Worker(boot, { eval: true, workerData: spec, execArgv: ["--conditions=source"] });
  }
  return new Worker(new URL("./worker.js", import.meta.url), { workerData: spec });
}

/** One shard in its own thread; `stop` ends it early (when another shard has failed). */
function runInWorker(
  spec: ShardSpec,
  onProgress: (done: number) => void,
): { result: Promise<ArenaTally>; stop: () => void } {
  const worker = startWorker(spec);
  const result = new Promise<ArenaTally>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
      void worker.terminate();
    };
    worker.on("message", (message: WorkerMessage) => {
      if (message.type === "progress") onProgress(message.done);
      else if (message.type === "done") settle(() => resolve(message.tally));
      else settle(() => reject(new Error(message.message)));
    });
    worker.on("error", (error) => settle(() => reject(error)));
    worker.on("exit", (code) => settle(() => reject(new Error(`a worker stopped early (exit code ${code})`))));
  });
  return { result, stop: () => void worker.terminate() };
}

/**
 * Plays the whole run: in this thread for one worker, else one shard per worker thread. `onProgress` hears the
 * number of matches done so far. The merged tally does not depend on the number of workers.
 */
export async function runArena(
  spec: RunSpec,
  workers: number,
  onProgress: (done: number) => void,
): Promise<ArenaTally> {
  const { matches, ...common } = spec;
  const shards = splitMatches(matches, workers).map((range): ShardSpec => ({ ...common, ...range }));
  if (shards.length === 1) {
    const lineup = spec.names.map((name) => {
      const entry = arenaEntry(name);
      if (!entry) throw new Error(`unknown bot "${name}"`);
      return entry;
    });
    return runShard(shards[0]!, lineup, onProgress);
  }
  const done = shards.map(() => 0);
  const report = (shard: number, count: number) => {
    done[shard] = count;
    onProgress(done.reduce((a, b) => a + b, 0));
  };
  const running = shards.map((shard, i) => runInWorker(shard, (count) => report(i, count)));
  let tallies: ArenaTally[];
  try {
    tallies = await Promise.all(running.map((run) => run.result));
  } catch (cause) {
    for (const run of running) run.stop();
    throw cause;
  }
  onProgress(matches);
  return tallies.reduce((total, tally) => mergeTallies(total, tally), emptyTally(spec.names.length));
}

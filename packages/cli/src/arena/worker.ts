import { parentPort, workerData } from "node:worker_threads";
import { arenaEntry } from "./lineup.js";
import { type ShardSpec, runShard } from "./tally.js";

/** A worker thread plays one shard of the run and posts progress now and then, and the tally at the end. */
export type WorkerMessage =
  | { readonly type: "progress"; readonly done: number }
  | { readonly type: "done"; readonly tally: import("./tally.js").ArenaTally }
  | { readonly type: "failed"; readonly message: string };

const PROGRESS_EVERY_MS = 100;

function send(message: WorkerMessage): void {
  // A worker_threads port is not a window: it has no target origin.
  // oxlint-disable-next-line unicorn/require-post-message-target-origin
  parentPort!.postMessage(message);
}

function run(spec: ShardSpec): WorkerMessage {
  const lineup = spec.names.map((name) => {
    const entry = arenaEntry(name);
    if (!entry) throw new Error(`unknown bot "${name}"`);
    return entry;
  });
  let last = performance.now();
  const tally = runShard(spec, lineup, (done) => {
    const now = performance.now();
    if (now - last >= PROGRESS_EVERY_MS) {
      last = now;
      send({ type: "progress", done });
    }
  });
  return { type: "done", tally };
}

let message: WorkerMessage;
try {
  message = run(workerData as ShardSpec);
} catch (cause) {
  message = { type: "failed", message: cause instanceof Error ? cause.message : String(cause) };
}
send(message);

import { parentPort } from "node:worker_threads";
import { replayBatch } from "./replay.js";

/** A `replay --jsonl` worker thread: batches of record lines in, their output lines out, tagged with the batch id. */
parentPort?.on("message", ({ id, text }: { id: number; text: string }) => {
  parentPort?.postMessage({ id, out: replayBatch(text) });
});

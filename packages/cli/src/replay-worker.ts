import { parentPort } from "node:worker_threads";
import { replayBatch } from "./replay-line.js";

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** A `replay --jsonl` worker thread: a batch of record lines in (UTF-8), its output lines out, tagged with its id. */
parentPort?.on("message", ({ id, bytes }: { id: number; bytes: Uint8Array }) => {
  const out = encoder.encode(replayBatch(decoder.decode(bytes)));
  parentPort?.postMessage({ id, out }, [out.buffer as ArrayBuffer]);
});
// Loaded: from now on the main thread hands this worker batches. (A worker's port, not a window: no target origin.)
// oxlint-disable-next-line unicorn/require-post-message-target-origin
parentPort?.postMessage({ ready: true });

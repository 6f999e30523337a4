import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { replayBatch } from "../src/replay-line.js";
import { knock, pass, record, swap } from "../../rules/test/helpers.js";
import { binaryAndFolder, root } from "./binary.js";

binaryAndFolder("packages/cli/dist/replay.js", "schwimmen-replay-bundle-");
const bundle = join(root, "packages/cli/dist/bundle");

/** A batch through a worker thread started from the bundle's worker file, as `replay --jsonl` starts one. */
function throughBundleWorker(batch: string): string {
  const script = `
    const { Worker } = require("node:worker_threads");
    const worker = new Worker(process.argv[1]);
    worker.on("message", (message) => {
      if (message.ready) worker.postMessage({ id: 7, bytes: new TextEncoder().encode(process.argv[2]) });
      else {
        process.stdout.write(message.id + ":" + new TextDecoder().decode(message.out));
        worker.terminate();
      }
    });`;
  const result = spawnSync(process.execPath, ["-e", script, join(bundle, "replay-worker.cjs"), batch], {
    encoding: "utf8",
    timeout: 30_000,
  });
  expect(result.stderr).toBe("");
  return result.stdout;
}

describe("the replay bundle's worker thread", () => {
  it("is the file that the bundle's main module starts", () => {
    expect(existsSync(join(bundle, "replay-worker.cjs"))).toBe(true);
    expect(readFileSync(join(bundle, "replay-main.js"), "utf8")).toContain('"./replay-worker.cjs"');
  });

  it("loads and answers a batch as the main thread would, outcomes and errors alike", () => {
    const hands = ["7c 8s 9h", "Tc Ts 8h", "Jc 9s 7d"];
    const actions = [swap(0, "7c", "Qd"), knock(1), pass(2), pass(0)];
    const good = JSON.stringify(record({ rounds: [{ deal: { hands, middle: "Qd 8d Kc" }, actions }] }));
    const batch = [good, "not json", '{"rules":{"deck":"nope"},"players":[],"dealer":0,"rounds":[]}', good].join("\n");
    expect(throughBundleWorker(batch)).toBe(`7:${replayBatch(batch)}`);
  });
});

// Bundles `schwimmen replay` (its command and the engine) into one file, and its worker thread into another, after
// `tsc -b` has built dist/: node loads one module instead of about twenty, which is a good part of the start-up of a
// small `replay --jsonl`. bin/schwimmen.js uses the bundle only while it is newer than the last compile (else dist/).
// esbuild, not a hand-made concatenation: it resolves the workspace packages and drops the unused exports.
// The worker is a CommonJS script (.cjs): a worker thread that loads no ES module skips the module loader's start,
// some 8 ms of the worker's 40. The main bundle learns its name through SCHWIMMEN_REPLAY_WORKER.
import { rmSync } from "node:fs";
import { build } from "esbuild";

const dist = new URL("../dist/", import.meta.url).pathname;
const common = { bundle: true, platform: "node", target: "node20", logLevel: "warning" };
// The worker first: the binary goes by the main bundle's time, so that one comes last.
await build({
  ...common,
  entryPoints: [`${dist}replay-worker.js`],
  outfile: `${dist}bundle/replay-worker.cjs`,
  format: "cjs",
});
await build({
  ...common,
  entryPoints: [`${dist}replay-main.js`],
  outfile: `${dist}bundle/replay-main.js`,
  format: "esm",
  define: { SCHWIMMEN_REPLAY_WORKER: JSON.stringify("./replay-worker.cjs") },
});
// The worker of an older layout (an ES module), should a build have left it.
rmSync(`${dist}bundle/replay-worker.js`, { force: true });

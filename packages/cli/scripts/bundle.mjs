// Bundles `schwimmen replay` (its command, its worker thread and the engine) into one file each, after `tsc -b`
// has built dist/: node loads one module instead of about twenty, which is a good part of the start-up of a small
// `replay --jsonl`. bin/schwimmen.js uses the bundle only while it is newer than the last compile (else dist/).
// esbuild, not a hand-made concatenation: it resolves the workspace packages and drops the unused exports.
import { build } from "esbuild";

const dist = new URL("../dist/", import.meta.url).pathname;
await build({
  entryPoints: [`${dist}replay-main.js`, `${dist}replay-worker.js`],
  outdir: `${dist}bundle`,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  logLevel: "warning",
});

#!/usr/bin/env node
import { statSync } from "node:fs";

const args = process.argv.slice(2);

/**
 * `replay` runs from the bundle that the build makes (scripts/bundle.mjs: one module to load, not dozens), unless
 * it is older than the last compile of the CLI or the engine (then it would run old code): then from dist/ as
 * every other command.
 */
function replayBundle() {
  const at = (path) => {
    try {
      return statSync(new URL(path, import.meta.url)).mtimeMs;
    } catch {
      return -1;
    }
  };
  const bundle = "../dist/bundle/replay-main.js";
  const built = at(bundle);
  const compiled = Math.max(at("../tsconfig.tsbuildinfo"), at("../../rules/tsconfig.tsbuildinfo"));
  return built >= 0 && built >= compiled ? bundle : null;
}

const { main } = await import((args[0] === "replay" && replayBundle()) || "../dist/main.js");
process.exitCode = await main(args);

import { defaultIo } from "./io.js";
import { runReplay } from "./replay.js";

/**
 * `schwimmen replay ...` on its own: the entry of the bundle that the binary loads for `replay` (one module to
 * load instead of the CLI's and the engine's dozens; see scripts/bundle.mjs). `args` start with "replay".
 */
export const main = (args: readonly string[]): Promise<number> => runReplay(args.slice(1), defaultIo);

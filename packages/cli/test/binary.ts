import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";

/** The real command: the built binary run as a child process, as a user or an outside checker runs it. */
export const root = new URL("../../../", import.meta.url).pathname;
export const bin = join(root, "packages/cli/bin/schwimmen.js");

export function run(args: string[], input = "", env: Record<string, string> = {}, timeout = 60_000) {
  const result = spawnSync(process.execPath, [bin, ...args], {
    input,
    encoding: "utf8",
    timeout,
    env: { ...process.env, ...env },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * Builds so that the binary runs the current sources (incremental: quick when nothing changed), and bundles
 * `replay` as the build does; a failed build (another change half done) still lets the tests run on the last
 * build when `builtFile` exists (the binary then runs `replay` from dist/ when the bundle is older).
 */
export function buildBinary(builtFile: string): void {
  try {
    execFileSync(
      process.execPath,
      [join(root, "node_modules/typescript/bin/tsc"), "-b", "packages/cli/tsconfig.json"],
      { cwd: root, stdio: "pipe", timeout: 120_000 },
    );
    execFileSync(process.execPath, [join(root, "packages/cli/scripts/bundle.mjs")], { stdio: "pipe", timeout: 60_000 });
  } catch (cause) {
    if (!existsSync(join(root, builtFile))) throw cause;
  }
}

/** Builds the binary before a test file's tests and gives them a temporary folder, removed after them. */
export function binaryAndFolder(builtFile: string, prefix: string) {
  let dir = "";
  beforeAll(() => {
    buildBinary(builtFile);
    dir = mkdtempSync(join(tmpdir(), prefix));
  }, 150_000);
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return {
    /** A path in the folder. */
    path: (name: string): string => join(dir, name),
    /** Writes a file into the folder; its path. */
    file: (name: string, text: string): string => {
      const path = join(dir, name);
      writeFileSync(path, text);
      return path;
    },
  };
}

/** `--help` for every command, `help`, `--version`, and help texts that fit an 80-column terminal. */
import { readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { COMMAND_NAMES, main } from "../src/main.js";
import { binaryAndFolder, run as runBinary } from "./binary.js";

binaryAndFolder("packages/cli/dist/main.js", "schwimmen-help-");

async function run(args: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await main(args, {
    stdin: Readable.from([]),
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    readFile: async () => {
      throw Object.assign(new Error("no files here"), { code: "ENOENT" });
    },
  });
  return { code, stdout, stderr };
}

const columns = (text: string): number => Math.max(...text.split("\n").map((line) => [...line].length));
const version = (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string })
  .version;

describe("schwimmen help", () => {
  it("lists the commands it knows", () => {
    expect(COMMAND_NAMES).toEqual(["replay", "verify", "arena", "play", "analyse"]);
  });

  it.each(COMMAND_NAMES)("%s --help and -h show the command's help, exit 0, within 80 columns", async (name) => {
    for (const flag of ["--help", "-h"]) {
      const got = await run([name, flag]);
      expect(got.code).toBe(0);
      expect(got.stderr).toBe("");
      expect(got.stdout).toContain(`schwimmen ${name}`);
      expect(columns(got.stdout), got.stdout).toBeLessThanOrEqual(80);
      // help COMMAND says the same.
      expect((await run(["help", name])).stdout).toBe(got.stdout);
    }
  });

  it("takes --help after other arguments too (replay --jsonl --help, play --seed 1 --help)", async () => {
    for (const args of [
      ["replay", "--jsonl", "--help"],
      ["replay", "x.json", "-h"],
      ["play", "--seed", "1", "--help"],
      ["analyse", "-", "--seat", "0", "--help"],
      ["arena", "--seats", "greedy,greedy", "--help"],
    ]) {
      const got = await run(args);
      expect(got.code, args.join(" ")).toBe(0);
      expect(got.stdout).toContain(`schwimmen ${args[0]}`);
    }
  });

  it("shows the overview for help, --help, -h and no command, within 80 columns", async () => {
    const overview = await run(["--help"]);
    expect(overview.code).toBe(0);
    for (const name of COMMAND_NAMES) expect(overview.stdout).toContain(`schwimmen ${name}`);
    expect(columns(overview.stdout), overview.stdout).toBeLessThanOrEqual(80);
    for (const args of [["help"], ["-h"], []]) expect(await run(args)).toEqual(overview);
    const unknown = await run(["help", "dance"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command "dance"');
  });

  it("prints the version for --version, -V and version", async () => {
    for (const flag of ["--version", "-V", "version"]) {
      const got = await run([flag]);
      expect(got.code).toBe(0);
      expect(got.stdout).toBe(`schwimmen ${version}\n`);
    }
  });

  it("the built binary does the same, replay's own bundle included, in either language's locale", () => {
    for (const LANG of ["de_DE.UTF-8", "en_US.UTF-8"]) {
      for (const args of [
        ["replay", "--jsonl", "--help"],
        ["help"],
        ["--version"],
        ...COMMAND_NAMES.map((n) => [n, "-h"]),
      ]) {
        const got = runBinary(args, "", { LANG });
        expect(got.code, args.join(" ")).toBe(0);
        expect(got.stdout.length).toBeGreaterThan(0);
        expect(columns(got.stdout), got.stdout).toBeLessThanOrEqual(80);
      }
    }
  });
});

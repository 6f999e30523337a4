/** The record `schwimmen play` saves carries each round's seed and its hash, so `schwimmen verify` checks it. */
import { createHash } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import { mkdir, mkdtemp, readFile, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../src/main.js";
import { runPlay } from "../src/play/command.js";
import { scriptedIo, tempFolder } from "./play-script.js";

const folder = tempFolder("schwimmen-play-record-");

const EN = { LANG: "en_US.UTF-8" };

async function verify(path: string): Promise<{ code: number; report: { ok: boolean; rounds: { status: string }[] } }> {
  const io = scriptedIo({ choose: () => null });
  const code = await main(["verify", path], io);
  return { code, report: JSON.parse(io.out() || "{}") };
}

interface SavedRound {
  seed?: string;
  seedHash?: string;
}

describe("schwimmen play: a saved record passes schwimmen verify", () => {
  it("gives every round of a finished match its seed and the seed's SHA-256", async () => {
    const save = join(folder(), "finished.json");
    const io = scriptedIo({ seed: "verify-me" });
    expect(await runPlay(["--bots", "random,greedy", "--seed", "v1", "--save", save], io, EN)).toBe(0);
    expect(io.out()).toContain("Match over");
    const record = JSON.parse(await readFile(save, "utf8")) as { rounds: SavedRound[] };
    expect(record.rounds.length).toBeGreaterThan(0);
    for (const round of record.rounds) {
      expect(typeof round.seed).toBe("string");
      expect(round.seedHash).toBe(createHash("sha256").update(round.seed!, "utf8").digest("hex"));
    }
    const { code, report } = await verify(save);
    expect(code).toBe(0);
    expect(report.ok).toBe(true);
    expect(report.rounds.map((r) => r.status)).toEqual(record.rounds.map(() => "ok"));
  });

  it("checks a match stopped in mid-round too: the round in play keeps its seed", async () => {
    const save = join(folder(), "stopped.json");
    const io = scriptedIo({ script: ["P"], choose: () => null });
    expect(await runPlay(["--bots", "random", "--seed", "v2", "--save", save], io, EN)).toBe(0);
    const { code, report } = await verify(save);
    expect(report.rounds.length).toBeGreaterThan(0);
    expect(code).toBe(0);
  });
});

describe("schwimmen play --save: a record that cannot be written", () => {
  it("refuses a folder that does not exist before anything is played, in one line, exit 2", async () => {
    const save = join(folder(), "no-such-folder", "x.json");
    for (const [env, words] of [
      [EN, "there is no folder"],
      [{ LANG: "de_DE.UTF-8" }, "es gibt keinen Ordner"],
    ] as const) {
      const io = scriptedIo({ choose: () => "P" });
      expect(await runPlay(["--bots", "random", "--seed", "f", "--save", save], io, env)).toBe(2);
      expect(io.out()).toBe("");
      expect(io.typed).toEqual([]);
      const err = io.err().replace(/\s+/g, " ").trim();
      expect(err).toContain(`--save ${save}: ${words} ${join(folder(), "no-such-folder")}`);
      expect(err).not.toContain("Usage");
      expect(await runPlay(["--save", "/nonexistdir/x.json"], io, env)).toBe(2);
      expect(io.err().trim().split("\n").at(-1)).toMatch(
        /^schwimmen play: --save \/nonexistdir\/x.json: \S.*\/nonexistdir$/,
      );
    }
  });

  it("refuses an existing file before anything is played, and overwrites it only with --force", async () => {
    const save = join(folder(), "taken.json");
    await writeFile(save, "my notes\n");
    for (const [env, words] of [
      [EN, "that file already exists; choose another name, or add --force to overwrite it"],
      [
        { LANG: "de_DE.UTF-8" },
        "diese Datei gibt es schon; bitte einen anderen Namen wählen oder mit --force überschreiben",
      ],
    ] as const) {
      const io = scriptedIo({ choose: () => "P" });
      expect(await runPlay(["--bots", "random", "--seed", "e", "--save", save], io, env)).toBe(2);
      expect(io.out()).toBe("");
      expect(io.typed).toEqual([]);
      expect(io.err().replace(/\s+/g, " ").trim()).toBe(`schwimmen play: --save ${save}: ${words}`);
      expect(await readFile(save, "utf8")).toBe("my notes\n");
    }
    const io = scriptedIo({ script: ["Q", "y"], choose: () => null });
    expect(await runPlay(["--bots", "random", "--seed", "e", "--save", save, "--force"], io, EN)).toBe(0);
    expect(JSON.parse(await readFile(save, "utf8")).players).toEqual(["You", "Lena"]);
  });

  it("refuses a folder named as the file before anything is played", async () => {
    const dir = join(folder(), "records");
    await mkdir(dir);
    for (const [env, words] of [
      [EN, "that is a folder; please name a file, e.g."],
      [{ LANG: "de_DE.UTF-8" }, "das ist ein Ordner; bitte einen Dateinamen angeben, z. B."],
    ] as const) {
      const io = scriptedIo({ choose: () => "P" });
      expect(await runPlay(["--bots", "random", "--seed", "d", "--save", dir], io, env)).toBe(2);
      expect(io.out()).toBe("");
      expect(io.typed).toEqual([]);
      const err = io.err().replace(/\s+/g, " ").trim();
      expect(err).toContain(`schwimmen play: --save ${dir}: ${words} ${dir}/schwimmen-`);
      expect(await readdir(dir)).toEqual([]);
    }
  });

  it("never loses the record when the save fails at the end: a default name in the current folder, said where", async () => {
    const gone = join(folder(), "goes-away");
    await mkdir(gone);
    const here = await mkdtemp(join(folder(), "cwd-"));
    const cwd = process.cwd();
    process.chdir(here);
    try {
      const io = scriptedIo({
        choose: () => {
          rmSync(gone, { recursive: true, force: true });
          return null;
        },
      });
      const args = ["--bots", "random", "--seed", "g", "--lang", "de", "--save", join(gone, "x.json")];
      expect(await runPlay(args, io, EN)).toBe(1);
      // Why, in the player's language, without the system's raw message, indented as the lines about the save.
      const err = io.err();
      expect(err.replace(/\s+/g, " ")).toMatch(/^ Konnte das Spiel nicht nach \S+x\.json speichern:/);
      for (const line of err.trimEnd().split("\n")) expect(line).toMatch(/^ \S| {3}\S/);
      expect(err.replace(/\s+/g, " ")).toContain("Diesen Ordner gibt es nicht.");
      expect(err).not.toMatch(/ENOENT|no such file/);
      const files = await readdir(here);
      expect(files).toHaveLength(1);
      expect(io.out()).toContain(
        ` Stattdessen gespeichert: ./${files[0]}\n Auswerten: npx schwimmen analyse ./${files[0]}`,
      );
      const { code, report } = await verify(join(here, files[0]!));
      expect(report.rounds.length).toBeGreaterThan(0);
      expect(code).toBe(0);
    } finally {
      process.chdir(cwd);
    }
  });

  it("leaves a file alone that appeared at the path during the match, and saves beside it", async () => {
    const save = join(folder(), "late.json");
    const here = await mkdtemp(join(folder(), "cwd-"));
    const cwd = process.cwd();
    process.chdir(here);
    try {
      const io = scriptedIo({
        choose: () => {
          writeFileSync(save, "written meanwhile\n");
          return null;
        },
      });
      expect(await runPlay(["--bots", "random", "--seed", "l", "--save", save], io, EN)).toBe(1);
      expect(await readFile(save, "utf8")).toBe("written meanwhile\n");
      expect(io.err().replace(/\s+/g, " ")).toContain(`Could not save the match to ${save}: that file exists by now`);
      const files = await readdir(here);
      expect(io.out()).toContain(` Saved instead to ./${files[0]}`);
    } finally {
      process.chdir(cwd);
    }
  });
});

/** The record `schwimmen play` saves carries each round's seed and its hash, so `schwimmen verify` checks it. */
import { createHash } from "node:crypto";
import { rmSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
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

  it("says why a late save failed in the player's language, without the system's raw message", async () => {
    const gone = join(folder(), "goes-away");
    await mkdir(gone);
    const io = scriptedIo({
      choose: () => {
        rmSync(gone, { recursive: true, force: true });
        return null;
      },
    });
    const args = ["--bots", "random", "--seed", "g", "--lang", "de", "--save", join(gone, "x.json")];
    expect(await runPlay(args, io, EN)).toBe(1);
    const err = io.err().replace(/\s+/g, " ");
    expect(err).toContain("Konnte das Spiel nicht nach");
    expect(err).toContain("Diesen Ordner gibt es nicht.");
    expect(err).not.toContain("ENOENT");
    expect(err).not.toContain("no such file");
  });
});

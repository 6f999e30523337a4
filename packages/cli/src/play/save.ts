// Where `schwimmen play` saves the match: checked before the match, written after it, and never lost on the way.
import { constants } from "node:fs";
import { access, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import type { GameRecord } from "@schwimmen/rules";
import type { Texts } from "./text.js";

/** One round per line: still valid JSON, but readable and diff-friendly. */
export function formatRecord(record: GameRecord): string {
  const head = `{"rules": ${JSON.stringify(record.rules)}, "players": ${JSON.stringify(record.players)}, "dealer": ${record.dealer},`;
  const rounds = record.rounds.map((r) => "  " + JSON.stringify(r)).join(",\n");
  return `${head}\n "rounds": [\n${rounds}\n]}\n`;
}

export const stamp = (d: Date): string => {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}${two(d.getMonth() + 1)}${two(d.getDate())}-${two(d.getHours())}${two(d.getMinutes())}${two(d.getSeconds())}`;
};

/** The default record name in `folder`, before any "-2" that keeps it from clashing with another. */
export const defaultBase = (folder = ".", now = new Date()): string => join(folder, `schwimmen-${stamp(now)}`);

const kindOf = (path: string): Promise<"folder" | "file" | null> =>
  stat(path).then(
    (info) => (info.isDirectory() ? "folder" : "file"),
    () => null,
  );

const writable = (folder: string): Promise<boolean> =>
  access(folder, constants.W_OK).then(
    () => true,
    () => false,
  );

/**
 * Why the record could not be saved to `path`, found out before the match (null when nothing stands in the way):
 * a folder that is not there, a folder named as the file, a file that is there (unless `force`), a folder that may
 * not be written.
 */
export async function saveProblem(path: string, force: boolean, t: Texts): Promise<string | null> {
  const folder = dirname(resolve(path));
  if ((await kindOf(folder)) !== "folder") return t.noFolder(path, folder);
  const kind = await kindOf(path);
  if (kind === "folder") return t.saveIsFolder(path, join(path, `schwimmen-${stamp(new Date())}.json`));
  if (kind === "file" && !force) return t.saveExists(path);
  if (!(await writable(folder))) return t.saveNoPermission(path, folder);
  return null;
}

/** Writes `text` to a fresh `<base>.json` (or `<base>-2.json`, ...) that never overwrites another file. */
async function writeFresh(base: string, text: string): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? `${base}.json` : `${base}-${n}.json`;
    try {
      await writeFile(candidate, text, { flag: "wx" });
      return candidate;
    } catch (cause) {
      if ((cause as NodeJS.ErrnoException).code !== "EEXIST" || n > 50) throw cause;
    }
  }
}

export interface SaveFailure {
  readonly path: string;
  readonly error: NodeJS.ErrnoException;
}

export interface Saved {
  /** Where the record is now; null when every place failed. */
  readonly path: string | null;
  /** The places tried before, in order, and why each failed. */
  readonly failures: readonly SaveFailure[];
}

/**
 * Saves the record: to the path asked for (never over a file that appeared during the match, unless `force`), or
 * to a fresh ./schwimmen-<time>.json. When that fails, the record is not lost: it goes to a fresh default name in
 * the current folder, then in the system's temporary folder.
 */
export async function saveRecord(record: GameRecord, asked: string | null, force: boolean): Promise<Saved> {
  const text = formatRecord(record);
  const failures: SaveFailure[] = [];
  const attempts: [string, () => Promise<string>][] = [];
  if (asked !== null)
    attempts.push([asked, () => writeFile(asked, text, { flag: force ? "w" : "wx" }).then(() => asked)]);
  for (const folder of [".", tmpdir()]) {
    const base = folder === "." ? `./schwimmen-${stamp(new Date())}` : defaultBase(folder);
    attempts.push([`${base}.json`, () => writeFresh(base, text)]);
  }
  for (const [path, attempt] of attempts) {
    try {
      return { path: await attempt(), failures };
    } catch (cause) {
      failures.push({ path, error: cause as NodeJS.ErrnoException });
    }
  }
  return { path: null, failures };
}

import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll } from "vitest";
import { Rng } from "@schwimmen/rules";
import type { Io } from "../src/replay.js";

const ESC = String.fromCharCode(27);
/** The game waits for a line right after writing "> " (followed by clear-to-end codes when it redraws). */
const PROMPT_END = new RegExp(`> (${ESC}\\[K)?(${ESC}\\[J)?$`);
/** Whether the text holds any colour or text attribute code (SGR), as opposed to cursor movement. */
export const hasColour = (text: string): boolean => new RegExp(`${ESC}\\[[0-9;]*m`).test(text);
export const stripAnsi = (text: string): string => text.replace(new RegExp(`${ESC}\\[[0-9;?]*[A-Za-z]`, "g"), "");

/**
 * A scripted person for `schwimmen play`: it reads the output like a person would, and whenever the game waits at
 * "> " it types an answer chosen from the keys the last prompt offered (or a line from a fixed script first).
 */
export interface ScriptedIo extends Io {
  readonly out: () => string;
  readonly err: () => string;
  /** Every line the script typed, in order. */
  readonly typed: string[];
}

export interface ScriptOptions {
  /** Lines typed first, one per prompt, before the chooser takes over. */
  readonly script?: readonly string[];
  /** Picks an answer from the text printed since the last answer; null ends input (EOF). */
  readonly choose?: (prompt: string, rng: Rng) => string | null;
  readonly seed?: string;
  /** Pretend both streams are terminals (the interactive, redrawn mode). */
  readonly tty?: boolean;
  /** Stop answering after this many prompts (ends input), so a broken game cannot loop for ever. */
  readonly maxAnswers?: number;
  /** The terminal's size (80x24 when absent). */
  readonly columns?: number;
  readonly rows?: number;
}

/** Answers from the keys printed in the prompt: sometimes a swap, sometimes a knock, mostly a pass. */
export function keyChooser(shown: string, rng: Rng): string {
  // The keys as read, without the colour codes around them.
  const prompt = stripAnsi(shown);
  if (/\b1 (keep|dieses Päckchen)/.test(prompt)) return rng.below(2) === 0 ? "1" : "2";
  if (/Enter: /.test(prompt) && /next round|nächste Runde|keep watching|weiter zuschauen/.test(prompt)) return "";
  const roll = rng.below(10);
  if (/\bR (new middle|neue Mitte)/.test(prompt) && roll < 2) return "R";
  if (/\bK (knock|klopfen)/.test(prompt) && roll < 3) return "K";
  if (/\b1-3 a-c/.test(prompt) && roll < 7) return `${1 + rng.below(3)}${"abc"[rng.below(3)]}`;
  if (/\b1-5 (zwei Karten|pass two)/.test(prompt) && roll >= 3) {
    // A hidden deal: two different cards of the five to pass on.
    const first = rng.below(5);
    return `${1 + first}${1 + ((first + 1 + rng.below(4)) % 5)}`;
  }
  if (/\bA (swap all|alle tauschen)/.test(prompt) && roll < 8) return "A";
  if (/\bP (pass|schieben)/.test(prompt)) return "P";
  if (/\bK (knock|klopfen)/.test(prompt)) return "K";
  return "1a";
}

export function scriptedIo(options: ScriptOptions = {}): ScriptedIo {
  const stdin = new PassThrough();
  let output = "";
  let errors = "";
  let since = 0;
  let answers = 0;
  const script = [...(options.script ?? [])];
  const rng = Rng.fromSeed(options.seed ?? "script");
  const typed: string[] = [];
  const choose = options.choose ?? keyChooser;
  const answer = () => {
    const prompt = output.slice(since);
    since = output.length;
    answers++;
    const line =
      answers > (options.maxAnswers ?? 5000) ? null : script.length > 0 ? script.shift()! : choose(prompt, rng);
    if (line === null) {
      stdin.end();
      return;
    }
    typed.push(line);
    stdin.write(line + "\n");
  };
  const stdout = {
    isTTY: options.tty ?? false,
    rows: options.rows ?? 24,
    columns: options.columns ?? 80,
    write(text: string) {
      output += text;
      if (PROMPT_END.test(text) && !stdin.writableEnded) setImmediate(answer);
      return true;
    },
  };
  Object.assign(stdin, { isTTY: options.tty ?? false });
  return {
    stdin,
    stdout,
    stderr: { write: (text: string) => ((errors += text), true) },
    readFile: (path) => readFile(path, "utf8"),
    out: () => output,
    err: () => errors,
    typed,
  };
}

/** A fresh folder for the files of one test file (made before its tests, removed after): `folder()` is its path. */
export function tempFolder(prefix: string): () => string {
  let dir = "";
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  return () => dir;
}

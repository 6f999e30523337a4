import { randomBytes } from "node:crypto";
import { stat, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import {
  DEFAULT_RULES,
  type GameRecord,
  type Rules,
  Rng,
  drawForDealer,
  maxSeats,
  newMatch,
  parseRules,
} from "@schwimmen/rules";
import { BOT_LEVELS, botNames, createBot, isBotLevel, unplayableByBots } from "@schwimmen/bots";
import type { Io } from "../replay.js";
import { type BotSeat, Game } from "./driver.js";
import { LineReader } from "./lines.js";
import { WIDTH } from "./render.js";
import { graphemesOf, printable, widthOf, wrapText } from "./style.js";
import { type Lang, TEXTS, isLang, langFromEnv } from "./text.js";
import { playedRecord } from "./record.js";
import { findPreset, playPresets } from "./presets.js";
import { lotLines, parseStake } from "./stakes.js";

// Every line within 78 columns, like the game's screens.
export const PLAY_USAGE = `  schwimmen play [--bots LEVELS] [--rules FILE] [--preset P] [--lang de|en]
                 [--seed S] [--name NAME] [--save FILE] [--delay MS]
                 [--stake CENTS] [--dealer-by-lot]
                               play a whole match in the terminal against
                               bots, one per level given: random, greedy
                               (beginner), tactician (advanced), expert
                               (default: three tacticians; at most 19);
                               presets (docs/presets.md): standard,
                               kitchenTable, schnauz, encyclopedic, swiss,
                               pub, verdeckt (the hidden deal),
                               grosse-runde (two decks, up to 20 seats),
                               the rules file's keys on top;
                               NAME has at most 20 characters; the match is
                               saved as a game record (default
                               ./schwimmen-<time>.json); NO_COLOR drops
                               colours, SCHWIMMEN_FAST=1 drops the pauses;
                               --stake plays for play money per life (pot
                               and balances at the end), --dealer-by-lot
                               draws cards for the first dealer`;

/** Bots a person may play against; `oracle` sees every card and stays in the arena. */
export const offeredLevels = (): string[] => BOT_LEVELS.filter((level: string) => level !== "oracle");

/** Three opponents of the strongest everyday level that exists (tactician, else greedy, else random). */
export function defaultLineup(): string[] {
  const level = ["tactician", "greedy", "random"].find((l) => isBotLevel(l) && l !== "oracle") ?? offeredLevels()[0];
  return level === undefined ? [] : [level, level, level];
}

type Env = Readonly<Record<string, string | undefined>>;

/** The most characters (as a reader counts them) a name keeps; 40 columns at most, where each is a wide one. */
export const NAME_CHARS = 20;

/**
 * A name as typed, cleaned for the screen (no escape codes, tabs or bidi controls) and cut to NAME_CHARS (`play`
 * refuses a longer --name; the cut keeps a screen safe whatever it is given).
 */
export const cleanName = (raw: string): string =>
  graphemesOf(printable(raw).trim()).slice(0, NAME_CHARS).join("").trim();

/** A message for standard error, word-wrapped so no line passes the screen's width. */
const errorText = (message: string): string => wrapText(message, WIDTH).join("\n") + "\n";

/** "label value" on one line when it fits, else the value on a line of its own: a path is never broken. */
const labelled = (label: string, value: string): string =>
  widthOf(` ${label} ${value}`) <= WIDTH ? ` ${label} ${value}` : ` ${label}\n   ${value}`;

/** What is printed once the match is saved: where, and the command that analyses the person's decisions (seat 0). */
const savedLines = (t: { saved: string; replayHint: string }, path: string): string =>
  `${labelled(t.saved, path)}\n${labelled(t.replayHint, `npx schwimmen analyse ${shellWord(path)} --seat 0`)}\n`;

/** A path as one shell word, so the printed replay command can be pasted as it is. */
const shellWord = (path: string): string =>
  /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replaceAll("'", `'\\''`)}'`;

interface Settings {
  readonly levels: readonly string[];
  readonly rules: Rules;
  readonly lang: Lang;
  readonly seed: string;
  readonly name: string;
  readonly save: string | null;
  readonly delayMs: number | null;
  readonly stake: number;
  readonly dealerByLot: boolean;
}

type Parsed = { ok: true; settings: Settings } | { ok: false; message: string };

/** Options that take a value. */
const VALUE_OPTIONS = ["bots", "rules", "preset", "lang", "seed", "name", "save", "delay", "stake"] as const;

/**
 * `--stake -5` as `--stake=-5`: a value that looks like a negative number is the option's value (parseArgs would
 * call it ambiguous), so that the option's own check can say what is allowed.
 */
function joinNegatives(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const next = args[i + 1];
    const takesValue = (VALUE_OPTIONS as readonly string[]).includes(arg.slice(2)) && arg.startsWith("--");
    if (takesValue && next !== undefined && /^-\d/.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

async function readSettings(args: readonly string[], io: Io, env: Env): Promise<Parsed> {
  let values;
  try {
    values = parseArgs({
      args: joinNegatives(args),
      options: {
        bots: { type: "string" },
        rules: { type: "string" },
        preset: { type: "string" },
        lang: { type: "string" },
        seed: { type: "string" },
        name: { type: "string" },
        save: { type: "string" },
        delay: { type: "string" },
        stake: { type: "string" },
        "dealer-by-lot": { type: "boolean" },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (cause) {
    return { ok: false, message: (cause as Error).message };
  }
  const lang = values.lang ?? langFromEnv(env);
  if (!isLang(lang)) return { ok: false, message: `--lang must be de or en, not "${lang}"` };
  const levels = values.bots === undefined ? defaultLineup() : values.bots.split(",").map((l) => l.trim());
  const offered = offeredLevels();
  const unknown = levels.find((l) => !offered.includes(l));
  if (unknown !== undefined) return { ok: false, message: `unknown bot "${unknown}"; bots: ${offered.join(", ")}` };
  if (levels.length === 0) return { ok: false, message: "--bots needs at least one bot" };
  const found = values.preset === undefined ? null : findPreset(values.preset);
  if (values.preset !== undefined && found === null)
    return {
      ok: false,
      message: `--preset must be one of ${playPresets()
        .map((p) => p.id)
        .join(", ")}`,
    };
  const preset: Readonly<Record<string, unknown>> = found?.rules ?? {};
  let rules: Rules = DEFAULT_RULES;
  if (values.rules !== undefined || values.preset !== undefined) {
    const read = await readRules(values.rules, preset, io);
    if (!read.ok) return read;
    rules = read.rules;
    const unplayable = unplayableByBots(rules);
    if (unplayable !== null) return { ok: false, message: `${values.rules ?? values.preset}: ${unplayable}` };
  }
  const name = cleanName(values.name ?? TEXTS[lang].defaultName);
  if (widthOf(name) === 0) return { ok: false, message: "--name must not be empty" };
  // Refused, not cut: a name that lost its end without a word would surprise its owner at the table.
  const typed = graphemesOf(printable(values.name ?? "").trim()).length;
  if (typed > NAME_CHARS)
    return { ok: false, message: `--name must have at most ${NAME_CHARS} characters, not ${typed}` };
  let delayMs: number | null = null;
  if (values.delay !== undefined) {
    delayMs = Number(values.delay);
    if (!/^[-+]?\d+$/.test(values.delay) || delayMs < 0 || delayMs > 10_000) {
      const shown = /^[-+]?\d+$/.test(values.delay) ? values.delay : JSON.stringify(values.delay);
      return { ok: false, message: `--delay must be a whole number of milliseconds from 0 to 10000, not ${shown}` };
    }
  }
  const stake = parseStake(values.stake);
  if (!stake.ok) return stake;
  const seed = values.seed ?? randomBytes(16).toString("hex");
  const dealerByLot = values["dealer-by-lot"] === true;
  const options = { save: values.save ?? null, delayMs, stake: stake.stake, dealerByLot };
  return { ok: true, settings: { levels, rules, lang, seed, name, ...options } };
}

/** A rules file holds a rule object, or a record-like object with one under "rules"; its keys go over the preset's. */
async function readRules(
  path: string | undefined,
  preset: Readonly<Record<string, unknown>>,
  io: Io,
): Promise<{ ok: true; rules: Rules } | { ok: false; message: string }> {
  if (path === undefined) {
    const parsed = parseRules(preset);
    return parsed.ok ? { ok: true, rules: parsed.value } : { ok: false, message: parsed.error.message };
  }
  let text: string;
  try {
    text = await io.readFile(path);
  } catch {
    return { ok: false, message: `${path}: cannot be read` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: `${path}: not valid JSON` };
  }
  const inner = (json as { rules?: unknown } | null)?.rules;
  const own = typeof inner === "object" && inner !== null ? inner : json;
  // Only an object merges with the preset; anything else goes to the parser as it is, which names the problem.
  const merged = typeof own === "object" && own !== null && !Array.isArray(own) ? { ...preset, ...own } : own;
  const parsed = parseRules(merged);
  return parsed.ok ? { ok: true, rules: parsed.value } : { ok: false, message: `${path}: ${parsed.error.message}` };
}

/** One round per line: still valid JSON, but readable and diff-friendly. */
export function formatRecord(record: GameRecord): string {
  const head = `{"rules": ${JSON.stringify(record.rules)}, "players": ${JSON.stringify(record.players)}, "dealer": ${record.dealer},`;
  const rounds = record.rounds.map((r) => "  " + JSON.stringify(r)).join(",\n");
  return `${head}\n "rounds": [\n${rounds}\n]}\n`;
}

const stamp = (d: Date): string => {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}${two(d.getMonth() + 1)}${two(d.getDate())}-${two(d.getHours())}${two(d.getMinutes())}${two(d.getSeconds())}`;
};

/** Writes the record: to the path asked for, or to a fresh ./schwimmen-<time>.json that never overwrites another. */
async function saveRecord(record: GameRecord, path: string | null): Promise<string> {
  const text = formatRecord(record);
  if (path !== null) {
    await writeFile(path, text);
    return path;
  }
  const base = `./schwimmen-${stamp(new Date())}`;
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

const isFolder = (path: string): Promise<boolean> =>
  stat(path).then(
    (info) => info.isDirectory(),
    () => false,
  );

interface TerminalStream {
  readonly isTTY?: boolean;
  readonly rows?: number;
  readonly columns?: number;
}

/** `schwimmen play`: reads the options, seats the bots, runs the match and saves it. */
export async function runPlay(args: readonly string[], io: Io, env: Env = process.env): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    io.stdout.write(`Usage:\n${PLAY_USAGE}\n`);
    return 0;
  }
  const read = await readSettings(args, io, env);
  if (!read.ok) {
    io.stderr.write(`${errorText(`schwimmen play: ${read.message}`)}\nUsage:\n${PLAY_USAGE}\n`);
    return 2;
  }
  const s = read.settings;
  const t = TEXTS[s.lang];
  // A record that could not be saved is found out before the match, not after it.
  const folder = s.save === null ? null : dirname(resolve(s.save));
  if (s.save !== null && folder !== null && !(await isFolder(folder))) {
    io.stderr.write(errorText(`schwimmen play: ${t.noFolder(s.save, folder)}`));
    return 2;
  }
  const seats = s.levels.length + 1;
  // The lot draws from its own seed; without it the dealer is picked as before.
  const lot = s.dealerByLot ? drawForDealer(seats, s.rules.deck, s.rules.decks, `${s.seed}/lot`) : null;
  const dealer = lot ? lot.dealer : Rng.fromSeed(`${s.seed}/dealer`).below(seats);
  const match = newMatch({ rules: s.rules, seats, dealer, seed: s.seed });
  if (!match.ok) {
    // Too many seats for one deck: say that two decks seat them.
    const two = maxSeats(s.rules.deck, 2);
    const hint = s.rules.decks === 1 && seats <= two ? `; two decks (--preset grosse-runde) seat up to ${two}` : "";
    io.stderr.write(errorText(`schwimmen play: ${match.error.message}${hint}`));
    return 2;
  }
  const names = [s.name, ...botNames(s.name, s.levels.length)];
  const bots: BotSeat[] = s.levels.map((level, i) => ({
    seat: i + 1,
    level,
    bot: createBot(level as Parameters<typeof createBot>[0]),
    rng: Rng.fromSeed(`${s.seed}/bot/${i + 1}`),
  }));
  const stdin = io.stdin as NodeJS.ReadableStream & TerminalStream;
  const stdout = io.stdout as typeof io.stdout & TerminalStream;
  const interactive = stdin.isTTY === true && stdout.isTTY === true;
  const color = stdout.isTTY === true && !env.NO_COLOR;
  const fast = env.SCHWIMMEN_FAST !== undefined && env.SCHWIMMEN_FAST !== "" && env.SCHWIMMEN_FAST !== "0";
  const reader = new LineReader(stdin);
  // Ctrl-C stops the match like Q (saved, terminal restored); a second Ctrl-C leaves at once.
  const onInterrupt = () => (reader.interrupted ? process.exit(130) : reader.interrupt());
  const ownsTerminal = io.stdin === process.stdin;
  if (ownsTerminal) process.on("SIGINT", onInterrupt);
  // A closed pipe on the output (`play | head`) stops the match quietly instead of crashing it; it is still saved.
  let outputClosed = false;
  const onOutputError = () => {
    outputClosed = true;
    reader.interrupt();
  };
  const outputEvents = io.stdout as {
    on?: (e: "error", f: () => void) => unknown;
    off?: (e: "error", f: () => void) => unknown;
  };
  outputEvents.on?.("error", onOutputError);
  // A window smaller than the game's 80x24 breaks its screens: say so before the first one (wrapped to the window).
  const columns = stdout.columns ?? 80;
  const rows = stdout.rows ?? 24;
  if (interactive && (columns < 80 || rows < 24)) {
    const words = t.smallWindow(columns, rows);
    io.stdout.write(
      `${wrapText(words, Math.max(20, columns - 2))
        .map((line) => ` ${line}`)
        .join("\n")}\n> `,
    );
    await reader.next();
  }
  if (lot) {
    io.stdout.write(lotLines(lot, names, s.lang, interactive).join("\n") + (interactive ? "\n> " : "\n"));
    // The table's first screen clears the terminal: a person reads the draw first.
    if (interactive) await reader.next();
  }
  const game = new Game({
    match: match.value,
    names,
    self: 0,
    bots,
    lang: s.lang,
    input: reader,
    output: io.stdout,
    interactive,
    color,
    echo: stdin.isTTY !== true,
    rows: () => Math.max(16, (stdout.rows ?? 24) - 1),
    delayMs: s.delayMs ?? (interactive && !fast ? 400 : 0),
    stake: s.stake,
    // The last screen leaves room for the lines about the saved match (the longest name a default save can get).
    afterRows: savedLines(t, s.save ?? `./schwimmen-${stamp(new Date())}-50.json`).split("\n").length - 1,
  });
  let code = 0;
  try {
    const result = await game.run();
    if (result.end === "interrupt" && !outputClosed) code = 130;
  } catch (cause) {
    io.stderr.write(errorText(`schwimmen play: internal error: ${(cause as Error).message}`));
    code = 1;
  } finally {
    reader.close();
    if (ownsTerminal) process.off("SIGINT", onInterrupt);
    if (color) io.stdout.write("\x1b[0m");
  }
  try {
    const path = await saveRecord(playedRecord(game.state, names, game.seeds), s.save);
    if (!outputClosed) io.stdout.write(savedLines(t, path));
  } catch (cause) {
    const { code: why, message } = cause as NodeJS.ErrnoException;
    io.stderr.write(errorText(t.saveFailed(s.save ?? ".", t.saveWhy(why, message))));
    code = 1;
  } finally {
    // The process's own stdout keeps the listener: a late EPIPE must not surface as a crash on the way out.
    if (io.stdout !== process.stdout) outputEvents.off?.("error", onOutputError);
  }
  return code;
}

/** The `play` entry of the CLI's command table. */
export const playCommand = {
  usage: PLAY_USAGE,
  run: (args: readonly string[], io: Io): Promise<number> => runPlay(args, io),
};

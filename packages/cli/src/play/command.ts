import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { DEFAULT_RULES, type Rules, Rng, drawForDealer, maxSeats, newMatch, parseRules } from "@schwimmen/rules";
import { BOT_LEVELS, botNames, createBot, isBotLevel, unplayableByBots } from "@schwimmen/bots";
import type { Io } from "../replay.js";
import { type BotSeat, Game } from "./driver.js";
import { isQuit } from "./commands.js";
import { LineReader } from "./lines.js";
import { WIDTH } from "./render.js";
import { graphemesOf, printable, widthOf, wrapText } from "./style.js";
import { type Lang, TEXTS, isLang, langFromEnv } from "./text.js";
import { playedRecord } from "./record.js";
import { findPreset, playPresets } from "./presets.js";
import { saveProblem, saveRecord, stamp } from "./save.js";
import { lotLines, parseStake } from "./stakes.js";
import { Painter, type WindowSource } from "./window.js";

// Every line within 78 columns, like the game's screens.
export const PLAY_USAGE = `  schwimmen play [--bots LEVELS] [--rules FILE] [--preset ID] [--lang de|en]
                 [--seed S] [--name NAME] [--save FILE [--force]] [--delay MS]
                 [--stake CENTS] [--dealer-by-lot]
                               play a whole match in the terminal against
                               bots, one per level given: random, greedy
                               (beginner), tactician (advanced), expert
                               (default: three tacticians; at most 19);
                               presets by their ids in docs/presets.md:
                               standard, kitchenTable, schnauz,
                               encyclopedic, swiss, pub, verdeckt (the
                               hidden deal), grosseRunde (two decks, up to
                               20 seats), the rules file's keys on top;
                               NAME has at most 20 characters; the match is
                               saved as a game record (default
                               ./schwimmen-<time>.json); --save never
                               overwrites a file unless --force is given;
                               NO_COLOR drops colours, SCHWIMMEN_FAST=1
                               drops the pauses; --stake plays for play
                               money per life (pot and balances at the
                               end), --dealer-by-lot draws cards for the
                               first dealer`;

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

/** A line about the saved match, indented like the others after the last screen (wrapped under itself). */
const noteText = (message: string): string =>
  wrapText(message, WIDTH - 3)
    .map((line, i) => (i === 0 ? " " : "   ") + line)
    .join("\n") + "\n";

/** "label value" on one line when it fits, else the value on a line of its own: a path is never broken. */
const labelled = (label: string, value: string): string =>
  widthOf(` ${label} ${value}`) <= WIDTH ? ` ${label} ${value}` : ` ${label}\n   ${value}`;

/** What is printed once the match is saved: where, and the command that analyses the person's decisions (seat 0). */
const savedLines = (label: string, t: { replayHint: string }, path: string): string =>
  `${labelled(label, path)}\n${labelled(t.replayHint, `npx schwimmen analyse ${shellWord(path)} --seat 0`)}\n`;

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
  /** `--force`: the record may overwrite an existing file. */
  readonly force: boolean;
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

/** node:util's parseArgs errors in the words of the other option errors. */
function argsMessage(cause: unknown): string {
  const { code, message } = cause as { code?: string; message: string };
  const token = /'(-{0,2}[^' ]+)/.exec(message)?.[1] ?? "";
  switch (code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return `unknown option "${token}"`;
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL":
      return `unexpected argument "${token}"`;
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE":
      return message.includes("argument missing") ? `${token} needs a value` : `${token} takes no value`;
    default:
      return message;
  }
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
        force: { type: "boolean" },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (cause) {
    return { ok: false, message: argsMessage(cause) };
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
        .join(", ")}, not "${values.preset}"`,
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
  if (values.force === true && values.save === undefined)
    return { ok: false, message: "--force goes with --save FILE (a default name never overwrites a file)" };
  const options = { save: values.save ?? null, force: values.force === true, delayMs, stake: stake.stake, dealerByLot };
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

interface TerminalStream {
  readonly isTTY?: boolean;
  readonly rows?: number;
  readonly columns?: number;
}

/** The terminal's size and its "resize" events (a stream that has none keeps 80x24). */
function terminalWindow(stdout: Io["stdout"] & TerminalStream): WindowSource {
  const events = stdout as {
    on?: (e: "resize", f: () => void) => unknown;
    off?: (e: "resize", f: () => void) => unknown;
  };
  return {
    size: () => ({ columns: stdout.columns ?? 80, rows: stdout.rows ?? 24 }),
    onResize: (listener) => {
      events.on?.("resize", listener);
      return () => events.off?.("resize", listener);
    },
  };
}

/** `schwimmen play`: reads the options, seats the bots, runs the match and saves it. */
export async function runPlay(args: readonly string[], io: Io, env: Env = process.env): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    io.stdout.write(`Usage:\n${PLAY_USAGE}\n`);
    return 0;
  }
  const read = await readSettings(args, io, env);
  if (!read.ok) {
    io.stderr.write(errorText(`schwimmen play: ${read.message} (see schwimmen play --help)`));
    return 2;
  }
  const s = read.settings;
  const t = TEXTS[s.lang];
  // A record that could not be saved (or would overwrite a file) is found out before the match, not after it.
  const problem = s.save === null ? null : await saveProblem(s.save, s.force, t);
  if (problem !== null) {
    io.stderr.write(errorText(`schwimmen play: ${problem}`));
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
    const hint = s.rules.decks === 1 && seats <= two ? `; two decks (--preset grosseRunde) seat up to ${two}` : "";
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
  // A window smaller than the game's 80x24 breaks its screens: said before the first one and whenever it shrinks.
  const painter = interactive ? new Painter(io.stdout, t, terminalWindow(io.stdout)) : null;
  await painter?.waitWhileSmall(reader);
  // Q at the draw ends before the first deal, as Q does at any other time (nothing played, so nothing to confirm).
  let quitAtLot = false;
  if (lot) {
    const drawn = lotLines(lot, names, s.lang, interactive);
    io.stdout.write(drawn.join("\n") + (painter ? "\n> " : "\n"));
    if (painter) {
      // The table's first screen clears the terminal: a person reads the draw first (drawn again after a resize).
      painter.printed(() => [...drawn, "> "]);
      let line = await reader.next();
      while (line !== null && painter.dismissNotice()) line = await reader.next();
      if (line !== null && isQuit(line)) {
        quitAtLot = true;
        reader.interrupt();
      }
    }
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
    ...(painter ? { painter } : {}),
    stake: s.stake,
    // The last screen leaves room for the lines about the saved match (the longest name a default save can get).
    afterRows: savedLines(t.saved, t, s.save ?? `./schwimmen-${stamp(new Date())}-50.json`).split("\n").length - 1,
  });
  let code = 0;
  try {
    const result = await game.run();
    if (result.end === "interrupt" && !outputClosed && !quitAtLot) code = 130;
  } catch (cause) {
    io.stderr.write(errorText(`schwimmen play: internal error: ${(cause as Error).message}`));
    code = 1;
  } finally {
    reader.close();
    painter?.close();
    if (ownsTerminal) process.off("SIGINT", onInterrupt);
    if (color) io.stdout.write("\x1b[0m");
  }
  try {
    // Never lost: when the place asked for fails, the record goes to a default name (and says where).
    const saved = await saveRecord(playedRecord(game.state, names, game.seeds), s.save, s.force);
    for (const { path, error } of saved.failures)
      io.stderr.write(noteText(t.saveFailed(path, t.saveWhy(error.code, error.message))));
    if (saved.failures.length > 0) code = 1;
    const label = saved.failures.length > 0 ? t.savedInstead : t.saved;
    if (saved.path !== null && !outputClosed) io.stdout.write(savedLines(label, t, saved.path));
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

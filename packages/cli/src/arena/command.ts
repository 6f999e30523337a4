import { randomBytes } from "node:crypto";
import { stat, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { lineupProblem, unplayableByBots } from "@schwimmen/bots";
import { type Rules, DEFAULT_RULES, parseRules } from "@schwimmen/rules";
import type { Io } from "../replay.js";
import { ARENA_HELP, ARENA_USAGE, type ArenaArgs, ArgsError, parseArenaArgs } from "./args.js";
import { arenaChartSvg } from "./chart.js";
import { calibrationChartSvg, formatCalibration, summarizeCalibration } from "./calibration.js";
import { arenaEntry, knownBots, seatLabels } from "./lineup.js";
import { runArena } from "./pool.js";
import { progressReporter } from "./progress.js";
import { formatTable, summarize } from "./stats.js";

async function readRules(file: string | null, io: Io): Promise<Rules> {
  if (file === null) return DEFAULT_RULES;
  let text: string;
  try {
    text = await io.readFile(file);
  } catch (cause) {
    const reason = (cause as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : "cannot be read";
    throw new ArgsError(`--rules ${file}: ${reason}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ArgsError(`--rules ${file}: not valid JSON`);
  }
  const parsed = parseRules(json);
  if (!parsed.ok) throw new ArgsError(`--rules ${file}: ${parsed.error.message}`);
  return parsed.value;
}

const isFolder = (path: string): Promise<boolean> =>
  stat(path).then(
    (info) => info.isDirectory(),
    () => false,
  );

/** Fails before the run, not after it, when an output file could not be written: no folder for it, or a folder. */
async function checkOutputDir(option: string, file: string | null): Promise<void> {
  if (file === null) return;
  const dir = dirname(resolve(file));
  if (!(await isFolder(dir))) throw new ArgsError(`--${option} ${file}: the folder ${dir} does not exist`);
  if (await isFolder(file)) throw new ArgsError(`--${option} ${file}: that is a folder; name a file in it`);
}

async function checkArgs(args: ArenaArgs, io: Io): Promise<Rules> {
  for (const name of args.names) {
    if (!arenaEntry(name)) throw new ArgsError(`unknown bot "${name}"; known bots: ${knownBots().join(", ")}`);
  }
  const rules = await readRules(args.rulesFile, io);
  const unplayable = unplayableByBots(rules);
  if (unplayable !== null) throw new ArgsError(`--rules: ${unplayable}`);
  const problem = lineupProblem(args.names.length, rules);
  if (problem) throw new ArgsError(`--seats: ${problem}`);
  await checkOutputDir("json", args.jsonFile);
  await checkOutputDir("chart", args.chartFile);
  await checkOutputDir("calibration", args.calibrationFile);
  if (args.calibrationFile !== null && !args.names.includes("expert"))
    throw new ArgsError("--calibration needs an expert seat in the lineup");
  return rules;
}

export async function runArenaCommand(argv: readonly string[], io: Io): Promise<number> {
  let args: ArenaArgs;
  let rules: Rules;
  try {
    const parsed = parseArenaArgs(argv);
    if (parsed.help) {
      io.stdout.write(ARENA_HELP);
      return 0;
    }
    args = parsed.args;
    rules = await checkArgs(args, io);
  } catch (cause) {
    if (!(cause instanceof ArgsError)) throw cause;
    io.stderr.write(`schwimmen arena: ${cause.message} (see schwimmen arena --help)\n`);
    return 2;
  }

  const seed = args.seed ?? randomBytes(8).toString("hex");
  if (args.seed === null) io.stderr.write(`arena: seed ${seed} (repeat this run with --seed ${seed})\n`);
  const isTTY = (io.stderr as { isTTY?: boolean }).isTTY === true;
  const progress = progressReporter(args.matches, io.stderr, isTTY);
  const started = performance.now();
  let tally;
  try {
    tally = await runArena(
      {
        names: args.names,
        rules,
        seed,
        matches: args.matches,
        capActions: args.capActions,
        maxRounds: args.maxRounds,
        ...(args.budgetMs === null ? {} : { budgetMs: args.budgetMs }),
        ...(args.calibrationFile === null ? {} : { calibration: true }),
      },
      args.workers,
      (done) => progress.update(done),
    );
  } catch (cause) {
    progress.finish();
    io.stderr.write(`schwimmen arena: the run failed: ${cause instanceof Error ? cause.message : String(cause)}\n`);
    return 1;
  }
  progress.finish();
  const elapsed = performance.now() - started;

  const summary = summarize({
    tally,
    names: args.names,
    labels: seatLabels(args.names),
    seed,
    rules,
    capActions: args.capActions,
    maxRounds: args.maxRounds,
  });
  io.stdout.write(formatTable(summary));
  const calibration = tally.calibration ? summarizeCalibration(tally.calibration) : null;
  if (calibration) io.stdout.write(formatCalibration(calibration));
  io.stderr.write(
    `arena: ${args.matches} matches in ${(elapsed / 1000).toFixed(2)} s on ${Math.min(args.workers, args.matches)} worker(s), ` +
      `${Math.round(args.matches / (elapsed / 1000))} matches/s\n`,
  );
  try {
    const json = calibration ? { ...summary, calibration } : summary;
    if (args.jsonFile !== null) await writeFile(args.jsonFile, JSON.stringify(json, null, 2) + "\n");
    if (args.chartFile !== null) await writeFile(args.chartFile, arenaChartSvg(summary));
    if (args.calibrationFile !== null && calibration) {
      const subtitle = `${args.names.join(", ")}: ${args.matches} matches, seed ${seed}`;
      await writeFile(args.calibrationFile, calibrationChartSvg(calibration, subtitle));
    }
  } catch (cause) {
    io.stderr.write(`schwimmen arena: cannot write the output: ${(cause as Error).message}\n`);
    return 1;
  }
  return 0;
}

export const arenaCommand = {
  usage: ARENA_USAGE,
  help: ARENA_HELP,
  run: runArenaCommand,
};

import { DEFAULT_CAP_ACTIONS, DEFAULT_MAX_ROUNDS } from "@schwimmen/bots";
import { fill, optionLine, paragraph } from "../wrap.js";

/** The arena's command line, read but not yet checked against the rules (the rules file comes later). */
export interface ArenaArgs {
  readonly names: readonly string[];
  readonly matches: number;
  readonly seed: string | null;
  readonly rulesFile: string | null;
  readonly jsonFile: string | null;
  readonly chartFile: string | null;
  readonly calibrationFile: string | null;
  readonly workers: number;
  readonly capActions: number;
  readonly maxRounds: number;
  readonly budgetMs: number | null;
}

export type ParsedArgs = { readonly help: true } | { readonly help: false; readonly args: ArenaArgs };

/** The description column of the usage lines in `schwimmen --help`. */
export const USAGE_INDENT = " ".repeat(31);

export const ARENA_USAGE = `  schwimmen arena --seats BOTS [--matches N] [--seed S] [--workers N]
                  [--json OUT] [--chart OUT.svg]
${fill(
  "whole matches among bots (e.g. --seats expert,greedy,greedy,greedy), seats rotated; win shares with 95% " +
    "intervals (schwimmen arena --help for all options)",
  USAGE_INDENT,
).join("\n")}`;

export const ARENA_HELP = `Usage: schwimmen arena --seats BOT,BOT,... [options]

${paragraph(
  "Plays whole matches (lives, swimming, out, until one seat is left or a draw) among bots. Match i shifts the " +
    "lineup by i seats, so every bot sits in every position equally often; each match follows from (seed, match " +
    "number) alone, so a seeded run gives the same result on any number of workers. Prints one row per lineup " +
    "entry (a repeated bot is named greedy#2, greedy#3, ...): matches won, draws, win share with its 95% interval " +
    "(Wilson), average place (1 = winner, by order of going out, seats going out together share), and decision " +
    "time median and 95th percentile.",
)}

Options:
${[
  optionLine("--seats LIST", "the lineup, comma-separated bot names (required)"),
  optionLine("--matches N", "matches to play (default 1000)"),
  optionLine("--seed TEXT", "seed of the run (default: a random one, printed so the run can be repeated)"),
  optionLine("--rules FILE", "a JSON rule set, any subset of the rule keys (default: the standard rules)"),
  optionLine("--json OUT", "also write the results as JSON to OUT"),
  optionLine("--chart OUT.svg", "also draw the win shares with their intervals as an SVG bar chart"),
  optionLine(
    "--calibration OUT.svg",
    "also check the expert seats' chance of losing a life this round: at each of their searched decisions the " +
      "estimate for the action taken, bucketed into tenths against what happened; prints the table and the " +
      "Brier score and draws the reliability chart as SVG",
  ),
  optionLine("--workers N", "split the matches over N worker threads (default 1)"),
  optionLine(
    "--cap N",
    `stop a round after N actions (default ${DEFAULT_CAP_ACTIONS}); the rules put no limit on a round, so bots ` +
      "could pass or swap for ever. A stopped round ends without a loser and the deal moves on; the table " +
      "reports how many rounds were stopped.",
  ),
  optionLine(
    "--max-rounds N",
    `stop a match after N rounds as unfinished: nobody wins (default ${DEFAULT_MAX_ROUNDS})`,
  ),
  optionLine(
    "--budget MS",
    "thinking time handed to every bot (default: each bot's own work limit); a bot that stops on time depends " +
      "on the machine's speed, so such a run is not exactly reproducible",
  ),
  optionLine("--help", "this text"),
].join("\n")}

Example:
  schwimmen arena --seats expert,greedy,greedy,greedy --matches 2000 \\
    --seed 7 --workers 2
`;

/** A one-line reason the arguments are wrong (exit 2), never a stack trace. */
export class ArgsError extends Error {
  override readonly name = "ArgsError";
}

const VALUE_OPTIONS = [
  "seats",
  "matches",
  "seed",
  "rules",
  "json",
  "chart",
  "calibration",
  "workers",
  "cap",
  "max-rounds",
  "budget",
] as const;
type ValueOption = (typeof VALUE_OPTIONS)[number];
const isValueOption = (name: string): name is ValueOption => (VALUE_OPTIONS as readonly string[]).includes(name);

/** A whole number of the option from `least` to `most`; a negative one is named as such, out of range. */
export function wholeNumber(option: string, text: string, least: number, most: number): number {
  const range = `--${option} must be a whole number from ${least} to ${most}`;
  if (!/^[-+]?\d+$/.test(text.trim())) throw new ArgsError(`${range}, not "${text}"`);
  const value = Number(text);
  if (value < least || value > most) throw new ArgsError(`${range}, not ${text.trim()}`);
  return value;
}

export function parseArenaArgs(argv: readonly string[]): ParsedArgs {
  const given = new Map<ValueOption, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--help" || arg === "-h") return { help: true };
    if (!arg.startsWith("--")) throw new ArgsError(`unexpected argument "${arg}"`);
    const eq = arg.indexOf("=");
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    if (!isValueOption(name)) throw new ArgsError(`unknown option "--${name}"`);
    let value: string | undefined;
    if (eq >= 0) value = arg.slice(eq + 1);
    else value = argv[++i];
    if (value === undefined || (eq < 0 && value.startsWith("--"))) throw new ArgsError(`--${name} needs a value`);
    if (given.has(name)) throw new ArgsError(`--${name} is given twice`);
    given.set(name, value);
  }
  const seats = given.get("seats");
  if (seats === undefined) throw new ArgsError("--seats is required, e.g. --seats greedy,greedy,random");
  const names = seats.split(",").map((name) => name.trim());
  if (names.some((name) => name === "")) throw new ArgsError(`--seats has an empty name in "${seats}"`);
  const seed = given.get("seed") ?? null;
  if (seed !== null && seed === "") throw new ArgsError("--seed must not be empty");
  const number = (option: ValueOption, fallback: number, least: number, most: number): number => {
    const text = given.get(option);
    return text === undefined ? fallback : wholeNumber(option, text, least, most);
  };
  const budgetText = given.get("budget");
  let budgetMs: number | null = null;
  if (budgetText !== undefined) {
    budgetMs = Number(budgetText);
    if (!/^\d+(\.\d+)?$/.test(budgetText) || !(budgetMs > 0)) {
      throw new ArgsError(`--budget needs a positive number of milliseconds, not "${budgetText}"`);
    }
  }
  return {
    help: false,
    args: {
      names,
      matches: number("matches", 1000, 1, 10_000_000),
      seed,
      rulesFile: given.get("rules") ?? null,
      jsonFile: given.get("json") ?? null,
      chartFile: given.get("chart") ?? null,
      calibrationFile: given.get("calibration") ?? null,
      workers: number("workers", 1, 1, 64),
      capActions: number("cap", DEFAULT_CAP_ACTIONS, 1, 100_000_000),
      maxRounds: number("max-rounds", DEFAULT_MAX_ROUNDS, 1, 100_000_000),
      budgetMs,
    },
  };
}

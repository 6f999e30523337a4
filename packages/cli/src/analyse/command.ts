import { ANALYSIS_WORLDS, type DecisionAnalysis, accuracyOf, analysisSteps, planAnalysisText } from "@schwimmen/bots";
import { ArgsError, USAGE_INDENT, wholeNumber } from "../arena/args.js";
import { fill, optionLine, paragraph } from "../wrap.js";
import { type Io, errorLine, readRecordText } from "../replay.js";
import { type Lang, isLang, langFromEnv } from "../play/text.js";
import { analysisJson, analysisText, labelLimits } from "./format.js";

export const ANALYSE_USAGE = `  schwimmen analyse RECORD --seat N [--json] [--lang de|en] [--worlds N]
${fill(
  "judge every decision of seat N in a game record (RECORD may be - for standard input) from that seat's view " +
    "(schwimmen analyse --help for more)",
  USAGE_INDENT,
).join("\n")}`;

export const ANALYSE_HELP = `Usage: schwimmen analyse RECORD --seat N [--json] [--lang de|en] [--worlds N]

${paragraph(
  "Judges every decision of one seat in a game record, from what that seat could see (never the other hands or " +
    "the stock): each legal action is played out by the expert bot's search in sampled worlds that agree with " +
    "the seat's view, giving the chance that the seat loses a life this round (calibrated on arena matches) and " +
    "its chance to win the match (the rest of the match counted as even play). The loss of a decision is the " +
    "match-win percentage points between the best action and the one played; labels by loss: " +
    `${labelLimits()}. Decisions with a single legal action are skipped. The same record gives the same analysis.`,
)}

${paragraph(
  "Prints every decision where it was made, as the game's screen counts: the round and the seat's own turn in " +
    "it (both from 1), the seat's hand and the middle (or the packet) then, the action played and the best one " +
    "with their chances to lose a life this round and to win the match, and the loss; then the accuracy (share " +
    "of decisions labelled best or good) and the three worst decisions. Cards are named as people say them " +
    "(Kreuz-Bube, jack of clubs). The JSON counts rounds and actions from 0 instead, as the record's errors " +
    'do. A record that replay rejects gives the same {"error": ...} on standard error and exit code 2.',
)}

Options:
${optionLine("--seat N", "the seat to judge, 0 for the first player of the record (required)", 16)}
  --json        print JSON instead:
                {"seat": N, "decisions": [{"round": K, "action": I,
                 "played": ACTION, "best": ACTION, "loss": X, "label": L,
                 "options": [{"action": ACTION, "loseLife": P, "winMatch": P}]
                }], "accuracy": A}
${fill(
  "ACTION as in the record, I its index in the round's actions, X in percentage points, P and A from 0 to 1 " +
    "(A is null without decisions), options best first",
  " ".repeat(16),
).join("\n")}
${optionLine("--lang de|en", "the language of the report (default: from LC_ALL, LC_MESSAGES or LANG, as for play)", 16)}
${optionLine("--worlds N", `sampled worlds per decision (default ${ANALYSIS_WORLDS}; fewer is faster and noisier)`, 16)}
${optionLine("--help", "this text", 16)}
`;

interface AnalyseArgs {
  readonly record: string;
  readonly seat: number;
  readonly json: boolean;
  readonly worlds: number;
  /** The report's language; null: from the environment. */
  readonly lang: Lang | null;
}

/** As the arena reads its options: `--name value` or `--name=value`, each once; one record path. */
export function parseAnalyseArgs(argv: readonly string[]): { help: true } | { help: false; args: AnalyseArgs } {
  let record: string | null = null;
  let json = false;
  const given = new Map<"seat" | "worlds" | "lang", string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--help" || arg === "-h") return { help: true };
    if (arg === "--json") {
      json = true;
      continue;
    }
    if (arg === "-" || !arg.startsWith("-")) {
      if (record !== null) throw new ArgsError(`one record only, not also "${arg}"`);
      record = arg;
      continue;
    }
    const eq = arg.indexOf("=");
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    if (!arg.startsWith("--") || (name !== "seat" && name !== "worlds" && name !== "lang"))
      throw new ArgsError(`unknown option "${arg}"`);
    const value = eq >= 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || (eq < 0 && value.startsWith("--"))) throw new ArgsError(`--${name} needs a value`);
    if (given.has(name)) throw new ArgsError(`--${name} is given twice`);
    given.set(name, value);
  }
  if (record === null) throw new ArgsError("a record is required (a file, or - for standard input)");
  const seat = given.get("seat");
  if (seat === undefined) throw new ArgsError("--seat is required, e.g. --seat 0");
  const worlds = given.get("worlds");
  const lang = given.get("lang") ?? null;
  if (lang !== null && !isLang(lang)) throw new ArgsError(`--lang must be de or en, not "${lang}"`);
  return {
    help: false,
    args: {
      record,
      seat: wholeNumber("seat", seat, 0, 99),
      json,
      worlds: worlds === undefined ? ANALYSIS_WORLDS : wholeNumber("worlds", worlds, 1, 100_000),
      lang,
    },
  };
}

export async function runAnalyse(
  argv: readonly string[],
  io: Io,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<number> {
  let args: AnalyseArgs;
  try {
    const parsed = parseAnalyseArgs(argv);
    if (parsed.help) {
      io.stdout.write(ANALYSE_HELP);
      return 0;
    }
    args = parsed.args;
  } catch (cause) {
    if (!(cause instanceof ArgsError)) throw cause;
    io.stderr.write(`schwimmen analyse: ${cause.message} (see schwimmen analyse --help)\n`);
    return 2;
  }
  const text = await readRecordText(args.record, io);
  if (text === null) return 2;
  const plan = planAnalysisText(text, args.seat);
  if (!plan.ok) {
    const { error } = plan;
    if (error.code === "NO_SUCH_SEAT") io.stderr.write(`schwimmen analyse: --seat ${args.seat}: ${error.message}\n`);
    else io.stderr.write(errorLine(error) + "\n");
    return 2;
  }
  // Progress only on a terminal, so that piped output and logs stay clean.
  const isTTY = (io.stderr as { isTTY?: boolean }).isTTY === true;
  const onProgress = isTTY
    ? (done: number, total: number) => io.stderr.write(`\ranalyse: ${done}/${total} decisions\x1b[K`)
    : undefined;
  const decisions: DecisionAnalysis[] = [];
  for (const decision of analysisSteps(plan.value, { worlds: args.worlds, onProgress })) decisions.push(decision);
  if (isTTY && decisions.length > 0) io.stderr.write("\n");
  const report = { seat: args.seat, decisions, accuracy: accuracyOf(decisions) };
  const lang = args.lang ?? langFromEnv(env);
  io.stdout.write(args.json ? analysisJson(report) : analysisText(report, plan.value, args.worlds, lang));
  return 0;
}

export const analyseCommand = {
  usage: ANALYSE_USAGE,
  help: ANALYSE_HELP,
  run: (argv: readonly string[], io: Io): Promise<number> => runAnalyse(argv, io),
};

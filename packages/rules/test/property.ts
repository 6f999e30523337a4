import { randomInt } from "node:crypto";
import fc from "fast-check";
import { type Rules, RULE_KEYS, RULE_VALUES, parseRules } from "../src/index.js";

/** Any value of every rule key of the contract. */
export const anyRules: fc.Arbitrary<Rules> = fc
  .record(Object.fromEntries(RULE_KEYS.map((key) => [key, fc.constantFrom(...RULE_VALUES[key])])))
  .map((input) => {
    const parsed = parseRules(input);
    if (!parsed.ok) throw new Error(parsed.error.message);
    return parsed.value;
  });

/**
 * `fc.assert` with a fresh seed each run (from node:crypto) that is printed when the property fails, together with
 * the path of the shrunk counterexample. Set FC_SEED (and FC_PATH) to replay a failure exactly:
 *   FC_SEED=-826546368 FC_PATH=1 npx vitest run packages/rules/test/properties.test.ts
 * FC_RUNS sets the number of runs, for a longer hunt. Counterexamples found so far go in `examples`: they run
 * first, every time.
 */
export function assertProperty<Ts extends [unknown, ...unknown[]]>(
  property: fc.IRawProperty<Ts>,
  params: fc.Parameters<Ts> = {},
): void | Promise<void> {
  const fixed = process.env.FC_SEED;
  const seed = fixed !== undefined && fixed !== "" ? Number(fixed) : randomInt(-(2 ** 31), 2 ** 31);
  const path = process.env.FC_PATH || undefined;
  const runs = Number(process.env.FC_RUNS);
  const details = fc.check(property, {
    ...params,
    ...(Number.isInteger(runs) && runs > 0 ? { numRuns: runs } : {}),
    seed,
    ...(path === undefined ? {} : { path }),
    verbose: fc.VerbosityLevel.Verbose,
  });
  return details instanceof Promise ? details.then(report) : report(details);
}

function report<Ts>(details: fc.RunDetails<Ts>): void {
  if (!details.failed) return;
  const replay = `FC_SEED=${details.seed} FC_PATH=${details.counterexamplePath ?? ""}`;
  const counterexample = fc.stringify(details.counterexample);
  console.error(`property failed: seed ${details.seed}, path "${details.counterexamplePath}", ${counterexample}`);
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(`${fc.defaultReportMessage(details)}\nReplay it with ${replay}\n${cause}`);
}

// Usage: npx tsx --conditions=source packages/bots/scripts/analysis-speed.ts [records] [worlds]
// Times the game analysis on typical 4-seat match records (scripts/typical-records.mjs, built rules needed):
// every decision of every seat, wall-clock and CPU milliseconds per decision (median and 95th percentile).
import { ANALYSIS_WORLDS, analysisSteps, planAnalysis } from "../src/analysis.js";
import { quantile } from "./runner.js";
// @ts-expect-error: a plain JavaScript module without types
import { typicalRecord } from "../../../scripts/typical-records.mjs";

const records = Number(process.argv[2] ?? 3);
const worlds = Number(process.argv[3] ?? ANALYSIS_WORLDS);
const wall: number[] = [];
const cpu: number[] = [];
const perRecord: number[] = [];
for (let r = 0; r < records; r++) {
  const record: unknown = typicalRecord(`speed ${r}`, 4);
  let decisions = 0;
  for (let seat = 0; seat < 4; seat++) {
    const plan = planAnalysis(record, seat);
    if (!plan.ok) throw new Error(plan.error.message);
    let lastWall = performance.now();
    let lastCpu = process.cpuUsage();
    for (const step = analysisSteps(plan.value, { worlds }); !step.next().done;) {
      const now = performance.now();
      wall.push(now - lastWall);
      const used = process.cpuUsage(lastCpu);
      cpu.push((used.user + used.system) / 1000);
      lastWall = now;
      lastCpu = process.cpuUsage();
      decisions++;
    }
  }
  perRecord.push(decisions);
}
const ms = (values: number[], q: number) => quantile(values, q).toFixed(1);
console.log(
  `${records} records, ${perRecord.join("/")} decisions (all 4 seats), ${worlds} worlds: ` +
    `wall ms p50 ${ms(wall, 0.5)} p95 ${ms(wall, 0.95)}; cpu ms p50 ${ms(cpu, 0.5)} p95 ${ms(cpu, 0.95)}`,
);

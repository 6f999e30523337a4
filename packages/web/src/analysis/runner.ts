import { ANALYSIS_WORLDS, EXPERT_DEFAULTS, KnockMemory, analyseDecision, planAnalysis } from "@schwimmen/bots";
import type { AnalysisReply, AnalysisRequest } from "./protocol.js";

/**
 * The replies to one analysis request, one at a time: the plan, each decision from `from` on, and the end. It walks
 * the seat's actions as the engine's `analysisSteps` does (the knock memory sees every view, skipped ones too), so a
 * run resumed at decision `from` gives the same judgements as a run from the start. Runs in the analysis worker.
 */
export function* analysisReplies(request: AnalysisRequest): Generator<AnalysisReply> {
  const { id } = request;
  const planned = planAnalysis(request.record, request.seat);
  if (!planned.ok) {
    yield { id, kind: "error", code: planned.error.code, message: planned.error.message };
    return;
  }
  const plan = planned.value;
  yield { id, kind: "plan", total: plan.decisions };
  const worlds = request.worlds ?? ANALYSIS_WORLDS;
  const memory = new KnockMemory();
  let index = 0;
  for (const point of plan.points) {
    memory.observe(point.view);
    if (point.view.legal.length <= 1) continue;
    if (index >= request.from) {
      yield { id, kind: "decision", index, decision: analyseDecision(point, memory, worlds, EXPERT_DEFAULTS) };
    }
    index++;
  }
  yield { id, kind: "done" };
}

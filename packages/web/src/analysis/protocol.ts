import type { DecisionAnalysis, Label, OptionAnalysis } from "@schwimmen/bots";
import type { Action } from "@schwimmen/rules";

/** One analysed decision as the engine gives it: the options with their estimates, best first. */
export type JudgedDecision = DecisionAnalysis;
export type OptionEstimate = OptionAnalysis;
export type DecisionLabel = Label;

/** Page to analysis worker: analyse one seat of a record, skipping the first `from` decisions (already known). */
export interface AnalysisRequest {
  readonly id: number;
  readonly record: unknown;
  readonly seat: number;
  readonly from: number;
  /** Worlds per decision; the engine's own default when absent. */
  readonly worlds?: number;
}

/** Analysis worker to page: the plan (how many decisions), then each decision in order, then the end or an error. */
export type AnalysisReply =
  | { readonly id: number; readonly kind: "plan"; readonly total: number }
  | { readonly id: number; readonly kind: "decision"; readonly index: number; readonly decision: JudgedDecision }
  | { readonly id: number; readonly kind: "done" }
  | { readonly id: number; readonly kind: "error"; readonly code: string; readonly message: string };

/** True when two actions are the same move of the same seat, whatever the order of their fields. */
export function sameAction(a: Action, b: Action): boolean {
  const key = (x: Action) => JSON.stringify(Object.entries(x).sort(([k1], [k2]) => (k1 < k2 ? -1 : 1)));
  return key(a) === key(b);
}

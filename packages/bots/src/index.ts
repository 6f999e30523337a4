export * from "./bot.js";
export * from "./registry.js";
export * from "./arena.js";
export { explainAction } from "./explain.js";
export * from "./analysis.js";
export { type ActionEstimate, ActionSearch, type SearchModel } from "./evaluate.js";
export { EXPERT_DEFAULTS, type EstimateListener, type ExpertOptions, expertBot } from "./expert.js";
export * from "./calibration.js";
export { KnockMemory } from "./opponents.js";

export * from "./bot.js";
export * from "./registry.js";
export * from "./arena.js";
export { explainAction } from "./explain.js";

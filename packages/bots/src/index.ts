export * from "./bot.js";
export * from "./registry.js";

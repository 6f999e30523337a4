export * from "./protocol.js";

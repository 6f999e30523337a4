export * from "./protocol.js";
export { startServer, DEFAULT_SETTINGS, type GameServer, type ServerOptions } from "./server.js";
export { CLOSE_CODES, DEFAULT_LIMITS, type ServerLimits } from "./socket-guard.js";
export type { Store, StoredTable, StoredEntry, TableRow } from "./store.js";
export { SqliteStore } from "./sqlite-store.js";
export { ManualClock, realClock, type Clock } from "./clock.js";
export { matchRecord } from "./record.js";
export { sha256Hex } from "./table-model.js";
export type { PlayerMatch, PlayerStats } from "./player-stats.js";

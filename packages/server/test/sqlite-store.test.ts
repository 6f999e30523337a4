/** The embedded SQLite stores pass the shared store suites (the game's on a file, as the server uses it). */
import { join } from "node:path";
import { afterAll } from "vitest";
import { SqliteChatStore } from "../src/chat-store.js";
import { SqlitePlayerStore } from "../src/sqlite-players.js";
import { SqliteRatingStore } from "../src/sqlite-ratings.js";
import { SqliteStore } from "../src/sqlite-store.js";
import { tempDir } from "./helpers.js";
import { playerStoreContract } from "./player-store-contract.js";
import { ratingStoreContract } from "./rating-store-contract.js";
import { storeContract } from "./store-contract.js";

const dir = tempDir();
afterAll(() => dir.remove());
let count = 0;
storeContract("SQLite", async (now) => new SqliteStore(join(dir.dir, `store-${++count}.db`), now));
ratingStoreContract("SQLite", async () => {
  const store = new SqliteStore(":memory:");
  return { store: new SqliteRatingStore(store.database), close: () => store.close() };
});
playerStoreContract("SQLite", async () => {
  const store = new SqliteStore(":memory:");
  return { store, players: new SqlitePlayerStore(store.database), chat: new SqliteChatStore(store.database) };
});

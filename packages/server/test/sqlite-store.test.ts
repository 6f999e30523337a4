/** The embedded SQLite stores pass the shared store suites (the game's on a file, as the server uses it). */
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
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

describe("SQLite schema upgrade", () => {
  it("keeps a player's matches from before the unrated reason was stored: they read as reason unknown", async () => {
    const path = join(dir.dir, "before-reason.db");
    const first = new SqliteStore(path);
    const latest = first.database.pragma("user_version", { simple: true }) as number;
    // The database as the previous version left it: no `unrated` column, one migration fewer.
    first.database.exec("ALTER TABLE player_matches DROP COLUMN unrated");
    first.database.pragma(`user_version = ${latest - 1}`);
    first.database
      .prepare(
        `INSERT INTO player_matches (player_id, code, match, seat, place, seats, rated, at)
         VALUES ('anna', 'ABCDEFGHJK', 1, 0, 1, 2, 0, 1000)`,
      )
      .run();
    first.close();
    const again = new SqliteStore(path);
    expect(again.database.pragma("user_version", { simple: true })).toBe(latest);
    const rows = await new SqliteRatingStore(again.database).playerMatches("anna", 10, false);
    expect(rows).toMatchObject([{ code: "ABCDEFGHJK", rated: false, unrated: null }]);
    again.close();
  });
});

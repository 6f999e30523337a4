/** Every store of the server on one PostgreSQL database (STORE=postgres): the game's, players', ratings', chat's. */
import type { ChatStore } from "./chat-store.js";
import { PgChatStore } from "./pg-chat.js";
import { PgPlayerStore } from "./pg-players.js";
import { PgRatingStore } from "./pg-ratings.js";
import { PgStore, type PgStoreOptions } from "./pg-store.js";
import type { PlayerStore } from "./player-store.js";
import type { RatingStore } from "./rating-store.js";

export interface PgStores {
  /** Closing it (the server does when it stops) closes the pool the others share. */
  readonly store: PgStore;
  readonly playerStore: PlayerStore;
  readonly ratingStore: RatingStore;
  readonly chatStore: ChatStore;
}

/** Connects, migrates, and gives the stores for startServer; fails when the database cannot be reached. */
export async function openPgStores(url: string, options: PgStoreOptions = {}): Promise<PgStores> {
  return pgStoresOn(await PgStore.open(url, options));
}

/** The other stores on an open store's pool (a cluster node's fenced store, say). */
export function pgStoresOn(store: PgStore): PgStores {
  return {
    store,
    playerStore: new PgPlayerStore(store.database),
    ratingStore: new PgRatingStore(store.database),
    chatStore: new PgChatStore(store.database),
  };
}

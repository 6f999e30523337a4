/**
 * Where chat lines are kept: with their table and match (room = the table's code) or in the lobby (room "lobby").
 * Asynchronous like `Store`, so a PostgreSQL version can follow; the SQLite one shares the game's database file.
 */
import type Database from "better-sqlite3";
import type { ChatLine, PhraseKey } from "./protocol.js";

/** The room of the lobby's chat; table codes are upper-case letters and digits, so they never clash with it. */
export const LOBBY_ROOM = "lobby";

export type NewChatLine = Omit<ChatLine, "id"> & { readonly room: string };

export interface ChatStore {
  /** Stores one line; resolves with its id (increasing, unique in the store). */
  add(line: NewChatLine): Promise<number>;
  /** The newest `limit` lines of a room, oldest first. */
  recent(room: string, limit: number): Promise<ChatLine[]>;
  /** Every line said at a table during one match (0: while the table waited), oldest first, at most `limit`. */
  ofMatch(room: string, match: number, limit: number): Promise<ChatLine[]>;
  /** A deleted player's lines keep their text under a neutral name. Returns how many lines changed. */
  renamePlayer(playerId: string, name: string): Promise<number>;
  /** Forgets lobby lines older than `before` (the lobby has no table whose expiry takes them along). */
  pruneLobby(before: number): Promise<number>;
}

/**
 * The schema of the chat, appended to the SQLite store's MIGRATIONS (after the players'). A table's lines go when its
 * row is deleted (a lobby table that expired); an archived table keeps them with its match records. A player whose
 * account is deleted (their row gets a neutral name) keeps their lines under that name.
 */
export const CHAT_MIGRATION = `CREATE TABLE chat_messages (
     id INTEGER PRIMARY KEY,
     room TEXT NOT NULL,
     match INTEGER NOT NULL,
     seat INTEGER,
     player_id TEXT,
     name TEXT NOT NULL,
     text TEXT,
     phrase TEXT,
     at INTEGER NOT NULL
   );
   CREATE INDEX chat_messages_room ON chat_messages (room, match, id);
   CREATE INDEX chat_messages_player ON chat_messages (player_id) WHERE player_id IS NOT NULL;
   CREATE TRIGGER chat_messages_table_gone AFTER DELETE ON tables
     BEGIN DELETE FROM chat_messages WHERE room = OLD.code; END;
   CREATE TRIGGER chat_messages_player_deleted AFTER UPDATE OF deleted_at ON players
     WHEN OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL
     BEGIN UPDATE chat_messages SET name = NEW.name WHERE player_id = NEW.id; END;`;

export interface Row {
  id: number;
  match: number;
  seat: number | null;
  player_id: string | null;
  name: string;
  text: string | null;
  phrase: string | null;
  at: number;
}

export const toLine = (r: Row): ChatLine => ({
  id: r.id,
  at: r.at,
  match: r.match,
  seat: r.seat,
  player: r.player_id,
  name: r.name,
  text: r.text,
  phrase: r.phrase as PhraseKey | null,
});

export const COLUMNS = "id, match, seat, player_id, name, text, phrase, at";

export class SqliteChatStore implements ChatStore {
  private readonly stmts;

  constructor(db: Database.Database) {
    this.stmts = {
      insert: db.prepare(
        "INSERT INTO chat_messages (room, match, seat, player_id, name, text, phrase, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      ),
      recent: db.prepare(
        `SELECT * FROM (SELECT ${COLUMNS} FROM chat_messages WHERE room = ? ORDER BY id DESC LIMIT ?) ORDER BY id`,
      ),
      ofMatch: db.prepare(`SELECT ${COLUMNS} FROM chat_messages WHERE room = ? AND match = ? ORDER BY id LIMIT ?`),
      rename: db.prepare("UPDATE chat_messages SET name = ? WHERE player_id = ?"),
      prune: db.prepare("DELETE FROM chat_messages WHERE room = ? AND at < ?"),
    };
  }

  async add(line: NewChatLine): Promise<number> {
    const { room, match, seat, player, name, text, phrase, at } = line;
    return Number(this.stmts.insert.run(room, match, seat, player, name, text, phrase, at).lastInsertRowid);
  }

  async recent(room: string, limit: number): Promise<ChatLine[]> {
    return (this.stmts.recent.all(room, limit) as Row[]).map(toLine);
  }

  async ofMatch(room: string, match: number, limit: number): Promise<ChatLine[]> {
    return (this.stmts.ofMatch.all(room, match, limit) as Row[]).map(toLine);
  }

  async renamePlayer(playerId: string, name: string): Promise<number> {
    return this.stmts.rename.run(name, playerId).changes;
  }

  async pruneLobby(before: number): Promise<number> {
    return this.stmts.prune.run(LOBBY_ROOM, before).changes;
  }
}

/** For a server given a store other than SQLite (tests): lines are kept in memory, a bounded number per room. */
export class MemoryChatStore implements ChatStore {
  private readonly rooms = new Map<string, ChatLine[]>();
  private nextId = 1;

  constructor(private readonly perRoom = 500) {}

  async add(line: NewChatLine): Promise<number> {
    const { room, ...rest } = line;
    const id = this.nextId++;
    const lines = this.rooms.get(room) ?? [];
    lines.push({ id, ...rest });
    if (lines.length > this.perRoom) lines.shift();
    this.rooms.set(room, lines);
    return id;
  }

  async recent(room: string, limit: number): Promise<ChatLine[]> {
    return (this.rooms.get(room) ?? []).slice(-limit);
  }

  async ofMatch(room: string, match: number, limit: number): Promise<ChatLine[]> {
    return (this.rooms.get(room) ?? []).filter((l) => l.match === match).slice(0, limit);
  }

  async renamePlayer(playerId: string, name: string): Promise<number> {
    let changed = 0;
    for (const [room, lines] of this.rooms) {
      this.rooms.set(
        room,
        lines.map((l) => (l.player === playerId ? (changed++, { ...l, name }) : l)),
      );
    }
    return changed;
  }

  async pruneLobby(before: number): Promise<number> {
    const lines = this.rooms.get(LOBBY_ROOM) ?? [];
    const kept = lines.filter((l) => l.at >= before);
    this.rooms.set(LOBBY_ROOM, kept);
    return lines.length - kept.length;
  }
}

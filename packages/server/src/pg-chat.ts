/** The chat store in the PostgreSQL database of PgStore (its table comes from PG_CHAT_MIGRATION). */
import type pg from "pg";
import { COLUMNS, LOBBY_ROOM, type ChatStore, type NewChatLine, type Row, toLine } from "./chat-store.js";
import type { ChatLine } from "./protocol.js";

/**
 * The same table as chat-store.ts's CHAT_MIGRATION (after the players'): a table's lines go when its row is deleted
 * (a lobby table that expired); a player whose account is deleted keeps their lines under the neutral name.
 */
export const PG_CHAT_MIGRATION = `CREATE TABLE chat_messages (
     id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     room TEXT NOT NULL,
     match INTEGER NOT NULL,
     seat INTEGER,
     player_id TEXT,
     name TEXT NOT NULL,
     text TEXT,
     phrase TEXT,
     at BIGINT NOT NULL
   );
   CREATE INDEX chat_messages_room ON chat_messages (room, match, id);
   CREATE INDEX chat_messages_player ON chat_messages (player_id) WHERE player_id IS NOT NULL;
   CREATE FUNCTION chat_messages_table_gone() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     DELETE FROM chat_messages WHERE room = OLD.code;
     RETURN NULL;
   END $$;
   CREATE TRIGGER chat_messages_table_gone AFTER DELETE ON tables
     FOR EACH ROW EXECUTE FUNCTION chat_messages_table_gone();
   CREATE FUNCTION chat_messages_player_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE chat_messages SET name = NEW.name WHERE player_id = NEW.id;
     RETURN NULL;
   END $$;
   CREATE TRIGGER chat_messages_player_deleted AFTER UPDATE OF deleted_at ON players
     FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL)
     EXECUTE FUNCTION chat_messages_player_deleted();`;

export class PgChatStore implements ChatStore {
  constructor(private readonly pool: pg.Pool) {}

  async add(line: NewChatLine): Promise<number> {
    const { room, match, seat, player, name, text, phrase, at } = line;
    const result = await this.pool.query<{ id: number }>(
      `INSERT INTO chat_messages (room, match, seat, player_id, name, text, phrase, at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [room, match, seat, player, name, text, phrase, at],
    );
    return result.rows[0]!.id;
  }

  async recent(room: string, limit: number): Promise<ChatLine[]> {
    const result = await this.pool.query<Row>(
      `SELECT * FROM (SELECT ${COLUMNS} FROM chat_messages WHERE room = $1 ORDER BY id DESC LIMIT $2) AS newest
       ORDER BY id`,
      [room, limit],
    );
    return result.rows.map(toLine);
  }

  async ofMatch(room: string, match: number, limit: number): Promise<ChatLine[]> {
    const result = await this.pool.query<Row>(
      `SELECT ${COLUMNS} FROM chat_messages WHERE room = $1 AND match = $2 ORDER BY id LIMIT $3`,
      [room, match, limit],
    );
    return result.rows.map(toLine);
  }

  async renamePlayer(playerId: string, name: string): Promise<number> {
    const result = await this.pool.query("UPDATE chat_messages SET name = $1 WHERE player_id = $2", [name, playerId]);
    return result.rowCount ?? 0;
  }

  async pruneLobby(before: number): Promise<number> {
    const result = await this.pool.query("DELETE FROM chat_messages WHERE room = $1 AND at < $2", [LOBBY_ROOM, before]);
    return result.rowCount ?? 0;
  }
}

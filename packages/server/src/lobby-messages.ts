/** The connection's lobby messages: watching the lobby list and quick match (docs/protocol.md, "Lobby"). */
import type { Lobby } from "./lobby.js";
import { type ReplyId, errorFrame, frame } from "./messages.js";
import type { ParsedClientMessage } from "./protocol.js";
import type { QuickMatcher } from "./quick-match.js";
import type { Table } from "./table.js";
import type { Subscriber } from "./table-audience.js";

type LobbyMessage = Extract<ParsedClientMessage, { type: "watchLobby" | "unwatchLobby" | "quickMatch" }>;

/** What the handler needs of a connection. */
interface LobbyConnection extends Subscriber {
  moveTo(table: Table): Promise<void>;
}

const TYPES: ReadonlySet<string> = new Set(["watchLobby", "unwatchLobby", "quickMatch"]);

async function handle(
  connection: LobbyConnection,
  deps: { readonly lobby?: Lobby | undefined; readonly quick?: QuickMatcher | undefined },
  msg: LobbyMessage,
  re: ReplyId,
): Promise<void> {
  const { lobby, quick } = deps;
  if (msg.type === "quickMatch") {
    if (!quick) return connection.send(errorFrame("BAD_MESSAGE", "this server has no quick match", re));
    const table = await quick.request(connection, msg, re);
    if (table?.isSubscribed(connection)) await connection.moveTo(table);
    return;
  }
  if (!lobby) return connection.send(errorFrame("BAD_MESSAGE", "this server has no lobby", re));
  if (msg.type === "watchLobby") {
    await lobby.watch(connection, re);
    return;
  }
  lobby.unwatch(connection);
  connection.send(frame({ type: "lobbyUnwatched", re }));
}

export const lobbyMessage = Object.assign(handle, {
  handles: (msg: ParsedClientMessage): msg is LobbyMessage => TYPES.has(msg.type),
});

/**
 * The lobby's chat, ready to drop into the lobby page: `<LobbyChat />`. It keeps its own connection (identified by
 * this device's token, like the table's), follows the lobby's room, and writes under the player's name.
 */
import { useEffect, useMemo } from "preact/hooks";
import { readItem } from "../device-storage.js";
import { hasChosenName, playerReady } from "../player-name.js";
import { TOKEN_KEY } from "../online/online-game.js";
import { GameSocket, socketUrl } from "../online/socket.js";
import { settings } from "../settings.js";
import { createStore, useStore } from "../store.js";
import { ChatPanel } from "./chat-panel.js";
import { type ChatChannel, createChatChannel } from "./chat-state.js";
import { useChatText } from "./chat-texts.js";

/** A quiet connection at no table is closed after five minutes: a ping now and then keeps it. */
const PING_MS = 120_000;

interface LobbyRoom {
  readonly channel: ChatChannel;
  readonly connected: ReturnType<typeof createStore<boolean>>;
  dispose(): void;
}

function openLobbyRoom(): LobbyRoom {
  const connected = createStore(false);
  const name = () => (hasChosenName() ? settings.get().name : undefined);
  const channel = createChatChannel((fields) => {
    const speaker = name();
    return socket.request({ type: "chat", room: "lobby", ...fields, ...(speaker ? { name: speaker } : {}) });
  }, true);
  const socket = new GameSocket(
    socketUrl(),
    {
      onPush(message) {
        if (message.type === "chatMessage" && message.room === "lobby") channel.receive(message.message);
      },
      async onOpen() {
        const token = readItem(TOKEN_KEY);
        const welcome = await socket.request({ type: "hello", ...(token ? { token } : {}) });
        if (welcome.type !== "welcome") return;
        const history = await socket.request({ type: "chatJoin", room: "lobby" });
        if (history.type === "chatHistory") {
          channel.reset(history.messages);
          connected.set(true);
        }
      },
      onDown: () => connected.set(false),
    },
    // A line is the player's (an account's name is shown as its own) only if the socket carries the session.
    playerReady(),
  );
  const ping = setInterval(() => void socket.request({ type: "ping" }), PING_MS);
  return {
    channel,
    connected,
    dispose() {
      clearInterval(ping);
      socket.close();
    },
  };
}

export function LobbyChat() {
  const t = useChatText();
  const room = useMemo(openLobbyRoom, []);
  useEffect(() => () => room.dispose(), [room]);
  const connected = useStore(room.connected);
  return (
    <div class="lobby-chat" data-lobby-chat>
      <h2>{t("chatLobby")}</h2>
      {connected ? null : <p class="chat__readonly">{t("chatLost")}</p>}
      <ChatPanel channel={room.channel} title={t("chatLobby")} own={room.channel.isOwn} readOnly={null} />
    </div>
  );
}

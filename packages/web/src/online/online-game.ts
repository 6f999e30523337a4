import type { GameEvent, Move } from "@schwimmen/rules";
import type { ServerMessage, TableInfo, VersionedEvent } from "@schwimmen/server/protocol";
import { createStore } from "../store.js";
import { type GameController, type SeatInfo, type TableModel, appendLog, emptyModel } from "../game/model.js";
import { GameSocket, socketUrl } from "./socket.js";

const TOKEN_KEY = "schwimmen.token";
const versionKey = (code: string) => `schwimmen.version.${code}`;

const ENGINE_EVENTS = new Set<string>([
  "roundStarted",
  "chose",
  "swapped",
  "swappedAll",
  "passed",
  "knocked",
  "middleRenewed",
  "roundEnded",
  "livesLost",
  "swimming",
  "out",
  "matchEnded",
]);

function readToken(): string | undefined {
  try {
    return localStorage.getItem(TOKEN_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export interface OnlineOptions {
  /** Join this table; or create one with `create`. */
  readonly code: string | null;
  readonly create?: {
    readonly seats: number;
    readonly rules: Readonly<Record<string, unknown>>;
    readonly botLevel?: string;
    readonly tableName: string;
  };
  readonly playerName: string;
  /** Called once the table's code is known (to put it in the address). */
  readonly onCode?: (code: string) => void;
}

const seatsOf = (table: TableInfo): SeatInfo[] =>
  table.seats.map((s) => ({
    name: s.name ?? "",
    ...(s.kind === "bot" && s.botLevel ? { bot: s.botLevel } : {}),
    connected: s.kind === "bot" || s.connected,
    free: s.kind === "free",
    away: s.away,
  }));

/**
 * An online table: the server holds the true state and sends this seat's view with every change. The page keeps the
 * device token (its identity) in localStorage and the last version it applied, so a reload or a dropped connection
 * resumes where it left off.
 */
export type OnlineGame = GameController & {
  /** Takes the seat back from the bot that played it while this person was away. */
  back(): void;
};

export function createOnlineGame(options: OnlineOptions): OnlineGame {
  const store = createStore<TableModel>(emptyModel("online"));
  let code = options.code;
  let version: number | null = null;
  let clockOffset = 0;
  let created = false;

  const rememberVersion = () => {
    if (code === null || version === null) return;
    try {
      sessionStorage.setItem(versionKey(code), String(version));
    } catch {
      // Without storage a reload simply gets a full sync.
    }
  };
  const storedVersion = (): number | undefined => {
    if (version !== null) return version;
    try {
      const stored = code ? Number(sessionStorage.getItem(versionKey(code))) : NaN;
      return Number.isInteger(stored) && stored > 0 ? stored : undefined;
    } catch {
      return undefined;
    }
  };

  const showTable = (
    table: TableInfo,
    seat: number | null,
    view: TableModel["view"],
    events: readonly VersionedEvent[],
  ) => {
    const model = store.get();
    const engineEvents = events.map((e) => e.event).filter((e) => ENGINE_EVENTS.has(e.type)) as unknown as GameEvent[];
    code = table.code;
    store.set({
      ...model,
      connection: table.status === "lobby" ? "lobby" : "ready",
      view,
      seat,
      code: table.code,
      players: seatsOf(table),
      log: appendLog(model.log, engineEvents),
      deadline: table.turnEndsAt === null ? null : table.turnEndsAt - clockOffset,
      canStart: table.status === "lobby" && seat === table.host,
      canRematch: table.status === "over" && seat === table.host,
      error: null,
    });
  };

  const handle = (message: ServerMessage): void => {
    switch (message.type) {
      case "sync":
        version = message.version;
        rememberVersion();
        showTable(message.table, message.seat, message.view, message.events);
        return;
      case "update":
        if (version !== null && message.from !== version) {
          void rejoin();
          return;
        }
        version = message.version;
        rememberVersion();
        showTable(message.table, message.seat, message.view, message.events);
        return;
      case "table": {
        const model = store.get();
        store.set({
          ...model,
          players: seatsOf(message.table),
          deadline: message.table.turnEndsAt === null ? null : message.table.turnEndsAt - clockOffset,
        });
        return;
      }
      case "error":
        store.set({ ...store.get(), error: `${message.code}: ${message.message}` });
        return;
      default:
        return;
    }
  };

  async function rejoin(): Promise<void> {
    if (code === null) return;
    const lastVersion = storedVersion();
    version = null;
    const resume = lastVersion ? { lastVersion } : {};
    const answer = await socket.request({ type: "join", code, name: options.playerName, ...resume });
    // A table that runs without a seat for this device (or has none free) can still be watched.
    if (answer.type === "error" && (answer.code === "ALREADY_STARTED" || answer.code === "TABLE_FULL")) {
      handle(await socket.request({ type: "watch", code, ...resume }));
      return;
    }
    handle(answer);
  }

  const socket = new GameSocket(socketUrl(), {
    onPush: handle,
    onDown: () => store.set({ ...store.get(), connection: "reconnecting" }),
    async onOpen() {
      const welcome = await socket.request({ type: "hello", ...(readToken() ? { token: readToken() } : {}) });
      if (welcome.type !== "welcome") return handle(welcome);
      clockOffset = welcome.serverTime - Date.now();
      try {
        localStorage.setItem(TOKEN_KEY, welcome.token);
      } catch {
        // The seat then lasts only as long as this connection.
      }
      if (code === null && options.create && !created) {
        created = true;
        const { seats, rules, botLevel, tableName } = options.create;
        const level = botLevel && welcome.botLevels.includes(botLevel) ? { botLevel } : {};
        const answer = await socket.request({
          type: "create",
          name: tableName,
          playerName: options.playerName,
          seats,
          rules: { ...rules },
          ...level,
        });
        handle(answer);
        if (answer.type === "sync") options.onCode?.(answer.table.code);
        return;
      }
      await rejoin();
    },
  });

  const send = (message: Parameters<GameSocket["request"]>[0]) => void socket.request(message).then(handle);

  return {
    store,
    act: (move: Move) => send({ type: "act", action: move }),
    nextRound() {},
    rematch: () => send({ type: "rematch" }),
    start: () => send({ type: "start" }),
    back: () => send({ type: "back" }),
    hint: null,
    async record() {
      if (code === null) return null;
      const response = await fetch(`/api/tables/${encodeURIComponent(code)}/record`);
      return response.ok ? ((await response.json()) as unknown) : null;
    },
    dispose: () => socket.close(),
  };
}

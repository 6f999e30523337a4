import type { GameEvent, Move } from "@schwimmen/rules";
import type { PresetName, ServerMessage, TableInfo, VersionedEvent } from "@schwimmen/server/protocol";
import { readItem, writeItem } from "../device-storage.js";
import { type GameController, type SeatInfo, type TableModel, appendLog, emptyModel } from "../game/model.js";
import { createStore, type Store, whenStore } from "../store.js";
import { DROPPED, GameSocket, NOT_SENT, socketUrl } from "./socket.js";
import { forgetTable, rememberTable } from "./table-code.js";
import { type ChatChannel, createChatChannel } from "../chat/chat-state.js";
import { lotOfEvents, onlineKasse } from "../stakes/kasse.js";
import { stakeSettings, tableStakes } from "../stakes/stake-settings.js";
import { fetchMatchRating } from "../ratings/match-rating.js";

export const TOKEN_KEY = "schwimmen.token";

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

/** Codes that ask the player for another name (the seat was not taken). */
const NAME_CODES = new Set(["INVALID_NAME", "NAME_REQUIRED"]);
/** How long the way in may take before the page says the server cannot be reached (it keeps trying). */
const PATIENCE_MS = 8000;

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
  /** Without a code: "Schnell spielen" (quickMatch) with a server preset and seat count instead of `create`. */
  readonly quick?: { readonly preset?: string; readonly seats?: number };
  /** With a code: watch the table (from the lobby) rather than sit down. */
  readonly watchOnly?: boolean;
  /** Called once the table's code is known (to put it in the address). */
  readonly onCode?: (code: string) => void;
  /** Settles once the server knows this device's player (its session cookie is set): the socket opens after it. */
  readonly session?: Promise<unknown>;
}

/** What the online screen shows besides the table, and instead of it when the table cannot be reached. */
export interface OnlineStatus {
  /**
   * connecting: on the way; table: sitting or watching; name: the server refused the name (`problem` says why);
   * unreachable: no connection could be opened yet; stopped: the server refused the table for good (`problem`).
   */
  readonly stage: "connecting" | "table" | "name" | "unreachable" | "stopped";
  /** The error code behind `name` and `stopped`, and the server's message with it. */
  readonly problem: string | null;
  readonly detail: string;
  /** The last refusal of a move or request while at the table, shown for a moment. */
  readonly notice: { readonly code: string; readonly at: number } | null;
  /** While the connection is down: its close code and the attempts in a row that failed. */
  readonly down: { readonly code: number; readonly failures: number } | null;
  readonly table: TableInfo | null;
  /** Why this page only watches: the match had started, every seat was taken, or the player chose to watch. */
  readonly watching: "started" | "full" | "chosen" | null;
  /** The name this page asked to sit down with. */
  readonly name: string;
}

const seatsOf = (table: TableInfo): SeatInfo[] =>
  table.seats.map((s, seat) => ({
    name: s.name ?? "",
    ...(s.kind === "bot" && s.botLevel ? { bot: s.botLevel } : {}),
    connected: s.kind === "bot" || s.connected,
    free: s.kind === "free",
    away: s.away,
    ...(table.awayAtEnd?.includes(seat) ? { awayAtEnd: true } : {}),
    ...(s.kind === "human" && s.player ? { player: s.player } : {}),
  }));

/**
 * An online table: the server holds the true state and sends this seat's view with every change. The page keeps the
 * device token (its identity) in localStorage; a dropped connection resumes from the last version it applied, and a
 * reload gets the whole picture with the current round's events (so the last move can be shown again).
 */
export type OnlineGame = GameController & {
  readonly status: Store<OnlineStatus>;
  /** Takes the seat back from the bot that played it while this person was away. */
  back(): void;
  /** Sits down again under another name (after the server refused the first). */
  rename(name: string): void;
  /** Tries to connect at once (the server was unreachable). */
  retry(): void;
  /** The table's chat (chat/chat-state.ts). */
  readonly chat: ChatChannel;
  /** Host only, while the table waits: removes the person in `seat`. */
  kick(seat: number): void;
  /** Host only, while the table waits: lists the table in the lobby (public) or not (private). */
  setVisibility(visibility: "public" | "private"): void;
  /**
   * Leaves the table for good (`leave`): a waiting table frees the seat (not the host's), a running match gives it to
   * the computer. True once the server said so: the page forgets the table and closes its connection; false when the
   * request did not get through (the notice says why) or was refused.
   */
  leave(): Promise<boolean>;
};

export function createOnlineGame(options: OnlineOptions): OnlineGame {
  const store = createStore<TableModel>(emptyModel("online"));
  const status = createStore<OnlineStatus>({
    stage: "connecting",
    problem: null,
    detail: "",
    notice: null,
    down: null,
    table: null,
    watching: null,
    name: options.playerName,
  });
  const setStatus = (change: Partial<OnlineStatus>) => status.update((s) => ({ ...s, ...change }));
  let code = options.code;
  let playerName = options.playerName;
  let version: number | null = null;
  let clockOffset = 0;
  let created = false;
  let botLevels: readonly string[] = [];
  /** The code this page last stored as the device's table to come back to. */
  let remembered: string | null = null;
  /** The player left the table: whatever still comes is not shown (nor remembered). */
  let left = false;
  const chat = createChatChannel((fields) => socket.request({ type: "chat", ...fields }));

  const showTable = (
    table: TableInfo,
    seat: number | null,
    view: TableModel["view"],
    events: readonly VersionedEvent[],
  ) => {
    const model = store.get();
    // A move the computer made for a person (away, or out of time) keeps its mark: the table says so.
    const engineEvents = events
      .filter((e) => ENGINE_EVENTS.has(e.event.type))
      .map((e) => ({ event: e.event as unknown as GameEvent, byComputer: e.by === "computer" }));
    // Remembered whichever way the table was reached (made here, quick match, link, lobby, typed code), so that the
    // start page leads back to it; before, a table joined by its code was never remembered.
    if (remembered !== table.code) rememberTable(table.code);
    remembered = table.code;
    code = table.code;
    setStatus({ stage: "table", table, down: null, ...(seat !== null ? { watching: null } : {}) });
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
      kasse: onlineKasse(table.kasse, table.code),
      lot: lotOfEvents(events) ?? model.lot ?? null,
    });
  };

  /** A refusal: of the way in (join, create) it stops the table or asks for a name; at the table it is a notice. */
  const refused = (message: Extract<ServerMessage, { type: "error" }>, entering: boolean): void => {
    if (message === DROPPED || message === NOT_SENT) {
      // The connection's own state says it is down; at the table, the move (or request) it cost is named: it never
      // left the page, or its answer was lost on the way (the rejoin shows whether it counted).
      if (!entering) setStatus({ notice: { code: message === NOT_SENT ? "NOT_SENT" : "NO_ANSWER", at: Date.now() } });
      return;
    }
    let problem: string = message.code;
    // A server from before ten-character codes and name checks says BAD_MESSAGE, naming the field it refused.
    if (entering && problem === "BAD_MESSAGE" && message.message.startsWith("code")) problem = "TABLE_NOT_FOUND";
    if (entering && problem === "BAD_MESSAGE" && /^(player)?name/i.test(message.message)) problem = "INVALID_NAME";
    if (!entering) return setStatus({ notice: { code: problem, at: Date.now() } });
    const detail = message.message;
    if (NAME_CODES.has(problem)) return setStatus({ stage: "name", problem, detail });
    if (problem === "TABLE_NOT_FOUND" && code !== null) forgetTable(code);
    setStatus({ stage: "stopped", problem, detail });
    socket.close();
  };

  const handle = (message: ServerMessage, entering = false): void => {
    if (left) return;
    switch (message.type) {
      case "sync":
        version = message.version;
        showTable(message.table, message.seat, message.view, message.events);
        if (message.chat) chat.reset(message.chat);
        return;
      case "chatMessage":
        if (message.room === "table") chat.receive(message.message);
        return;
      case "kicked":
        // The host removed this seat from the waiting table: the page says so (problem KICKED) and stays away.
        forgetTable(message.code);
        setStatus({ stage: "stopped", problem: "KICKED", detail: message.code });
        socket.close();
        return;
      case "update":
        if (version !== null && message.from !== version) {
          void rejoin();
          return;
        }
        version = message.version;
        showTable(message.table, message.seat, message.view, message.events);
        return;
      case "table": {
        const model = store.get();
        setStatus({ table: message.table });
        store.set({
          ...model,
          players: seatsOf(message.table),
          deadline: message.table.turnEndsAt === null ? null : message.table.turnEndsAt - clockOffset,
        });
        return;
      }
      case "error":
        return refused(message, entering);
      case "route":
        // A cluster node says the table this page just entered runs on another node: the connection moves there
        // unnoticed (socket.ts), and rejoins by the table's code.
        if (status.get().stage === "table") socket.moveTo(message.node);
        return;
      default:
        return;
    }
  };

  async function rejoin(): Promise<void> {
    if (code === null) return;
    // Within this page, only what was missed; a fresh page (a reload) gets the whole picture with the round's events.
    const resume = version !== null ? { lastVersion: version } : {};
    version = null;
    if (options.watchOnly) {
      setStatus({ watching: "chosen" });
      return handle(await socket.request({ type: "watch", code, ...resume }), true);
    }
    const answer = await socket.request({ type: "join", code, name: playerName, ...resume });
    // A table that runs without a seat for this device (or has none free) can still be watched.
    if (answer.type === "error" && (answer.code === "ALREADY_STARTED" || answer.code === "TABLE_FULL")) {
      setStatus({ watching: answer.code === "TABLE_FULL" ? "full" : "started" });
      handle(await socket.request({ type: "watch", code, ...resume }), true);
      return;
    }
    handle(answer, true);
  }

  async function create(): Promise<void> {
    if (!options.create) return;
    created = true;
    const { seats, rules, botLevel, tableName } = options.create;
    const answer = await socket.request({
      type: "create",
      name: tableName,
      playerName,
      seats,
      rules: { ...rules },
      ...(botLevel && botLevels.includes(botLevel) ? { botLevel } : {}),
      ...tableStakes(stakeSettings.get()),
    });
    // Refused (a name to fix) or dropped before the answer: the next attempt creates it.
    if (answer.type !== "sync") created = false;
    handle(answer, true);
    if (answer.type === "sync") options.onCode?.(answer.table.code);
  }

  /** "Schnell spielen": a seat at a waiting public table; from then on the table is rejoined by its code. */
  async function quickMatch(): Promise<void> {
    const { preset, seats } = options.quick ?? {};
    created = true;
    const answer = await socket.request({
      type: "quickMatch",
      name: playerName,
      ...(preset ? { preset: preset as PresetName } : {}),
      ...(seats ? { seats } : {}),
    });
    if (answer.type !== "sync") created = false;
    handle(answer, true);
    if (answer.type === "sync") options.onCode?.(answer.table.code);
  }

  let patience: ReturnType<typeof setTimeout> | undefined;
  /**
   * Whether the server answered this connection's hello. Then a long way in is no unreachable server: a table that
   * moves to another node of a cluster (its node died) is held until it arrives, which may take some seconds.
   */
  let welcomed = false;
  const bePatient = () => {
    clearTimeout(patience);
    patience = setTimeout(() => {
      if (status.get().stage === "connecting" && !welcomed) setStatus({ stage: "unreachable" });
    }, PATIENCE_MS);
  };
  bePatient();
  const enter = () => {
    bePatient();
    if (code === null && options.quick && !created) return quickMatch();
    return code === null ? (created ? Promise.resolve() : create()) : rejoin();
  };

  const socket = new GameSocket(
    socketUrl(),
    {
      onPush: (message) => handle(message),
      onDown(closeCode, failures) {
        welcomed = false;
        const { stage } = status.get();
        const offline = typeof navigator !== "undefined" && navigator.onLine === false;
        if ((stage === "connecting" || stage === "unreachable") && (failures >= 2 || offline))
          setStatus({ stage: "unreachable", down: { code: closeCode, failures } });
        else setStatus({ down: { code: closeCode, failures } });
        if (stage === "table") store.set({ ...store.get(), connection: "reconnecting" });
      },
      async onOpen() {
        if (status.get().stage === "unreachable") setStatus({ stage: "connecting" });
        const token = readItem(TOKEN_KEY);
        const welcome = await socket.request({ type: "hello", ...(token ? { token } : {}) });
        if (welcome.type !== "welcome") return handle(welcome, true);
        welcomed = true;
        clockOffset = welcome.serverTime - Date.now();
        botLevels = welcome.botLevels;
        // Without storage the seat lasts only as long as this connection.
        writeItem(TOKEN_KEY, welcome.token);
        if (status.get().stage !== "name") await enter();
      },
    },
    options.session,
  );

  const send = (message: Parameters<GameSocket["request"]>[0]) =>
    void socket.request(message).then((answer) => handle(answer));

  return {
    store,
    status,
    act: (move: Move) => send({ type: "act", action: move }),
    nextRound() {},
    rematch: () => send({ type: "rematch" }),
    start: () => send({ type: "start" }),
    back: () => send({ type: "back" }),
    rename(name: string) {
      playerName = name;
      setStatus({ stage: "connecting", problem: null, name });
      void enter();
    },
    retry: () => socket.retryNow(),
    chat,
    kick: (seat: number) => send({ type: "kick", seat }),
    setVisibility: (visibility) => send({ type: "setVisibility", visibility }),
    async leave() {
      const answer = await socket.request({ type: "leave" });
      if (answer.type !== "left") {
        handle(answer);
        return false;
      }
      left = true;
      // The start page no longer leads back here.
      forgetTable(answer.code);
      clearTimeout(patience);
      socket.close();
      return true;
    },
    hint: null,
    async record() {
      if (code === null) return null;
      // A table with an old six-character code gives its record only to its players, known by their device token.
      const token = readItem(TOKEN_KEY);
      const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
      const response = await fetch(`/api/tables/${encodeURIComponent(code)}/record`, { headers });
      return response.ok ? ((await response.json()) as unknown) : null;
    },
    async matchRating() {
      // The view may tell the end before the table's status does: asked at once, the line was left out (CI).
      const table = await whenStore(status, (s) => (s.table?.status === "over" ? s.table : null), 10_000);
      return table ? fetchMatchRating(table.code, table.match) : null;
    },
    dispose() {
      clearTimeout(patience);
      socket.close();
    },
  };
}

import type { ClientMessage, ServerMessage } from "@schwimmen/server/protocol";

type Outgoing = ClientMessage extends infer M ? (M extends { id?: unknown } ? Omit<M, "id"> : never) : never;

export interface SocketEvents {
  /** A push caused by others (no `re`). */
  onPush(message: ServerMessage): void;
  /** A new connection is open: identify and rejoin here. */
  onOpen(): void;
  /**
   * The connection closed (`code`: the WebSocket close code, 1006 for a dropped line) or could not be opened; a new
   * attempt follows. `failures` counts the attempts in a row that did not open.
   */
  onDown(code: number, failures: number): void;
}

/** The answer to a request whose connection dropped before the server answered (the page shows the drop itself). */
export const DROPPED: ServerMessage = { type: "error", code: "INTERNAL", message: "connection lost" };

const RETRY_MS = [300, 800, 1500, 3000, 5000];
/**
 * How long an answer may take before the page gives the connection up, closes it and comes back at once (onDown with
 * NO_ANSWER: the page says it reconnects). A request that a cluster node forwarded to a node that died under it gets
 * no answer at all; without this limit the page would show nothing until the server notices. The way in (hello,
 * join, watch, create, quick match) may wait longer: a table that moves to another node is held until it arrives.
 */
export const ANSWER_MS = 5000;
export const ENTERING_ANSWER_MS = 20_000;
const ENTERING = new Set<string>(["hello", "join", "watch", "create", "quickMatch"]);
/** The code onDown reports for a connection the page gave up itself (no answer in time); shown as a lost line. */
export const NO_ANSWER = 4900;

/**
 * Waits after the server's own close codes (docs/protocol.md): "too slow" (4002) and "moved" (4003: the table went to
 * another server of a cluster) come back at once and resync (onOpen rejoins with the last version); a flood (1008)
 * waits out the rate window. A connection given up for want of an answer (NO_ANSWER) comes back at once too.
 */
const AFTER_CLOSE_MS: Readonly<Record<number, number>> = { 4002: 0, 4003: 0, 1008: 20_000, [NO_ANSWER]: 0 };

interface Waiting {
  readonly resolve: (message: ServerMessage) => void;
  readonly timer: ReturnType<typeof setTimeout>;
}

/**
 * One WebSocket to the server that comes back after a drop. Every request gets exactly one answer (its `re`), so
 * `request` resolves with that answer, or with a local error when the connection drops first.
 */
export class GameSocket {
  private socket: WebSocket | null = null;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();
  private retries = 0;
  /** Attempts in a row that did not open. */
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly events: SocketEvents,
  ) {
    this.connect();
  }

  private connect(): void {
    if (this.closed) return;
    clearTimeout(this.timer);
    const socket = new WebSocket(this.url);
    this.socket = socket;
    let opened = false;
    socket.addEventListener("open", () => {
      opened = true;
      this.retries = 0;
      this.failures = 0;
      this.events.onOpen();
    });
    socket.addEventListener("message", (frame) => {
      let message: ServerMessage;
      try {
        message = JSON.parse(String(frame.data)) as ServerMessage;
      } catch {
        return;
      }
      const re = message.re;
      const waiting = typeof re === "number" ? this.waiting.get(re) : undefined;
      if (waiting) {
        this.waiting.delete(re as number);
        clearTimeout(waiting.timer);
        waiting.resolve(message);
      } else this.events.onPush(message);
    });
    socket.addEventListener("close", (event) => this.lost(socket, event.code, opened));
  }

  /** The connection `socket` is gone (closed, or given up for want of an answer): every request is dropped. */
  private lost(socket: WebSocket, code: number, opened: boolean): void {
    if (this.socket !== socket) return;
    this.socket = null;
    for (const { resolve, timer } of this.waiting.values()) {
      clearTimeout(timer);
      resolve(DROPPED);
    }
    this.waiting.clear();
    if (this.closed) return;
    if (!opened) this.failures++;
    const wait = AFTER_CLOSE_MS[code] ?? RETRY_MS[Math.min(this.retries++, RETRY_MS.length - 1)]!;
    this.timer = setTimeout(() => this.connect(), wait);
    this.events.onDown(code, this.failures);
  }

  /** Tries again at once instead of waiting for the next attempt (a "try again" button). */
  retryNow(): void {
    if (this.socket === null) this.connect();
  }

  request(message: Outgoing): Promise<ServerMessage> {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return Promise.resolve(DROPPED);
    const id = this.nextId++;
    const patience = ENTERING.has(message.type) ? ENTERING_ANSWER_MS : ANSWER_MS;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        socket.close();
        this.lost(socket, NO_ANSWER, true);
      }, patience);
      this.waiting.set(id, { resolve, timer });
      socket.send(JSON.stringify({ ...message, id }));
    });
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.socket?.close();
  }
}

/** The server's WebSocket address, beside the page. */
export const socketUrl = (): string => `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/ws`;

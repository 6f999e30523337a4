import type { ClientMessage, ServerMessage } from "@schwimmen/server/protocol";

type Outgoing = ClientMessage extends infer M ? (M extends { id?: unknown } ? Omit<M, "id"> : never) : never;

export interface SocketEvents {
  /** A push caused by others (no `re`). */
  onPush(message: ServerMessage): void;
  /** A new connection is open: identify and rejoin here. */
  onOpen(): void;
  onDown(): void;
}

const RETRY_MS = [300, 800, 1500, 3000, 5000];

/**
 * One WebSocket to the server that comes back after a drop. Every request gets exactly one answer (its `re`), so
 * `request` resolves with that answer, or with a local error when the connection drops first.
 */
export class GameSocket {
  private socket: WebSocket | null = null;
  private nextId = 1;
  private readonly waiting = new Map<number, (message: ServerMessage) => void>();
  private retries = 0;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly events: SocketEvents,
  ) {
    this.connect();
  }

  private connect(): void {
    if (this.closed) return;
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.retries = 0;
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
      const resolve = typeof re === "number" ? this.waiting.get(re) : undefined;
      if (resolve) {
        this.waiting.delete(re as number);
        resolve(message);
      } else this.events.onPush(message);
    });
    socket.addEventListener("close", () => {
      if (this.socket !== socket) return;
      this.socket = null;
      for (const resolve of this.waiting.values())
        resolve({ type: "error", code: "INTERNAL", message: "connection lost" });
      this.waiting.clear();
      this.events.onDown();
      if (this.closed) return;
      const wait = RETRY_MS[Math.min(this.retries++, RETRY_MS.length - 1)]!;
      setTimeout(() => this.connect(), wait);
    });
  }

  request(message: Outgoing): Promise<ServerMessage> {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN)
      return Promise.resolve({ type: "error", code: "INTERNAL", message: "not connected" });
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      socket.send(JSON.stringify({ ...message, id }));
    });
  }

  close(): void {
    this.closed = true;
    this.socket?.close();
  }
}

/** The server's WebSocket address, beside the page. */
export const socketUrl = (): string => `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/ws`;

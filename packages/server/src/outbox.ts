/**
 * The sending side of one WebSocket, with backpressure. Answers to the client's own frames always go out (its rate
 * limit bounds them); pushes (other players' moves, bots, presence) go out only while the socket keeps up. A socket
 * that falls behind gets no pushes until its buffer has drained, then one sync of the current state instead of
 * everything it missed: for a game only the newest state matters. A socket whose buffer still passes a hard limit
 * is closed, so memory stays bounded whatever a client does.
 */
import type { WebSocket } from "ws";
import { CLOSE_CODES } from "./socket-guard.js";

export interface OutboxLimits {
  readonly slowSocketBytes: number;
  readonly maxSocketBytes: number;
}

/** How long a socket closed for being too slow may take to take its close frame before it is cut off. */
const TOO_SLOW_GRACE_MS = 5_000;

export class Outbox {
  /** Pushes were dropped since the last whole state: the client is owed a sync. */
  behind = false;
  private catchUpAsked = false;

  /** `onDrained` is called once, after pushes were dropped, when the socket's buffer has drained: send a sync then. */
  constructor(
    private readonly socket: WebSocket,
    private readonly limits: OutboxLimits,
    private readonly onDrained: () => void,
  ) {}

  /** Bytes waiting to be sent on this socket. */
  get buffered(): number {
    return this.socket.bufferedAmount;
  }

  /** An answer or a whole state: always sent, unless the socket is closing. */
  send(text: string): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    this.socket.send(text, this.written);
    if (this.socket.bufferedAmount > this.limits.maxSocketBytes) this.tooSlow();
  }

  /** A push: dropped while the client is behind or its socket holds more than `slowSocketBytes`. */
  push(text: string): void {
    if (this.behind) return;
    if (this.socket.bufferedAmount > this.limits.slowSocketBytes) {
      this.behind = true;
      return;
    }
    this.send(text);
  }

  /** A whole state went out: the client is no longer owed one. */
  caughtUp(): void {
    this.behind = false;
    this.catchUpAsked = false;
  }

  /** Called by ws when a frame has left the process: the moment to see whether a client that was behind has caught up. */
  private readonly written = (error?: Error): void => {
    if (error || !this.behind || this.catchUpAsked) return;
    if (this.socket.bufferedAmount > this.limits.slowSocketBytes / 2) return;
    this.catchUpAsked = true;
    this.onDrained();
  };

  private tooSlow(): void {
    this.socket.close(CLOSE_CODES.tooSlow, "too slow");
    // A client that does not read will not take the close frame either: its buffer goes with the socket.
    setTimeout(() => this.socket.terminate(), TOO_SLOW_GRACE_MS).unref();
  }
}

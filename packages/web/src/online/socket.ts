import type { ClientMessage, ServerMessage } from "@schwimmen/server/protocol";
import { NODE_ID_PATTERN } from "@schwimmen/server/node-id";

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
/** The answer to a request made while the connection is down: it never left the page. */
export const NOT_SENT: ServerMessage = { type: "error", code: "INTERNAL", message: "not sent: no connection" };

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
  /** A request of the way in (hello, join, ...). */
  readonly entering: boolean;
}

/** One WebSocket and the requests sent on it that wait for their answers. */
interface Line {
  readonly socket: WebSocket;
  readonly url: string;
  readonly waiting: Map<number, Waiting>;
  opened: boolean;
}

/** The `node` parameter of a socket address, or null. */
const nodeOf = (url: string): string | null => new URL(url).searchParams.get("node");

/**
 * One WebSocket to the server that comes back after a drop. Every request gets exactly one answer (its `re`), so
 * `request` resolves with that answer, or with a local error when the connection drops first (DROPPED) or is down
 * already (NOT_SENT).
 *
 * In a cluster the connection may move to the node that runs its table (`moveTo`, on the server's `route` push)
 * without the page noticing: the new socket opens beside the old one, takes over once open (onOpen rejoins there),
 * and the old one, which still follows the table, is closed quietly once its own requests and the new socket's way
 * in are answered. Until then the page's other requests still go on the old one.
 */
export class GameSocket {
  /** The connection in use (null while down). */
  private line: Line | null = null;
  /** A connection opening at the table's node (moveTo), not in use yet. */
  private moving: Line | null = null;
  /** The connection a move left: it keeps answering its requests until it is closed. */
  private retiring: Line | null = null;
  /** Nodes whose connection would not open: not tried again by this page. */
  private readonly refused = new Set<string>();
  private nextId = 1;
  private retries = 0;
  /** Attempts in a row that did not open. */
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private settling: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  /** A connection was opened (or tried) at least once. */
  private started = false;

  /**
   * `after`: the first connection waits until it settles (whichever way). The server knows the player only from the
   * session cookie sent as a connection opens, so the page waits for its session before the first one.
   */
  constructor(
    private url: string,
    private readonly events: SocketEvents,
    after?: Promise<unknown>,
  ) {
    if (!after) this.connect();
    else {
      const first = () => !this.started && this.connect();
      void after.then(first, first);
    }
  }

  private connect(): void {
    if (this.closed) return;
    this.started = true;
    clearTimeout(this.timer);
    this.line = this.open(this.url);
  }

  private open(url: string): Line {
    const line: Line = { socket: new WebSocket(url), url, waiting: new Map(), opened: false };
    line.socket.addEventListener("open", () => {
      line.opened = true;
      if (line === this.moving) return this.swap(line);
      if (line !== this.line) return;
      this.retries = 0;
      this.failures = 0;
      this.events.onOpen();
    });
    line.socket.addEventListener("message", (frame) => this.received(line, frame.data));
    line.socket.addEventListener("error", () => {
      if (line === this.moving) this.moveFailed(line);
    });
    line.socket.addEventListener("close", (event) => {
      if (line === this.line) this.lost(line, event.code);
      else if (line === this.moving) this.moveFailed(line);
      else this.drop(line);
    });
    return line;
  }

  private received(line: Line, data: unknown): void {
    let message: ServerMessage;
    try {
      message = JSON.parse(String(data)) as ServerMessage;
    } catch {
      return;
    }
    const re = message.re;
    const waiting = typeof re === "number" ? line.waiting.get(re) : undefined;
    if (waiting) {
      line.waiting.delete(re as number);
      clearTimeout(waiting.timer);
      waiting.resolve(message);
      if (this.retiring) this.settle();
    } else if (line === this.line) this.events.onPush(message);
    // The rejoin on the new connection brings the state; a chat line that came only here is kept (the page knows a
    // line it has by its id).
    else if (line === this.retiring && message.type === "chatMessage") this.events.onPush(message);
  }

  /** Resolves every request still waiting on `line` as dropped. */
  private static dropAll(line: Line): void {
    for (const { resolve, timer } of line.waiting.values()) {
      clearTimeout(timer);
      resolve(DROPPED);
    }
    line.waiting.clear();
  }

  /** The connection in use is gone (closed, or given up for want of an answer): every request is dropped. */
  private lost(line: Line, code: number): void {
    if (this.line !== line) return;
    this.line = null;
    GameSocket.dropAll(line);
    const moving = this.moving;
    this.moving = null;
    moving?.socket.close();
    if (this.retiring) this.settle();
    if (this.closed) return;
    if (!line.opened) this.failures++;
    const wait = AFTER_CLOSE_MS[code] ?? RETRY_MS[Math.min(this.retries++, RETRY_MS.length - 1)]!;
    this.timer = setTimeout(() => this.connect(), wait);
    this.events.onDown(code, this.failures);
  }

  /** A connection not in use is gone or given up: its requests are dropped, and nobody is told. */
  private drop(line: Line): void {
    if (line === this.retiring) this.retiring = null;
    GameSocket.dropAll(line);
  }

  /** No answer in time on `line`: it is given up. */
  private unanswered(line: Line): void {
    line.socket.close();
    if (line === this.line) this.lost(line, NO_ANSWER);
    else this.drop(line);
  }

  /** Tries again at once instead of waiting for the next attempt (a "try again" button). */
  retryNow(): void {
    if (this.line === null) this.connect();
  }

  /**
   * Moves the connection to cluster node `node` (its table runs there): a second socket opens in the background at
   * the same address with `?node=`, and later reconnects use that address too. Ignored for a malformed id, a node
   * that is named already or refused a connection before, while the line is down and while a move is under way.
   */
  moveTo(node: string): void {
    const line = this.line;
    if (this.closed || !NODE_ID_PATTERN.test(node) || this.refused.has(node) || this.moving || this.retiring) return;
    if (!line || line.socket.readyState !== WebSocket.OPEN || nodeOf(line.url) === node) return;
    const url = new URL(line.url);
    url.searchParams.set("node", node);
    this.moving = this.open(url.toString());
  }

  /** The moved connection did not open: the page stays where it is, and that node is not tried again. */
  private moveFailed(line: Line): void {
    if (line !== this.moving) return;
    this.moving = null;
    const node = nodeOf(line.url);
    if (node !== null) this.refused.add(node);
    line.socket.close();
  }

  /** The moved connection is open: it is the one in use now, and the page rejoins on it. */
  private swap(line: Line): void {
    this.moving = null;
    this.retiring = this.line;
    this.line = line;
    this.url = line.url;
    this.retries = 0;
    this.failures = 0;
    this.events.onOpen();
    this.settle();
  }

  /**
   * Closes the retiring connection once nothing waits on it and the new one's way in is answered (checked after the
   * page's reactions to an answer, which may send the next request of the way in, have run).
   */
  private settle(): void {
    clearTimeout(this.settling);
    this.settling = setTimeout(() => {
      const old = this.retiring;
      if (!old || old.waiting.size > 0 || (this.line && GameSocket.entering(this.line))) return;
      this.retiring = null;
      old.socket.close();
    }, 0);
  }

  private static entering(line: Line): boolean {
    for (const waiting of line.waiting.values()) if (waiting.entering) return true;
    return false;
  }

  request(message: Outgoing): Promise<ServerMessage> {
    const entering = ENTERING.has(message.type);
    // While the new connection's way in is under way, the old one still follows the table: other requests go there.
    const old = this.retiring;
    const stay = !entering && old?.socket.readyState === WebSocket.OPEN && this.line && GameSocket.entering(this.line);
    const line = stay ? old : this.line;
    if (!line || line.socket.readyState !== WebSocket.OPEN) return Promise.resolve(NOT_SENT);
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.unanswered(line), entering ? ENTERING_ANSWER_MS : ANSWER_MS);
      line.waiting.set(id, { resolve, timer, entering });
      line.socket.send(JSON.stringify({ ...message, id }));
    });
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    clearTimeout(this.settling);
    for (const line of [this.line, this.moving, this.retiring]) line?.socket.close();
    this.moving = null;
  }
}

/** The server's WebSocket address, beside the page. */
export const socketUrl = (): string => `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/ws`;

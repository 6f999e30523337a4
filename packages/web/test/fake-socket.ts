import { afterEach, beforeEach, vi } from "vitest";

/**
 * A stand-in for the browser's WebSocket in tests of the page's online code (no server, no browser): just enough of
 * one; the test opens it, answers and closes it by hand.
 */
export class FakeSocket {
  static readonly OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  readonly sent: { id: number; type: string }[] = [];
  closedByPage = false;
  private readonly listeners = new Map<string, ((event: unknown) => void)[]>();

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  addEventListener(type: string, listener: (event: unknown) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  private emit(type: string, event: unknown): void {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  send(text: string): void {
    this.sent.push(JSON.parse(text) as { id: number; type: string });
  }
  close(): void {
    this.closedByPage = true;
  }
  open(): void {
    this.readyState = FakeSocket.OPEN;
    this.emit("open", {});
  }
  answer(message: Record<string, unknown>): void {
    this.emit("message", { data: JSON.stringify(message) });
  }
  /** The error event a browser gives before the close event of a socket that could not be opened. */
  failed(): void {
    this.emit("error", {});
  }
  /** The close event, as the browser gives it (late, after the page gave the socket up, or from the server). */
  closed(code: number): void {
    this.readyState = 3;
    this.emit("close", { code });
  }
}

/**
 * For every test of the calling `describe`: FakeSocket as the WebSocket, fake timers, and with `host` a `location`
 * for the page's code (its socket address).
 */
export function useFakeSockets(host?: string): void {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.useFakeTimers();
    vi.stubGlobal("WebSocket", FakeSocket);
    if (host !== undefined) vi.stubGlobal("location", { protocol: "http:", host });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}

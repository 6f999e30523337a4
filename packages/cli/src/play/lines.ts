/**
 * Lines from a byte or text stream, one `next()` at a time: a line, or null at the end of input or after
 * `interrupt()` (Ctrl-C). Lines that arrive early wait in order, so a script can pipe all its input at once.
 */
export class LineReader {
  private readonly queue: string[] = [];
  private partial = "";
  private ended = false;
  private waiting: ((line: string | null) => void) | null = null;
  private interruptedFlag = false;
  private readonly stop = new AbortController();
  /** Who waits for a line to arrive without taking it (`arrival`). */
  private readonly watchers = new Set<() => void>();
  private readonly onData = (chunk: unknown) => this.push(typeof chunk === "string" ? chunk : String(chunk));
  private readonly onEnd = () => this.finish();

  constructor(private readonly input: NodeJS.ReadableStream) {
    if (typeof (input as { setEncoding?: unknown }).setEncoding === "function") input.setEncoding("utf8");
    input.on("data", this.onData);
    input.on("end", this.onEnd);
    input.on("error", this.onEnd);
    input.resume();
  }

  get interrupted(): boolean {
    return this.interruptedFlag;
  }

  /** Aborted by `interrupt()`: a pause (a bot's delay) listens to it and ends at once. */
  get stopped(): AbortSignal {
    return this.stop.signal;
  }

  next(): Promise<string | null> {
    const line = this.queue.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (this.ended) return Promise.resolve(null);
    return new Promise((resolve) => (this.waiting = resolve));
  }

  /** Forgets lines typed ahead (while bots were playing), so a stray key never becomes a move; returns them. */
  discardPending(): string[] {
    return this.queue.splice(0);
  }

  /** The oldest line that waits, taken without waiting; undefined when none waits. */
  take(): string | undefined {
    return this.queue.shift();
  }

  /**
   * Resolves once a line waits to be taken (`take`), the input has ended, or `signal` aborts: at once when one of
   * these is so already. Takes nothing.
   */
  arrival(signal?: AbortSignal): Promise<void> {
    if (this.queue.length > 0 || this.ended || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.watchers.delete(done);
        signal?.removeEventListener("abort", done);
        resolve();
      };
      this.watchers.add(done);
      signal?.addEventListener("abort", done, { once: true });
    });
  }

  /** Ends reading at once, as if input had ended (Ctrl-C). */
  interrupt(): void {
    this.interruptedFlag = true;
    this.finish();
    this.stop.abort();
  }

  close(): void {
    this.input.off("data", this.onData);
    this.input.off("end", this.onEnd);
    this.input.off("error", this.onEnd);
    this.input.pause();
  }

  private push(text: string): void {
    this.partial += text;
    let nl = this.partial.indexOf("\n");
    while (nl >= 0) {
      this.deliver(this.partial.slice(0, nl).replace(/\r$/, ""));
      this.partial = this.partial.slice(nl + 1);
      nl = this.partial.indexOf("\n");
    }
  }

  private deliver(line: string): void {
    if (this.ended) return;
    const waiting = this.waiting;
    this.waiting = null;
    if (waiting) waiting(line);
    else {
      this.queue.push(line);
      this.wakeWatchers();
    }
  }

  private wakeWatchers(): void {
    for (const watcher of this.watchers) watcher();
  }

  private finish(): void {
    if (this.ended) return;
    if (this.partial !== "" && !this.interruptedFlag) this.deliver(this.partial);
    this.partial = "";
    if (this.interruptedFlag) this.queue.length = 0;
    this.ended = true;
    const waiting = this.waiting;
    this.waiting = null;
    if (waiting) waiting(null);
    this.wakeWatchers();
  }
}

// The game's pauses between bot moves.
/** Lets signals and input in between bot moves, without a timer's delay. */
export const yieldToEvents = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Waits `ms`, or less when `signal` aborts: no timer is left behind to keep the process alive after Ctrl-C. */
export const defaultSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });

// The game's pauses between bot moves.
import type { LineReader } from "./lines.js";
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

/**
 * Waits `ms` (by `sleep`), or less when a line is typed (it waits for `input.take()`), the input ends or Ctrl-C
 * stops it. No timer or listener is left behind.
 */
export async function pauseUnlessTyped(
  input: LineReader,
  ms: number,
  sleep: (ms: number, signal: AbortSignal) => Promise<void>,
): Promise<void> {
  const woken = new AbortController();
  const signal = AbortSignal.any([input.stopped, woken.signal]);
  const arrived = input.arrival(signal).then(() => woken.abort());
  await sleep(ms, signal);
  woken.abort();
  await arrived;
}

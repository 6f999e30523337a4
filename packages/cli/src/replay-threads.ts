import { fstatSync } from "node:fs";
import { availableParallelism, cpus } from "node:os";

/** A regular file smaller than this is replayed by the main thread alone: a worker would start for nothing. */
const SMALL_INPUT = 256 * 1024;
/**
 * How long (ms) the window must be before its idle share counts: the kernel counts CPU time in 10 ms ticks, so
 * over 60 ms the share of a core is known to about a sixth. The workers start meanwhile; dropping one costs little.
 */
const SAMPLE_MS = 60;

export const envNumber = (name: string): number | null => {
  const set = process.env[name];
  return set !== undefined && /^\d+$/.test(set) ? Number(set) : null;
};

/**
 * How many worker threads `--jsonl` adds to the main thread, and whether that stays so. `start`:
 * SCHWIMMEN_REPLAY_THREADS if set (0: the main thread only; then final), else one per further core, up to 3, or
 * none for a small file on standard input. They start at once: a worker takes about as long to start as the process
 * did, and meanwhile the main thread replays the first batches itself. Workers need the built files, so running from
 * the TypeScript sources uses none.
 */
export function threadPlan(stdinFd: number | undefined): { start: number; final: boolean } {
  if (!import.meta.url.endsWith(".js")) return { start: 0, final: true };
  const set = envNumber("SCHWIMMEN_REPLAY_THREADS");
  if (set !== null) return { start: Math.min(set, 16), final: true };
  if (stdinFd !== undefined) {
    try {
      const stat = fstatSync(stdinFd);
      if (stat.isFile() && stat.size < SMALL_INPUT) return { start: 0, final: true };
    } catch {
      // Not a descriptor that can be looked at: decide as for a pipe.
    }
  }
  return { start: Math.max(0, Math.min(availableParallelism() - 1, 3)), final: false };
}

/** The machine's CPU times summed over its cores (ms): total and idle. */
function machineTimes(): { total: number; idle: number } {
  let total = 0;
  let idle = 0;
  for (const { times } of cpus()) {
    total += times.user + times.nice + times.sys + times.irq + times.idle;
    idle += times.idle;
  }
  return { total, idle };
}

const ownMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * Watches how busy the machine is with other work while the workers start: once SAMPLE_MS have passed, `workers`
 * says how many cores besides the main thread's are free for this process (others' processes use the rest; this
 * process's own threads count as free, unlike the load average, which also lags a minute behind). On a busy machine
 * a worker only competes with the main thread and costs its start and warm-up (the engine is compiled anew in each
 * thread): a few tenths of a CPU second.
 */
export class CoreSampler {
  private readonly at = performance.now();
  private readonly machine = machineTimes();
  private readonly own = ownMs();

  /**
   * Free cores besides the main thread's, rounded (so that a quiet machine's count is not lost to the ticks), or
   * null while the window is short.
   */
  workers(): number | null {
    if (performance.now() - this.at < SAMPLE_MS) return null;
    const { total, idle } = machineTimes();
    const elapsed = total - this.machine.total;
    if (elapsed <= 0) return null;
    const cores = cpus().length;
    const othersBusy = Math.max(0, elapsed - (idle - this.machine.idle) - (ownMs() - this.own));
    const othersCores = (othersBusy / elapsed) * cores;
    return Math.max(0, Math.round(cores - 1 - othersCores));
  }
}

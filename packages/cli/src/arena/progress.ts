/**
 * Progress on standard error: a redrawn bar on a terminal, else a plain line every tenth of the run, so logs stay
 * short. Standard output carries only the table.
 */
export interface Progress {
  update(done: number): void;
  finish(): void;
}

const BAR_WIDTH = 30;
const REDRAW_MS = 100;

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

export function progressReporter(
  total: number,
  stream: { write(text: string): unknown },
  isTTY: boolean,
  now: () => number = () => performance.now(),
): Progress {
  const started = now();
  let lastDraw = -Infinity;
  let lastTenth = 0;
  let drawn = false;
  const draw = (done: number) => {
    const elapsed = now() - started;
    const share = total === 0 ? 1 : done / total;
    const filled = Math.round(share * BAR_WIDTH);
    const left = done > 0 && done < total ? `, about ${seconds((elapsed / done) * (total - done))} left` : "";
    const bar = `[${"#".repeat(filled)}${".".repeat(BAR_WIDTH - filled)}]`;
    stream.write(
      `\r${bar} ${String(Math.floor(share * 100)).padStart(3)}%  ${done}/${total} matches  ${seconds(elapsed)}${left}\x1b[K`,
    );
    drawn = true;
  };
  return {
    update(done) {
      if (isTTY) {
        const time = now();
        if (time - lastDraw >= REDRAW_MS || done === total) {
          lastDraw = time;
          draw(done);
        }
        return;
      }
      const tenth = Math.floor((done * 10) / total);
      if (tenth > lastTenth) {
        lastTenth = tenth;
        stream.write(
          `arena: ${done}/${total} matches (${Math.floor((done * 100) / total)}%), ${seconds(now() - started)}\n`,
        );
      }
    },
    finish() {
      if (isTTY && drawn) stream.write("\n");
    },
  };
}

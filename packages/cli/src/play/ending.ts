// The screens at the end of a round and of the match, laid out from the log and the state (no I/O).
import type { MatchState } from "@schwimmen/rules";
import type { LogEntry } from "./narrate.js";
import { type Screen, lastLogLines, logLines, roundResultLines, textLines } from "./render.js";
import { stakeLines } from "./stakes.js";

/** The last screen lines (six, or fewer when `room` is less) of the round just ended, without its opening line. */
export function roundLogLines(
  log: readonly LogEntry[],
  room: number,
  s: Screen,
  keep: (entry: LogEntry) => boolean = () => true,
): string[] {
  let start = log.length;
  while (start > 0 && log[start - 1]!.tone !== "round") start--;
  return lastLogLines(log.slice(start).filter(keep), Math.max(0, Math.min(6, room)), s.style);
}

export interface MatchEnd {
  readonly state: MatchState;
  readonly log: readonly LogEntry[];
  readonly interactive: boolean;
  /** Lines a screen may use. */
  readonly rows: number;
  /** Play money per life, in cents (0: no stakes). */
  readonly stake: number;
  /** How many lines the caller prints after these (where the match was saved). */
  readonly afterRows: number;
}

/**
 * The last lines of a match played to its end: the final round's hands when they fit (a redrawn game), its last
 * moves, the match's end, who won, and the pot and the balances when it was played for stakes.
 */
export function matchEndLines(s: Screen, m: MatchEnd): string[] {
  const { style } = s;
  const lines: string[] = [];
  const last = m.state.finished[m.state.finished.length - 1];
  // Who won stays in view whatever else has to go: a full table of 16 leaves no room for the last moves.
  const won = m.interactive ? m.log.filter((e) => e.tone === "end").slice(-1) : [];
  const wonLines = won.flatMap((e) => logLines(e, style));
  const overLines = textLines(s.texts.matchOver, style.bold);
  const stakes = stakeLines(m.state, m.stake, s.names, s.lang);
  // Below the round: the match's end, who won, the stakes and the lines that say where it was saved.
  const below = overLines.length + wonLines.length + stakes.length + m.afterRows;
  let spare = 1;
  const round = m.state.round;
  const result =
    m.interactive && last && round ? roundResultLines(last.result, round.index, round.knocker, s, m.state.rules) : [];
  // The last round's hands when they fit beside the rest (a big table with stakes shows the money instead).
  if (result.length > 0 && result.length + 1 + below <= m.rows) {
    lines.push(...result);
    const room = m.rows - lines.length - below;
    const log = roundLogLines(m.log, room - 1, s, (e) => e.tone !== "end");
    lines.push(...log);
    spare = room - log.length;
  }
  if (spare > 0) lines.push("");
  lines.push(...overLines, ...wonLines, ...stakes);
  return lines;
}

// Record text to output lines: all of `replay` that a `replay --jsonl` worker thread loads (not the command around it).
import { type RecordError, outcomeOf, replayRecordText } from "@schwimmen/rules";

/** One record's text to one output line: the outcome, or {"error": {...}}. */
export function replayLine(text: string): { ok: boolean; line: string } {
  let replayed: ReturnType<typeof replayRecordText>;
  try {
    replayed = replayRecordText(text);
  } catch (cause) {
    // The engine answers every input with a result; should it ever throw, this record fails, not the whole run.
    return { ok: false, line: errorLine({ code: "INVALID_RECORD", message: `internal error: ${String(cause)}` }) };
  }
  if (!replayed.ok) return { ok: false, line: errorLine(replayed.error) };
  return { ok: true, line: JSON.stringify(outcomeOf(replayed.value.state)) };
}

export const errorLine = (error: RecordError): string => JSON.stringify({ error });

/** Many lines (joined by "\n") to their output lines, each ending in "\n". */
export function replayBatch(text: string): string {
  let out = "";
  let start = 0;
  for (;;) {
    const nl = text.indexOf("\n", start);
    out += replayLine(nl < 0 ? text.slice(start) : text.slice(start, nl)).line + "\n";
    if (nl < 0) return out;
    start = nl + 1;
  }
}

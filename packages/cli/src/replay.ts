import { type RecordError, outcomeOf, replayRecordText } from "@schwimmen/rules";

/** One record's text to one output line: the outcome, or {"error": {...}}. */
export function replayLine(text: string): { ok: boolean; line: string } {
  const replayed = replayRecordText(text);
  if (!replayed.ok) return { ok: false, line: errorLine(replayed.error) };
  return { ok: true, line: JSON.stringify(outcomeOf(replayed.value.state)) };
}

export const errorLine = (error: RecordError): string => JSON.stringify({ error });

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}

export interface Io {
  readonly stdin: NodeJS.ReadableStream;
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
  readonly readFile: (path: string) => Promise<string>;
}

/** `schwimmen replay FILE|-`: exit 0 with the outcome on stdout, or exit 2 with the error on stderr. */
export async function replayFile(path: string, io: Io): Promise<number> {
  let text: string;
  try {
    text = path === "-" ? await readAll(io.stdin) : await io.readFile(path);
  } catch (cause) {
    const reason = (cause as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : "cannot be read";
    io.stderr.write(errorLine({ code: "INVALID_RECORD", message: `${path}: ${reason}` }) + "\n");
    return 2;
  }
  const { ok, line } = replayLine(text);
  (ok ? io.stdout : io.stderr).write(line + "\n");
  return ok ? 0 : 2;
}

/** `schwimmen replay --jsonl`: one output line per input line, in order; exit 0 once all input is read. */
export async function replayJsonl(io: Io): Promise<number> {
  let pending = "";
  let out: string[] = [];
  const flush = () => {
    if (out.length > 0) io.stdout.write(out.join("\n") + "\n");
    out = [];
  };
  for await (const chunk of io.stdin) {
    pending += typeof chunk === "string" ? chunk : (chunk as Buffer).toString("utf8");
    let start = 0;
    for (let nl = pending.indexOf("\n"); nl >= 0; nl = pending.indexOf("\n", start)) {
      out.push(replayLine(pending.slice(start, nl)).line);
      start = nl + 1;
    }
    pending = pending.slice(start);
    flush();
  }
  if (pending.trim() !== "") out.push(replayLine(pending).line);
  flush();
  return 0;
}

/**
 * The lobby phase of `npm run bench:server`: CLIENTS people arrive evenly within SECONDS, each on its own WebSocket
 * (connect, hello, then `quickMatch`). It measures the time from sending `quickMatch` to the answer that seats the
 * person (connecting and the wait for bots are not part of it), checks that every person got exactly one seat, and
 * then waits until every quick-match table has started (the last one after the bots' wait).
 */
import { performance } from "node:perf_hooks";
import { WebSocket } from "ws";

interface Frame {
  type: string;
  re?: number;
  code?: string;
  seat?: number | null;
  table?: { code: string; status: string; seats: { kind: string }[] };
}

export interface LobbyPhaseResult {
  readonly seated: number;
  readonly failed: number;
  readonly tables: number;
  readonly started: number;
  /** Human seats over all the tables: equal to `seated` when nobody sits twice. */
  readonly humanSeats: number;
  readonly seatMs: readonly number[];
  readonly connectMs: readonly number[];
  readonly lastStartS: number;
}

class Person {
  ws!: WebSocket;
  table: string | null = null;
  started = false;
  private waiting = new Map<number, (m: Frame) => void>();
  private nextId = 1;

  constructor(private readonly onStarted: () => void) {}

  open(url: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.ws = new WebSocket(url.replace("http", "ws") + "/ws", { perMessageDeflate: false });
      this.ws.once("open", () => resolve());
      this.ws.once("error", reject);
      this.ws.on("message", (data) => this.receive(JSON.parse(data.toString()) as Frame));
    });
  }

  request(message: Record<string, unknown>): Promise<Frame> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.ws.send(JSON.stringify({ ...message, id }));
    });
  }

  private receive(m: Frame): void {
    // The seat's table is known from its answer on, before the start that may follow in the same read.
    if (m.type === "sync" && m.re !== undefined && typeof m.seat === "number") this.table = m.table!.code;
    if (m.re !== undefined) {
      const done = this.waiting.get(m.re);
      this.waiting.delete(m.re);
      done?.(m);
    }
    if (!this.started && m.table && m.table.code === this.table && m.table.status !== "lobby") {
      this.started = true;
      this.onStarted();
    }
  }
}

/** Runs the phase against a server at `url` whose per-address limits are lifted (all clients share 127.0.0.1). */
export async function lobbyPhase(url: string, clients: number, seconds: number): Promise<LobbyPhaseResult> {
  const seatMs: number[] = [];
  const connectMs: number[] = [];
  const people: Person[] = [];
  let failed = 0;
  let started = 0;
  let lastStart = 0;
  const t0 = performance.now();
  const onStarted = () => {
    started++;
    lastStart = performance.now();
  };
  const arrive = async (i: number): Promise<void> => {
    await new Promise((r) => setTimeout(r, (i * seconds * 1000) / clients));
    const person = new Person(onStarted);
    people.push(person);
    const c0 = performance.now();
    await person.open(url);
    await person.request({ type: "hello" });
    connectMs.push(performance.now() - c0);
    const q0 = performance.now();
    const answer = await person.request({ type: "quickMatch", name: `Gast ${i + 1}` });
    if (answer.type !== "sync" || answer.seat === null || answer.seat === undefined) {
      failed++;
      return;
    }
    seatMs.push(performance.now() - q0);
  };
  await Promise.all(Array.from({ length: clients }, (_, i) => arrive(i)));
  // The last tables wait for bots (20 s by default): wait for every seated person's match to start.
  const deadline = performance.now() + 60_000;
  while (started < seatMs.length && performance.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  const tables = new Map<string, number>();
  for (const p of people) if (p.table) tables.set(p.table, (tables.get(p.table) ?? 0) + 1);
  let humanSeats = 0;
  for (const code of tables.keys()) {
    const info = (await (await fetch(`${url}/api/tables/${code}`)).json()) as { seats: { kind: string }[] };
    humanSeats += info.seats.filter((s) => s.kind === "human").length;
  }
  for (const p of people) p.ws.terminate();
  return {
    seated: seatMs.length,
    failed,
    tables: tables.size,
    started,
    humanSeats,
    seatMs,
    connectMs,
    lastStartS: (lastStart - t0) / 1000,
  };
}

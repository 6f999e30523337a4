/** Protocol clients for tests: real WebSockets to a server on 127.0.0.1, every frame kept. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WebSocket } from "ws";
import { type Action, type Deal, applyAction, dealFromSeed, dealRound, newMatch, parseRules } from "@schwimmen/rules";
import type { ManualClock } from "../src/clock.js";
import { sha256Hex } from "../src/table-model.js";
import type { ClientMessage, PresetName, ServerMessage } from "../src/protocol.js";
import { type GameServer, type ServerOptions, startServer } from "../src/server.js";

export type Msg = ServerMessage & Record<string, unknown>;

export function tempDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "schwimmen-server-"));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function testServer(
  options: ServerOptions = {},
): Promise<GameServer & { dir: string; cleanup(): Promise<void> }> {
  const { dir, remove } = tempDir();
  const server = await startServer({
    port: 0,
    host: "127.0.0.1",
    dbPath: join(dir, "test.db"),
    staticDir: join(dir, "no-web"),
    settings: { botDelayMs: 0, roundPauseMs: 0, ...options.settings },
    // Random players act far faster than people; the limit itself has its own test.
    rateMessages: 1_000_000,
    ...options,
    // Many clients share 127.0.0.1 here: limits per address are lifted unless a test sets them.
    limits: { ...TEST_LIMITS, ...options.limits },
  });
  return Object.assign(server, {
    dir,
    async cleanup() {
      await server.close();
      remove();
    },
  });
}

/** Per-address limits high enough for tests with many clients on one address (their own tests lower them). */
export const TEST_LIMITS = {
  socketsPerAddress: 10_000,
  connectionsPerAddress: 10_000,
  messagesPerAddress: 1_000_000_000,
  tablesPerAddress: 1_000_000,
  tokensPerAddress: 1_000_000,
};

let nextId = 1;

export class TestClient {
  readonly frames: string[] = [];
  readonly messages: Msg[] = [];
  private waiters: { pred: (m: Msg) => boolean; resolve: (m: Msg) => void; reject: (e: Error) => void }[] = [];
  token = "";
  closed = false;
  onMessage: ((m: Msg) => void) | null = null;

  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      const text = data.toString();
      this.frames.push(text);
      const m = JSON.parse(text) as Msg;
      this.messages.push(m);
      this.waiters = this.waiters.filter((w) => (w.pred(m) ? (w.resolve(m), false) : true));
      this.onMessage?.(m);
    });
    ws.on("close", () => {
      this.closed = true;
      for (const w of this.waiters) w.reject(new Error("socket closed"));
      this.waiters = [];
    });
  }

  /** `query`: what follows `/ws` in the address, like `?node=a`. */
  static async connect(url: string, headers: Record<string, string> = {}, query = ""): Promise<TestClient> {
    const ws = new WebSocket(url.replace(/^http/, "ws") + "/ws" + query, { headers });
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    return new TestClient(ws);
  }

  /** Connects and says hello (with a token to be someone known). */
  static async open(url: string, token?: string, query = ""): Promise<TestClient> {
    const client = await TestClient.connect(url, {}, query);
    const welcome = await client.request(token ? { type: "hello", token } : { type: "hello" });
    client.token = (welcome as { token: string }).token;
    return client;
  }

  sendRaw(text: string | Buffer): void {
    this.ws.send(text);
  }

  waitFor(pred: (m: Msg) => boolean, ms = 10_000): Promise<Msg> {
    const found = this.messages.find(pred);
    if (found) return Promise.resolve(found);
    return this.next(pred, ms);
  }

  /** The next matching message from now on. */
  next(pred: (m: Msg) => boolean, ms = 10_000): Promise<Msg> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting (${ms} ms)`)), ms);
      this.waiters.push({
        pred,
        resolve: (m) => (clearTimeout(timer), resolve(m)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
    });
  }

  /** Sends a message with a fresh id and resolves with the answer to it. */
  request(message: ClientMessage, ms = 10_000): Promise<Msg> {
    const id = nextId++;
    const answer = this.next((m) => m.re === id, ms);
    this.ws.send(JSON.stringify({ ...message, id }));
    return answer;
  }

  /** The latest versioned state message (sync or update). */
  get latest(): Msg | undefined {
    for (let i = this.messages.length - 1; i >= 0; i--) {
      const m = this.messages[i]!;
      if (m.type === "sync" || m.type === "update") return m;
    }
    return undefined;
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      this.ws.once("close", () => resolve());
      this.ws.close();
    });
  }

  terminate(): void {
    this.ws.terminate();
  }
}

export const isState = (m: Msg): boolean => m.type === "sync" || m.type === "update";

interface ViewLike {
  toAct: number | null;
  legal: Action[];
  over: boolean;
}

/**
 * Plays this client's seat with random legal moves whenever its view says it is to act, once per version.
 * Resolves when a state message shows the match over (for match `match`).
 */
export function autoplay(
  client: TestClient,
  pick: (n: number) => number = (n) => Math.floor(Math.random() * n),
  shouldAct: (m: Msg) => boolean = () => true,
) {
  let actedAt = -1;
  const handle = (m: Msg) => {
    if (!isState(m) || !shouldAct(m)) return;
    const view = m.view as unknown as ViewLike;
    const version = m.version as number;
    if (view.over || view.legal.length === 0 || version <= actedAt) return;
    actedAt = version;
    const action = view.legal[pick(view.legal.length)]!;
    const { seat: _seat, ...move } = action;
    client.ws.send(JSON.stringify({ type: "act", id: `auto-${version}`, action: move }));
  };
  client.onMessage = handle;
  const last = client.latest;
  if (last) handle(last);
  return {
    stop: () => {
      client.onMessage = null;
    },
  };
}

export const matchOver = (match: number) => (m: Msg) =>
  isState(m) && (m.view as unknown as ViewLike).over && (m.table as unknown as { match: number }).match === match;

export async function getJson(url: string): Promise<{ status: number; body: unknown; headers: Headers }> {
  const res = await fetch(url);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body, headers: res.headers };
}

/** Every round of a downloaded record re-deals from its seed and the seed hashes to its seedHash. */
export function seedsCheckOut(record: unknown): { ok: boolean; rounds: number; problems: string[] } {
  const problems: string[] = [];
  const rec = record as { rules: unknown; players: string[]; dealer: number; rounds: Record<string, unknown>[] };
  const rules = parseRules(rec.rules);
  if (!rules.ok) return { ok: false, rounds: 0, problems: ["rules"] };
  const made = newMatch({ rules: rules.value, seats: rec.players.length, dealer: rec.dealer });
  if (!made.ok) return { ok: false, rounds: 0, problems: ["match"] };
  let state = made.value;
  rec.rounds.forEach((round, r) => {
    const seed = round.seed as string;
    if (typeof seed !== "string" || sha256Hex(seed) !== round.seedHash) problems.push(`round ${r}: hash`);
    else if (JSON.stringify(dealFromSeed(state, seed)) !== JSON.stringify(round.deal))
      problems.push(`round ${r}: deal`);
    const dealt = dealRound(state, { deal: round.deal as Deal });
    if (!dealt.ok) return problems.push(`round ${r}: ${dealt.error.code}`);
    state = dealt.value.state;
    for (const action of round.actions as Action[]) {
      const applied = applyAction(state, action);
      if (!applied.ok) return problems.push(`round ${r}: ${applied.error.code}`);
      state = applied.value.state;
    }
  });
  return { ok: problems.length === 0, rounds: rec.rounds.length, problems };
}

/**
 * A table of four made with `preset`: a host and a guest playing random moves, two random bots, and a spectator;
 * resolves once all three clients have seen match 1 end.
 */
export async function watchedMatch(url: string, preset: PresetName, name = "Leaks") {
  const host = await TestClient.open(url);
  const created = await host.request({
    type: "create",
    name,
    playerName: "Ann",
    seats: 4,
    preset,
    botLevel: "random",
  });
  const code = (created.table as { code: string }).code;
  const guest = await TestClient.open(url);
  await guest.request({ type: "join", code, name: "Ben" });
  const spectator = await TestClient.open(url);
  await spectator.request({ type: "watch", code });
  await host.request({ type: "start" });
  autoplay(host);
  autoplay(guest);
  await Promise.all([host, guest, spectator].map((c) => c.waitFor(matchOver(1), 60_000)));
  return { host, guest, spectator, code };
}

/** Lets the server's pending promises and short timers run (a test on a manual clock waits this between steps). */
export const tick = (): Promise<unknown> => new Promise((resolve) => setTimeout(resolve, 2));

/** Moves the manual clock in small steps, letting the server's promises run in between, until `done`. */
export async function runUntil(
  clock: ManualClock,
  stepMs: number,
  done: () => boolean,
  maxSteps = 2000,
): Promise<void> {
  for (let i = 0; i < maxSteps && !done(); i++) {
    clock.advance(stepMs);
    await tick();
  }
  if (!done()) throw new Error(`not done after ${maxSteps} steps of ${stepMs} ms`);
}

/** The attack benchmark's tools: the built server in a child process, /healthz, and a small protocol client. */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { WebSocket } from "ws";
import { freePort, pct } from "./load-client.js";

export const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
/** The attacker's address; honest clients come from another one on loopback. */
export const ATTACKER = "127.0.0.1";
export const HONEST = "127.0.0.2";

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export { freePort, pct };

export const rssMb = (pid: number): number => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  } catch {
    return NaN;
  }
};

export interface Running {
  child: ChildProcess;
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** The built server with 1,024 file descriptors (as in the report), defaults otherwise; `env` adds settings. */
export async function startServer(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "schwimmen-attack-"));
  const main = join(ROOT, "packages/server/dist/main.js");
  // exec keeps the child's pid the server's own.
  const child = spawn("sh", ["-c", 'ulimit -n 1024 && exec "$0" "$@"', process.execPath, main], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DB_PATH: join(dir, "db.sqlite"), ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  process.once("exit", () => child.kill("SIGKILL"));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null || i > 100) throw new Error("server did not start");
    if ((await healthz(url, ATTACKER, 1000)) !== null) break;
    await sleep(100);
  }
  return {
    child,
    url,
    port,
    async stop() {
      child.kill("SIGKILL");
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** GET /healthz from `localAddress`: its latency in ms, or null when refused or slower than `timeout`. */
export async function healthz(url: string, localAddress: string, timeout = 5000): Promise<number | null> {
  const t0 = performance.now();
  return (await health(url, localAddress, timeout)) === null ? null : performance.now() - t0;
}

/** What /healthz says (tables, connections), or null when refused. */
export function health(url: string, localAddress: string, timeout = 5000): Promise<Record<string, unknown> | null> {
  return new Promise((resolve) => {
    const req = request(`${url}/healthz`, { localAddress, timeout, agent: false }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolve(res.statusCode === 200 ? (JSON.parse(body) as Record<string, unknown>) : null));
    });
    req.on("error", () => resolve(null));
    req.on("timeout", () => req.destroy());
    req.end();
  });
}

/** A protocol client: requests with ids, every answer by its `re`. */
export class Client {
  private nextId = 1;
  private readonly waiting = new Map<number, (m: Frame) => void>();
  onPush: (m: Frame) => void = () => undefined;
  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      const m = JSON.parse(data.toString()) as Frame;
      const done = typeof m.re === "number" ? this.waiting.get(m.re) : undefined;
      if (done) {
        this.waiting.delete(m.re as number);
        done(m);
      } else this.onPush(m);
    });
    ws.on("error", () => undefined);
    ws.on("close", () => {
      for (const done of this.waiting.values()) done({ type: "error", code: "CLOSED" });
      this.waiting.clear();
    });
  }

  static open(url: string, localAddress: string, timeout = 5000): Promise<Client | null> {
    const ws = new WebSocket(`${url.replace("http", "ws")}/ws`, { localAddress, handshakeTimeout: timeout });
    return new Promise((resolve) => {
      ws.once("open", () => resolve(new Client(ws)));
      ws.once("error", () => resolve(null));
      ws.once("unexpected-response", () => (ws.terminate(), resolve(null)));
    });
  }

  request(message: Record<string, unknown>, timeout = 5000): Promise<Frame> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve({ type: "error", code: "TIMEOUT" }), timeout);
      this.waiting.set(id, (m) => (clearTimeout(timer), resolve(m)));
      this.ws.send(JSON.stringify({ ...message, id }));
    });
  }
}
export interface Frame {
  type: string;
  re?: unknown;
  code?: string;
  version?: number;
  from?: number;
  table?: { code: string };
  view?: { legal: Record<string, unknown>[]; over: boolean };
}

export const isState = (m: Frame) => m.type === "sync" || m.type === "update";
export const randomMove = (m: Frame) => {
  const legal = m.view!.legal;
  const { seat: _seat, ...move } = legal[Math.floor(Math.random() * legal.length)]!;
  return move;
};

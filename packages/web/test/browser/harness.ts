import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll } from "vitest";

export const ROOT = resolve(import.meta.dirname, "../../../..");
export const CHROMIUM = "/usr/bin/chromium";
export const SCREENSHOTS = join(ROOT, "artifacts/screenshots");
const LAUNCH_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Newest modification time of any file under `dir` (0 when it does not exist). */
function newest(dir: string): number {
  if (!existsSync(dir)) return 0;
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

const mtime = (file: string) => (existsSync(file) ? statSync(file).mtimeMs : 0);

function buildIsStale(): boolean {
  const page = join(ROOT, "packages/web/dist/index.html");
  const server = join(ROOT, "packages/server/dist/main.js");
  const sources = Math.max(
    ...["web/src", "web/index.html", "rules/src", "bots/src", "server/src"].map((p) => {
      const path = join(ROOT, "packages", p);
      return existsSync(path) && statSync(path).isFile() ? mtime(path) : newest(path);
    }),
    newest(join(ROOT, "docs")),
  );
  // tsc -b leaves outputs alone when nothing changed, so its build info file marks the server build's time too.
  const serverBuilt = Math.max(mtime(server), mtime(join(ROOT, "packages/server/tsconfig.tsbuildinfo")));
  return mtime(page) < sources || serverBuilt < newest(join(ROOT, "packages/server/src"));
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Runs the production build when the web page or the server is missing or older than their sources. Test files run
 * in parallel processes: a lock folder lets one of them build while the others wait and then find the build fresh.
 */
export function ensureBuild(): void {
  const lock = join(tmpdir(), "schwimmen-web-build.lock");
  const until = Date.now() + 300_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (existsSync(lock) && Date.now() - mtime(lock) > 300_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > until) throw new Error(`waited 5 minutes for ${lock}`);
      sleep(250);
    }
  }
  try {
    // vitest sets NODE_ENV=test, which would make Vite build a non-production page (no service worker).
    const env = { ...process.env, NODE_ENV: "production" };
    if (buildIsStale()) execFileSync("npm", ["run", "build"], { cwd: ROOT, env, stdio: "inherit", timeout: 240_000 });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Browser tests skip on a developer machine without Chromium, but never in CI: there `npm test` installs Chromium
 * first (pretest), so a missing browser is a failure to report, not a reason to pass quietly.
 */
export const chromiumAvailable = (): boolean => existsSync(CHROMIUM) || process.env.CI === "true";

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: LAUNCH_ARGS, timeout: 30_000 });
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? done(address.port) : fail(new Error("no port"))));
    });
  });
}

export interface RunningServer {
  readonly url: string;
  stop(): Promise<void>;
}

/** The real game server on a random port of 127.0.0.1, with its data in a temporary folder. */
export async function startGameServer(extraEnv: Readonly<Record<string, string>> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "schwimmen-web-test-"));
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, "packages/server/dist/main.js")], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DB_PATH: join(dataDir, "test.db"),
      BOT_DELAY_MS: "30",
      ROUND_PAUSE_MS: "400",
      LOG_LEVEL: "warn",
      ...extraEnv,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the game server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error("the game server did not come up within 20 s");
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((done) => {
        const finish = () => {
          rmSync(dataDir, { recursive: true, force: true });
          done();
        };
        if (child.exitCode !== null) return finish();
        child.once("exit", finish);
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5000).unref();
      }),
  };
}

export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return join(SCREENSHOTS, `${name}.png`);
}

/** The real server and one Chromium for a describe block: started before its tests, stopped after them. */
export function useServerAndBrowser(extraEnv: Readonly<Record<string, string>> = {}): {
  readonly server: RunningServer;
  readonly browser: Browser;
} {
  const env: { server?: RunningServer; browser?: Browser } = {};
  beforeAll(async () => {
    ensureBuild();
    env.server = await startGameServer(extraEnv);
    env.browser = await launchBrowser();
  }, 300_000);
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return {
    get server() {
      if (!env.server) throw new Error("the server has not started");
      return env.server;
    },
    get browser() {
      if (!env.browser) throw new Error("the browser has not started");
      return env.browser;
    },
  };
}

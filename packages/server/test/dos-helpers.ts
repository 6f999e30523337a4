/** Shared by the dos-*.test.ts files: one server per test and the raw sockets a test opened, all ended after it. */
import { afterEach } from "vitest";
import { testServer } from "./helpers.js";

export type Server = Awaited<ReturnType<typeof testServer>>;

/** What a test may leave open: a WebSocket (terminated) or a TCP socket (destroyed). */
type Endable = { terminate(): void } | { destroy(): void };

export function perTest() {
  let server: Server | null = null;
  const opened: Endable[] = [];
  afterEach(async () => {
    for (const socket of opened.splice(0)) {
      if ("terminate" in socket) socket.terminate();
      else socket.destroy();
    }
    await server?.cleanup();
    server = null;
  });
  return {
    /** Starts this test's server. */
    async start(options?: Parameters<typeof testServer>[0]): Promise<Server> {
      server = await testServer(options);
      return server;
    },
    /** Ends `socket` after the test. */
    track<T extends Endable>(socket: T): T {
      opened.push(socket);
      return socket;
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The throwaway services themselves: Redis answers and is gone after stop; HAProxy balances over healthy nodes. */
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { useRedis } from "./redis-harness.js";
import { freePort, listening, startHaproxy, startRedis, waitUntil } from "./local-services.js";

const alive = (pid: number) => existsSync(`/proc/${pid}`);

describe("throwaway services", () => {
  const redis = useRedis();

  it("runs a Redis that takes commands and pub/sub", async () => {
    const client = new Redis(redis().url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await client.connect();
    try {
      await client.set("k", "v", "PX", 1000);
      expect(await client.get("k")).toBe("v");
    } finally {
      client.disconnect();
    }
  });

  it("stops a Redis for good: no process, no folder, the port free", async () => {
    const other = await startRedis();
    expect(alive(other.pid)).toBe(true);
    await other.stop();
    await other.stop();
    expect(alive(other.pid)).toBe(false);
    expect(await listening(other.port)).toBe(false);
  });

  it("balances over the nodes whose /healthz answers 200, routes ?node=ID to that node while it is up, and leaves a failing one out", async () => {
    const nodes = await Promise.all(
      ["a", "b"].map(async (name) => {
        let healthy = true;
        const server = createServer((req, res) => {
          res.writeHead(req.url === "/healthz" && !healthy ? 503 : 200).end(name);
        });
        await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
        const port = (server.address() as AddressInfo).port;
        return { name, port, server, fail: () => (healthy = false) };
      }),
    );
    const proxy = await startHaproxy({ port: await freePort(), servers: nodes, checkEveryMs: 200 });
    try {
      const answers = async (n: number, query = "") => {
        const seen = new Set<string>();
        for (let i = 0; i < n; i++) seen.add(await (await fetch(`${proxy.url}/x${query}`)).text());
        return [...seen].sort();
      };
      await waitUntil("both nodes up", async () => (await answers(4)).length === 2, 10_000);
      // `?node=ID` picks the node (a client told where its table runs); an unknown one is balanced as usual.
      expect(await answers(4, "?node=a")).toEqual(["a"]);
      expect(await answers(4, "?node=b")).toEqual(["b"]);
      expect(await answers(4, "?node=c")).toEqual(["a", "b"]);
      nodes[0]!.fail();
      await waitUntil("node a out", async () => (await answers(4)).join() === "b", 10_000);
      // A node that is down is not asked for: the entry goes to one that is up.
      expect(await answers(4, "?node=a")).toEqual(["b"]);
    } finally {
      await proxy.stop();
      for (const node of nodes) node.server.close();
    }
    expect(alive(proxy.pid)).toBe(false);
  });
});

import type { BotReply, BotRequest } from "./bot-protocol.js";

type Pending = { resolve: (reply: BotReply) => void };
type Ask = (request: BotRequest) => Promise<BotReply>;

let ask: Ask | null = null;

/** Sends requests to the bot worker; without Worker support (tests, old browsers) the bots run in the page. */
export function botAsk(): Ask {
  if (ask) return ask;
  if (typeof Worker === "undefined") {
    const brain = import("./bot-brain.js");
    ask = async (request) => (await brain).answer(request);
    return ask;
  }
  const worker = new Worker(new URL("./bot-worker.ts", import.meta.url), { type: "module", name: "bots" });
  const pending = new Map<number, Pending>();
  worker.addEventListener("message", (message: MessageEvent<BotReply>) => {
    const entry = pending.get(message.data.id);
    pending.delete(message.data.id);
    entry?.resolve(message.data);
  });
  worker.addEventListener("error", (event) => {
    for (const [id, entry] of pending) entry.resolve({ id, ok: false, message: event.message || "bot worker failed" });
    pending.clear();
  });
  ask = (request) =>
    new Promise((resolve) => {
      pending.set(request.id, { resolve });
      // A worker's postMessage has no target origin (it is not a window).
      // oxlint-disable-next-line unicorn/require-post-message-target-origin
      worker.postMessage(request);
    });
  return ask;
}

let nextId = 1;
export const requestId = (): number => nextId++;

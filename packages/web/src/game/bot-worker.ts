/// <reference lib="webworker" />
import type { BotRequest } from "./bot-protocol.js";
import { answer } from "./bot-brain.js";

// The bots think here, off the page's main thread, so the table stays responsive while the expert searches.
self.addEventListener("message", (message: MessageEvent<BotRequest>) => {
  // A worker answers its page; there is no target origin to name.
  // oxlint-disable-next-line unicorn/require-post-message-target-origin
  self.postMessage(answer(message.data));
});

/// <reference lib="webworker" />
import type { BotRequest } from "./bot-protocol.js";
import { answer } from "./bot-brain.js";

// The bots think here, off the page's main thread, so the table stays responsive while the expert searches.
self.onmessage = (message: MessageEvent<BotRequest>) => {
  self.postMessage(answer(message.data));
};

/// <reference lib="webworker" />
import type { AnalysisRequest } from "../analysis/protocol.js";
import { analysisReplies } from "../analysis/runner.js";

// The game analysis runs here, off the page's thread: one reply per decision, so the page shows progress. Stopping
// ends this worker (the page makes a new one to go on), so no message needs to get in between two decisions.
self.addEventListener("message", (message: MessageEvent<AnalysisRequest>) => {
  try {
    // A worker answers its page; there is no target origin to name.
    // oxlint-disable-next-line unicorn/require-post-message-target-origin
    for (const reply of analysisReplies(message.data)) self.postMessage(reply);
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    // oxlint-disable-next-line unicorn/require-post-message-target-origin
    self.postMessage({ id: message.data.id, kind: "error", code: "ANALYSIS_FAILED", message: text });
  }
});

import { type Store, createStore } from "../store.js";
import type { AnalysisReply, AnalysisRequest, JudgedDecision } from "./protocol.js";

/** Where an analysis of one seat stands. */
export interface AnalysisState {
  readonly seat: number;
  readonly status: "idle" | "running" | "stopped" | "done" | "error";
  /** Decisions to judge (null until the worker has planned them). */
  readonly total: number | null;
  /** The judged decisions so far, in order. */
  readonly decisions: readonly JudgedDecision[];
  readonly error: string | null;
}

export const idleAnalysis = (seat: number): AnalysisState => ({
  seat,
  status: "idle",
  total: null,
  decisions: [],
  error: null,
});

/** The state after one reply of the worker (replies of an older run are ignored by the caller). */
export function withReply(state: AnalysisState, reply: AnalysisReply): AnalysisState {
  switch (reply.kind) {
    case "plan":
      return { ...state, total: reply.total, status: reply.total === state.decisions.length ? "done" : "running" };
    case "decision":
      // Only the next decision in order counts (a repeated or stray one changes nothing).
      if (reply.index !== state.decisions.length) return state;
      return { ...state, decisions: [...state.decisions, reply.decision] };
    case "done":
      return { ...state, status: "done" };
    case "error":
      return { ...state, status: "error", error: `${reply.code}: ${reply.message}` };
  }
}

/** What the analysis needs of a worker (a real one, or the same code in the page where workers are missing). */
export interface AnalysisWorker {
  post(request: AnalysisRequest): void;
  onReply(listener: (reply: AnalysisReply) => void): void;
  terminate(): void;
}

export interface AnalysisRun {
  readonly store: Store<AnalysisState>;
  /** Starts, or goes on after a stop from the first decision not yet judged. */
  start(): void;
  /** Stops at once (the decisions judged so far stay). */
  stop(): void;
  dispose(): void;
}

/**
 * One seat's analysis of one record. Stopping ends the worker outright, even in the middle of a decision; going on
 * starts a fresh one at the next decision, which the engine judges exactly as an unbroken run would.
 */
export function createAnalysisRun(
  record: unknown,
  seat: number,
  spawn: () => AnalysisWorker,
  worlds?: number,
): AnalysisRun {
  const store = createStore(idleAnalysis(seat));
  let worker: AnalysisWorker | null = null;
  let runId = 0;
  const stop = () => {
    worker?.terminate();
    worker = null;
    runId++;
    if (store.get().status === "running") store.update((s) => ({ ...s, status: "stopped" }));
  };
  return {
    store,
    start() {
      const current = store.get();
      if (current.status === "running" || current.status === "done") return;
      stop();
      const id = ++runId;
      store.set({ ...current, status: "running", error: null });
      worker = spawn();
      worker.onReply((reply) => {
        if (reply.id !== id) return;
        store.update((s) => withReply(s, reply));
        if (reply.kind === "done" || reply.kind === "error") stop();
      });
      const request: AnalysisRequest = { id, record, seat, from: current.decisions.length };
      worker.post(worlds === undefined ? request : { ...request, worlds });
    },
    stop,
    dispose: stop,
  };
}

/** The analysis worker of the page, or the same code run in the page between timer ticks where workers are missing. */
export function spawnAnalysisWorker(): AnalysisWorker {
  if (typeof Worker === "undefined") return inPageWorker();
  const worker = new Worker(new URL("../game/analysis-worker.ts", import.meta.url), {
    type: "module",
    name: "analysis",
  });
  let id = 0;
  return {
    post(request) {
      id = request.id;
      // oxlint-disable-next-line unicorn/require-post-message-target-origin
      worker.postMessage(request);
    },
    onReply(listener) {
      worker.addEventListener("message", (m: MessageEvent<AnalysisReply>) => listener(m.data));
      // A worker that cannot start (its code not loaded, offline) says so instead of leaving the run waiting.
      worker.addEventListener("error", (event) =>
        listener({ id, kind: "error", code: "WORKER_FAILED", message: event.message || "analysis worker failed" }),
      );
    },
    terminate: () => worker.terminate(),
  };
}

/** Runs the analysis in this thread, one decision per timer tick, so that stopping can come in between. */
export function inPageWorker(): AnalysisWorker {
  const listeners: ((reply: AnalysisReply) => void)[] = [];
  let ended = false;
  return {
    post(request) {
      void import("./runner.js").then(({ analysisReplies }) => {
        const replies = analysisReplies(request);
        const next = () => {
          if (ended) return;
          const step = replies.next();
          if (step.done) return;
          for (const listener of listeners) listener(step.value);
          setTimeout(next, 0);
        };
        next();
      });
    },
    onReply: (listener) => void listeners.push(listener),
    terminate: () => void (ended = true),
  };
}

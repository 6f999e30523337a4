import {
  type Action,
  type GameEvent,
  type MatchState,
  type Move,
  type Rules,
  Rng,
  applyAction,
  dealRound,
  makeRecord,
  newMatch,
  phaseOf,
  viewFor,
} from "@schwimmen/rules";
import { createStore } from "../store.js";
import type { Lang } from "../settings.js";
import type { BotReply, BotRequest } from "./bot-protocol.js";
import { type GameController, type Hint, type SeatInfo, type TableModel, appendLog, emptyModel } from "./model.js";

export interface LocalGameOptions {
  readonly rules: Rules;
  /** Seat 0 is the person; seats 1.. are bots with these levels. */
  readonly names: readonly string[];
  readonly levels: readonly string[];
  /** Milliseconds a bot waits before acting (read at each move, so a speed change applies at once). */
  readonly delay: () => number;
  /** Where bots think: the worker in the page, a direct call in tests. */
  readonly ask: (request: BotRequest) => Promise<BotReply>;
  /** Fresh randomness for the match seed; crypto in the page, fixed in tests. */
  readonly seed?: string;
}

const HUMAN = 0;

export function randomSeed(): string {
  const bytes = new Uint32Array(4);
  crypto.getRandomValues(bytes);
  return [...bytes].map((n) => n.toString(16).padStart(8, "0")).join("");
}

/**
 * A match against the computer that runs entirely in the page: the true state lives here, the table sees the
 * person's view, each bot decides from its own seat's view. No server is asked for anything.
 */
export function createLocalGame(options: LocalGameOptions): GameController {
  const players: SeatInfo[] = options.names.map((name, seat) =>
    seat === HUMAN ? { name } : { name, bot: options.levels[seat - 1] ?? "random" },
  );
  const store = createStore<TableModel>({ ...emptyModel("local"), seat: HUMAN, players, canRematch: true });
  let state: MatchState;
  let matchSeed = options.seed ?? randomSeed();
  let rng = Rng.fromSeed(matchSeed);
  let generation = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let nextRequest = 1;
  let disposed = false;

  const publish = (events: readonly GameEvent[], error: string | null = null) => {
    const model = store.get();
    store.set({ ...model, view: viewFor(state, HUMAN), log: appendLog(model.log, events), error });
    scheduleBot();
  };

  const begin = () => {
    const dealer = rng.below(options.names.length);
    const created = newMatch({ rules: options.rules, seats: options.names.length, dealer, seed: rng.nextSeed() });
    if (!created.ok) {
      store.set({ ...store.get(), error: created.error.message });
      return;
    }
    state = created.value;
    store.set({ ...store.get(), log: [] });
    deal();
  };

  const deal = () => {
    const dealt = dealRound(state);
    if (!dealt.ok) return publish([], dealt.error.message);
    state = dealt.value.state;
    publish(dealt.value.events);
  };

  const apply = (action: Action) => {
    const applied = applyAction(state, action);
    if (!applied.ok) return publish([], applied.error.message);
    state = applied.value.state;
    publish(applied.value.events);
  };

  function scheduleBot() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const phase = phaseOf(state);
    if (disposed || (phase !== "playing" && phase !== "choosing")) return;
    const seat = state.round?.toAct;
    if (seat === undefined || seat === HUMAN) return;
    const mine = ++generation;
    timer = setTimeout(() => {
      timer = null;
      const request: BotRequest = {
        id: nextRequest++,
        kind: "decide",
        match: matchSeed,
        seat,
        level: players[seat]?.bot ?? "random",
        view: viewFor(state, seat),
        seed: rng.nextSeed(),
      };
      void options.ask(request).then((reply) => {
        if (disposed || mine !== generation) return;
        if (!reply.ok || !reply.action) return publish([], reply.ok ? "bot gave no action" : reply.message);
        apply(reply.action);
      });
    }, options.delay());
  }

  begin();

  return {
    store,
    act(move: Move) {
      if (phaseOf(state) === "dealing" || state.round?.toAct !== HUMAN) return;
      apply({ ...move, seat: HUMAN } as Action);
    },
    nextRound() {
      if (phaseOf(state) === "dealing" && !state.over) deal();
    },
    rematch() {
      void options.ask({ id: nextRequest++, kind: "forget", match: matchSeed });
      generation++;
      matchSeed = randomSeed();
      rng = Rng.fromSeed(matchSeed);
      begin();
    },
    start() {},
    hint: async (lang: Lang): Promise<Hint | null> => {
      const view = viewFor(state, HUMAN);
      if (view.legal.length === 0) return null;
      const reply = await options.ask({ id: nextRequest++, kind: "hint", view, seed: rng.nextSeed(), lang });
      if (!reply.ok || !reply.action) return null;
      const { seat: _seat, ...move } = reply.action;
      return { move: move as Move, why: reply.why };
    },
    record: async () => makeRecord(state, options.names),
    dispose() {
      disposed = true;
      if (timer !== null) clearTimeout(timer);
      void options.ask({ id: nextRequest++, kind: "forget", match: matchSeed });
    },
  };
}

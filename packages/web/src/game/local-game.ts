import type { OptionAnalysis } from "@schwimmen/bots";
import {
  type Action,
  type GameEvent,
  type MatchState,
  type Move,
  type Ledger,
  type Rules,
  Rng,
  applyAction,
  dealRound,
  drawForDealer,
  lotShowMs,
  makeRecord,
  newMatch,
  phaseOf,
  replayRecord,
  viewFor,
} from "@schwimmen/rules";
import { createStore } from "../store.js";
import type { Lang } from "../settings.js";
import type { BotReply, BotRequest } from "./bot-protocol.js";
import {
  type GameController,
  type Hint,
  type MoveJudgement,
  type SeatInfo,
  type TableModel,
  appendLog,
  emptyModel,
} from "./model.js";
import type { SavedMatch } from "./saved-match.js";
import { localKasse, lotView, settleLocal, withPot } from "../stakes/kasse.js";

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
  /** A match saved earlier to go on with (names and levels then come from it); a broken one starts afresh. */
  readonly resume?: SavedMatch | null;
  /** Called after every change with the match to keep, or null once it is over. */
  readonly save?: (match: SavedMatch | null) => void;
  /** Play money per life lost, in cents (0 or absent: no stakes); a resumed match keeps its own. */
  readonly stake?: number;
  /** Each match's first dealer is drawn by lot. */
  readonly dealerByLot?: boolean;
  /** Where the Kasse is kept across rematches and reloads (stakes/local-ledger.ts). */
  readonly ledger?: { load(): Ledger; save(ledger: Ledger): void };
}

const HUMAN = 0;
/** Thinking time of a bot while the person skips to the end: the rounds then pass in a moment. */
const SKIP_BUDGET_MS = 60;

/** The state a saved match stood at, or null when its record no longer replays or does not fit. */
function restore(saved: SavedMatch): MatchState | null {
  const replayed = replayRecord(saved.record);
  if (!replayed.ok || replayed.value.players.length !== saved.names.length) return null;
  const state = { ...replayed.value.state, rng: saved.dealRng };
  return state.over || state.round === null ? null : state;
}

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
  const resumed = options.resume ? restore(options.resume) : null;
  // The kept match, if it could be restored; otherwise a new one from the options.
  const kept = resumed ? (options.resume ?? null) : null;
  const names = kept ? kept.names : options.names;
  const levels = kept ? kept.levels : options.levels;
  const rules = resumed ? resumed.rules : options.rules;
  const players: SeatInfo[] = names.map((name, seat) =>
    seat === HUMAN ? { name } : { name, bot: levels[seat - 1] ?? "random" },
  );
  const stake = kept?.stake ?? options.stake ?? 0;
  let ledger = options.ledger?.load() ?? [];
  let settled = false;
  let kasse = localKasse(ledger, stake);
  const store = createStore<TableModel>({ ...emptyModel("local"), seat: HUMAN, players, canRematch: true, kasse });
  let state: MatchState;
  let matchSeed = kept ? kept.matchSeed : (options.seed ?? randomSeed());
  let rng = kept ? new Rng(kept.rng, false) : Rng.fromSeed(matchSeed);
  let generation = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let nextRequest = 1;
  let disposed = false;
  let skipping = false;

  const save = () => {
    if (!options.save || disposed) return;
    if (state.over) return options.save(null);
    options.save({
      version: 1,
      names,
      levels,
      matchSeed,
      rng: rng.state(),
      dealRng: state.rng,
      record: makeRecord(state, names),
      log: store.get().log,
      round: (state.round?.index ?? 0) + 1,
      lives: state.lives[HUMAN] ?? 0,
      savedAt: Date.now(),
      ...(stake > 0 ? { stake } : {}),
    });
  };

  /** A match with a stake that has just ended goes into the Kasse, once. */
  const settle = () => {
    if (!state.over || settled) return;
    settled = true;
    ledger = settleLocal(ledger, state, stake, names);
    options.ledger?.save(ledger);
    kasse = localKasse(ledger, stake);
  };

  const publish = (events: readonly GameEvent[], error: string | null = null) => {
    settle();
    kasse = withPot(kasse, state);
    const model = store.get();
    store.set({ ...model, view: viewFor(state, HUMAN), log: appendLog(model.log, events), error, skipping, kasse });
    save();
    scheduleBot();
  };

  const begin = () => {
    // The lot takes its own seed from the match's generator; without it the dealer is picked as before.
    const lot = options.dealerByLot ? drawForDealer(names.length, rules.deck, rules.decks, rng.nextSeed()) : null;
    const dealer = lot ? lot.dealer : rng.below(names.length);
    settled = false;
    const created = newMatch({ rules, seats: names.length, dealer, seed: rng.nextSeed() });
    if (!created.ok) {
      store.set({ ...store.get(), error: created.error.message });
      return;
    }
    state = created.value;
    store.set({ ...store.get(), log: [], lot: lot ? lotView(lot) : null });
    // At a readable speed the first deal waits while the lot is shown over the empty table, so that no bot moves
    // under it.
    if (lot === null || options.delay() === 0) return deal();
    publish([]);
    const mine = ++generation;
    timer = setTimeout(() => {
      timer = null;
      if (!disposed && mine === generation && phaseOf(state) === "dealing" && state.round === null) deal();
    }, lotShowMs(lot));
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

  const decide = (seat: number, budgetMs?: number): Promise<BotReply> =>
    options.ask({
      id: nextRequest++,
      kind: "decide",
      match: matchSeed,
      seat,
      level: players[seat]?.bot ?? "random",
      view: viewFor(state, seat),
      seed: rng.nextSeed(),
      ...(budgetMs === undefined ? {} : { budgetMs }),
    });
  const botError = (reply: BotReply) => (reply.ok ? "bot gave no action" : reply.message);

  function scheduleBot() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const phase = phaseOf(state);
    if (disposed || skipping || (phase !== "playing" && phase !== "choosing")) return;
    const seat = state.round?.toAct;
    if (seat === undefined || seat === HUMAN) return;
    const mine = ++generation;
    timer = setTimeout(() => {
      timer = null;
      void decide(seat).then((reply) => {
        if (disposed || mine !== generation) return;
        if (!reply.ok || !reply.action) return publish([], botError(reply));
        apply(reply.action);
      });
    }, options.delay());
  }

  /** The bots play every remaining round without pauses; the table shows only where the match ends. */
  async function playToEnd() {
    const events: GameEvent[] = [];
    let error: string | null = null;
    while (!state.over && error === null) {
      let step: ReturnType<typeof dealRound> | null;
      if (phaseOf(state) === "dealing") step = dealRound(state);
      else {
        const seat = state.round?.toAct ?? HUMAN;
        const reply = seat === HUMAN ? null : await decide(seat, SKIP_BUDGET_MS);
        if (disposed) return;
        if (!reply?.ok || !reply.action) error = reply ? botError(reply) : "no bot for this seat";
        step = reply?.ok && reply.action ? applyAction(state, reply.action) : null;
      }
      if (step && !step.ok) error = step.error.message;
      else if (step) {
        state = step.value.state;
        events.push(...step.value.events);
      }
    }
    skipping = false;
    publish(events, error);
  }

  if (resumed && kept) {
    state = resumed;
    store.set({ ...store.get(), log: kept.log });
    publish([]);
  } else begin();

  return {
    store,
    act(move: Move) {
      if (phaseOf(state) === "dealing" || state.round?.toAct !== HUMAN) return;
      apply({ ...move, seat: HUMAN } as Action);
    },
    nextRound() {
      if (phaseOf(state) === "dealing" && !state.over && !skipping) deal();
    },
    skipToEnd() {
      if (skipping || disposed || state.over || state.status[HUMAN] !== "out") return;
      skipping = true;
      generation++;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      store.set({ ...store.get(), skipping: true });
      void playToEnd();
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
    estimates: async (): Promise<readonly OptionAnalysis[] | null> => {
      const view = viewFor(state, HUMAN);
      if (view.legal.length < 2) return null;
      const reply = await options.ask({ id: nextRequest++, kind: "coach", view });
      return reply.ok ? (reply.options ?? null) : null;
    },
    judge: async (move: Move): Promise<MoveJudgement | null> => {
      const view = viewFor(state, HUMAN);
      if (view.legal.length < 2) return null;
      const played = { ...move, seat: HUMAN } as Action;
      const reply = await options.ask({ id: nextRequest++, kind: "coach", view, played });
      if (!reply.ok || !reply.judged) return null;
      const { seat: _seat, ...best } = reply.judged.best;
      return { label: reply.judged.label, loss: reply.judged.loss, best: best as Move };
    },
    record: async () => makeRecord(state, names),
    clearKasse() {
      ledger = [];
      options.ledger?.save(ledger);
      kasse = withPot(localKasse(ledger, stake), state);
      store.set({ ...store.get(), kasse });
    },
    dispose() {
      disposed = true;
      if (timer !== null) clearTimeout(timer);
      void options.ask({ id: nextRequest++, kind: "forget", match: matchSeed });
    },
  };
}

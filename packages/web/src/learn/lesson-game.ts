import {
  type Action,
  type GameEvent,
  type MatchState,
  type Move,
  applyAction,
  makeRecord,
  phaseOf,
  viewFor,
} from "@schwimmen/rules";
import { type GameController, type TableModel, appendLog, emptyModel } from "../game/model.js";
import { type Store, createStore } from "../store.js";
import { type Lesson, type TurnKind, sameMove, startLesson } from "./lessons.js";

const YOU = 0;

/** Where the lesson stands: your step, the kind of a wrong move just tried (explained, not played), the end. */
export interface CoachState {
  readonly step: number;
  readonly wrong: TurnKind | null;
  /** Counts wrong tries, so that the same mistake twice is still news. */
  readonly tries: number;
  readonly done: boolean;
}

export interface LessonGame extends GameController {
  readonly coach: Store<CoachState>;
}

/**
 * One lesson at the real table: the prepared deal in play, your moves compared with the lesson's (a wrong one is
 * explained and not played), the opponents' moves from the lesson's script. Everything runs in the page.
 */
export function createLessonGame(lesson: Lesson, names: readonly string[], delay: () => number): LessonGame {
  let state: MatchState = startLesson(lesson);
  const players = names.map((name, seat) => (seat === YOU ? { name } : { name, bot: "greedy" }));
  const store = createStore<TableModel>({ ...emptyModel("local"), seat: YOU, players });
  const coach = createStore<CoachState>({ step: 0, wrong: null, tries: 0, done: false });
  let scripted = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const publish = (events: readonly GameEvent[], error: string | null = null) => {
    const model = store.get();
    store.set({ ...model, view: viewFor(state, YOU), log: appendLog(model.log, events), error });
    if (phaseOf(state) !== "playing") coach.update((c) => ({ ...c, wrong: null, done: true }));
    else if (state.round?.toAct !== YOU) timer = setTimeout(opponent, delay());
  };

  const apply = (action: Action) => {
    const applied = applyAction(state, action);
    if (!applied.ok) return publish([], applied.error.message);
    state = applied.value.state;
    publish(applied.value.events);
  };

  function opponent() {
    timer = null;
    const action = lesson.script[scripted++];
    if (action) apply(action);
    else publish([], "the lesson has no move for this seat");
  }

  publish([]);

  return {
    store,
    coach,
    act(move: Move) {
      if (phaseOf(state) !== "playing" || state.round?.toAct !== YOU) return;
      const { step, tries } = coach.get();
      const expected = lesson.steps[step]?.expect ?? [];
      if (!expected.some((right) => sameMove(right, move))) {
        if (move.type === "swap" || move.type === "swapAll" || move.type === "pass" || move.type === "knock")
          coach.set({ step, wrong: move.type, tries: tries + 1, done: false });
        return;
      }
      coach.set({ step: step + 1, wrong: null, tries, done: false });
      apply({ ...move, seat: YOU } as Action);
    },
    nextRound() {},
    rematch() {},
    start() {},
    hint: null,
    record: async () => makeRecord(state, names),
    dispose() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}

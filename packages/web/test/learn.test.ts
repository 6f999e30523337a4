import {
  type Action,
  type Card,
  type MatchState,
  DEFAULT_RULES,
  applyAction,
  handValue,
  legalActions,
  makeRecord,
  replayRecord,
} from "@schwimmen/rules";
import { describe, expect, it } from "vitest";
import { createLessonGame } from "../src/learn/lesson-game.js";
import { LESSONS, type Lesson, buildDeal, sameMove, startLesson } from "../src/learn/lessons.js";
import { learnDe } from "../src/learn/lessons.de.js";
import { learnEn } from "../src/learn/lessons.en.js";

const value = (hand: readonly Card[] | null | undefined) => handValue(hand ?? [], DEFAULT_RULES);
const legal = (state: MatchState, action: Action) => legalActions(state).some((a) => sameMove(a, action));

/** Plays a lesson as meant: your expected move at each of your turns, the script's move at the others'. */
function playLesson(lesson: Lesson) {
  let state = startLesson(lesson);
  const seen: { state: MatchState; action: Action }[] = [];
  let step = 0;
  let scripted = 0;
  while (state.round?.endReason === null) {
    const seat = state.round.toAct;
    const move = seat === 0 ? lesson.steps[step++]?.expect[0] : lesson.script[scripted++];
    if (!move) throw new Error(`no move for seat ${seat}`);
    const action = { ...move, seat } as Action;
    expect(legal(state, action), JSON.stringify(action)).toBe(true);
    seen.push({ state, action });
    const applied = applyAction(state, action);
    if (!applied.ok) throw new Error(applied.error.message);
    state = applied.value.state;
  }
  // Every step and every scripted move was used: the lesson's round ends exactly when planned.
  expect(step).toBe(lesson.steps.length);
  expect(scripted).toBe(lesson.script.length);
  return { start: startLesson(lesson), end: state, seen, result: state.finished.at(-1)!.result };
}

describe("the lessons of Spielen lernen", () => {
  it("deal the exact deck, start on your turn and replay as records", () => {
    for (const lesson of LESSONS) {
      const state = startLesson(lesson);
      expect(state.round?.endReason).toBeNull();
      expect(state.round?.toAct).toBe(0);
      expect(legalActions(state).length).toBeGreaterThan(3);
      const { end } = playLesson(lesson);
      const replayed = replayRecord(makeRecord(end, ["Du", "Lena", "Tom"].slice(0, lesson.seats)));
      expect(replayed.ok).toBe(true);
      for (const plan of [...lesson.before, lesson.deal])
        expect(buildDeal(plan).stock).toHaveLength(32 - 3 * (plan.hands.length + 1));
    }
  });

  it("every wrong move a step can explain is one the table offers", () => {
    for (const lesson of LESSONS) {
      for (const { state, action } of playLesson(lesson).seen) {
        if (action.seat !== 0) continue;
        const kinds = new Set(legalActions(state).map((a) => a.type));
        expect([...kinds].sort()).toEqual(["knock", "pass", "swap", "swapAll"]);
      }
    }
  });

  it("lesson 1: the hands are worth what the coach says", () => {
    const [lesson] = LESSONS;
    const { start, result } = playLesson(lesson!);
    const hands = start.round!.hands;
    expect(value(hands[0])).toBe(21); // ace and king of one suit; the seven of another does not count
    expect(value(hands[1])).toBe(30.5); // three kings
    expect(value(hands[2])).toBe(9);
    expect(result.endReason).toBe("thirtyOne");
    expect(result.values).toEqual([31, 30.5, 9]);
    expect(result.lifeLosses).toEqual([0, 0, 1]);
    expect(value(["Ac", "As", "Ah"])).toBeGreaterThan(31); // Feuer beats 31
  });

  it("lesson 2: all three swapped give 29, then one card gives 31; Tom has the least", () => {
    const { start, seen, result } = playLesson(LESSONS[1]!);
    expect(value(start.round!.hands[0])).toBe(9);
    expect(value(start.round!.middle)).toBe(29);
    const second = seen.filter((s) => s.action.seat === 0)[1]!.state;
    expect(value(second.round!.hands[0])).toBe(29);
    expect(second.round!.middle).toContain("Ts");
    expect(result.values[0]).toBe(31);
    expect(result.lifeLosses).toEqual([0, 0, 1]);
  });

  it("lesson 3: nothing in the middle helps 21, everyone passes, a fresh middle brings 31; Lena loses", () => {
    const lesson = LESSONS[2]!;
    const { start, seen, result } = playLesson(lesson);
    expect(value(start.round!.hands[0])).toBe(21);
    // No swap with this middle makes the hand worth more.
    for (const swap of legalActions(start).filter((a) => a.type === "swap")) {
      const applied = applyAction(start, swap);
      if (!applied.ok) throw new Error(applied.error.message);
      expect(value(applied.value.state.round!.hands[0])).toBeLessThanOrEqual(21);
    }
    const second = seen.filter((s) => s.action.seat === 0)[1]!.state;
    expect(second.round!.middle).toEqual(["Qc", "9s", "Th"]);
    expect(second.round!.discarded).toEqual(start.round!.middle);
    expect(result.values[0]).toBe(31);
    expect(result.lifeLosses).toEqual([0, 1, 0]);
  });

  it("lesson 4: knocking on 30 is legal at once; the others have one turn each and Tom loses", () => {
    const { start, result, seen } = playLesson(LESSONS[3]!);
    expect(value(start.round!.hands[0])).toBe(30);
    expect(legal(start, { seat: 0, type: "knock" })).toBe(true);
    expect(seen).toHaveLength(3);
    expect(result.endReason).toBe("knock");
    expect(result.values).toEqual([30, 28, 17]);
    expect(result.lifeLosses).toEqual([0, 0, 1]);
  });

  it("lesson 5: you have one life, Lena swims; your 31 puts her out and wins the match", () => {
    const { start, end, result } = playLesson(LESSONS[4]!);
    expect(start.lives).toEqual([1, 0]);
    expect(start.status).toEqual(["alive", "swimming"]);
    expect(start.finished).toHaveLength(5);
    expect(value(start.round!.hands[0])).toBe(20);
    expect(result.state).toEqual(["alive", "out"]);
    expect(end.over).toBe(true);
    expect(end.winner).toBe(0);
  });

  it("has words for every lesson and step in both languages, naming only cards the lesson names", () => {
    for (const texts of [learnDe, learnEn]) {
      expect(texts.lessons).toHaveLength(LESSONS.length);
      texts.lessons.forEach((text, i) => {
        const lesson = LESSONS[i]!;
        expect(text.steps).toHaveLength(lesson.steps.length);
        const all = [...text.done, ...text.steps.flatMap((s) => [...s.say, ...Object.values(s.wrong)])];
        for (const line of all) {
          for (const [, name] of line.matchAll(/\{(\w+)\}/g)) expect(lesson.cards, line).toHaveProperty(name!);
        }
      });
    }
  });
});

describe("a lesson at the table", () => {
  it("explains a wrong move without playing it, then takes the right one and plays the script", async () => {
    const game = createLessonGame(LESSONS[1]!, ["Du", "Lena", "Tom"], () => 0);
    const step = () => game.store.get().view!.history.length;
    game.act({ type: "pass" });
    expect(game.coach.get()).toMatchObject({ step: 0, wrong: "pass", tries: 1 });
    expect(step()).toBe(0);
    game.act({ type: "swapAll" });
    expect(game.coach.get()).toMatchObject({ step: 1, wrong: null });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(step()).toBe(3);
    expect(game.store.get().view!.toAct).toBe(0);
    game.act({ type: "swap", give: "8s", take: "Ts" });
    expect(game.coach.get().done).toBe(true);
    expect(game.store.get().view!.lastResult?.values[0]).toBe(31);
    game.dispose();
  });
});

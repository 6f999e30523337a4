import type { TurnKind } from "./lessons.js";

/** A lesson's words: one sentence at a time, `{name}` for a card the lesson names (said on the chosen faces). */
export interface LessonText {
  readonly title: string;
  /** One entry per step of the lesson: what to read before the move, and why another move is not the one. */
  readonly steps: readonly { readonly say: readonly string[]; readonly wrong: Partial<Record<TurnKind, string>> }[];
  /** Said once the round is over. */
  readonly done: readonly string[];
}

export interface LearnTexts {
  readonly heading: string;
  readonly lessonOf: string;
  readonly next: string;
  readonly nextLesson: string;
  readonly startMatch: string;
  /** Said after a wrong move when the step names no reason of its own. */
  readonly wrong: string;
  readonly tryAgain: string;
  readonly match: string;
  readonly lessons: readonly LessonText[];
}

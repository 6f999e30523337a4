import "../styles/learn.css";
import { DEFAULT_RULES } from "@schwimmen/rules";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import { cardLabel } from "../cards/names.js";
import { botAsk } from "../game/bot-client.js";
import { createLocalGame } from "../game/local-game.js";
import { openReplay } from "../game/replay-link.js";
import { fmt } from "../i18n/index.js";
import { SPEED_DELAY_MS, settings } from "../settings.js";
import { useStore } from "../store.js";
import { TableScreen } from "../table/table-screen.js";
import { type Ui, useUi } from "../ui.js";
import { type LessonGame, createLessonGame } from "./lesson-game.js";
import { LESSONS, type Lesson } from "./lessons.js";
import { learnDe } from "./lessons.de.js";
import { learnEn } from "./lessons.en.js";
import { markLearned } from "./progress.js";
import type { LearnTexts } from "./texts.js";

const OPPONENTS = ["Lena", "Tom"];
const delay = () => SPEED_DELAY_MS[settings.get().speed];
const textsFor = (ui: Ui): LearnTexts => (ui.lang === "de" ? learnDe : learnEn);

const replayLesson = (record: unknown) => openReplay(record);

/**
 * A round's result lies over the table, the coach above it: the table learns where the coach begins (`--coach-top`),
 * so that the result ends above it and its buttons stay in sight (learn.css). Returns the clean-up.
 */
function keepResultAbove(coach: HTMLElement | null): (() => void) | undefined {
  const table = coach?.parentElement;
  if (!coach || !table) return undefined;
  const place = () => table.style.setProperty("--coach-top", `${coach.offsetTop}px`);
  place();
  const watch = new ResizeObserver(place);
  // Its place moves when the table or anything in the column above it changes size.
  for (const part of [table, ...table.children]) watch.observe(part);
  return () => {
    watch.disconnect();
    table.style.removeProperty("--coach-top");
  };
}

interface CoachProps {
  readonly game: LessonGame;
  readonly lesson: Lesson;
  readonly index: number;
  readonly onNext: () => void;
}

/** The coach above your hand: one sentence at a time, why a move was not the one, and the way on. */
function Coach({ game, lesson, index, onNext }: CoachProps) {
  const ui = useUi();
  const texts = textsFor(ui);
  const text = texts.lessons[index]!;
  const coach = useStore(game.coach);
  const stage = coach.done ? "done" : String(coach.step);
  const [read, setRead] = useState({ stage, line: 0 });
  const line = read.stage === stage ? read.line : 0;
  const step = text.steps[coach.step];
  const lines = coach.done ? text.done : (step?.say ?? []);
  const last = line >= lines.length - 1;
  const cards = Object.fromEntries(
    Object.entries(lesson.cards).map(([name, card]) => [name, cardLabel(card, ui.lang, ui.faces)]),
  );
  const wrong = coach.wrong ? (step?.wrong[coach.wrong] ?? texts.wrong) : null;
  const final = index === LESSONS.length - 1;
  // Each new step starts at the coach's button ("Weiter" with Enter); the keys for moves work from anywhere.
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus({ preventScroll: true }), [stage]);
  const box = useRef<HTMLElement>(null);
  useLayoutEffect(() => keepResultAbove(box.current), []);
  return (
    <section
      ref={box}
      class={wrong ? "coach coach--wrong" : "coach"}
      aria-label={texts.heading}
      data-coach=""
      data-lesson={index + 1}
      data-stage={stage}
      data-wrong={coach.wrong ?? ""}
    >
      <p class="coach__title">{fmt(texts.lessonOf, { n: index + 1, of: LESSONS.length, title: text.title })}</p>
      <div class="coach__say" aria-live="polite">
        <p key={`${stage}:${line}:${coach.tries}`}>
          {wrong ? `${fmt(wrong, cards)} ${texts.tryAgain}` : fmt(lines[line] ?? "", cards)}
        </p>
      </div>
      {wrong ? null : !last ? (
        <button
          type="button"
          class="btn btn--small"
          ref={button}
          data-action="coach-next"
          onClick={() => setRead({ stage, line: line + 1 })}
        >
          {texts.next} →
        </button>
      ) : coach.done ? (
        <button
          type="button"
          class="btn btn--primary btn--small"
          ref={button}
          data-action="next-lesson"
          onClick={onNext}
        >
          {final ? texts.startMatch : texts.nextLesson}
        </button>
      ) : null}
    </section>
  );
}

function LessonTable({ index, onNext, onMenu }: { index: number; onNext: () => void; onMenu: () => void }) {
  const ui = useUi();
  const lesson = LESSONS[index]!;
  const game = useMemo(
    () => createLessonGame(lesson, [ui.settings.name, ...OPPONENTS].slice(0, lesson.seats), delay),
    [lesson],
  );
  useEffect(() => () => game.dispose(), [game]);
  const { done } = useStore(game.coach);
  useEffect(() => {
    if (done && index === LESSONS.length - 1) markLearned();
  }, [done]);
  return (
    <TableScreen
      game={game}
      onMenu={onMenu}
      onReplay={replayLesson}
      coach={<Coach game={game} lesson={lesson} index={index} onNext={onNext} />}
    />
  );
}

/** The first real match after the lessons: the standard rules, two Beginner bots. */
function FirstMatch({ onMenu }: { onMenu: () => void }) {
  const ui = useUi();
  const game = useMemo(
    () =>
      createLocalGame({
        rules: DEFAULT_RULES,
        names: [ui.settings.name, ...OPPONENTS],
        levels: ["greedy", "greedy"],
        delay,
        ask: botAsk(),
      }),
    [],
  );
  useEffect(() => () => game.dispose(), [game]);
  const header = (
    <p class="coach coach--match" data-first-match="">
      {textsFor(ui).match}
    </p>
  );
  return <TableScreen game={game} onMenu={onMenu} onReplay={replayLesson} header={header} />;
}

/** "Spielen lernen": the five lessons at the real table, one after another, then a first match. */
export function LearnScreen({ onMenu, params }: { onMenu: () => void; params: URLSearchParams }) {
  const asked = Number(params.get("lesson") ?? "1");
  const [index, setIndex] = useState(() =>
    Number.isInteger(asked) && asked >= 1 && asked <= LESSONS.length ? asked - 1 : 0,
  );
  if (index >= LESSONS.length) return <FirstMatch onMenu={onMenu} />;
  return <LessonTable key={index} index={index} onNext={() => setIndex(index + 1)} onMenu={onMenu} />;
}

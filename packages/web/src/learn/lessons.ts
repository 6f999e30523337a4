import {
  type Action,
  type Card,
  type Deal,
  type MatchState,
  type Move,
  DEFAULT_RULES,
  dealRound,
  deckCards,
  newMatch,
} from "@schwimmen/rules";

/** The four kinds of turn a lesson can ask for or explain. */
export type TurnKind = "swap" | "swapAll" | "pass" | "knock";

/** A deal written out: one hand per seat ("Ah Kh 7s"), the middle, and the stock's top cards (the rest follows). */
export interface DealPlan {
  readonly hands: readonly string[];
  readonly middle: string;
  readonly stock?: string;
}

export interface LessonStep {
  /** The moves that count as right here (the lesson compares; the table offers only legal moves anyway). */
  readonly expect: readonly Move[];
}

export interface Lesson {
  readonly seats: number;
  /** Who deals the match's first round. */
  readonly dealer: number;
  /** Rounds dealt before the lesson's own, each over as dealt (31 in a hand): they set the lives the lesson needs. */
  readonly before: readonly DealPlan[];
  readonly deal: DealPlan;
  /** Your turns, in order. */
  readonly steps: readonly LessonStep[];
  /** The opponents' moves, in the order they come. */
  readonly script: readonly Action[];
  /** Cards the lesson's sentences name: `{give}` in a text stands for the card under that name. */
  readonly cards: Readonly<Record<string, Card>>;
}

const cards = (text: string): Card[] => text.split(" ").filter(Boolean) as Card[];

/** The exact deck as a deal: the cards named, then every other card of the deck in its fixed order. */
export function buildDeal(plan: DealPlan): Deal {
  const hands = plan.hands.map(cards);
  const middle = cards(plan.middle);
  const top = cards(plan.stock ?? "");
  const named = new Set<Card>([...hands.flat(), ...middle, ...top]);
  return { hands, middle, stock: [...top, ...deckCards(DEFAULT_RULES.deck).filter((card) => !named.has(card))] };
}

const swap = (give: Card, take: Card): Move => ({ type: "swap", give, take });
const by = (seat: number, move: Move): Action => ({ ...move, seat }) as Action;
const PASS: Move = { type: "pass" };

/** The five lessons (the house rules are the standard ones; seat 0 is you, then Lena and Tom). */
export const LESSONS: readonly Lesson[] = [
  // 1. What a hand is worth: one suit counts; 31 ends the round; three kings are 30½.
  {
    seats: 3,
    dealer: 2,
    before: [],
    deal: { hands: ["Ah Kh 7s", "Kc Ks Kd", "7c 8h 9d"], middle: "Qh 8d 9c" },
    steps: [{ expect: [swap("7s", "Qh")] }],
    script: [],
    cards: { give: "7s", take: "Qh", ace: "Ah", king: "Kh" },
  },
  // 2. Swapping all three, then one card.
  {
    seats: 3,
    dealer: 2,
    before: [],
    deal: { hands: ["7c 8d 9h", "Ts Jc Qc", "7d 9d Jh"], middle: "As Ks 8s" },
    steps: [{ expect: [{ type: "swapAll" }] }, { expect: [swap("8s", "Ts")] }],
    script: [by(1, swap("Ts", "7c")), by(2, PASS)],
    cards: { give: "8s", take: "Ts" },
  },
  // 3. Passing; when everyone passes, three fresh cards come to the middle.
  {
    seats: 3,
    dealer: 2,
    before: [],
    deal: { hands: ["Ac Kc 8h", "7h 9h Jd", "Ts Js 7s"], middle: "7d 8s 9d", stock: "Qc 9s Th" },
    steps: [{ expect: [PASS] }, { expect: [swap("8h", "Qc")] }],
    script: [by(1, PASS), by(2, PASS)],
    cards: { give: "8h", take: "Qc" },
  },
  // 4. Knocking with a strong hand: everyone else gets one more turn, then the hands are shown.
  {
    seats: 3,
    dealer: 2,
    before: [],
    deal: { hands: ["Ah Kh 9h", "Qd Td 7s", "8c 9c 7h"], middle: "7c 8d Js" },
    steps: [{ expect: [{ type: "knock" }] }],
    script: [by(1, swap("7s", "8d")), by(2, PASS)],
    cards: {},
  },
  // 5. Lives, swimming and the end: five short rounds leave you with one life and Lena swimming.
  {
    seats: 2,
    dealer: 0,
    before: [
      { hands: ["7c 8d 9s", "Ah Kh Qh"], middle: "7h 8h 9h" },
      { hands: ["As Ks Qs", "7c 8d 9h"], middle: "7s 8s 9s" },
      { hands: ["7c 8d 9s", "Ad Kd Qd"], middle: "7d Jd 9d" },
      { hands: ["Ac Kc Qc", "7s 8d 9h"], middle: "7c 8c 9c" },
      { hands: ["Ah Kh Th", "7s 8d 9c"], middle: "7h 8h 9h" },
    ],
    deal: { hands: ["Qd Kd 8c", "Tc Jc 7h"], middle: "Ad 7s 9h" },
    steps: [{ expect: [swap("8c", "Ad")] }],
    script: [],
    cards: { give: "8c", take: "Ad" },
  },
];

export const sameMove = (a: Move, b: Move): boolean =>
  a.type === b.type && (a.type !== "swap" || (b.type === "swap" && a.give === b.give && a.take === b.take));

/** The match at the start of a lesson: the rounds before dealt and over, the lesson's round dealt and in play. */
export function startLesson(lesson: Lesson): MatchState {
  const created = newMatch({ rules: DEFAULT_RULES, seats: lesson.seats, dealer: lesson.dealer });
  if (!created.ok) throw new Error(created.error.message);
  let state = created.value;
  for (const plan of [...lesson.before, lesson.deal]) {
    const dealt = dealRound(state, { deal: buildDeal(plan) });
    if (!dealt.ok) throw new Error(dealt.error.message);
    state = dealt.value.state;
  }
  return state;
}

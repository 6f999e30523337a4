// Usage: npx tsx --conditions=source packages/bots/scripts/sampler-fit.ts [matches] [opponent level]
// How well the sampler guesses hidden hands: the expert plays against three opponents, and at each of its decisions
// three opponent models (the plain greedy doubts, the same cubed, and the expert's) draw hands, which are scored against the true ones.
// Much faster and less noisy than the arena for tuning the sampler (lower is better in both figures).
import {
  type Card,
  DEFAULT_RULES,
  type MatchState,
  Rng,
  applyAction,
  dealRound,
  handValue,
  newMatch,
  viewFor,
} from "@schwimmen/rules";
import { createBot, isBotLevel } from "../src/index.js";
import { EXPERT_DEFAULTS as E, doubtsOf } from "../src/expert.js";
import { type Doubts, type SamplerModel, GREEDY_DOUBTS, sampleWorld } from "../src/sampler.js";
import { trackRound } from "../src/tracker.js";

const matches = Number(process.argv[2] ?? 150);
const opponent = process.argv[3] ?? "tactician";
if (!isBotLevel(opponent)) throw new Error(`unknown level ${opponent}`);
const expertDoubts = doubtsOf(E);
// The greedy doubts cubed: what the expert believed before careful players were modelled.
const cubed = Object.fromEntries(Object.entries(GREEDY_DOUBTS).map(([k, v]) => [k, v ** 3])) as unknown as Doubts;
const models: Record<string, SamplerModel> = {
  greedy: { tries: E.sampleTries, doubts: () => GREEDY_DOUBTS },
  cubed: { tries: E.sampleTries, doubts: () => cubed },
  expert: { tries: E.sampleTries, doubts: () => expertDoubts, turnsChecked: E.turnsChecked },
};
const DRAWS = 40;
const score = Object.fromEntries(Object.keys(models).map((k) => [k, { brier: 0, error: 0 }]));
let guesses = 0;
const rng = Rng.fromSeed("sampler-fit");
for (let m = 0; m < matches; m++) {
  const levels = ["expert", opponent, opponent, opponent].map((_, s, all) => all[(s - (m % 4) + 4) % 4]!);
  let state = newMatch({ rules: DEFAULT_RULES, seats: 4, seed: `fit-${m}` }).value as MatchState;
  const bots = levels.map((level) => createBot(level as "expert"));
  const rngs = levels.map((_, s) => Rng.fromSeed(`fit-${m}/${s}`));
  while (!state.over) {
    if (!state.round || state.round.endReason) {
      state = dealRound(state).value!.state;
      continue;
    }
    const round = state.round;
    const seat = round.toAct;
    const view = viewFor(state, seat);
    if (levels[seat] === "expert" && view.phase === "playing" && view.legal.length > 1) {
      const mine = handValue(view.hand!, view.rules);
      const tracking = trackRound(view);
      const others = round.hands.flatMap((h, s) => (h && s !== seat ? [s] : []));
      for (const [name, model] of Object.entries(models)) {
        const draws = Array.from({ length: DRAWS }, () => sampleWorld(view, tracking, rng, model).hands);
        for (const s of others) {
          const truth = handValue(round.hands[s]!, view.rules);
          const values = draws.map((hands) => handValue(hands[s] as Card[], view.rules));
          const below = values.filter((v) => v < mine).length / DRAWS;
          score[name]!.brier += (below - (truth < mine ? 1 : 0)) ** 2;
          score[name]!.error += Math.abs(values.reduce((a, b) => a + b, 0) / DRAWS - truth);
        }
      }
      guesses += others.length;
    }
    state = applyAction(state, bots[seat]!.decide(view, { rng: rngs[seat]! })).value!.state;
  }
}
console.log(`${guesses} hidden hands guessed against ${opponent}, ${DRAWS} draws each`);
for (const [name, s] of Object.entries(score)) {
  const brier = (s.brier / guesses).toFixed(4);
  console.log(
    `${name.padEnd(7)} Brier of "below my hand" ${brier}   mean error of the hand value ${(s.error / guesses).toFixed(2)}`,
  );
}

import { Rng, newMatch, dealRound, viewFor, applyAction, worldFromView, type MatchState } from "@schwimmen/rules";
import { createBot } from "../src/index.js";
import { equity, playOut, greedyPolicy } from "../src/rollout.js";
import { trackRound } from "../src/tracker.js";
let bad = 0,
  checked = 0,
  knownBad = 0;
for (let m = 0; m < 30; m++) {
  let st: MatchState = newMatch({ seats: 4, seed: "d" + m }).value as MatchState;
  const bots = [0, 1, 2, 3].map(() => createBot("greedy"));
  const rng = Rng.fromSeed("x");
  while (!st.over) {
    if (!st.round || st.round.endReason) {
      st = dealRound(st).value!.state;
      continue;
    }
    const seat = st.round.toAct;
    const view = viewFor(st, seat);
    const r = st.round;
    const tr = trackRound(view);
    tr.known.forEach((set, s) => {
      for (const c of set) if (!r.hands[s]!.includes(c)) knownBad++;
    });
    const world = worldFromView(view, { hands: r.hands, stock: r.stock.slice(r.stockTop), extra: r.extra })!;
    for (const a of view.legal) {
      const x = applyAction(st, a),
        y = applyAction(world, a);
      if (!x.ok || !y.ok) {
        bad++;
        continue;
      }
      const ex = equity(
        playOut(
          x.value.state,
          greedyPolicy(() => 27),
        ),
        seat,
      );
      const ey = equity(
        playOut(
          y.value.state,
          greedyPolicy(() => 27),
        ),
        seat,
      );
      checked++;
      if (Math.abs(ex - ey) > 1e-9) bad++;
    }
    st = applyAction(st, bots[seat]!.decide(view, { rng })).value!.state;
  }
}
console.log({ bad, checked, knownBad });

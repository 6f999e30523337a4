import { Rng, newMatch, dealRound, viewFor, applyAction, handValue, type MatchState } from "@schwimmen/rules";
import { createBot } from "../src/index.js";
const levels = (process.argv[2] ?? "expert,greedy,greedy,greedy").split(",");
const stats: Record<
  string,
  { rounds: number; lost: number; knocks: number; kv: number; actions: Record<string, number> }
> = {};
for (let m = 0; m < Number(process.argv[3] ?? 40); m++) {
  let st: MatchState = newMatch({ seats: levels.length, seed: "d" + m, dealer: m % levels.length }).value as MatchState;
  const bots = levels.map((l) => createBot(l as "greedy"));
  const rngs = levels.map((_, i) => Rng.fromSeed("r" + m + i));
  while (!st.over) {
    if (!st.round || st.round.endReason) {
      st = dealRound(st).value!.state;
      if (st.round!.endReason) continue;
      levels.forEach((l) => {
        stats[l] ??= { rounds: 0, lost: 0, knocks: 0, kv: 0, actions: {} };
      });
      continue;
    }
    const seat = st.round.toAct;
    const a = bots[seat]!.decide(viewFor(st, seat), { rng: rngs[seat]! });
    const S = stats[levels[seat]!]!;
    S.actions[a.type] = (S.actions[a.type] ?? 0) + 1;
    if (a.type === "knock") {
      S.knocks++;
      S.kv += handValue(st.round.hands[seat]!, st.rules);
    }
    const r = applyAction(st, a);
    st = r.value!.state;
    if (st.round!.endReason) {
      const res = st.finished[st.finished.length - 1]!.result;
      res.lifeLosses.forEach((l, i) => {
        if (res.hands[i]) {
          stats[levels[i]!]!.rounds++;
          stats[levels[i]!]!.lost += l;
        }
      });
    }
  }
}
for (const [k, S] of Object.entries(stats))
  console.log(
    k,
    "lossRate",
    (S.lost / S.rounds).toFixed(3),
    "knocks",
    S.knocks,
    "avgKnockV",
    (S.kv / S.knocks).toFixed(1),
    JSON.stringify(S.actions),
  );

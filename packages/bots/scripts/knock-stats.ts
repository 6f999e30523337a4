import { Rng, newMatch, dealRound, viewFor, applyAction, handValue, type MatchState } from "@schwimmen/rules";
import { createBot } from "../src/index.js";
const levels = (process.argv[2] ?? "expert,tactician,tactician,tactician").split(",");
const S: Record<
  string,
  { rounds: number; lost: number; knocks: number; kv: number[]; kturn: number; knockLost: number }
> = {};
for (const l of levels) S[l] = { rounds: 0, lost: 0, knocks: 0, kv: [], kturn: 0, knockLost: 0 };
for (let m = 0; m < Number(process.argv[3] ?? 60); m++) {
  let st = newMatch({ seats: levels.length, seed: "s" + m, dealer: m % levels.length }).value as MatchState;
  const bots = levels.map((l) => createBot(l as "greedy"));
  const rngs = levels.map((_, i) => Rng.fromSeed("r" + m + i));
  while (!st.over) {
    if (!st.round || st.round.endReason) {
      st = dealRound(st).value!.state;
      continue;
    }
    const seat = st.round.toAct;
    const a = bots[seat]!.decide(viewFor(st, seat), { rng: rngs[seat]! });
    if (a.type === "knock") {
      const x = S[levels[seat]!]!;
      x.knocks++;
      x.kv.push(handValue(st.round.hands[seat]!, st.rules));
      x.kturn += st.round.turns;
    }
    st = applyAction(st, a).value!.state;
    if (st.round!.endReason) {
      const res = st.finished[st.finished.length - 1]!.result;
      const k = st.round!.knocker;
      res.lifeLosses.forEach((l, i) => {
        if (res.hands[i]) {
          S[levels[i]!]!.rounds++;
          S[levels[i]!]!.lost += l > 0 ? 1 : 0;
          if (k === i && l > 0) S[levels[i]!]!.knockLost++;
        }
      });
    }
  }
}
for (const [k, x] of Object.entries(S))
  console.log(
    k.padEnd(10),
    "lossRate",
    (x.lost / x.rounds).toFixed(3),
    "knocks/round",
    (x.knocks / x.rounds).toFixed(3),
    "avgKnockV",
    (x.kv.reduce((a, b) => a + b, 0) / x.knocks).toFixed(1),
    "avgKnockTurn",
    (x.kturn / x.knocks).toFixed(1),
    "knockLostRate",
    (x.knockLost / x.knocks).toFixed(3),
  );

// Micro-benchmark: microseconds per sampled world and per fast play-out (npx tsx --conditions=source packages/bots/scripts/playout-speed.ts).
import { Rng, newMatch, dealRound, viewFor, applyAction, worldFromView, type MatchState } from "@schwimmen/rules";
import { equity, playOut, greedyPolicy } from "../src/rollout.js";
import { trackRound } from "../src/tracker.js";
import { sampleWorld } from "../src/sampler.js";
let st: MatchState = newMatch({ seats: 4, seed: "sp" }).value as MatchState;
st = dealRound(st).value!.state;
for (let i = 0; i < 5; i++)
  st = applyAction(
    st,
    viewFor(st, st.round!.toAct).legal.find((a) => a.type === "pass") ?? viewFor(st, st.round!.toAct).legal[0]!,
  ).value!.state;
const view = viewFor(st, st.round!.toAct);
const tr = trackRound(view);
const rng = Rng.fromSeed("a");
let t = performance.now();
const worlds = [];
for (let i = 0; i < 2000; i++) worlds.push(worldFromView(view, sampleWorld(view, tr, rng))!);
console.log("sample us", ((performance.now() - t) * 1000) / 2000);
const pol = greedyPolicy(() => 27);
t = performance.now();
let s = 0;
for (const w of worlds) s += equity(playOut(w, pol), 0);
console.log("playout us", ((performance.now() - t) * 1000) / 2000, s);

/**
 * Leaks: every frame each client gets during whole matches is checked against the truth (the match's record,
 * replayed). A frame to a seat may name only cards that seat has held or that lay open (and, once a round has
 * ended, every final hand); a spectator's only open cards; no frame names a seed before its round has ended.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Action,
  type Card,
  type Deal,
  type MatchState,
  applyAction,
  dealRound,
  newMatch,
  parseRules,
} from "@schwimmen/rules";
import { autoplay, getJson, isState, matchOver, testServer, watchedMatch } from "./helpers.js";

type Server = Awaited<ReturnType<typeof testServer>>;
interface RecordRound {
  deal: Deal;
  actions: Action[];
  seed: string;
}
interface MatchRecord {
  rules: unknown;
  players: string[];
  dealer: number;
  rounds: RecordRound[];
}

interface Known {
  open: Set<Card>;
  held: Set<Card>[];
  hands: readonly (readonly Card[] | null)[];
}

/** What was known when: the record replayed action by action. */
class Truth {
  private readonly starts: MatchState[] = [];
  private readonly cache = new Map<string, Known>();

  constructor(readonly record: MatchRecord) {
    const rules = parseRules(record.rules);
    if (!rules.ok) throw new Error("rules");
    const made = newMatch({ rules: rules.value, seats: record.players.length, dealer: record.dealer });
    if (!made.ok) throw new Error("match");
    let state = made.value;
    for (const round of record.rounds) {
      this.starts.push(state);
      state = this.play(state, round, round.actions.length).state;
    }
  }

  private play(start: MatchState, round: RecordRound, count: number) {
    const dealt = dealRound(start, { deal: round.deal });
    if (!dealt.ok) throw new Error(dealt.error.message);
    let state = dealt.value.state;
    const open = new Set<Card>();
    const held = Array.from({ length: state.seatCount }, () => new Set<Card>());
    const note = () => {
      const r = state.round!;
      for (const c of r.middle ?? []) open.add(c);
      for (const c of r.discarded) open.add(c);
      r.hands.forEach((h, seat) => h?.forEach((c) => held[seat]!.add(c)));
      // A hidden deal: the packet is seen by the seat that holds it (the seat to act), by nobody else.
      r.packet?.forEach((c) => held[r.toAct]!.add(c));
    };
    note();
    for (let i = 0; i < count; i++) {
      const applied = applyAction(state, round.actions[i]!);
      if (!applied.ok) throw new Error(applied.error.message);
      state = applied.value.state;
      note();
    }
    return { state, open, held };
  }

  /** Open cards and cards held per seat after `t` actions of round `r`, and the hands then. */
  at(r: number, t: number): Known {
    const key = `${r}:${t}`;
    let found = this.cache.get(key);
    if (!found) {
      const { state, open, held } = this.play(this.starts[r]!, this.record.rounds[r]!, t);
      found = { open, held, hands: state.round!.hands };
      this.cache.set(key, found);
    }
    return found;
  }

  /** Everything public once round `r` has ended: every card that lay open and every final hand. */
  ended(r: number): Set<Card> {
    const round = this.record.rounds[r]!;
    const { open, hands } = this.at(r, round.actions.length);
    const all = new Set<Card>(open);
    for (const h of hands) h?.forEach((c) => all.add(c));
    return all;
  }
}

const CARD = /"([2-9TJQKA][cshd])"/g;
const cardsIn = (text: string): Card[] => [...text.matchAll(CARD)].map((m) => m[1] as Card);

interface Seen {
  frames: readonly string[];
  seat: number | null;
}

function checkFrames(seen: Seen, truths: Map<number, Truth>): { frames: number; problems: string[] } {
  const problems: string[] = [];
  let frames = 0;
  for (const text of seen.frames) {
    const m = JSON.parse(text) as Record<string, unknown>;
    frames++;
    if (!isState(m as never)) {
      if (cardsIn(text).length > 0 && m.type !== "error") problems.push(`a ${String(m.type)} frame names cards`);
      continue;
    }
    const view = m.view as { round: number; phase: string; history: unknown[]; hand: Card[] | null };
    const match = (m.table as { match: number }).match;
    const truth = truths.get(match);
    if (!truth) {
      if (cardsIn(text).length > 0) problems.push(`a frame of match ${match} (lobby) names cards`);
      continue;
    }
    const r = view.round;
    const ended = view.phase === "dealing" || view.phase === "over";
    const allowed = new Set<Card>();
    if (r >= 0) {
      const now = truth.at(r, view.history.length);
      now.open.forEach((c) => allowed.add(c));
      if (seen.seat !== null) now.held[seen.seat]!.forEach((c) => allowed.add(c));
      if (ended) truth.ended(r).forEach((c) => allowed.add(c));
      if (r > 0) truth.ended(r - 1).forEach((c) => allowed.add(c));
      if (!ended && seen.seat !== null) {
        const own = now.hands[seen.seat] ?? null;
        if (JSON.stringify(own && [...own].sort()) !== JSON.stringify(view.hand && [...view.hand].sort())) {
          problems.push(`seat ${seen.seat} round ${r}: view.hand is not its hand`);
        }
      }
    }
    for (const card of cardsIn(text)) {
      if (!allowed.has(card)) problems.push(`seat ${seen.seat} match ${match} round ${r}: ${card} leaked`);
    }
    truth.record.rounds.forEach((round, k) => {
      const revealed = r > k || (r === k && ended);
      if (!revealed && text.includes(round.seed)) problems.push(`seed of round ${k} sent in round ${r}`);
    });
  }
  return { frames, problems };
}

describe("no frame leaks hidden cards or seeds", () => {
  let server: Server;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(async () => {
    await server?.cleanup();
  });

  const presets = ["standard", "dealerChooses", "knockOnly", "verdeckt", "grosseRunde"] as const;
  it.each(presets)("whole matches with preset %s, two players, two bots and a spectator", async (preset) => {
    const { host, guest, spectator, code } = await watchedMatch(server.url, preset);
    await host.request({ type: "rematch" });
    autoplay(host);
    autoplay(guest);
    await Promise.all([host, guest, spectator].map((c) => c.waitFor(matchOver(2), 60_000)));

    const truths = new Map<number, Truth>();
    for (const match of [1, 2]) {
      const { body } = await getJson(`${server.url}/api/tables/${code}/record?match=${match}`);
      truths.set(match, new Truth(body as MatchRecord));
    }
    let total = 0;
    for (const seen of [
      { frames: host.frames, seat: 0 },
      { frames: guest.frames, seat: 1 },
      { frames: spectator.frames, seat: null },
    ]) {
      const { frames, problems } = checkFrames(seen, truths);
      expect(problems.slice(0, 5)).toEqual([]);
      total += frames;
    }
    expect(total).toBeGreaterThan(50);

    // The check can fail: the host's frames with the guest's hand put in would be a leak.
    const playing = host.frames.find((text) => {
      const m = JSON.parse(text) as {
        type: string;
        view?: { phase: string; round: number };
        table?: { match: number };
      };
      return m.type === "update" && m.view?.phase === "playing" && m.table?.match === 1;
    })!;
    const m = JSON.parse(playing) as { view: { round: number; history: unknown[]; hand: Card[] } };
    const guestHand = truths.get(1)!.at(m.view.round, m.view.history.length).hands[1]!;
    m.view.hand = [...guestHand];
    expect(checkFrames({ frames: [JSON.stringify(m)], seat: 0 }, truths).problems.length).toBeGreaterThan(0);
    await Promise.all([host.close(), guest.close(), spectator.close()]);
  });
});

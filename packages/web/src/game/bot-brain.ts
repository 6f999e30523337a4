import {
  type Bot,
  ANALYSIS_WORLDS,
  BOT_LEVELS,
  EXPERT_DEFAULTS,
  KnockMemory,
  analyseDecision,
  createBot,
  isBotLevel,
} from "@schwimmen/bots";
import { Rng } from "@schwimmen/rules";
import { sameAction } from "../analysis/protocol.js";
import { type BotReply, type BotRequest, BOT_BUDGET_MS, HINT_LEVELS } from "./bot-protocol.js";

/** A level the registry knows, else the strongest it has of those a player may meet (the oracle sees all cards). */
export function availableLevel(level: string): string {
  if (isBotLevel(level) && level !== "oracle") return level;
  return HINT_LEVELS.find((l) => isBotLevel(l)) ?? BOT_LEVELS[0];
}

/** Bots of the matches in play, one per seat: bots may remember what they saw during a match. */
const bots = new Map<string, Bot>();

function botFor(match: string, seat: number, level: string): Bot {
  const key = `${match}:${seat}`;
  let bot = bots.get(key);
  if (!bot) {
    bot = createBot(availableLevel(level) as Parameters<typeof createBot>[0]);
    bots.set(key, bot);
  }
  return bot;
}

type Explaining = Bot & { explain?: (view: unknown, action: unknown, lang: "de" | "en") => string | undefined | null };

/** The analysis's estimates of every legal action of a view (best first), judged from that view alone. */
function coach({ id, view, played }: Extract<BotRequest, { kind: "coach" }>): BotReply {
  const memory = new KnockMemory();
  memory.observe(view);
  const chosen = played ? view.legal.find((a) => sameAction(a, played)) : undefined;
  const point = { round: view.round, index: view.history.length, view, played: chosen ?? view.legal[0]! };
  const { options, label, loss, best } = analyseDecision(point, memory, ANALYSIS_WORLDS, EXPERT_DEFAULTS);
  return { id, ok: true, action: null, why: null, options, judged: chosen ? { label, loss, best } : undefined };
}

/** Answers one request; runs in the worker, or in the page where workers are missing. */
export function answer(request: BotRequest): BotReply {
  try {
    if (request.kind === "forget") {
      for (const key of bots.keys()) if (key.startsWith(`${request.match}:`)) bots.delete(key);
      return { id: request.id, ok: true, action: null, why: null };
    }
    if (request.kind === "coach") return coach(request);
    const rng = Rng.fromSeed(request.seed);
    if (request.kind === "decide") {
      const action = botFor(request.match, request.seat, request.level).decide(request.view, {
        rng,
        budgetMs: request.budgetMs ?? BOT_BUDGET_MS,
      });
      return { id: request.id, ok: true, action, why: null };
    }
    const bot = createBot(availableLevel("expert") as Parameters<typeof createBot>[0]) as Explaining;
    const action = bot.decide(request.view, { rng, budgetMs: BOT_BUDGET_MS });
    const why = typeof bot.explain === "function" ? (bot.explain(request.view, action, request.lang) ?? null) : null;
    return { id: request.id, ok: true, action, why };
  } catch (error) {
    return { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

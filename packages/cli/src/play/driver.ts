import {
  type Action,
  type Card,
  type GameEvent,
  type MatchState,
  type TableView,
  applyAction,
  dealRound,
  moneyText,
  phaseOf,
  potSoFar,
  viewFor,
} from "@schwimmen/rules";
import { botMove } from "./bot-move.js";
import type { PlayEnd, PlayOptions, PlayResult } from "./options.js";
import { isQuit, keyItems, middleRange, parseInput, truncateInput } from "./commands.js";
import { type LogEntry, narrate } from "./narrate.js";
import {
  type Screen,
  WIDTH,
  helpLines,
  keyLines,
  logLines,
  plainTable,
  roundResultLines,
  tableScreen,
  textLines,
} from "./render.js";
import { defaultSleep, yieldToEvents } from "./pause.js";
import { matchEndLines, roundLogLines } from "./ending.js";
import { type OthersTurn, earlyLines, othersTurnPause } from "./others.js";
import { refusalHint } from "./refusal.js";
import { cardText, makeStyle, printable, truncate } from "./style.js";
import { TEXTS } from "./text.js";
import { Painter, fixedWindow } from "./window.js";

export type { BotSeat } from "./bot-move.js";
export type { PlayEnd, PlayOptions, PlayResult } from "./options.js";

/** Plays one match to its end (or until the person quits): the game loop, with all I/O injected. */
export async function playMatch(o: PlayOptions): Promise<PlayResult> {
  return new Game(o).run();
}

/** One match being played; `state` is readable at any time, so a caller can save the match even after a failure. */
export class Game {
  private current: MatchState;
  private readonly screen: Screen;
  private readonly log: LogEntry[] = [];
  private readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  private delayMs: number;
  /** Skip the waits between rounds (the person is out and chose to fast-forward). */
  private fastForward = false;
  /** Each dealt round's seed, oldest first (null for a round dealt without one): the saved record reveals them. */
  private readonly dealtSeeds: (string | null)[] = [];
  /** The answer to a line typed while others play, shown until the person's turn. */
  private othersHint: string | undefined;
  /** Draws the screens of an interactive game (null for plain output). */
  private readonly painter: Painter | null;

  constructor(private readonly o: PlayOptions) {
    this.current = o.match;
    this.sleep = o.sleep ?? defaultSleep;
    this.delayMs = o.delayMs;
    const levels = o.names.map((_, seat) => o.bots.find((b) => b.seat === seat)?.level ?? null);
    this.screen = {
      texts: TEXTS[o.lang],
      lang: o.lang,
      style: makeStyle(o.color),
      names: o.names,
      levels,
      self: o.self,
    };
    this.painter = o.interactive ? (o.painter ?? new Painter(o.output, this.screen.texts, fixedWindow())) : null;
  }

  get state(): MatchState {
    return this.current;
  }

  get seeds(): readonly (string | null)[] {
    return this.dealtSeeds;
  }

  /** The pot so far as money text, when the match is played for stakes. */
  private pot(): string | undefined {
    const stake = this.o.stake ?? 0;
    return stake > 0 ? moneyText(potSoFar(this.current, stake), this.o.lang) : undefined;
  }

  private rows(): number {
    return this.o.rows?.() ?? 23;
  }

  private get t() {
    return this.screen.texts;
  }

  async run(): Promise<PlayResult> {
    const opponents = this.o.bots.map((b) => `${this.o.names[b.seat]} (${this.t.level(b.level)})`).join(", ");
    this.say([{ text: this.t.intro(opponents), tone: "plain" }]);
    if (this.o.interactive) this.o.output.write("\x1b[2J");
    for (;;) {
      if (this.o.input.interrupted) return this.finish("interrupt");
      const phase = phaseOf(this.state);
      if (phase === "over") return this.finish("over");
      if (phase === "dealing") {
        const dealt = dealRound(this.state);
        if (!dealt.ok) throw new Error(`dealing failed: ${dealt.error.message}`);
        this.dealtSeeds.push(dealt.value.state.round?.seed ?? null);
        const end = await this.advance(dealt.value.state, dealt.value.events);
        if (end) return this.finish(end);
        continue;
      }
      const seat = this.state.round!.toAct;
      const action = seat === this.o.self ? await this.personTurn() : await this.botTurn(seat);
      if (typeof action === "string") return this.finish(action);
      const applied = applyAction(this.state, action);
      if (!applied.ok) throw new Error(`a legal action was refused: ${applied.error.message}`);
      const given = seat === this.o.self && action.type === "passOn" ? action.give : undefined;
      const end = await this.advance(applied.value.state, applied.value.events, given);
      if (end) return this.finish(end);
    }
  }

  /** Takes a transition: logs its events and, when a round ended, shows every hand. */
  private async advance(
    state: MatchState,
    events: readonly GameEvent[],
    given?: readonly Card[],
  ): Promise<PlayEnd | null> {
    const swimming = this.current.status.flatMap((status, seat) => (status === "swimming" ? [seat] : []));
    this.current = state;
    const seatsIn = state.round?.hands.flatMap((hand, seat) => (hand === null ? [] : [seat])) ?? [];
    const entries = narrate(
      {
        texts: this.t,
        lang: this.o.lang,
        rules: state.rules,
        names: this.o.names,
        self: this.o.self,
        seatsIn,
        swimming,
      },
      events,
      given,
    );
    const roundOver = events.some((e) => e.type === "roundEnded");
    if (!roundOver || this.o.interactive) {
      this.say(entries);
      return roundOver ? this.roundEnded() : null;
    }
    // Plain output reads best as: the last moves, every hand shown, then who lost lives and who won.
    const outcome = (e: LogEntry) => e.tone === "loss" || e.tone === "end";
    this.say(entries.filter((e) => !outcome(e)));
    const end = await this.roundEnded();
    this.say(entries.filter(outcome));
    return end;
  }

  /** Adds log lines; plain output prints them at once, a redrawn screen shows the latest ones. */
  private say(entries: readonly LogEntry[]): void {
    this.log.push(...entries);
    if (this.log.length > 200) this.log.splice(0, this.log.length - 200);
    if (!this.o.interactive) for (const e of entries) this.print(logLines(e, this.screen.style));
  }

  private print(lines: readonly string[]): void {
    this.o.output.write(lines.map((l) => l + "\n").join(""));
  }

  /**
   * Redraws the terminal from the top left; the last line is where the cursor waits for input. `build` lays the
   * screen out, again after the window is resized.
   */
  private show(build: () => readonly string[]): void {
    this.painter?.show(build);
  }

  private view(): TableView {
    return viewFor(this.state, this.o.self);
  }

  private async readLine(): Promise<string | null> {
    let line = await this.o.input.next();
    // The Enter that takes the notice of a small window away is no answer to the prompt behind it.
    while (line !== null && this.painter?.dismissNotice()) line = await this.o.input.next();
    // The echo follows the "> " prompt; a long or odd line is shown cut and cleaned, it is only an echo.
    if (line !== null && this.o.echo) this.o.output.write(truncate(printable(line), WIDTH - 2) + "\n");
    return line;
  }

  private endOfInput(): PlayEnd {
    return this.o.input.interrupted ? "interrupt" : "eof";
  }

  /** The person's turn: show the table and the keys for the legal actions; ask again until a legal action comes. */
  private async personTurn(): Promise<Action | PlayEnd> {
    const { style } = this.screen;
    let picked: Card | null = null;
    let hint: string | undefined;
    let first = true;
    this.othersHint = undefined;
    if (this.o.interactive) {
      // Lines typed while the others played that came only now: Q still asks, anything else is said not to count.
      const early = await earlyLines(this.othersTurn(this.o.self));
      if (early.end !== undefined) return early.end;
      hint = early.hint;
    }
    for (;;) {
      const view = this.view();
      const prompt = picked
        ? textLines(this.t.pickMiddle(middleRange(view, picked), cardText(picked, this.o.lang, style)))
        : keyLines(keyItems(view, this.t), style);
      if (this.o.interactive) {
        const shown = hint;
        this.show(() =>
          tableScreen(view, this.screen, {
            log: this.log,
            prompt,
            hint: shown,
            picked,
            rows: this.rows(),
            pot: this.pot(),
          }),
        );
        this.o.input.discardPending();
      } else {
        const lines = first ? [...plainTable(view, this.screen, picked, this.pot()), ""] : [];
        if (hint) lines.push(...textLines(hint, style.yellow));
        this.print([...lines, ...prompt]);
        this.o.output.write("> ");
      }
      first = false;
      const line = await this.readLine();
      if (line === null) return this.endOfInput();
      const who = (seat: number) => ({ name: this.o.names[seat] ?? "", self: seat === this.o.self });
      const why = (tried: Action) => refusalHint(this.state, tried, this.o.lang, this.t, who);
      const parsed = parseInput(line, view, this.t, picked, why);
      hint = undefined;
      switch (parsed.kind) {
        case "action":
          return parsed.action;
        case "pick":
          picked = parsed.give;
          break;
        case "back":
          picked = null;
          break;
        case "quit": {
          // One stray Q must not end the match: ask first (Ctrl-C and Ctrl-D still end it at once).
          const answer = await this.confirmQuit(view);
          if (answer !== null) return answer;
          first = true;
          break;
        }
        case "help": {
          const end = await this.showHelp();
          if (end) return end;
          first = true;
          break;
        }
        case "hint":
          hint = parsed.hint;
          break;
      }
    }
  }

  /** "quit" when the person says yes, the end of input as it came, or null to play on. */
  private async confirmQuit(view: TableView): Promise<PlayEnd | null> {
    const prompt = textLines(this.t.confirmQuit, this.screen.style.bold);
    if (this.o.interactive) {
      this.show(() => tableScreen(view, this.screen, { log: this.log, prompt, rows: this.rows(), pot: this.pot() }));
      this.o.input.discardPending();
    } else {
      this.print(prompt);
      this.o.output.write("> ");
    }
    const line = await this.readLine();
    if (line === null) return this.endOfInput();
    return this.t.isYes(line) ? "quit" : null;
  }

  private async showHelp(): Promise<PlayEnd | null> {
    const lines = helpLines(this.screen, this.state.rules.deal, this.state.rules);
    if (!this.o.interactive) {
      this.print(lines);
      return null;
    }
    this.show(() => [...lines, ...textLines(this.t.helpBack), "> "]);
    const line = await this.readLine();
    if (line === null) return this.endOfInput();
    // Q on the help screen asks to quit, as everywhere.
    return isQuit(line) ? this.confirmQuit(this.view()) : null;
  }

  /** The others' turns as `others.ts` needs them: the pause, the screen, and the question before quitting. */
  private othersTurn(seat: number): OthersTurn<PlayEnd> {
    const name = { name: this.o.names[seat] ?? "", self: false };
    const prompt = textLines(this.t.toPlay(name), this.screen.style.dim);
    return {
      input: this.o.input,
      painter: this.painter,
      texts: this.t,
      delayMs: this.delayMs,
      sleep: this.sleep,
      watching: this.state.status[this.o.self] === "out",
      show: (hint) => {
        const parts = { log: this.log, prompt, hint, input: false, pot: this.pot() };
        this.show(() => tableScreen(this.view(), this.screen, { ...parts, rows: this.rows() }));
      },
      confirmQuit: () => this.confirmQuit(this.view()),
    };
  }

  /** A bot's turn: a short pause so the person can follow, then its decision (checked against the legal ones). */
  private async botTurn(seat: number): Promise<Action | PlayEnd> {
    const seatBot = this.o.bots.find((b) => b.seat === seat);
    if (this.o.interactive) {
      const paused = await othersTurnPause(this.othersTurn(seat), this.othersHint);
      if (paused.end !== null) return paused.end;
      this.othersHint = paused.hint;
    } else await yieldToEvents();
    // Checked after every pause: Ctrl-C must work even while only bots are playing.
    if (this.o.input.interrupted) return "interrupt";
    return botMove(seatBot, viewFor(this.state, seat), this.o.budgetMs ?? 250);
  }

  /** Every hand of the round just ended; between rounds an interactive player presses Enter to go on. */
  private async roundEnded(): Promise<PlayEnd | null> {
    const round = this.state.round!;
    const last = this.state.finished[this.state.finished.length - 1]!;
    const result = roundResultLines(last.result, round.index, round.knocker, this.screen, this.state.rules);
    this.othersHint = undefined;
    if (!this.o.interactive) {
      this.print(result);
      return null;
    }
    if (this.state.over || this.fastForward) return null;
    const selfOut = this.state.status[this.o.self] === "out";
    const usual = textLines(selfOut ? this.t.nextRoundOut : this.t.nextRound, this.screen.style.bold);
    // Q asks first, as at a move; anything else that is not Enter (a move typed too early) is answered, not taken
    // for "next round".
    const confirm = textLines(this.t.confirmQuit, this.screen.style.bold);
    let prompt = usual;
    for (;;) {
      // The round's last moves below the hands, as many as fit above the prompt (none beside a full table of 16).
      const shown = prompt;
      this.show(() => {
        const room = this.rows() - result.length - shown.length - 2;
        return [...result, ...roundLogLines(this.log, room, this.screen), "", ...shown, "> "];
      });
      this.o.input.discardPending();
      const line = await this.readLine();
      if (line === null) return this.endOfInput();
      const answer = line.trim().toLowerCase();
      if (prompt === confirm) {
        if (this.t.isYes(line)) return "quit";
        prompt = usual;
      } else if (answer === "") return null;
      else if (isQuit(answer)) prompt = confirm;
      else if (selfOut && answer === "s") {
        this.fastForward = true;
        this.delayMs = 0;
        return null;
      } else prompt = [...textLines(this.t.roundIsOver(truncateInput(line.trim()))), ...usual];
    }
  }

  /**
   * The last screen: the final round's hands and the match's result, with the pot and the balances when it was played
   * for stakes, or a note that the match was stopped.
   */
  private finish(end: PlayEnd): PlayResult {
    const lines =
      end === "over"
        ? matchEndLines(this.screen, {
            state: this.state,
            log: this.log,
            interactive: this.o.interactive,
            rows: this.rows(),
            stake: this.o.stake ?? 0,
            afterRows: this.o.afterRows ?? 2,
          })
        : ["", ...textLines(this.t.stopped)];
    // A finished match gets a fresh screen with its result; a stopped one leaves the table in view. From here on
    // nothing is drawn again, not even after a resize.
    this.painter?.close();
    if (this.o.interactive && end === "over") this.o.output.write("\x1b[H\x1b[J");
    this.print(lines);
    return { state: this.state, end };
  }
}

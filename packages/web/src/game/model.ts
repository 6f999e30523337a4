import type { Label, OptionAnalysis } from "@schwimmen/bots";
import type { GameEvent, Move, TableView } from "@schwimmen/rules";
import type { Store } from "../store.js";
import type { Lang } from "../settings.js";
import type { KasseView, LotView } from "../stakes/kasse.js";
import type { MatchRating } from "../ratings/match-rating.js";

export interface SeatInfo {
  readonly name: string;
  /** The bot level for a computer seat. */
  readonly bot?: string;
  /** Online: whether the seat's player is connected (computer seats always are). */
  readonly connected?: boolean;
  /** Online: the seat is still free. */
  readonly free?: boolean;
  /** Online: a bot plays this person's turns until they come back. */
  readonly away?: boolean;
  /** Online, after the match: the person was away when it ended; the computer finished it (rated as last). */
  readonly awayAtEnd?: boolean;
  /** Online: the id of the person's player (the name links to the profile). */
  readonly player?: string;
}

/** One public event, numbered so the page can tell new ones from those already shown. */
export interface LoggedEvent {
  readonly id: number;
  readonly event: GameEvent;
  /** Online: a move the computer made for a person's seat (they were away or out of time). */
  readonly byComputer?: true;
}

/** An event to log, marked when the computer made the move for a person's seat. */
export type LogInput = GameEvent | { readonly event: GameEvent; readonly byComputer: boolean };

/** Everything the table screen draws. It comes from a view (one seat's knowledge), never from the true state. */
export interface TableModel {
  readonly mode: "local" | "online";
  readonly connection: "ready" | "connecting" | "reconnecting" | "lobby" | "closed";
  readonly view: TableView | null;
  /** The seat this page plays; null while watching. */
  readonly seat: number | null;
  readonly players: readonly SeatInfo[];
  readonly log: readonly LoggedEvent[];
  /** When the seat to act runs out of time (ms since the epoch), if the table has a turn timer. */
  readonly deadline: number | null;
  readonly error: string | null;
  /** Online: the table's code. */
  readonly code: string | null;
  /** Online lobby: this page may start the match. */
  readonly canStart: boolean;
  /** After the match: this page may ask for a rematch. */
  readonly canRematch: boolean;
  /** Local: the bots are playing the rest of the match without pauses (see `GameController.skipToEnd`). */
  readonly skipping: boolean;
  /** The evening's Kasse when the table plays for stakes (stakes/kasse.ts). */
  readonly kasse?: KasseView | null;
  /** The first dealer's lot of the match, to be shown once. */
  readonly lot?: LotView | null;
}

/** How the coach judges a move: its label, what it cost (match-win percentage points) and the best move instead. */
export interface MoveJudgement {
  readonly label: Label;
  readonly loss: number;
  readonly best: Move;
}

export interface Hint {
  readonly move: Move;
  /** One line on why, from the bot's own explanation when it has one. */
  readonly why: string | null;
}

/** A game the table screen can drive: a local match against bots or an online table. */
export interface GameController {
  readonly store: Store<TableModel>;
  act(move: Move): void;
  /** Deals the next round once the table shows the last one's result. */
  nextRound(): void;
  rematch(): void;
  /** Online lobby: start the match. */
  start(): void;
  /** Only games against the computer give hints. */
  readonly hint: ((lang: Lang) => Promise<Hint | null>) | null;
  /** Games against the computer: the estimates of every legal move of the person's turn, best first. */
  readonly estimates?: () => Promise<readonly OptionAnalysis[] | null>;
  /** The coach's judgement of a move of the person, made from the view before it (call it before `act`). */
  readonly judge?: (move: Move) => Promise<MoveJudgement | null>;
  /** Local, once the person is out: the bots play the remaining rounds at once and the table shows the end. */
  readonly skipToEnd?: () => void;
  /** Local: empties the Kasse (a new evening). */
  readonly clearKasse?: () => void;
  /** The match as a game record (JSON-ready), if one can be given now. */
  record(): Promise<unknown>;
  /** Online, once the match is over: how it changed this person's rating (null: not known). */
  readonly matchRating?: () => Promise<MatchRating | null>;
  dispose(): void;
}

export const emptyModel = (mode: TableModel["mode"]): TableModel => ({
  mode,
  connection: mode === "local" ? "ready" : "connecting",
  view: null,
  seat: null,
  players: [],
  log: [],
  deadline: null,
  error: null,
  code: null,
  canStart: false,
  canRematch: false,
  skipping: false,
});

const LOG_LIMIT = 40;

/** Appends events to a model's log, numbering them, keeping the most recent ones. */
export function appendLog(log: readonly LoggedEvent[], events: readonly LogInput[]): LoggedEvent[] {
  let next = log.length > 0 ? log[log.length - 1]!.id + 1 : 1;
  const logged = (input: LogInput): LoggedEvent => {
    if (!("event" in input)) return { id: next++, event: input };
    return input.byComputer ? { id: next++, event: input.event, byComputer: true } : { id: next++, event: input.event };
  };
  const out = [...log, ...events.map(logged)];
  return out.length > LOG_LIMIT ? out.slice(out.length - LOG_LIMIT) : out;
}

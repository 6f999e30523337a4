/** Building the server's frames as text. Parts shared by every recipient are serialised once. */
import type { MatchState } from "@schwimmen/rules";
import { spectatorView, viewFor } from "@schwimmen/rules";
import type { ErrorCode, ServerMessage, TableInfo, VersionedEvent } from "./protocol.js";
import { kasseInfo } from "./stakes.js";
import { type TableModel, sha256Hex, visibilityOf } from "./table-model.js";

export type ReplyId = string | number | undefined;

export const frame = (message: ServerMessage): string => JSON.stringify(message);

export const errorFrame = (code: ErrorCode, message: string, re?: ReplyId): string =>
  JSON.stringify(re === undefined ? { type: "error", code, message } : { type: "error", re, code, message });

/** The seat's view (a spectator's for null), as JSON text. The only way game state reaches a client. */
export const viewJson = (game: MatchState, seat: number | null): string =>
  JSON.stringify(seat === null ? spectatorView(game) : viewFor(game, seat));

const reJson = (re: ReplyId): string => (re === undefined ? "" : `"re":${JSON.stringify(re)},`);

export function updateFrame(
  re: ReplyId,
  from: number,
  version: number,
  seat: number | null,
  eventsJson: string,
  tableJson: string,
  view: string,
): string {
  return `{"type":"update",${reJson(re)}"from":${from},"version":${version},"seat":${JSON.stringify(seat)},"events":${eventsJson},"table":${tableJson},"view":${view}}`;
}

export function syncFrame(
  re: ReplyId,
  version: number,
  seat: number | null,
  eventsJson: string,
  tableJson: string,
  view: string,
  /** The table's newest chat lines as JSON text (chat.ts). */
  chatJson?: string,
): string {
  const chat = chatJson === undefined ? "" : `,"chat":${chatJson}`;
  return `{"type":"sync",${reJson(re)}"version":${version},"seat":${JSON.stringify(seat)},"table":${tableJson},"view":${view},"events":${eventsJson}${chat}}`;
}

export const tableFrame = (re: ReplyId, version: number, tableJson: string): string =>
  `{"type":"table",${reJson(re)}"version":${version},"table":${tableJson}}`;

/** What a table knows besides its model: watchers without a seat, a quick-match table's fill time. */
export interface TableExtras {
  readonly spectators: number;
  readonly fillAt: number | null;
}

export function tableInfo(
  model: TableModel,
  connected: ReadonlySet<number>,
  turnEndsAt: number | null,
  extras: TableExtras = { spectators: 0, fillAt: null },
): TableInfo {
  const round = model.game.round;
  const seed = model.status !== "lobby" && round !== null ? model.seeds[round.index] : undefined;
  return {
    code: model.code,
    name: model.name,
    invitePath: `/t/${model.code}`,
    seatCount: model.config.seats,
    rules: model.config.rules,
    preset: model.config.preset,
    botLevel: model.config.botLevel,
    turnSeconds: model.config.turnSeconds,
    status: model.status,
    match: model.match,
    host: 0,
    seats: model.seats.map((s, seat) => ({
      seat,
      name: s.name,
      kind: s.bot !== null ? "bot" : s.token !== null ? "human" : "free",
      botLevel: s.bot ?? (s.token !== null ? model.config.botLevel : null),
      away: s.away,
      connected: s.bot !== null || connected.has(seat),
      ...(s.player ? { player: s.player } : {}),
    })),
    seedHash: seed === undefined ? null : sha256Hex(seed),
    turnEndsAt,
    stake: model.config.stake ?? 0,
    dealerByLot: model.config.dealerByLot ?? false,
    kasse: kasseInfo(model),
    visibility: visibilityOf(model.config),
    spectators: extras.spectators,
    fillAt: model.status === "lobby" ? extras.fillAt : null,
    quick: model.config.quick === true,
    ...(model.status === "over" && model.awayAtEnd?.length ? { awayAtEnd: model.awayAtEnd } : {}),
  };
}

export const eventsJson = (events: readonly VersionedEvent[]): string => JSON.stringify(events);

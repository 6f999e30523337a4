import "./lobby.css";
import { useEffect, useState } from "preact/hooks";
import type { LobbySeat, LobbyTable } from "@schwimmen/server/protocol";
import { readItem, writeItem } from "../device-storage.js";
import { TOKEN_KEY } from "../online/online-game.js";
import { GameSocket, socketUrl } from "../online/socket.js";
import type { RuleKey } from "@schwimmen/rules";
import { botRatingSuffix } from "../ratings/bot-rating.js";
import { RULE_TEXTS, ruleValueName } from "../rule-texts.js";
import { type Ui, useUi } from "../ui.js";
import { fullRules } from "../presets.js";
import { mostSeats } from "../screens/start.js";
import { type LobbyTr, presetName, useLobbyText } from "./lobby-texts.js";
import { LobbyChat } from "../chat/lobby-chat.js";

const go = (hash: string) => {
  location.hash = hash;
};

/** Seat counts offered for a quick match (the server refuses more than a preset's deck deals). */
const QUICK_SEATS = [2, 3, 4, 5, 6];

/** "Schnell spielen" with a choice of rules (the server's presets) and seat count. */
export function QuickMatchForm({ presets }: { readonly presets: readonly string[] }) {
  const tr = useLobbyText();
  const [preset, setPreset] = useState("standard");
  const [seats, setSeats] = useState(4);
  const start = (e: Event) => {
    e.preventDefault();
    go(`#/quick?preset=${encodeURIComponent(preset)}&seats=${seats}`);
  };
  return (
    <form class="form form--inline quick-form" onSubmit={start} data-quick-form>
      <label class="field field--small">
        <span>{tr("quickPreset")}</span>
        <select name="quick-preset" value={preset} onChange={(e) => setPreset(e.currentTarget.value)}>
          {presets.map((p) => (
            <option value={p}>{presetName(tr, p)}</option>
          ))}
        </select>
      </label>
      <label class="field field--small">
        <span>{tr("quickSeats")}</span>
        <select name="quick-seats" value={seats} onChange={(e) => setSeats(Number(e.currentTarget.value))}>
          {QUICK_SEATS.map((n) => (
            <option value={n}>{tr("quickSeatsAny", { n })}</option>
          ))}
        </select>
      </label>
      <button type="submit" class="btn btn--primary" data-action="quick-match">
        {tr("quickPlay")}
      </button>
      <p class="note quick-form__hint">{tr("quickPlayHint")}</p>
    </form>
  );
}

/**
 * "Eigenen Tisch eröffnen": a public table with the player's house rules, listed here until its host starts it
 * (the same table as the start page's "Tisch eröffnen", made public at once).
 */
export function OpenTableForm() {
  const ui = useUi();
  const tr = useLobbyText();
  const most = mostSeats(fullRules(ui.settings.rules));
  const [chosen, setSeats] = useState(4);
  const seats = Math.min(chosen, most);
  const open = (e: Event) => {
    e.preventDefault();
    go(`#/new?seats=${seats}&public=1`);
  };
  return (
    <form class="form form--inline quick-form" onSubmit={open} data-open-table-form>
      <label class="field field--small">
        <span>{tr("quickSeats")}</span>
        <select name="open-seats" value={seats} onChange={(e) => setSeats(Number(e.currentTarget.value))}>
          {Array.from({ length: most - 1 }, (_, i) => i + 2).map((n) => (
            <option value={n}>{tr("quickSeatsAny", { n })}</option>
          ))}
        </select>
      </label>
      <button type="submit" class="btn" data-action="open-public-table">
        {tr("openTable")}
      </button>
      <p class="note quick-form__hint">{tr("openTableHint")}</p>
    </form>
  );
}

/** A bot level with its measured rating, as where one picks it: "Profi ~ 1650". */
const botLabel = (ui: Ui, level: string) => `${ui.tr(`level_${level}` as "level_random")}${botRatingSuffix(level)}`;

/** A seat: a person's name opens their profile; a bot shows its level with the level's rating ("Profi ~ 1650"). */
function SeatLine({
  seat,
  botLevel,
  tr,
}: {
  readonly seat: LobbySeat;
  readonly botLevel: string;
  readonly tr: LobbyTr;
}) {
  const ui = useUi();
  if (seat.kind === "free") return <li class="lobby-seat lobby-seat--free">{tr("seatFree")}</li>;
  const rating =
    seat.kind === "bot"
      ? ` (${botLabel(ui, botLevel)})`
      : seat.rating === null
        ? ""
        : ` (${tr("ratingOf", { r: seat.rating })}${seat.provisional ? `, ${tr("provisional")}` : ""})`;
  return (
    <li class="lobby-seat" data-player={seat.player ?? undefined} data-bot={seat.kind === "bot" ? botLevel : undefined}>
      {seat.player ? <a href={`#/player/${seat.player}`}>{seat.name ?? ""}</a> : (seat.name ?? "")}
      {rating}
    </li>
  );
}

/** The table's rules in short: the preset's name, then each rule that differs from the default. */
function RulesLine({ table, tr }: { readonly table: LobbyTable; readonly tr: LobbyTr }) {
  const ui = useUi();
  const keys = Object.keys(table.differences).filter((key): key is RuleKey => key in RULE_TEXTS);
  const differences = table.differences as Readonly<Record<string, unknown>>;
  return (
    <div class="lobby-table__rules" data-differences={keys.length}>
      {/* A table made with every rule at its default is a standard table, whoever set it up. */}
      <p>
        {table.preset
          ? presetName(tr, table.preset)
          : Object.keys(table.differences).length === 0
            ? presetName(tr, "standard")
            : tr("ownRules")}
      </p>
      {keys.length > 0 ? (
        <ul>
          {keys.map((key) => (
            <li>
              {RULE_TEXTS[key].label[ui.lang]}: {ruleValueName(key, differences[key], ui.lang)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function TableRow({ table, tr }: { readonly table: LobbyTable; readonly tr: LobbyTr }) {
  const ui = useUi();
  const title = table.quick ? tr("quickTable") : table.name;
  return (
    <li class="panel lobby-table" data-lobby-table={table.code}>
      <h2 class="lobby-table__title">
        {title}
        {table.preset && table.preset !== "standard" ? ` · ${presetName(tr, table.preset)}` : ""}
      </h2>
      <p class="lobby-table__free" data-seats-free={table.seatsFree}>
        {tr("seatsFree", { n: table.seatsFree, total: table.seatCount })}
        {table.spectators > 0
          ? ` · ${tr(table.spectators === 1 ? "spectatorOne" : "spectatorsCount", { n: table.spectators })}`
          : ""}
      </p>
      {table.seatsFree > 0 ? (
        <p class="lobby-table__bots" data-bot-fill={table.botLevel}>
          {tr("botsFill", { level: botLabel(ui, table.botLevel) })}
        </p>
      ) : null}
      <RulesLine table={table} tr={tr} />
      <ul class="lobby-table__seats">
        {table.seats.map((seat) => (
          <SeatLine seat={seat} botLevel={table.botLevel} tr={tr} />
        ))}
      </ul>
      <div class="lobby-table__buttons">
        <a class="btn btn--primary" href={`#/t/${table.code}`} data-action="sit-down">
          {tr("sitDown")}
        </a>
        <a class="btn" href={`#/t/${table.code}?watch=1`} data-action="watch">
          {tr("watchTable")}
        </a>
      </div>
    </li>
  );
}

interface LobbyState {
  readonly tables: readonly LobbyTable[];
  readonly total: number;
}

/** The public tables waiting for players, live over the WebSocket (`watchLobby`), and "Schnell spielen". */
export function LobbyPage({ onMenu }: { readonly onMenu: () => void }) {
  const ui = useUi();
  const tr = useLobbyText();
  const [list, setList] = useState<LobbyState | null>(null);
  const [presets, setPresets] = useState<readonly string[]>(["standard"]);
  const [lost, setLost] = useState(false);
  useEffect(() => {
    const socket: GameSocket = new GameSocket(socketUrl(), {
      onPush: (message) => {
        if (message.type === "lobby") setList({ tables: message.tables, total: message.total });
      },
      async onOpen() {
        setLost(false);
        const token = readItem(TOKEN_KEY);
        const welcome = await socket.request({ type: "hello", ...(token ? { token } : {}) });
        if (welcome.type !== "welcome") return;
        writeItem(TOKEN_KEY, welcome.token);
        setPresets(welcome.presets);
        const answer = await socket.request({ type: "watchLobby" });
        if (answer.type === "lobby") setList({ tables: answer.tables, total: answer.total });
      },
      onDown: () => setLost(true),
    });
    return () => socket.close();
  }, []);
  return (
    <main id="main" class="page lobby" tabIndex={-1} data-lobby>
      <section class="panel" aria-labelledby="lobby-title">
        <h1 id="lobby-title">{tr("lobbyTitle")}</h1>
        <p>{tr("lobbyIntro")}</p>
        <QuickMatchForm presets={presets} />
        <OpenTableForm />
      </section>
      {lost ? (
        <p class="lobby-count" role="status" data-lobby-lost>
          {tr("lobbyLost")}
        </p>
      ) : null}
      <section aria-live="polite" aria-busy={list === null}>
        {list === null ? <p class="lobby-count">{tr("lobbyLoading")}</p> : null}
        {list !== null && list.tables.length === 0 ? (
          <p class="lobby-count" data-lobby-empty>
            {tr("lobbyEmpty")}
          </p>
        ) : null}
        {list !== null && list.tables.length > 0 ? (
          <>
            <p class="lobby-count" data-lobby-count={list.total}>
              {tr(list.total === 1 ? "lobbyCountOne" : "lobbyCount", { n: list.total })}
              {list.total > list.tables.length
                ? ` ${tr("lobbyMore", { n: list.total - list.tables.length, shown: list.tables.length })}`
                : ""}
            </p>
            <ul class="lobby-list">
              {list.tables.map((table) => (
                <TableRow key={table.code} table={table} tr={tr} />
              ))}
            </ul>
          </>
        ) : null}
      </section>
      <LobbyChat />
      <p>
        <button type="button" class="btn" data-action="to-start" onClick={onMenu}>
          ← {ui.tr("toStart")}
        </button>
      </p>
    </main>
  );
}

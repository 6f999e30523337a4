import "../styles/table.css";
import "../styles/packet.css";
import "./table-fit.css";
import type { Card, Move, TableView } from "@schwimmen/rules";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { cardLabel, inGermanFaces } from "../cards/names.js";
import type { GameController, MoveJudgement } from "../game/model.js";
import { RulesSummary } from "../screens/rules-summary.js";
import { useStore } from "../store.js";
import { type Ui, useUi } from "../ui.js";
import { Actions } from "./actions.js";
import { type Speech, currentBanner, describeMove, latestWords } from "./announce.js";
import { Hand, Middle } from "./felt.js";
import { useFlip } from "./flip.js";
import { RoundResult } from "./result.js";
import { useTableSounds } from "../sound.js";
import { useTurnTitle } from "./turn-title.js";
import { SoundToggle } from "../sound-toggle.js";
import { Opponents, SeatBox } from "./seats.js";
import { PacketFelt, type Slot, dropOf, slotCard, usePassOnPicks } from "./packet.js";
import { CoachDetails } from "../analysis/coach.js";
import { MoveMark, isSlip } from "../analysis/move-mark.js";
import { KasseButton } from "../stakes/kasse-panel.js";
import { LotShow } from "../stakes/lot-show.js";

export interface TableScreenProps {
  readonly game: GameController;
  readonly onMenu: () => void;
  readonly onReplay: (record: unknown) => void;
  /** Extra content above the table (online: the code to share, lobby). */
  readonly header?: preact.ComponentChildren;
  /** Buttons beside "Menü" in the top bar (online: leaving the table). */
  readonly topActions?: preact.ComponentChildren;
  /** The name of the rule set when the server knows it (an online table made from a preset, e.g. "Kurze Partie"). */
  readonly rulesTitle?: string | undefined;
  /** A coach's panel above your side of the table (the tutorial); a coach also leads from one round to the next. */
  readonly coach?: preact.ComponentChildren;
}

interface Picks {
  readonly hand: Card | null;
  readonly middle: Card | null;
  readonly turn: string;
}
const NO_PICKS: Picks = { hand: null, middle: null, turn: "" };

function download(record: unknown) {
  const blob = new Blob([JSON.stringify(record, null, 2)], { type: "application/json" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = `schwimmen-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-")}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));

/** What to do on a hidden deal's turn, by how many cards are picked to pass on. */
function passOnPrompt(view: TableView, slots: readonly Slot[], ui: Ui): string {
  const [a, b] = slots.map((slot) => slotCard(view, slot));
  if (slots.length === 0 || !a) return ui.tr("passOnPrompt");
  if (!b) return ui.tr("passOnOneMore");
  const label = (card: Card) => cardLabel(card, ui.lang, ui.faces);
  return ui.tr("passOnReady", { a: label(a), b: label(b) });
}

/** The card table: seats, the open middle and stock, your hand, your legal moves, announcements and results. */
export function TableScreen({ game, onMenu, onReplay, header, topActions, coach, rulesTitle }: TableScreenProps) {
  const ui = useUi();
  const model = useStore(game.store);
  useTableSounds(model);
  useTurnTitle(model, ui.tr("yourTurn"));
  const { view, players, seat: me } = model;
  // Picks and the hint belong to one turn: stored with the turn they were made in, they lapse when it changes
  // (no effect needed, so a key pressed right after the redraw never meets a late reset).
  const [pick, setPick] = useState<Picks>(NO_PICKS);
  const [hint, setHint] = useState<{ text: string; turn: string } | null>(null);
  // The coach's mark after your last move, when it was a slip (kept for the round it was made in).
  const [mark, setMark] = useState<{ judgement: MoveJudgement; round: number } | null>(null);
  // The id of the last banner whose time on screen is over.
  const [bannerDone, setBannerDone] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useFlip(root);

  const names = useMemo(() => players.map((p) => p.name), [players]);
  const speech: Speech = { lang: ui.lang, faces: ui.faces, names, me };
  // Online, while the connection is down, no move can reach the server: the moves stay in sight but out of reach.
  const offline = model.connection === "reconnecting";
  const offered = view?.legal ?? [];
  const legal = offline ? [] : offered;
  const swaps = legal.filter((a): a is Extract<typeof a, { type: "swap" }> => a.type === "swap");
  const canSwap = swaps.length > 0;
  const turnKey = `${view?.round}:${view?.history.length}:${view?.toAct}`;
  // A hidden deal: the two cards picked to pass on (from the hand and the packet).
  const hidden = view?.rules.deal === "hidden";
  const passOn = usePassOnPicks(view, legal, turnKey);

  const current = pick.turn === turnKey ? pick : { ...NO_PICKS, turn: turnKey };
  const pickHand = current.hand;
  const pickMiddle = current.middle;
  const hintText = hint?.turn === turnKey ? hint.text : null;
  const setHintText = (text: string | null) => setHint(text === null ? null : { text, turn: turnKey });

  // A knock, 31 or Feuer gets a banner for a moment; it is worked out from the log at each redraw, so that a new
  // deal (or the match's end) takes it away at once instead of leaving last round's news over the next.
  const banner = currentBanner(model.log, speech);
  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBannerDone((done) => Math.max(done, banner.id)), 2200);
    return () => clearTimeout(timer);
  }, [banner?.id]);
  // A button that goes away with its panel ("Spiel starten", "Nächste Runde", a move) leaves the focus nowhere:
  // it comes to the table's heading instead, so that keyboard and screen reader users stay at the table.
  useEffect(() => {
    const focused = document.activeElement;
    if (view && (focused === null || focused === document.body || !focused.isConnected))
      heading.current?.focus({ preventScroll: true });
  });

  const clearPicks = () => {
    picks.current = { ...NO_PICKS, turn: turnKey };
    setPick(picks.current);
    if (passOn.slots.length > 0) passOn.clear();
  };
  const act = (move: Move) => {
    clearPicks();
    // The coach judges the move from the view before it, so it is asked before the move is made.
    if (ui.settings.coachMarks && game.judge) {
      const round = view?.round ?? -1;
      setMark(null);
      void game.judge(move).then((judgement) => setMark(judgement && isSlip(judgement) ? { judgement, round } : null));
    }
    game.act(move);
  };
  const trySwap = (give: Card, take: Card) => {
    if (swaps.some((a) => a.give === give && a.take === take)) act({ type: "swap", give, take });
  };
  // Picks are read through a ref as well: two quick key presses may come before the page has redrawn.
  const picks = useRef(current);
  picks.current = current;
  const onHand = (card: Card) => {
    if (!canSwap) return;
    const { hand, middle } = picks.current;
    if (middle) return trySwap(card, middle);
    picks.current = { hand: hand === card ? null : card, middle: null, turn: turnKey };
    setPick(picks.current);
  };
  const onMiddle = (card: Card) => {
    if (!canSwap) return;
    const { hand, middle } = picks.current;
    if (hand) return trySwap(hand, card);
    picks.current = { hand: null, middle: middle === card ? null : card, turn: turnKey };
    setPick(picks.current);
  };
  const askHint = game.hint
    ? () => {
        setHintText(ui.tr("hintThinking"));
        void game.hint!(ui.lang).then((answer) => {
          if (!answer) return setHintText(null);
          // The bot's reason already names the move; without one, the move in words.
          setHintText(
            answer.why
              ? `${ui.tr("hint")}: ${ui.faces === "german" ? inGermanFaces(answer.why, ui.lang) : answer.why}`
              : ui.tr("hintSays", { move: describeMove(answer.move, speech) }),
          );
        });
      }
    : null;

  // The newest render's key handler, read at the moment a key is pressed: effects run only after the paint, and a
  // key pressed in between must not meet the handler of the render before.
  const onKey = useRef<(event: KeyboardEvent) => void>(() => undefined);
  onKey.current = (event: KeyboardEvent) => {
    if (!view || typing(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key.toLowerCase();
    const digit = Number(key);
    const pickByKey = (card: Card | undefined, choose: (card: Card) => void) => {
      if (!card) return;
      choose(card);
      root.current?.querySelector<HTMLElement>(`button[data-card="${card}"]`)?.focus();
    };
    const slot = digit >= 1 && digit <= 3 ? (`h${digit - 1}` as const) : (`p${digit - 4}` as const);
    if (hidden && digit >= 1 && digit <= 5) {
      if (!passOn.active || !slotCard(view, slot)) return;
      passOn.toggle(slot);
      root.current?.querySelector<HTMLElement>(`button[data-slot="${slot}"]`)?.focus();
    } else if (key === "w" && passOn.move) act(passOn.move);
    else if (digit >= 1 && digit <= 3 && view.hand) pickByKey(view.hand[digit - 1], onHand);
    else if (digit >= 4 && digit <= 6 && view.middle) pickByKey(view.middle[digit - 4], onMiddle);
    else if (key === "a" && legal.some((a) => a.type === "swapAll")) act({ type: "swapAll" });
    else if (key === "p" && legal.some((a) => a.type === "pass")) act({ type: "pass" });
    else if (key === "k" && legal.some((a) => a.type === "knock")) act({ type: "knock" });
    else if (key === "h" && askHint && legal.length > 0) askHint();
    else if (key === "escape") clearPicks();
    else return;
    event.preventDefault();
  };
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey.current(event);
    document.addEventListener("keydown", listener);
    return () => document.removeEventListener("keydown", listener);
  }, []);

  const lastWords = latestWords(model.log, speech);
  const between = view !== null && (view.phase === "dealing" || view.over) && view.lastResult !== null;
  let prompt: string | null = null;
  if (view && offline && offered.length > 0) prompt = ui.tr("offlineMoves");
  else if (view && legal.length > 0) {
    if (legal.some((a) => a.type === "choose")) prompt = ui.tr("choosePrompt");
    else if (passOn.active) prompt = passOnPrompt(view, passOn.slots, ui);
    else if (pickHand) prompt = ui.tr("pickMiddle", { card: cardLabel(pickHand, ui.lang, ui.faces) });
    else if (canSwap) prompt = ui.tr("pickHand");
  }
  const turnName = view?.toAct !== null && view?.toAct !== undefined ? names[view.toAct] : null;
  const myTurn = view !== null && me !== null && view.toAct === me && legal.length > 0;

  return (
    <div class="table-screen" ref={root}>
      <header class="topbar">
        <button type="button" class="btn btn--ghost" onClick={onMenu}>
          ← {ui.tr("menu")}
        </button>
        {topActions}
        {view ? <RulesSummary rules={view.rules} title={rulesTitle} compact /> : null}
        <KasseButton game={game} ui={ui} />
        <SoundToggle compact />
      </header>
      {header}
      {model.error ? (
        <p class="error" role="alert">
          {model.error}
        </p>
      ) : null}
      {view ? (
        <main
          id="main"
          tabIndex={-1}
          class="table"
          data-round={view.round}
          data-phase={view.phase}
          data-step={`${view.round}:${view.history.length}`}
          data-seats={view.seatCount}
        >
          <h1 class="sr-only" id="table-title" tabIndex={-1} ref={heading}>
            {ui.tr("tableHeading", { n: Math.max(1, view.round + 1) })}
          </h1>
          {/* Said once each time a turn of this seat starts (the text goes away in between). */}
          <p class="sr-only" role="status" data-turn-live="">
            {myTurn ? ui.tr("yourTurn") : ""}
          </p>
          <Opponents view={view} players={players} me={me} deadline={model.deadline} ui={ui} />
          <LotShow game={game} ui={ui} />
          {hidden ? (
            <PacketFelt view={view} ui={ui} names={names} picks={passOn} onDrop={(move) => move && act(move)} />
          ) : (
            <Middle view={view} ui={ui} canSwap={canSwap} picked={pickMiddle} onPick={onMiddle} covered={between} />
          )}
          <p class="status-line" aria-live="polite">
            {lastWords ?? ""}
          </p>
          {banner && banner.id > bannerDone && !between ? (
            // On your own turn it only flashes: it would lie over the middle (or the packet) you choose from.
            <div class={`banner${myTurn ? " banner--brief" : ""}`} aria-hidden="true" key={banner.id}>
              {banner.text}
            </div>
          ) : null}
          {between ? (
            <RoundResult
              game={game}
              view={view}
              players={players}
              me={me}
              ui={ui}
              onNext={model.mode === "local" && !coach ? () => game.nextRound() : null}
              onRematch={model.canRematch ? () => game.rematch() : null}
              onDownload={() => void game.record().then(download)}
              onReplay={() => void game.record().then(onReplay)}
            />
          ) : null}
          {coach}
          <section class="me" aria-label={ui.tr("yourHand")}>
            <div class="me__head">
              {me !== null ? (
                <ul class="seats seats--me">
                  <SeatBox seat={me} view={view} info={players[me]} self deadline={model.deadline} ui={ui} />
                </ul>
              ) : null}
              <p class="turn-line">
                {offline && me !== null ? (
                  <span class="turn-line__offline" data-offline="">
                    {ui.tr("offlineTurnLine")}
                  </span>
                ) : view.toAct === me && me !== null ? (
                  <strong>{ui.tr("yourTurn")}</strong>
                ) : turnName && !between ? (
                  ui.tr("turnOf", { name: turnName })
                ) : (
                  ""
                )}
              </p>
            </div>
            <Hand
              view={view}
              ui={ui}
              canSwap={canSwap}
              picked={pickHand}
              onPick={onHand}
              onDrop={trySwap}
              passOn={hidden ? { ...passOn, onDrop: dropOf(passOn, (move) => move && act(move)) } : null}
              covered={between}
            />
            {mark && mark.round === view.round ? <MoveMark judgement={mark.judgement} speech={speech} ui={ui} /> : null}
            <Actions
              legal={offered}
              blocked={offline}
              ui={ui}
              act={act}
              hint={askHint}
              hintText={hintText}
              prompt={prompt}
              passOn={passOn.move}
            />
            {game.estimates && hintText && myTurn ? (
              <CoachDetails key={turnKey} load={game.estimates} speech={speech} ui={ui} />
            ) : null}
            {/* A spectator holds no cards: the keys would do nothing. */}
            {me !== null ? (
              <p class="keys-help">
                {ui.tr(
                  hidden
                    ? askHint
                      ? "keysHelpHidden"
                      : "keysHelpHiddenOnline"
                    : askHint
                      ? "keysHelp"
                      : "keysHelpOnline",
                )}
              </p>
            ) : null}
          </section>
        </main>
      ) : (
        <p class="loading">{ui.tr(model.connection === "reconnecting" ? "connectionLost" : "connecting")}</p>
      )}
    </div>
  );
}

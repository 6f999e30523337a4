import { type Card, type TableView, handValue } from "@schwimmen/rules";
import type { JSX } from "preact";
import type { Ui } from "../ui.js";
import { CardBack, CardButton } from "./card-button.js";
import { useCardDrag } from "./drag.js";
import { stockWords } from "./announce.js";

/** Arrow keys walk along a row of cards; up and down jump between the middle and the hand. */
export function moveFocus(event: JSX.TargetedKeyboardEvent<HTMLElement>): void {
  const current = event.currentTarget;
  const row = current.closest("[data-row]");
  if (!row) return;
  const cards = [...row.querySelectorAll<HTMLElement>("button.card")];
  const index = cards.indexOf(current);
  let target: HTMLElement | undefined;
  if (event.key === "ArrowRight") target = cards[(index + 1) % cards.length];
  else if (event.key === "ArrowLeft") target = cards[(index - 1 + cards.length) % cards.length];
  else if (event.key === "ArrowUp" || event.key === "ArrowDown") {
    const other = document.querySelector<HTMLElement>(
      row.getAttribute("data-row") === "hand" ? '[data-row="middle"], [data-row="packet"]' : '[data-row="hand"]',
    );
    target =
      other?.querySelectorAll<HTMLElement>("button.card")[Math.max(0, index)] ??
      other?.querySelector<HTMLElement>("button.card") ??
      undefined;
  }
  if (target) {
    event.preventDefault();
    target.focus();
  }
}

interface MiddleProps {
  readonly view: TableView;
  readonly ui: Ui;
  readonly canSwap: boolean;
  readonly picked: Card | null;
  readonly onPick: (card: Card) => void;
  /** A round's result lies over the middle: its cards are out of reach (no focus for keys, none for a reader). */
  readonly covered?: boolean;
}

export function Middle({ view, ui, canSwap, picked, onPick, covered = false }: MiddleProps) {
  const middle = view.middle ?? [];
  return (
    <section class="felt" aria-label={ui.tr("middle")} inert={covered}>
      {/* Before the first deal (a table waiting for players) there is no stock yet: no empty place, no "0". */}
      {view.round >= 0 ? (
        <div class="stock" role="img" aria-label={stockWords(view.stockSize, ui.lang)}>
          {view.stockSize > 0 ? <CardBack /> : <span class="card card--empty" aria-hidden="true" />}
          <span class="stock__count" aria-hidden="true">
            {view.stockSize}
          </span>
        </div>
      ) : null}
      <div class="middle" data-row="middle" role="group" aria-label={ui.tr("middle")}>
        {middle.length === 0 ? <span class="middle__empty">{view.phase === "choosing" ? "?" : ""}</span> : null}
        {middle.map((card, index) => (
          <CardButton
            card={card}
            faces={ui.faces}
            lang={ui.lang}
            place={`${ui.tr("middle")} ${index + 1}`}
            selected={picked === card}
            disabled={!canSwap}
            onPick={() => onPick(card)}
            onKeyDown={moveFocus}
            keyHint={canSwap ? String(index + 4) : undefined}
          />
        ))}
      </div>
    </section>
  );
}

interface HandProps {
  readonly view: TableView;
  readonly ui: Ui;
  readonly canSwap: boolean;
  readonly picked: Card | null;
  readonly onPick: (card: Card) => void;
  readonly onDrop: (give: Card, take: Card) => void;
  /** A hidden deal on your turn: the cards picked to pass on, and a drop onto the packet. */
  readonly passOn?: {
    readonly picked: (slot: `h${number}`) => boolean;
    readonly toggle: (slot: `h${number}`) => void;
    readonly active: boolean;
    readonly onDrop: (give: Card, take: Card, element: HTMLElement, dragged: HTMLElement) => void;
  } | null;
  /** A round's result is shown: the hand is out of reach of Tab and clicks, like the middle (the result shows it). */
  readonly covered?: boolean;
}

export function Hand({ view, ui, canSwap, picked, onPick, onDrop, passOn, covered = false }: HandProps) {
  const hand = view.hand;
  const drag = useCardDrag(passOn ? passOn.onDrop : onDrop, passOn ? "packet" : "middle");
  if (!hand) return null;
  const value = handValue(hand, view.rules);
  return (
    <div class="hand-wrap">
      <div
        class="hand"
        data-row="hand"
        inert={covered}
        role="group"
        aria-label={`${ui.tr("yourHand")}, ${ui.tr("handValue", { v: value })}`}
      >
        {hand.map((card, index) => {
          const slot = `h${index}` as const;
          const can = passOn ? passOn.active : canSwap;
          return (
            <CardButton
              card={card}
              slot={passOn ? slot : undefined}
              faces={ui.faces}
              lang={ui.lang}
              place={`${ui.tr("yourHand")} ${index + 1}`}
              selected={passOn ? passOn.picked(slot) : picked === card}
              disabled={!can}
              onPick={() => (passOn ? passOn.toggle(slot) : onPick(card))}
              drag={can ? drag(card) : undefined}
              onKeyDown={moveFocus}
              keyHint={can ? String(index + 1) : undefined}
            />
          );
        })}
      </div>
      <p class="hand__value" aria-hidden="true">
        {ui.tr("handValue", { v: String(value).replace(".5", "½") })}
      </p>
    </div>
  );
}

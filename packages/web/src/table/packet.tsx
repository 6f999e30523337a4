/**
 * The hidden deal at the table: the packet of two in the middle of the felt (face up while you hold it, face down
 * with its holder's name otherwise), and the choice of the two cards you pass on. The page knows no rules: a pair
 * of cards can be passed on exactly when the view's legal actions hold a `passOn` of those two cards.
 */
import type { Action, Card, Move, TableView } from "@schwimmen/rules";
import { useRef, useState } from "preact/hooks";
import type { Ui } from "../ui.js";
import { CardBack, CardButton } from "./card-button.js";
import { useCardDrag } from "./drag.js";
import { moveFocus } from "./felt.js";

/** A card's place among the five: "h0".."h2" in the hand, "p0", "p1" in the packet (two decks may repeat a card). */
export type Slot = `h${number}` | `p${number}`;

/** The card in a slot of the view, if there is one. */
export function slotCard(view: TableView, slot: Slot): Card | undefined {
  const cards = slot.startsWith("h") ? view.hand : view.packet;
  return cards?.[Number(slot.slice(1))];
}

type PassOn = Extract<Action, { type: "passOn" }>;

/**
 * The two slots a drag gives away: a hand card dragged onto a packet card (or the other way round) goes, the card it
 * lands on stays, and the packet's other card goes with it; null for a drag within one row or from nowhere.
 */
export function dropSlots(from: string | undefined, onto: string | undefined): [Slot, Slot] | null {
  const slot = /^[hp][0-2]$/;
  if (!from || !onto || !slot.test(from) || !slot.test(onto) || from[0] === onto[0]) return null;
  const hand = (from[0] === "h" ? from : onto) as Slot;
  const packet = from[0] === "p" ? from : onto;
  return [hand, packet === "p0" ? "p1" : "p0"];
}

/** The legal `passOn` that gives exactly these two cards (in either order), or null. */
export function passOnOf(legal: readonly Action[], a: Card, b: Card): Move | null {
  const found = legal.find(
    (x): x is PassOn =>
      x.type === "passOn" && ((x.give[0] === a && x.give[1] === b) || (x.give[0] === b && x.give[1] === a)),
  );
  return found ? { type: "passOn", give: [found.give[0]!, found.give[1]!] } : null;
}

export interface PassOnPicks {
  /** Some `passOn` is legal now. */
  readonly active: boolean;
  readonly slots: readonly Slot[];
  readonly picked: (slot: Slot) => boolean;
  /** Picks a slot or puts it back; a third pick lets the first one go. */
  readonly toggle: (slot: Slot) => void;
  readonly clear: () => void;
  /** The legal move for the two picked cards; null until two are picked. */
  readonly move: Move | null;
  /** The move for a drag: `card` from one row onto `target` in the other, which is kept while the card goes. */
  readonly dropMove: (from: string | undefined, onto: string | undefined) => Move | null;
}

/** The cards picked to pass on, kept for one turn (`turnKey`); read through a ref, so quick keys see each other. */
export function usePassOnPicks(view: TableView | null, legal: readonly Action[], turnKey: string): PassOnPicks {
  const [state, setState] = useState<{ slots: readonly Slot[]; turn: string }>({ slots: [], turn: "" });
  const current = state.turn === turnKey ? state.slots : [];
  const ref = useRef(current);
  ref.current = current;
  const active = view !== null && legal.some((a) => a.type === "passOn");
  const set = (slots: readonly Slot[]) => {
    ref.current = slots;
    setState({ slots, turn: turnKey });
  };
  const cardsOf = (slots: readonly Slot[]) => (view ? slots.map((slot) => slotCard(view, slot)) : []);
  const moveFor = (slots: readonly Slot[]) => {
    const [a, b] = cardsOf(slots);
    return slots.length === 2 && a && b ? passOnOf(legal, a, b) : null;
  };
  return {
    active,
    slots: current,
    picked: (slot) => current.includes(slot),
    toggle: (slot) => {
      if (!active || !view || !slotCard(view, slot)) return;
      const now = ref.current;
      set(now.includes(slot) ? now.filter((s) => s !== slot) : [...now, slot].slice(-2));
    },
    clear: () => set([]),
    move: moveFor(current),
    dropMove: (from, onto) => {
      const slots = dropSlots(from, onto);
      return slots ? moveFor(slots) : null;
    },
  };
}

/** A drop handler for `useCardDrag`: a card dragged from the hand onto the packet, or the other way round. */
export const dropOf =
  (picks: PassOnPicks, onDrop: (move: Move | null) => void) =>
  (_card: Card, _target: Card, element: HTMLElement, dragged: HTMLElement) =>
    onDrop(picks.dropMove(dragged.dataset.slot, element.dataset.slot));

interface PacketProps {
  readonly view: TableView;
  readonly ui: Ui;
  readonly names: readonly string[];
  readonly picks: PassOnPicks;
  readonly onDrop: (move: Move | null) => void;
}

/** The middle of the felt in a hidden deal: your packet to choose from, or the packet face down at another seat. */
export function PacketFelt({ view, ui, names, picks, onDrop }: PacketProps) {
  const drag = useCardDrag(dropOf(picks, onDrop), "hand");
  const holder = view.packetHolder;
  const packet = view.packet;
  if (packet) {
    return (
      <section class="felt felt--packet" aria-label={ui.tr("packetYours")}>
        <span class="packet__label" aria-hidden="true">
          {ui.tr("packet")}
        </span>
        <div class="middle packet" data-row="packet" data-flip="packet" role="group" aria-label={ui.tr("packet")}>
          {packet.map((card, index) => {
            const slot: Slot = `p${index}`;
            return (
              <CardButton
                card={card}
                slot={slot}
                faces={ui.faces}
                lang={ui.lang}
                place={`${ui.tr("packet")} ${index + 1}`}
                selected={picks.picked(slot)}
                disabled={!picks.active}
                onPick={() => picks.toggle(slot)}
                drag={picks.active ? drag(card) : undefined}
                onKeyDown={moveFocus}
                keyHint={picks.active ? String(index + 4) : undefined}
              />
            );
          })}
        </div>
      </section>
    );
  }
  const name = holder === null ? null : (names[holder] ?? `#${holder + 1}`);
  return (
    <section class="felt felt--packet" aria-label={ui.tr("packet")}>
      {name !== null ? (
        <div class="packet packet--away" role="img" aria-label={ui.tr("packetAt", { name })}>
          <span class="packet__cards" aria-hidden="true">
            <CardBack />
            <CardBack />
          </span>
          <span class="packet__who" aria-hidden="true">
            {ui.tr("packetAt", { name })}
          </span>
        </div>
      ) : null}
    </section>
  );
}

/** The mark at the seat that holds the packet: two small backs that travel from seat to seat. */
export function PacketMark({ ui }: { ui: Ui }) {
  return (
    <span class="seat__packet" data-flip="packet" role="img" aria-label={ui.tr("packet")} title={ui.tr("packet")}>
      <CardBack small />
      <CardBack small />
    </span>
  );
}

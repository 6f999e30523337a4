import type { Card } from "@schwimmen/rules";
import { useRef } from "preact/hooks";

export interface DragHandlers {
  onPointerDown(event: PointerEvent): void;
  onPointerMove(event: PointerEvent): void;
  onPointerUp(event: PointerEvent): void;
  onPointerCancel(event: PointerEvent): void;
  /** True for the click that ends a drag: it must not also pick the card. */
  swallowClick(): boolean;
}

const THRESHOLD = 8;

/**
 * Dragging a card onto a card of another row (a hand card onto a middle card by default), with pointer events
 * (mouse, pen and touch alike). The card follows the pointer; let go over a card of `row` and
 * `onDrop(card, target, its element, the dragged element)` is called. A short press stays a click.
 */
export function useCardDrag(
  onDrop: (card: Card, target: Card, element: HTMLElement, dragged: HTMLElement) => void,
  row = "middle",
): (card: Card) => DragHandlers {
  const drag = useRef<{ card: Card; x: number; y: number; moved: boolean; element: HTMLElement } | null>(null);
  const swallow = useRef(false);
  const end = () => {
    const current = drag.current;
    drag.current = null;
    if (!current) return;
    current.element.style.transform = "";
    current.element.classList.remove("card--dragging");
  };
  return (card) => ({
    onPointerDown(event) {
      if (event.button !== 0) return;
      swallow.current = false;
      const element = event.currentTarget as HTMLElement;
      drag.current = { card, x: event.clientX, y: event.clientY, moved: false, element };
      element.setPointerCapture?.(event.pointerId);
    },
    onPointerMove(event) {
      const current = drag.current;
      if (!current) return;
      const dx = event.clientX - current.x;
      const dy = event.clientY - current.y;
      if (!current.moved && Math.hypot(dx, dy) < THRESHOLD) return;
      current.moved = true;
      current.element.classList.add("card--dragging");
      current.element.style.transform = `translate(${dx}px, ${dy}px)`;
    },
    onPointerUp(event) {
      const current = drag.current;
      if (!current) return;
      const moved = current.moved;
      // The card under the pointer, looking past the dragged one itself. (Hiding the dragged card for a moment does
      // not do: with reduced motion every property has a tiny transition, so its pictures stay visible and in the way.)
      const below = document
        .elementsFromPoint(event.clientX, event.clientY)
        .find((element) => !current.element.contains(element));
      end();
      if (!moved) return;
      swallow.current = true;
      const target = below?.closest<HTMLElement>(`[data-row="${row}"] [data-card]`);
      if (target?.dataset.card) onDrop(current.card, target.dataset.card as Card, target, current.element);
    },
    onPointerCancel: end,
    swallowClick() {
      const was = swallow.current;
      swallow.current = false;
      return was;
    },
  });
}

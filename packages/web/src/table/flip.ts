import { type RefObject } from "preact";
import { useLayoutEffect, useRef } from "preact/hooks";
import { reducedMotion } from "../motion.js";

type Place = { readonly left: number; readonly top: number };

/**
 * Cards that move: the open middle and the hand (result tables and replays only show cards); and things that go from
 * seat to seat, named by `data-flip` (the hidden deal's packet).
 */
const MOVING = ".felt [data-card], .hand [data-card], [data-flip]";
const EASING = "cubic-bezier(.2,.7,.3,1)";

/**
 * FLIP: after each redraw, every card that moved is shown first at its old place and slides to the new one with a
 * transform. Cards are found by their code, so a card that goes from the middle into the hand travels between the
 * two; a card that was not on the table before comes out of the stock (a deal, a new middle). Nothing moves when
 * the person asks for reduced motion.
 */
export function useFlip(root: RefObject<HTMLElement>): void {
  const last = useRef(new Map<string, Place>());
  useLayoutEffect(() => {
    const container = root.current;
    if (!container) return;
    // Positions relative to the table, so that scrolling the page moves nothing.
    const origin = container.getBoundingClientRect();
    const place = (element: Element): Place => {
      const box = element.getBoundingClientRect();
      return { left: box.left - origin.left, top: box.top - origin.top };
    };
    const stock = container.querySelector(".stock");
    const from = stock ? place(stock) : null;
    const animate = !reducedMotion() && last.current.size > 0;
    const now = new Map<string, Place>();
    for (const element of container.querySelectorAll<HTMLElement>(MOVING)) {
      const key = element.dataset.flip ?? element.dataset.card!;
      const here = place(element);
      now.set(key, here);
      if (!animate) continue;
      const before = last.current.get(key);
      if (before) {
        const dx = before.left - here.left;
        const dy = before.top - here.top;
        if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
        element.animate?.([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], {
          duration: 320,
          easing: EASING,
        });
      } else if (from) {
        const dx = from.left - here.left;
        const dy = from.top - here.top;
        element.animate?.(
          [
            { transform: `translate(${dx}px, ${dy}px) scale(0.7)`, opacity: 0.4 },
            { transform: "none", opacity: 1 },
          ],
          { duration: 360, easing: EASING },
        );
      }
    }
    last.current = now;
  });
}

import { type RefObject } from "preact";
import { useLayoutEffect, useRef } from "preact/hooks";

const reducedMotion = (): boolean =>
  typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * FLIP: after each redraw, every element with a `data-card` under `root` that moved is shown first at its old place
 * and slides to the new one with a CSS transform. Cards are found by their code, so a card that goes from the middle
 * into a hand travels between the two. Nothing moves when the person asks for reduced motion.
 */
export function useFlip(root: RefObject<HTMLElement>): void {
  const last = useRef(new Map<string, { left: number; top: number }>());
  useLayoutEffect(() => {
    const container = root.current;
    if (!container) return;
    // Positions relative to the table, so that scrolling the page moves nothing.
    const origin = container.getBoundingClientRect();
    const now = new Map<string, { left: number; top: number }>();
    const elements = container.querySelectorAll<HTMLElement>("[data-card]");
    const animate = !reducedMotion();
    for (const element of elements) {
      const key = element.dataset.card!;
      if (now.has(key)) continue;
      const box = element.getBoundingClientRect();
      const rect = { left: box.left - origin.left, top: box.top - origin.top };
      now.set(key, rect);
      const before = last.current.get(key);
      if (!animate || !before) continue;
      const dx = before.left - rect.left;
      const dy = before.top - rect.top;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
      element.animate?.([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }], {
        duration: 320,
        easing: "cubic-bezier(.2,.7,.3,1)",
      });
    }
    last.current = now;
  });
}

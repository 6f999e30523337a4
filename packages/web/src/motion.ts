/** Whether the person asked their system for less motion: animations are then left out (not what they tell). */
export const reducedMotion = (): boolean =>
  typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

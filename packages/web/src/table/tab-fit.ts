import { type RefObject } from "preact";
import { useLayoutEffect } from "preact/hooks";

/**
 * How a chip writes the tabs on its top edge (dealer, knock, seconds): as the screen's styles have them, else in
 * their short words ("G", "geklopft"), else those smaller and closer. The first that fits the chip is kept, so a
 * dealer who knocked shows both tabs whole at every size and in every font (side by side, "Geber" was cut to "G…"
 * and "hat geklopft" ran past a narrow chip's edge).
 */
const LEVELS = [undefined, "short", "tiny"] as const;

const overflows = (tabs: HTMLElement): boolean =>
  tabs.scrollWidth > tabs.clientWidth + 0.5 ||
  [...tabs.children].some((tab) => tab.scrollWidth > tab.clientWidth + 0.5);

export function fitTabs(chip: HTMLElement): void {
  const tabs = chip.querySelector<HTMLElement>(":scope > .seat__badges");
  for (const level of LEVELS) {
    if (level) chip.dataset.tabs = level;
    else delete chip.dataset.tabs;
    if (!tabs || tabs.childElementCount === 0 || !overflows(tabs)) return;
  }
}

/** Fits the chip's tabs after each drawing, when the chip changes size, and once the page's fonts are in. */
export function useTabFit(chip: RefObject<HTMLElement>): void {
  useLayoutEffect(() => {
    if (chip.current) fitTabs(chip.current);
  });
  useLayoutEffect(() => {
    const element = chip.current;
    if (!element) return;
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => fitTabs(element));
    observer?.observe(element);
    void document.fonts?.ready.then(() => fitTabs(element));
    return () => observer?.disconnect();
  }, []);
}

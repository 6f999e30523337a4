import type { Root } from "mdast";
import { useEffect, useState } from "preact/hooks";
import { chaptersOf } from "../markdown-text.js";
import { useUi } from "../ui.js";

/** Brings a heading into sight and moves the focus there, so that a keyboard or a screen reader goes on from it. */
function goTo(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.scrollIntoView({ block: "start" });
  target.focus({ preventScroll: true });
  return true;
}

/**
 * The contents of a long rules page, folded at its top: each chapter and its sections lead to their heading. `href`
 * gives an entry's own address (it can be copied or opened in a new tab); a plain click only scrolls.
 */
export function RulesContents({ tree, href }: { tree: Root; href: (id: string) => string }) {
  const ui = useUi();
  const chapters = chaptersOf(tree);
  if (chapters.length < 2) return null;
  const link = (entry: { id: string; title: string }) => (
    <a
      href={href(entry.id)}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        if (goTo(entry.id)) event.preventDefault();
      }}
    >
      {entry.title}
    </a>
  );
  return (
    <nav class="rules-contents" aria-label={ui.tr("rulesContents")}>
      <details>
        <summary>{ui.tr("rulesContents")}</summary>
        <ol>
          {chapters.map((chapter) => (
            <li>
              {link(chapter)}
              {chapter.sections.length > 0 ? (
                <ol>
                  {chapter.sections.map((section) => (
                    <li>{link(section)}</li>
                  ))}
                </ol>
              ) : null}
            </li>
          ))}
        </ol>
      </details>
    </nav>
  );
}

/**
 * "Back to top" once the page has been scrolled more than a screen down: a long page on a phone is otherwise a long
 * way back to its contents and links. It moves the focus to the page's top.
 */
export function ToTop({ target }: { target: string }) {
  const ui = useUi();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const check = () => setShown(window.scrollY > window.innerHeight);
    check();
    window.addEventListener("scroll", check, { passive: true });
    return () => window.removeEventListener("scroll", check);
  }, []);
  if (!shown) return null;
  return (
    <button
      type="button"
      class="btn rules-to-top"
      onClick={() => {
        window.scrollTo({ top: 0 });
        document.getElementById(target)?.focus({ preventScroll: true });
      }}
    >
      ↑ {ui.tr("rulesToTop")}
    </button>
  );
}

import "../styles/pages.css";
import { useEffect, useState } from "preact/hooks";
import { type Block, parseMarkdown } from "../markdown.js";
import { useUi } from "../ui.js";
import { MarkdownView } from "./markdown-view.js";

// The rules pages are written in docs/; a missing file leaves the glob empty instead of breaking the build.
const SOURCES = import.meta.glob<string>("../../../../docs/rules.*.md", { query: "?raw", import: "default" });

/** The rules of the game, from docs/rules.de.md or docs/rules.en.md. */
export function RulesPage({ onMenu }: { onMenu: () => void }) {
  const ui = useUi();
  const [blocks, setBlocks] = useState<Block[] | null | "missing">(null);
  useEffect(() => {
    const load = SOURCES[`../../../../docs/rules.${ui.lang}.md`] ?? Object.values(SOURCES)[0];
    if (!load) return setBlocks("missing");
    setBlocks(null);
    void load().then(
      (text) => setBlocks(parseMarkdown(text)),
      () => setBlocks("missing"),
    );
  }, [ui.lang]);
  return (
    <main id="main" class="page prose" tabIndex={-1}>
      <button type="button" class="btn btn--ghost" onClick={onMenu}>
        ← {ui.tr("menu")}
      </button>
      {blocks === null ? (
        <p class="loading">{ui.tr("rulesLoading")}</p>
      ) : blocks === "missing" ? (
        <p>{ui.tr("rulesMissing")}</p>
      ) : (
        <MarkdownView blocks={blocks} />
      )}
    </main>
  );
}

import "../styles/pages.css";
import "../styles/rules-page.css";
import type { Code, Root } from "mdast";
import { useEffect, useState } from "preact/hooks";
import { CardFace } from "../cards/card-face.js";
import { cardLabel, inGermanFaces } from "../cards/names.js";
import { cardLines } from "../card-lines.js";
import type { Faces, Lang } from "../settings.js";
import { useUi } from "../ui.js";
import { type MarkdownHooks, MarkdownView } from "./markdown-view.js";
import { RulesContents, ToTop } from "./rules-contents.js";

// The short page for players (docs/play.*.md) and the full reference (docs/rules.*.md), each a chunk of its own that
// loads on first use. They arrive as Markdown trees, read when the page is built (see vite.config.ts); a missing file
// leaves the glob without it instead of breaking the build.
const SOURCES = import.meta.glob<Root>(["../../../../docs/play.*.md", "../../../../docs/rules.*.md"], {
  query: "?tree",
  import: "default",
});
const source = (doc: Doc, lang: Lang) => SOURCES[`../../../../docs/${doc}.${lang}.md`];

type Doc = "play" | "rules";
const LANGS: readonly Lang[] = ["de", "en"];
const LANG_NAMES: Readonly<Record<Lang, string>> = { de: "Deutsch", en: "English" };

/** The route of a rules page: `#/rules` (short) or `#/rules/full`, in a language, optionally at an anchor. */
export function rulesRoute(doc: Doc, lang: Lang, at?: string): string {
  return `#/rules${doc === "rules" ? "/full" : ""}?lang=${lang}${at ? `&at=${encodeURIComponent(at)}` : ""}`;
}

/** Links between the docs lead to the app's own screens: `rules.en.md#x` to the English reference at `x`. */
export function docLink(href: string): string | null {
  const doc = href.match(/^(?:\.\/)?(play|rules)\.(de|en)\.md(?:#(.*))?$/);
  if (doc) return rulesRoute(doc[1] as Doc, doc[2] as Lang, doc[3]);
  if (/^(?:\.\/)?presets\.md(?:#.*)?$/.test(href)) return "#/house-rules";
  return null;
}

/** A ` ```cards ` block: each line a row of cards drawn by the table's own card faces, with its caption. */
function HandPictures({
  node,
  lang,
  faces,
  text,
}: {
  node: Code;
  lang: Lang;
  faces: Faces;
  text: (s: string) => string;
}) {
  return (
    <div class="hands">
      {cardLines(node.value).map(({ cards, caption }) => (
        <figure class="hand-picture">
          <span
            class="hand-picture__cards"
            role="img"
            aria-label={cards.map((c) => cardLabel(c, lang, faces)).join(", ")}
          >
            {cards.map((card) => (
              <span class="hand-picture__card">
                <CardFace card={card} faces={faces} lang={lang} />
              </span>
            ))}
          </span>
          {caption ? <figcaption>{text(caption)}</figcaption> : null}
        </figure>
      ))}
    </div>
  );
}

type Loaded = { doc: Doc; lang: Lang; tree: Root } | "loading" | "missing";

/**
 * The rules for players: a short page (`#/rules`) and the full reference (`#/rules/full`). They are shown in the app's
 * language unless the route names one (`?lang=en`), as the links between the German and English documents do.
 */
export function RulesPage({
  onMenu,
  full = false,
  params,
}: {
  onMenu: () => void;
  full?: boolean;
  params?: URLSearchParams;
}) {
  const ui = useUi();
  const asked = params?.get("lang");
  const lang: Lang = asked === "de" || asked === "en" ? asked : ui.lang;
  const doc: Doc = full ? "rules" : "play";
  const at = params?.get("at") ?? null;
  const [loaded, setLoaded] = useState<Loaded>("loading");
  const [drawn, setDrawn] = useState<Root | null>(null);
  useEffect(() => {
    const load = source(doc, lang) ?? LANGS.map((l) => source(doc, l)).find(Boolean);
    if (!load) return setLoaded("missing");
    let current = true;
    setLoaded("loading");
    void load().then(
      (tree) => current && setLoaded({ doc, lang, tree }),
      () => current && setLoaded("missing"),
    );
    return () => {
      current = false;
    };
  }, [doc, lang]);
  // An anchor in the route (from a link like rules.en.md#x) is scrolled to once the whole document is drawn.
  const whenDrawn = () => typeof loaded === "object" && setDrawn(loaded.tree);
  useEffect(() => {
    if (at && drawn) document.getElementById(at)?.scrollIntoView();
  }, [at, drawn]);
  // On the short page, card names follow the chosen faces: "Pik-König" reads "Grün-König" on German cards.
  const text = (s: string) => (ui.faces === "german" ? inGermanFaces(s, lang) : s);
  const hooks: MarkdownHooks = {
    link: docLink,
    code: (node) =>
      node.lang === "cards" ? <HandPictures node={node} lang={lang} faces={ui.faces} text={text} /> : undefined,
    text: doc === "play" ? text : undefined,
  };
  const other = LANGS.find((l) => l !== lang) ?? lang;
  return (
    <main id="main" class="page prose rules-page" tabIndex={-1}>
      <nav class="rules-page__nav" aria-label={ui.tr("howToPlay")}>
        <button type="button" class="btn btn--ghost" onClick={onMenu}>
          ← {ui.tr("menu")}
        </button>
        <a href={rulesRoute(doc, other)} lang={other} hreflang={other} data-link="lang">
          {LANG_NAMES[other]}
        </a>
        <a
          class="rules-page__other"
          href={rulesRoute(full ? "play" : "rules", lang)}
          data-link={full ? "short" : "full"}
        >
          {full ? `← ${ui.tr("rulesShort")}` : `${ui.tr("rulesFull")} →`}
        </a>
      </nav>
      <article
        lang={lang}
        data-doc={typeof loaded === "object" ? `${loaded.doc}.${loaded.lang}` : undefined}
        aria-busy={typeof loaded !== "object" || drawn !== loaded.tree}
      >
        {loaded === "loading" ? (
          <p class="loading">{ui.tr("rulesLoading")}</p>
        ) : loaded === "missing" ? (
          <p>{ui.tr("rulesMissing")}</p>
        ) : (
          <>
            {loaded.doc === "rules" ? (
              <RulesContents tree={loaded.tree} href={(id) => rulesRoute("rules", loaded.lang, id)} />
            ) : null}
            <MarkdownView tree={loaded.tree} hooks={hooks} onDrawn={whenDrawn} />
          </>
        )}
      </article>
      <ToTop target="main" />
    </main>
  );
}

import { readFileSync } from "node:fs";
import fc from "fast-check";
import type { Nodes, Root } from "mdast";
import type { VNode } from "preact";
import { describe, expect, it } from "vitest";
import { presetsFromMarkdown } from "@schwimmen/rules";
import { parseMarkdown, plainText, treeModule } from "../src/markdown.js";
import { chaptersOf } from "../src/markdown-text.js";
import { type MarkdownHooks, batchEnds, renderMarkdown, safeHref } from "../src/screens/markdown-view.js";
import { docLink } from "../src/screens/rules-page.js";

interface Drawn {
  readonly tag: string;
  readonly props: Readonly<Record<string, unknown>>;
  readonly children: readonly (Drawn | string)[];
}

/** Draws what renderMarkdown returns into plain data: element tags, their props and text (components are called). */
function draw(node: unknown): (Drawn | string)[] {
  if (node === null || node === undefined || typeof node === "boolean") return [];
  if (typeof node === "string" || typeof node === "number") return [String(node)];
  if (Array.isArray(node)) return node.flatMap(draw);
  const vnode = node as VNode<Record<string, unknown>>;
  if (typeof vnode.type === "function") return draw((vnode.type as (p: unknown) => unknown)(vnode.props));
  const { children, ...props } = vnode.props;
  if (typeof vnode.type !== "string") return draw(children); // a fragment
  return [{ tag: vnode.type, props, children: draw(children) }];
}

const shown = (tree: Root, hooks?: MarkdownHooks) => draw(renderMarkdown(tree, hooks));
const all = (nodes: readonly (Drawn | string)[]): Drawn[] =>
  nodes.flatMap((n) => (typeof n === "string" ? [] : [n, ...all(n.children)]));
const textOf = (nodes: readonly (Drawn | string)[]): string =>
  nodes.map((n) => (typeof n === "string" ? n : textOf(n.children))).join("");
const doc = (name: string) => readFileSync(new URL(`../../../docs/${name}`, import.meta.url), "utf8");

describe("the rules pages' Markdown (mdast-util-from-markdown with GFM tables)", () => {
  it("reads headings, paragraphs, lists, quotes, tables, code and rules into elements", () => {
    const tree = parseMarkdown(
      "# Schwimmen\n\nJeder hält **drei** Karten\nund _tauscht_.\n\n- eins\n- zwei\n  weiter\n\n3. erst\n4. dann\n\n> Hinweis\n\n| a | b |\n| - | -: |\n| `1` | 2 |\n\n---\n\n```\ncode <b>\n```\n",
    );
    expect(tree.children.map((n) => n.type)).toEqual([
      "heading",
      "paragraph",
      "list",
      "list",
      "blockquote",
      "table",
      "thematicBreak",
      "code",
    ]);
    const drawn = shown(tree);
    expect(drawn.map((n) => (typeof n === "string" ? "text" : n.tag))).toEqual([
      "h1",
      "p",
      "ul",
      "ol",
      "blockquote",
      "div",
      "hr",
      "pre",
    ]);
    expect(drawn[0]).toMatchObject({ tag: "h1", props: { id: "schwimmen" } });
    expect(textOf([drawn[1]!])).toBe("Jeder hält drei Karten\nund tauscht.");
    expect(all([drawn[1]!]).map((n) => n.tag)).toEqual(["p", "strong", "em"]);
    // A tight list draws its items' text without paragraphs, as GitHub does.
    expect(all([drawn[2]!]).map((n) => n.tag)).toEqual(["ul", "li", "li"]);
    expect(drawn[3]).toMatchObject({ tag: "ol", props: { start: 3 } });
    const table = all([drawn[5]!]);
    expect(table.filter((n) => n.tag === "th").map((n) => n.props.scope)).toEqual(["col", "col"]);
    expect(table.filter((n) => n.tag === "td").map((n) => n.props.style)).toEqual([undefined, { textAlign: "right" }]);
    expect(table.some((n) => n.tag === "code")).toBe(true);
    expect(textOf([drawn[7]!])).toBe("code <b>");
  });

  it("never interprets raw HTML: script and img tags are shown as text", () => {
    const tree = parseMarkdown(
      '<script>alert(1)</script>\n\nText <img src=x onerror="alert(2)"> mehr &amp; <b>fett</b>\n\n- <iframe src="x"></iframe>\n',
    );
    const drawn = shown(tree);
    const tags = all(drawn).map((n) => n.tag);
    expect(tags).toEqual(["p", "p", "ul", "li"]);
    expect(all(drawn).every((n) => !("dangerouslySetInnerHTML" in n.props))).toBe(true);
    const text = textOf(drawn);
    expect(text).toContain("<script>alert(1)</script>");
    expect(text).toContain('Text <img src=x onerror="alert(2)"> mehr & <b>fett</b>');
    expect(text).toContain('<iframe src="x"></iframe>');
  });

  it("drops dangerous links and pictures, and keeps safe ones", () => {
    const tree = parseMarkdown("[x](javascript:alert(1)) [Regeln](#ziel) [web](https://example.org/) ![bild](x.png)");
    const drawn = shown(tree);
    const links = all(drawn).filter((n) => n.tag === "a");
    expect(links.map((n) => n.props.href)).toEqual(["#ziel", "https://example.org/"]);
    expect(all(drawn).some((n) => n.tag === "img")).toBe(false);
    expect(textOf(drawn)).toBe("x Regeln web bild");
    expect(safeHref("data:text/html,x")).toBeNull();
    expect(safeHref(" JavaScript:alert(1)")).toBeNull();
    expect(safeHref("rules.en.md")).toBe("rules.en.md");
  });

  it("sends links between the docs to the app's pages", () => {
    expect(docLink("rules.en.md")).toBe("#/rules/full?lang=en");
    expect(docLink("./rules.de.md#3-hausregeln")).toBe("#/rules/full?lang=de&at=3-hausregeln");
    expect(docLink("play.en.md")).toBe("#/rules?lang=en");
    expect(docLink("presets.md")).toBe("#/house-rules");
    expect(docLink("protocol.md")).toBeNull();
    const tree = parseMarkdown("[English](rules.en.md)");
    const link = all(shown(tree, { link: docLink })).find((n) => n.tag === "a");
    expect(link?.props.href).toBe("#/rules/full?lang=en");
  });

  it("reads the project's rules pages: tables, lists, code and links, every anchor has its heading", () => {
    for (const name of ["rules.de.md", "rules.en.md", "play.de.md", "play.en.md", "presets.md"]) {
      const tree = parseMarkdown(doc(name));
      const drawn = all(shown(tree, { link: docLink }));
      const tags = new Set(drawn.map((n) => n.tag));
      for (const tag of ["h1", "h2", "p", "ul", "code", "a"]) expect(tags, `${name} <${tag}>`).toContain(tag);
      if (name.startsWith("rules") || name === "presets.md") {
        expect(tags, name).toContain("table");
        // Every row of every table has as many cells as its head.
        for (const table of drawn.filter((n) => n.tag === "table")) {
          const rows = all([table]).filter((n) => n.tag === "tr");
          const widths = rows.map((row) => row.children.length);
          expect(new Set(widths).size, `${name}: ${textOf([rows[0]!])}`).toBe(1);
        }
      }
      // No Markdown is left over as text: no table pipes rows, no ** or ``` markers.
      const text = textOf(shown(tree));
      expect(text, name).not.toMatch(/\*\*|```|^\|/m);
      const ids = new Set(drawn.filter((n) => /^h\d$/.test(n.tag)).map((n) => n.props.id));
      for (const link of drawn.filter((n) => n.tag === "a")) {
        const href = String(link.props.href);
        if (href.startsWith("#") && !href.startsWith("#/")) expect(ids, `${name} ${href}`).toContain(href.slice(1));
        // Links to other docs lead to app pages, not to files the app does not serve.
        expect(href, name).not.toMatch(/\.md(#|$)/);
      }
    }
  });

  it("lists every preset of presets.md in both rules pages' preset table", () => {
    const ids = presetsFromMarkdown(doc("presets.md")).map((preset) => preset.id);
    expect(ids.length).toBeGreaterThanOrEqual(8);
    for (const name of ["rules.de.md", "rules.en.md"]) {
      const section =
        doc(name)
          .split(/^## /m)
          .find((part) => part.startsWith("5. Presets")) ?? "";
      for (const id of ids) expect(section, `${name}: ${id}`).toMatch(new RegExp(`^\\| \`${id}\` `, "m"));
    }
  });

  it("turns a document into a module of its tree, without source positions", async () => {
    const module = treeModule("# Titel\n\n| a |\n| - |\n| `b` |\n");
    expect(module).not.toContain("position");
    const url = `data:text/javascript;base64,${Buffer.from(module).toString("base64")}`;
    const { default: tree } = (await import(/* @vite-ignore */ url)) as { default: Root };
    const fresh = parseMarkdown("# Titel\n\n| a |\n| - |\n| `b` |\n");
    expect(JSON.stringify(tree)).toBe(
      JSON.stringify(fresh, (key, value: unknown) => (key === "position" ? undefined : value)),
    );
    expect(tree.children[0]).toMatchObject({ type: "heading", data: { id: "titel" } });
  });

  it("draws long documents in batches that end at the last block, the first one small", () => {
    for (const name of ["rules.de.md", "play.de.md"]) {
      const blocks = parseMarkdown(doc(name)).children;
      const ends = batchEnds(blocks);
      expect(ends.at(-1), name).toBe(blocks.length);
      expect(
        ends.every((end, i) => end > (ends[i - 1] ?? 0)),
        name,
      ).toBe(true);
      expect(ends[0], name).toBeLessThanOrEqual(16);
      if (name.startsWith("rules")) expect(ends.length, name).toBeGreaterThan(10);
    }
    expect(batchEnds([])).toEqual([]);
  });

  it("gives headings GitHub's anchors", () => {
    const tree = parseMarkdown("## 3. Hausregeln\n\n### `deck`: das Kartenblatt\n\n## Beispiel\n\n## Beispiel\n");
    expect(tree.children.map((n) => (n.type === "heading" ? n.data?.id : null))).toEqual([
      "3-hausregeln",
      "deck-das-kartenblatt",
      "beispiel",
      "beispiel-1",
    ]);
  });

  it("never throws, and plain words come out as they went in", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        expect(() => shown(parseMarkdown(text))).not.toThrow();
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[a-zA-Z][a-zA-Z .,<>/"=]{0,79}$/), (text) => {
        expect(plainText(parseMarkdown(text) as Nodes)).toBe(text.trimEnd());
      }),
    );
  });
});

describe("the contents of a rules page", () => {
  it("lists the chapters (##) with their sections (###) by their anchors, and nothing else", () => {
    const tree = parseMarkdown(
      "# Title\n\n### Before any chapter\n\n## 1. One\n\n### `deck`: the pack\n\n#### Too deep\n\n## Two\n\ntext\n",
    );
    expect(chaptersOf(tree)).toEqual([
      { id: "1-one", title: "1. One", sections: [{ id: "deck-the-pack", title: "deck: the pack" }] },
      { id: "two", title: "Two", sections: [] },
    ]);
  });

  it("covers every heading of the full reference in both languages, each leading to its anchor", () => {
    for (const lang of ["de", "en"]) {
      const tree = parseMarkdown(doc(`rules.${lang}.md`));
      const chapters = chaptersOf(tree);
      const listed = chapters.flatMap((c) => [c.id, ...c.sections.map((s) => s.id)]);
      const headings = tree.children.flatMap((node) =>
        node.type === "heading" && (node.depth === 2 || node.depth === 3) ? [node.data?.id] : [],
      );
      expect(listed).toEqual(headings);
      expect(chapters.length).toBe(7);
    }
  });
});

/**
 * Markdown for the rules pages: micromark (through mdast-util-from-markdown) reads CommonMark plus GFM tables into an
 * mdast tree, which `screens/markdown-view.tsx` draws as elements; raw HTML in the text stays text there. The docs are
 * read when the page is built (`vite.config.ts` imports `docs/*.md?tree` as trees), so no parser ships to the browser.
 */
import GithubSlugger from "github-slugger";
import type { Nodes, Root } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmTableFromMarkdown } from "mdast-util-gfm-table";
import { gfmTable } from "micromark-extension-gfm-table";
import { plainText } from "./markdown-text.js";

export { plainText };

declare module "mdast" {
  interface HeadingData {
    /** The anchor GitHub gives this heading, so that the docs' own `#links` work in the app too. */
    id?: string;
  }
}

/** Reads Markdown into a tree; every heading gets its GitHub anchor as `data.id`. Never throws. */
export function parseMarkdown(source: string): Root {
  const tree = fromMarkdown(source, { extensions: [gfmTable()], mdastExtensions: [gfmTableFromMarkdown()] });
  const slugger = new GithubSlugger();
  const visit = (node: Nodes) => {
    if (node.type === "heading") node.data = { ...node.data, id: slugger.slug(plainText(node)) };
    if ("children" in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return tree;
}

/** A module whose default export is the tree of `source`, without source positions (they are of no use on screen). */
export function treeModule(source: string): string {
  const json = JSON.stringify(parseMarkdown(source), (key, value: unknown) => (key === "position" ? undefined : value));
  // A JSON.parse of one string literal is quicker for the browser than the same data as an object literal.
  return `export default JSON.parse(${JSON.stringify(json)});\n`;
}

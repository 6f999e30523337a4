import type { Heading, Nodes, Root } from "mdast";

/**
 * The text of a node without its markup: "`deck`: das Kartenblatt" gives "deck: das Kartenblatt". A module of its own,
 * so that the page can use it without the Markdown parser (see markdown.ts); and the contents of a tree.
 */
export function plainText(node: Nodes): string {
  if ("value" in node) return node.value;
  if ("children" in node) return node.children.map((child) => plainText(child)).join("");
  return "";
}

/** A chapter of the contents: a second-level heading and the third-level headings under it. */
export interface Chapter {
  readonly id: string;
  readonly title: string;
  readonly sections: readonly { readonly id: string; readonly title: string }[];
}

/** The contents of a document: its chapters (##) with their sections (###), each by the anchor its heading has. */
export function chaptersOf(tree: Root): Chapter[] {
  const chapters: { id: string; title: string; sections: { id: string; title: string }[] }[] = [];
  for (const node of tree.children) {
    if (node.type !== "heading" || node.depth < 2 || node.depth > 3) continue;
    const entry = entryOf(node);
    if (entry === null) continue;
    if (node.depth === 2) chapters.push({ ...entry, sections: [] });
    else chapters.at(-1)?.sections.push(entry);
  }
  return chapters;
}

const entryOf = (heading: Heading): { id: string; title: string } | null => {
  const id = heading.data?.id;
  return id ? { id, title: plainText(heading) } : null;
};

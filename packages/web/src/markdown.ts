/**
 * A tiny Markdown reader for the rules pages: headings, paragraphs, lists, quotes, tables, rules, and inline
 * bold, italic, code and links. It builds a tree of plain data that the page turns into DOM nodes (never HTML text).
 */
export type Inline =
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "strong" | "em"; readonly children: readonly Inline[] }
  | { readonly kind: "code"; readonly text: string }
  | { readonly kind: "link"; readonly href: string; readonly children: readonly Inline[] };

export type Block =
  | {
      readonly kind: "heading";
      readonly level: 1 | 2 | 3 | 4;
      readonly children: readonly Inline[];
      readonly id: string;
    }
  | { readonly kind: "paragraph"; readonly children: readonly Inline[] }
  | { readonly kind: "list"; readonly ordered: boolean; readonly items: readonly (readonly Inline[])[] }
  | { readonly kind: "quote"; readonly children: readonly Block[] }
  | {
      readonly kind: "table";
      readonly head: readonly (readonly Inline[])[];
      readonly rows: readonly (readonly (readonly Inline[])[])[];
    }
  | { readonly kind: "code"; readonly text: string }
  | { readonly kind: "rule" };

/** Links may go to web pages, mail, anchors or relative places; anything else (javascript:, data:) becomes text. */
export function safeHref(href: string): string | null {
  const trimmed = href.trim();
  if (/^(https?:|mailto:|#|\/|\.\/|\.\.\/)/i.test(trimmed)) return trimmed;
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return null;
  return trimmed;
}

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let plain = "";
  const flush = () => {
    if (plain) out.push({ kind: "text", text: plain });
    plain = "";
  };
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    let m: RegExpMatchArray | null;
    if (rest[0] === "\\" && rest.length > 1) {
      plain += rest[1];
      i += 2;
    } else if ((m = rest.match(/^`([^`]+)`/))) {
      flush();
      out.push({ kind: "code", text: m[1]! });
      i += m[0].length;
    } else if ((m = rest.match(/^\*\*(.+?)\*\*/)) || (m = rest.match(/^__(.+?)__/))) {
      flush();
      out.push({ kind: "strong", children: parseInline(m[1]!) });
      i += m[0].length;
    } else if ((m = rest.match(/^\*(?!\s)(.+?)\*/)) || (m = rest.match(/^_(?!\s)(.+?)_(?![A-Za-z0-9])/))) {
      flush();
      out.push({ kind: "em", children: parseInline(m[1]!) });
      i += m[0].length;
    } else if ((m = rest.match(/^\[([^\]]+)\]\(([^)\s]+)\)/))) {
      flush();
      const href = safeHref(m[2]!);
      if (href === null) out.push(...parseInline(m[1]!));
      else out.push({ kind: "link", href, children: parseInline(m[1]!) });
      i += m[0].length;
    } else {
      plain += rest[0];
      i += 1;
    }
  }
  flush();
  return out;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9äöüß]+/g, "-")
    .replace(/^-|-$/g, "");

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, "")
    .split("|")
    .map((cell) => parseInline(cell.trim()));

const LIST_ITEM = /^\s*(?:[-*+•]|(\d+)[.)])\s+(.*)$/;

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    let m: RegExpMatchArray | null;
    if (line.trim() === "") {
      i++;
    } else if (line.startsWith("```")) {
      const body: string[] = [];
      for (i++; i < lines.length && !lines[i]!.startsWith("```"); i++) body.push(lines[i]!);
      i++;
      blocks.push({ kind: "code", text: body.join("\n") });
    } else if ((m = line.match(/^(#{1,6})\s+(.*?)\s*#*\s*$/))) {
      const level = Math.min(4, m[1]!.length) as 1 | 2 | 3 | 4;
      blocks.push({ kind: "heading", level, children: parseInline(m[2]!), id: slug(m[2]!) });
      i++;
    } else if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      blocks.push({ kind: "rule" });
      i++;
    } else if (line.startsWith(">")) {
      const body: string[] = [];
      for (; i < lines.length && lines[i]!.startsWith(">"); i++) body.push(lines[i]!.replace(/^>\s?/, ""));
      blocks.push({ kind: "quote", children: parseMarkdown(body.join("\n")) });
    } else if (line.trim().startsWith("|") && /^\s*\|?\s*:?-+/.test(lines[i + 1] ?? "")) {
      const head = cells(line);
      const rows: Inline[][][] = [];
      for (i += 2; i < lines.length && lines[i]!.trim().startsWith("|"); i++) rows.push(cells(lines[i]!));
      blocks.push({ kind: "table", head, rows });
    } else if ((m = line.match(LIST_ITEM))) {
      const ordered = m[1] !== undefined;
      const items: Inline[][] = [];
      let current = m[2]!;
      for (i++; i < lines.length; i++) {
        const next = lines[i]!;
        const item = next.match(LIST_ITEM);
        if (item) {
          items.push(parseInline(current));
          current = item[2]!;
        } else if (next.trim() !== "" && /^\s+/.test(next)) current += ` ${next.trim()}`;
        else break;
      }
      items.push(parseInline(current));
      blocks.push({ kind: "list", ordered, items });
    } else {
      const body: string[] = [];
      for (; i < lines.length; i++) {
        const next = lines[i]!;
        if (next.trim() === "" || /^(#{1,6}\s|>|```)/.test(next) || LIST_ITEM.test(next)) break;
        if (body.length > 0 && next.trim().startsWith("|")) break;
        body.push(next.trim());
      }
      blocks.push({ kind: "paragraph", children: parseInline(body.join(" ")) });
    }
  }
  return blocks;
}

import type { Code, Nodes, Root, RootContent } from "mdast";
import { Component, type ComponentChildren } from "preact";
import { useEffect, useMemo, useState } from "preact/hooks";

export interface MarkdownHooks {
  /** Where a link of the document leads in the app (e.g. `rules.en.md` to a hash route); `null` keeps it. */
  readonly link?: (href: string) => string | null;
  /** Draws a fenced block of a special language (e.g. `cards`); `undefined` draws it as code. */
  readonly code?: (node: Code) => ComponentChildren | undefined;
  /** Changes every piece of running text before it is drawn (e.g. suit names for the chosen card faces). */
  readonly text?: (text: string) => string;
}

type Align = "left" | "right" | "center" | null | undefined;

/** Links may go to web pages, mail, anchors or relative places; anything else (javascript:, data:) is dropped. */
export function safeHref(href: string): string | null {
  const trimmed = href.trim();
  if (/^(https?:|mailto:|#|\/|\.\/|\.\.\/)/i.test(trimmed)) return trimmed;
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return null;
  return trimmed;
}

function Link({ href, children }: { href: string; children: ComponentChildren }) {
  if (href.startsWith("#") && !href.startsWith("#/"))
    // An anchor inside the page: scroll there, leaving the page's own route in the address alone.
    return (
      <a
        href={href}
        onClick={(event) => {
          event.preventDefault();
          document.getElementById(decodeURIComponent(href.slice(1)))?.scrollIntoView();
        }}
      >
        {children}
      </a>
    );
  return (
    <a href={href} rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** Block content; raw HTML between blocks becomes a paragraph of its own text. */
function renderBlocks(nodes: readonly RootContent[], hooks: MarkdownHooks, tight = false): ComponentChildren {
  return nodes.map((node) => (node.type === "html" && !tight ? <p>{node.value}</p> : render(node, hooks, tight)));
}

/** One node as elements. Text (and raw HTML, which is never interpreted) always goes in as a text node. */
function render(node: Nodes, hooks: MarkdownHooks, tight = false): ComponentChildren {
  const blocks = (children: readonly RootContent[]) => renderBlocks(children, hooks);
  const kids = (children: readonly RootContent[]) => children.map((child) => render(child, hooks));
  switch (node.type) {
    case "root":
      return blocks(node.children);
    case "text":
      return hooks.text ? hooks.text(node.value) : node.value;
    case "html":
      return node.value;
    case "inlineCode":
      return <code>{node.value}</code>;
    case "code":
      return (
        hooks.code?.(node) ?? (
          <pre>
            <code>{node.value}</code>
          </pre>
        )
      );
    case "heading": {
      const Tag = `h${Math.min(node.depth, 4)}` as "h1";
      return <Tag id={node.data?.id}>{kids(node.children)}</Tag>;
    }
    case "paragraph":
      // In a tight list an item's paragraph is just its text, as GitHub draws it.
      return tight ? kids(node.children) : <p>{kids(node.children)}</p>;
    case "list": {
      const items = node.children.map((item) => <li>{renderBlocks(item.children, hooks, !node.spread)}</li>);
      return node.ordered ? <ol start={node.start ?? undefined}>{items}</ol> : <ul>{items}</ul>;
    }
    case "listItem":
      return <li>{blocks(node.children)}</li>;
    case "blockquote":
      return <blockquote>{blocks(node.children)}</blockquote>;
    case "table": {
      const [head, ...rows] = node.children;
      const align = (i: number): { textAlign: string } | undefined => {
        const a: Align = node.align?.[i];
        return a ? { textAlign: a } : undefined;
      };
      return (
        <div class="table-scroll">
          <table>
            {head ? (
              <thead>
                <tr>
                  {head.children.map((cell, i) => (
                    <th scope="col" style={align(i)}>
                      {kids(cell.children)}
                    </th>
                  ))}
                </tr>
              </thead>
            ) : null}
            <tbody>
              {rows.map((row) => (
                <tr>
                  {row.children.map((cell, i) => (
                    <td style={align(i)}>{kids(cell.children)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    }
    case "tableRow":
    case "tableCell":
      return kids(node.children);
    case "thematicBreak":
      return <hr />;
    case "break":
      return <br />;
    case "strong":
      return <strong>{kids(node.children)}</strong>;
    case "emphasis":
      return <em>{kids(node.children)}</em>;
    case "delete":
      return <del>{kids(node.children)}</del>;
    case "link": {
      const safe = safeHref(node.url);
      if (safe === null) return kids(node.children);
      return <Link href={hooks.link?.(safe) ?? safe}>{kids(node.children)}</Link>;
    }
    case "linkReference":
      return kids(node.children);
    // Pictures are not loaded from documents: their description stands in for them.
    case "image":
    case "imageReference":
      return node.alt ?? "";
    default:
      // Definitions, footnotes, front matter and the like draw nothing.
      return null;
  }
}

/** A whole tree as elements at once; nothing is ever parsed as HTML. */
export function renderMarkdown(tree: Root, hooks: MarkdownHooks = {}): ComponentChildren {
  return render(tree, hooks);
}

/** One top-level block, drawn once: later batches of the page leave it alone. */
class Block extends Component<{ node: RootContent; hooks: MarkdownHooks }> {
  override shouldComponentUpdate(next: { node: RootContent; hooks: MarkdownHooks }): boolean {
    return next.node !== this.props.node || next.hooks !== this.props.hooks;
  }
  override render(): ComponentChildren {
    return renderBlocks([this.props.node], this.props.hooks);
  }
}

/**
 * How much drawing a top-level block costs, roughly in elements per ten: a table by its rows, a fenced block by its
 * lines (a ` ```cards ` line is three card pictures), anything else one.
 */
function weight(node: RootContent): number {
  if (node.type === "table") return 1 + node.children.length / 2;
  if (node.type === "code") return 1 + node.value.split("\n").length * 4;
  return 1;
}

/** Drawing per task: the top of the page at once, the rest in small steps, so a phone never meets one long task. */
const BUDGET = 16;

/** Where each batch of top-level blocks ends: every batch holds at least one block and about BUDGET of weight. */
export function batchEnds(blocks: readonly RootContent[]): number[] {
  const ends: number[] = [];
  let sum = 0;
  blocks.forEach((block, i) => {
    sum += weight(block);
    if (sum >= BUDGET || i === blocks.length - 1) {
      ends.push(i + 1);
      sum = 0;
    }
  });
  return ends;
}

/** Draws a Markdown tree as elements, a batch of blocks per task; `onDrawn` runs once the last block is drawn. */
export function MarkdownView({ tree, hooks, onDrawn }: { tree: Root; hooks: MarkdownHooks; onDrawn?: () => void }) {
  const ends = useMemo(() => batchEnds(tree.children), [tree]);
  const [batch, setBatch] = useState(0);
  useEffect(() => setBatch(0), [tree]);
  useEffect(() => {
    if (batch >= ends.length - 1) return onDrawn?.();
    const timer = setTimeout(() => setBatch(batch + 1), 0);
    return () => clearTimeout(timer);
  }, [batch, ends]);
  return (
    <>
      {tree.children.slice(0, ends[batch] ?? 0).map((node) => (
        <Block node={node} hooks={hooks} />
      ))}
    </>
  );
}

import type { ComponentChildren } from "preact";
import type { Block, Inline } from "../markdown.js";

/** Links between the docs pages point to the app's own screens. */
function pageLink(href: string): string {
  if (/^(\.\/)?rules\.(de|en)\.md/.test(href)) return "#/rules";
  if (/^(\.\/)?presets\.md/.test(href)) return "#/house-rules";
  return href;
}

function Inlines({ nodes }: { nodes: readonly Inline[] }): ComponentChildren {
  return nodes.map((node) => {
    switch (node.kind) {
      case "text":
        return node.text;
      case "code":
        return <code>{node.text}</code>;
      case "strong":
        return (
          <strong>
            <Inlines nodes={node.children} />
          </strong>
        );
      case "em":
        return (
          <em>
            <Inlines nodes={node.children} />
          </em>
        );
      case "link": {
        const target = pageLink(node.href);
        if (target.startsWith("#") && !target.startsWith("#/"))
          // An anchor inside the page: scroll there, leaving the page's own route in the address alone.
          return (
            <a
              href={target}
              onClick={(event) => {
                event.preventDefault();
                document.getElementById(decodeURIComponent(target.slice(1)))?.scrollIntoView();
              }}
            >
              <Inlines nodes={node.children} />
            </a>
          );
        return (
          <a href={target} rel="noopener noreferrer">
            <Inlines nodes={node.children} />
          </a>
        );
      }
    }
  });
}

/** Draws parsed Markdown as elements; every text goes in as a text node. */
export function MarkdownView({ blocks }: { blocks: readonly Block[] }) {
  return (
    <>
      {blocks.map((block) => {
        switch (block.kind) {
          case "heading": {
            const Tag = `h${block.level}` as "h1";
            return (
              <Tag id={block.id}>
                <Inlines nodes={block.children} />
              </Tag>
            );
          }
          case "paragraph":
            return (
              <p>
                <Inlines nodes={block.children} />
              </p>
            );
          case "list": {
            const Tag = block.ordered ? "ol" : "ul";
            return (
              <Tag>
                {block.items.map((item) => (
                  <li>
                    <Inlines nodes={item} />
                  </li>
                ))}
              </Tag>
            );
          }
          case "quote":
            return (
              <blockquote>
                <MarkdownView blocks={block.children} />
              </blockquote>
            );
          case "table":
            return (
              <div class="table-scroll">
                <table>
                  <thead>
                    <tr>
                      {block.head.map((cell) => (
                        <th scope="col">
                          <Inlines nodes={cell} />
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {block.rows.map((row) => (
                      <tr>
                        {row.map((cell) => (
                          <td>
                            <Inlines nodes={cell} />
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            );
          case "code":
            return (
              <pre>
                <code>{block.text}</code>
              </pre>
            );
          case "rule":
            return <hr />;
        }
      })}
    </>
  );
}

import type { ComponentChildren } from "preact";
import type { Block, Inline } from "../markdown.js";

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
      case "link":
        return (
          <a href={node.href} rel="noopener noreferrer">
            <Inlines nodes={node.children} />
          </a>
        );
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

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseInline, parseMarkdown, safeHref } from "../src/markdown.js";

describe("the rules page's Markdown reader", () => {
  it("reads headings, paragraphs, lists, quotes, tables and rules", () => {
    const blocks = parseMarkdown(
      "# Schwimmen\n\nJeder hält **drei** Karten\nund tauscht.\n\n- eins\n- zwei\n  weiter\n\n1. erst\n2. dann\n\n> Hinweis\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n---\n",
    );
    expect(blocks.map((b) => b.kind)).toEqual(["heading", "paragraph", "list", "list", "quote", "table", "rule"]);
    expect(blocks[0]).toMatchObject({ kind: "heading", level: 1, id: "schwimmen" });
    expect(blocks[1]).toEqual({
      kind: "paragraph",
      children: [
        { kind: "text", text: "Jeder hält " },
        { kind: "strong", children: [{ kind: "text", text: "drei" }] },
        { kind: "text", text: " Karten und tauscht." },
      ],
    });
    expect(blocks[2]).toMatchObject({
      kind: "list",
      ordered: false,
      items: [[{ text: "eins" }], [{ text: "zwei weiter" }]],
    });
    expect(blocks[3]).toMatchObject({ kind: "list", ordered: true });
    expect(blocks[5]).toMatchObject({
      kind: "table",
      head: [[{ text: "a" }], [{ text: "b" }]],
      rows: [[[{ text: "1" }], [{ text: "2" }]]],
    });
  });

  it("keeps markup as text and drops dangerous links", () => {
    expect(parseInline("<script>alert(1)</script>")).toEqual([{ kind: "text", text: "<script>alert(1)</script>" }]);
    expect(parseInline("[x](javascript:void)")).toEqual([{ kind: "text", text: "x" }]);
    expect(parseInline("[Regeln](#ziel)")).toEqual([
      { kind: "link", href: "#ziel", children: [{ kind: "text", text: "Regeln" }] },
    ]);
    expect(safeHref("data:text/html,x")).toBeNull();
    expect(safeHref("https://example.org/")).toBe("https://example.org/");
    expect(parseInline("`code` and *em*")).toEqual([
      { kind: "code", text: "code" },
      { kind: "text", text: " and " },
      { kind: "em", children: [{ kind: "text", text: "em" }] },
    ]);
  });

  it("reads the project's rules pages", async () => {
    const { readFileSync } = await import("node:fs");
    for (const lang of ["de", "en"]) {
      const path = new URL(`../../../docs/rules.${lang}.md`, import.meta.url);
      const blocks = parseMarkdown(readFileSync(path, "utf8"));
      expect(blocks.some((b) => b.kind === "heading")).toBe(true);
    }
  });

  it("never throws and keeps every letter of plain text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        expect(() => parseMarkdown(text)).not.toThrow();
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[a-zA-Z0-9 .,]{0,80}$/), (text) => {
        const joined = parseInline(text)
          .map((n) => (n.kind === "text" ? n.text : ""))
          .join("");
        expect(joined).toBe(text);
      }),
    );
  });
});

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseRules, presetsFromMarkdown } from "../src/index.js";

const block = (json: string) => `# Presets\n\ntext\n\n\`\`\`json\n${json}\n\`\`\`\n`;

describe("presetsFromMarkdown", () => {
  it.each([
    ["no document", undefined, ["standard"]],
    ["no JSON block", "# Presets\n", ["standard"]],
    ["a block that is not JSON", block("[{"), ["standard"]],
    ["a block that is not a list", block('{"id": "x"}'), ["standard"]],
    [
      "entries without both names or with rules the contract refuses are left out",
      block(
        JSON.stringify([
          { id: "a", name: { de: "A", en: "A" }, rules: { lives: 2 } },
          { id: "b", name: { de: "B" }, rules: {} },
          { id: "c", name: { de: "C", en: "C" }, rules: { lives: "many" } },
          { id: "d", name: { de: "D", en: "D" } },
        ]),
      ),
      ["a", "d"],
    ],
  ])("%s", (_, text, ids) => {
    expect(presetsFromMarkdown(text).map((preset) => preset.id)).toEqual(ids);
  });

  it("reads the project's document: every preset a valid rule set, ids unique, standard first", () => {
    const presets = presetsFromMarkdown(readFileSync(new URL("../../../docs/presets.md", import.meta.url), "utf8"));
    expect(presets[0]?.id).toBe("standard");
    expect(new Set(presets.map((p) => p.id)).size).toBe(presets.length);
    for (const preset of presets) expect(parseRules(preset.rules).ok, preset.id).toBe(true);
  });
});

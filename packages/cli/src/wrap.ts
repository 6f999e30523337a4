/** Help texts laid out for an 80-column terminal: every line of `schwimmen ... --help` fits in HELP_WIDTH. */
export const HELP_WIDTH = 80;

/** Words filled into lines of at most `width` columns, each line after `indent` (a word longer than that stays whole). */
export function fill(text: string, indent = "", width = HELP_WIDTH): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter((w) => w !== "")) {
    if (line !== "" && indent.length + line.length + 1 + word.length > width) {
      lines.push(indent + line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  if (line !== "") lines.push(indent + line);
  return lines;
}

/** A paragraph of prose, filled to the width. */
export const paragraph = (text: string): string => fill(text).join("\n");

/**
 * An option and what it does: the option at `column` 2, its text from `at` (on the option's line when the option
 * leaves room, else starting on the next line), filled to the width.
 */
export function optionLine(name: string, text: string, at = 20): string {
  const indent = " ".repeat(at);
  const lines = fill(text, indent);
  const head = `  ${name}`;
  if (head.length < at - 1 && lines.length > 0) lines[0] = head.padEnd(at) + lines[0]!.slice(at);
  else lines.unshift(head);
  return lines.join("\n");
}

// The named rule sets `play --preset` offers: those of docs/presets.md, the file the web table's house rules read.
import { readFileSync } from "node:fs";
import { type Preset, presetsFromMarkdown } from "@schwimmen/rules";

/** docs/presets.md of this repository, from this module in src/play/ or dist/play/ alike. */
const DOCS = new URL("../../../../docs/presets.md", import.meta.url);

let known: readonly Preset[] | null = null;

/** The presets document's rule sets, read once (the default set alone when the file cannot be read). */
export function playPresets(): readonly Preset[] {
  if (known === null) {
    let text: string | undefined;
    try {
      text = readFileSync(DOCS, "utf8");
    } catch {
      text = undefined;
    }
    known = presetsFromMarkdown(text);
  }
  return known;
}

const key = (name: string): string => name.toLowerCase().replace(/[-_\s]/g, "");

/** A preset by its id, in any case and with or without dashes ("grosse-runde" is grosseRunde); null when none. */
export const findPreset = (name: string): Preset | null =>
  playPresets().find((preset) => key(preset.id) === key(name)) ?? null;

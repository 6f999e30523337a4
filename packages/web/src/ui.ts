import { translator } from "./i18n/index.js";
import { settings, type Settings } from "./settings.js";
import { useStore } from "./store.js";

export interface Ui {
  readonly settings: Settings;
  readonly lang: Settings["lang"];
  readonly faces: Settings["faces"];
  readonly tr: ReturnType<typeof translator>;
}

/** Language, card faces and the translator; the component redraws when a setting changes. */
export function useUi(): Ui {
  const current = useStore(settings);
  return { settings: current, lang: current.lang, faces: current.faces, tr: translator(current.lang) };
}

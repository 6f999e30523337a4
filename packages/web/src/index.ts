// The web client is an application, not a library; the package exports its pure helpers for tests and tools.
export { parseMarkdown, parseInline, safeHref } from "./markdown.js";
export { preferredLang, readSettings, defaultSettings } from "./settings.js";
export { PRESETS, fullRules, changedKeys, matchingPreset } from "./presets.js";
export { RULE_TEXTS, ruleValueName } from "./rule-texts.js";
export { cardLabel, rankIndex } from "./cards/names.js";

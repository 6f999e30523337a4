import type { Rules } from "@schwimmen/rules";
import { changedKeys, matchingPreset } from "../presets.js";
import { RULE_TEXTS, ruleValueName } from "../rule-texts.js";
import { useEffect, useRef } from "preact/hooks";
import { useUi } from "../ui.js";

/** The house rules in force, so nobody is surprised: the preset's name and every rule that differs from the standard. */
export function RulesSummary(props: {
  rules: Partial<Rules> | Rules;
  compact?: boolean;
  /** The rule set's name when the caller knows it better (a server preset); else a matching preset's, or a word. */
  title?: string | undefined;
}) {
  const { rules, compact = false } = props;
  const ui = useUi();
  // The open list lies over the table (and an online table's code): a tap elsewhere or Escape closes it.
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const close = (event: Event) => {
      const open = details.current;
      if (!open?.open) return;
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !open.contains(event.target as Node))
        open.open = false;
    };
    document.addEventListener("pointerdown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("pointerdown", close);
      document.removeEventListener("keydown", close);
    };
  }, []);
  const record = rules as Readonly<Record<string, unknown>>;
  const keys = changedKeys(record);
  const preset = matchingPreset(record);
  const title =
    props.title || (preset ? preset.name[ui.lang] : keys.length === 0 ? ui.tr("rulesStandard") : ui.tr("houseRules"));
  const list =
    keys.length === 0 ? (
      <p class="rules-summary__none">{preset && compact ? ui.tr("rulesStandard") : ""}</p>
    ) : (
      <ul class="rules-summary__list">
        {keys.map((key) => (
          <li>
            <span class="rules-summary__key">{RULE_TEXTS[key].label[ui.lang]}:</span>{" "}
            {ruleValueName(key, record[key], ui.lang)}
          </li>
        ))}
      </ul>
    );
  if (!compact)
    return (
      <div class="rules-summary">
        <p class="rules-summary__title">{title}</p>
        {list}
      </div>
    );
  // On a phone the name alone, without its explanation in brackets: "Große Runde", not "Große Runde (zwei Decks)".
  const [, name = title, extra = ""] = /^(.+?)( \(.*\))?$/.exec(title) ?? [];
  return (
    <details class="rules-summary rules-summary--compact" ref={details}>
      <summary>
        <span class="rules-summary__prefix">{ui.tr("rulesActive")}: </span>
        <strong>
          {name}
          {extra ? <span class="rules-summary__extra">{extra}</span> : null}
        </strong>
        {/* How many rules differ from the standard (the list opens below): a bare "(2)" told nobody what it counts. */}
        {keys.length > 0 ? (
          <>
            {" "}
            <span class="rules-summary__count">
              ({keys.length === 1 ? ui.tr("rulesChangedOne") : ui.tr("rulesChanged", { n: keys.length })})
            </span>
          </>
        ) : null}
      </summary>
      {list}
    </details>
  );
}

import "../styles/pages.css";
import { type RuleKey, DEFAULT_RULES, RULE_KEYS } from "@schwimmen/rules";
import { botRuleValues } from "@schwimmen/bots";
import { PRESETS, changedKeys, fullRules, matchingPreset } from "../presets.js";
import { RULE_TEXTS, ruleValueName } from "../rule-texts.js";
import { changeSettings } from "../settings.js";
import { useUi } from "../ui.js";
import { StakeOptions } from "../stakes/stake-options.js";

/** A preset in one line: the values it changes. */
function presetAbout(rules: Readonly<Record<string, unknown>>, lang: "de" | "en"): string {
  const keys = changedKeys(rules);
  if (keys.length === 0)
    return lang === "de" ? "Die Grundregeln, ohne Hausregeln." : "The basic rules, no house rules.";
  return keys.map((key) => `${RULE_TEXTS[key].label[lang]}: ${ruleValueName(key, rules[key], lang)}`).join(" · ");
}

/** Every rule key of the contract as a labelled control with a one-line explanation, and the presets. */
export function HouseRules({ onDone }: { onDone: () => void }) {
  const ui = useUi();
  const rules = fullRules(ui.settings.rules);
  const active = matchingPreset(ui.settings.rules);
  const setRule = (key: RuleKey, value: unknown) => {
    const next: Record<string, unknown> = { ...ui.settings.rules, [key]: value };
    if (value === DEFAULT_RULES[key]) delete next[key];
    changeSettings({ rules: next });
  };
  return (
    <main id="main" class="page house-rules" tabIndex={-1}>
      <button type="button" class="btn btn--ghost" onClick={onDone}>
        ← {ui.tr("menu")}
      </button>
      <h1>{ui.tr("houseRules")}</h1>
      <section aria-labelledby="presets-title">
        <h2 id="presets-title">{ui.tr("presets")}</h2>
        <ul class="presets">
          {PRESETS.map((preset) => (
            <li>
              <button
                type="button"
                class={`preset${active?.id === preset.id ? " preset--active" : ""}`}
                aria-pressed={active?.id === preset.id}
                data-preset={preset.id}
                onClick={() => changeSettings({ rules: { ...preset.rules } })}
              >
                <strong>{preset.name[ui.lang]}</strong>
                <span>{presetAbout(preset.rules, ui.lang)}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>
      <StakeOptions ui={ui} />
      <form class="rule-list" onSubmit={(event) => (event.preventDefault(), onDone())}>
        {/* A rule whose other values the bots do not play (none today) has nothing to choose. */}
        {RULE_KEYS.filter((key) => botRuleValues(key).length > 1).map((key) => {
          const text = RULE_TEXTS[key];
          const id = `rule-${key}`;
          const value = rules[key];
          return (
            <div class="rule">
              <label for={id} class="rule__label">
                {text.label[ui.lang]}
              </label>
              {typeof value === "boolean" ? (
                <input
                  id={id}
                  name={key}
                  type="checkbox"
                  checked={value}
                  aria-describedby={`${id}-about`}
                  onChange={(event) => setRule(key, event.currentTarget.checked)}
                />
              ) : (
                <select
                  id={id}
                  name={key}
                  aria-describedby={`${id}-about`}
                  value={JSON.stringify(value)}
                  onChange={(event) => setRule(key, JSON.parse(event.currentTarget.value))}
                >
                  {(botRuleValues(key) as readonly unknown[]).map((option) => (
                    <option value={JSON.stringify(option)}>{ruleValueName(key, option, ui.lang)}</option>
                  ))}
                </select>
              )}
              <p id={`${id}-about`} class="rule__about">
                {text.explain[ui.lang]}
              </p>
            </div>
          );
        })}
        <div class="page__buttons">
          <button type="button" class="btn" onClick={() => changeSettings({ rules: {} })}>
            {ui.tr("resetRules")}
          </button>
          <button type="submit" class="btn btn--primary">
            {ui.tr("done")}
          </button>
        </div>
      </form>
    </main>
  );
}

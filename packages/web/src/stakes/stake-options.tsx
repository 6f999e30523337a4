import "./stakes.css";
import { MAX_STAKE, moneyText as money } from "@schwimmen/rules";
import { useStore } from "../store.js";
import type { Ui } from "../ui.js";
import { STAKE_CHOICES, changeStakeSettings, stakeSettings } from "./stake-settings.js";
import { stakeText } from "./texts.js";

/** "Einsatz pro Leben" and "Erster Geber durch Ziehen": options of the next table, next to the house rules. */
export function StakeOptions({ ui }: { ui: Ui }) {
  const current = useStore(stakeSettings);
  const t = (key: Parameters<typeof stakeText>[1]) => stakeText(ui.lang, key);
  const choices = STAKE_CHOICES.includes(current.stake as (typeof STAKE_CHOICES)[number])
    ? STAKE_CHOICES
    : [...STAKE_CHOICES, current.stake].sort((a, b) => a - b);
  return (
    <section class="stake-options" aria-labelledby="stakes-title">
      <h2 id="stakes-title">{t("stakesTitle")}</h2>
      <div class="rule-list">
        <div class="rule">
          <label for="stake-per-life" class="rule__label">
            {t("stakeLabel")}
          </label>
          <select
            id="stake-per-life"
            name="stake"
            aria-describedby="stake-per-life-about"
            value={String(current.stake)}
            onChange={(event) =>
              changeStakeSettings({ stake: Math.min(MAX_STAKE, Math.max(0, Number(event.currentTarget.value) || 0)) })
            }
          >
            {choices.map((cents) => (
              <option value={String(cents)}>{cents === 0 ? t("stakeOff") : money(cents, ui.lang)}</option>
            ))}
          </select>
          <p id="stake-per-life-about" class="rule__about">
            {t("stakeAbout")}
          </p>
        </div>
        <div class="rule">
          <label for="dealer-by-lot" class="rule__label">
            {t("lotLabel")}
          </label>
          <input
            id="dealer-by-lot"
            name="dealerByLot"
            type="checkbox"
            checked={current.dealerByLot}
            aria-describedby="dealer-by-lot-about"
            onChange={(event) => changeStakeSettings({ dealerByLot: event.currentTarget.checked })}
          />
          <p id="dealer-by-lot-about" class="rule__about">
            {t("lotAbout")}
          </p>
        </div>
      </div>
    </section>
  );
}

/** The options in one line under the house rules on the start page (nothing when both are off). */
export function StakeSummary({ ui }: { ui: Ui }) {
  const current = useStore(stakeSettings);
  const parts = [
    ...(current.stake > 0 ? [stakeText(ui.lang, "stakeLine", { stake: money(current.stake, ui.lang) })] : []),
    ...(current.dealerByLot ? [stakeText(ui.lang, "lotLabel")] : []),
  ];
  return parts.length === 0 ? null : <p class="stake-summary">{parts.join(" · ")}</p>;
}

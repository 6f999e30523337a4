import { type Rules, maxSeats } from "@schwimmen/rules";
import { useState } from "preact/hooks";
import { StartLinks } from "../lobby/start-links.js";
import { CardFace } from "../cards/card-face.js";
import { OFFERED_LEVELS } from "../game/bot-protocol.js";
import { botRatingSuffix } from "../ratings/bot-rating.js";
import { CodeForm } from "../online/code-form.js";
import { AccountLink } from "../players/account-link.js";
import { BackToTable } from "../online/back-to-table.js";
import { hasChosenName, nameRefusal } from "../player-name.js";
import { PasskeySignIn } from "../players/passkey-sign-in.js";
import { playerTexts } from "../players/texts.js";
import { useStore } from "../store.js";
import { fullRules } from "../presets.js";
import { type Speed, changeSettings } from "../settings.js";
import { useUi } from "../ui.js";
import { NameForm } from "./name-form.js";
import { RulesSummary } from "./rules-summary.js";
import { clearSavedMatch } from "../game/saved-match.js";
import { ResumeMatch } from "./resume-match.js";
import { SoundToggle } from "../sound-toggle.js";
import { MoveMarkToggle } from "../analysis/coach-toggle.js";
import { hasLearned } from "../learn/progress.js";
import "./start.css";
import { StakeSummary } from "../stakes/stake-options.js";

const go = (hash: string) => {
  location.hash = hash;
};

/** Most seats a table takes: 20, and no more than the deck (or two decks) deals three cards each and a middle. */
export const mostSeats = (rules: Rules): number => Math.min(20, maxSeats(rules.deck, rules.decks));

/**
 * The levels of the computer seats for a table of `seats`: kept where set, otherwise the beginner ("greedy"), so that
 * a first game against the computer can be won.
 */
export function levelsFor(levels: readonly string[], seats: number): string[] {
  return Array.from({ length: seats - 1 }, (_, i) => levels[i] ?? "greedy");
}

/** Switches the language; the placeholder name follows it, a chosen name stays. */
function chooseLang(lang: "de" | "en", name: string): void {
  const placeholder = !hasChosenName() && (name === "Gast" || name === "Guest");
  changeSettings({ lang, name: placeholder ? (lang === "de" ? "Gast" : "Guest") : name });
}

function Settings() {
  const ui = useUi();
  return (
    <section class="panel panel--settings" aria-labelledby="settings-title">
      <h2 id="settings-title">{ui.tr("settings")}</h2>
      <div class="field-row">
        <fieldset class="toggle">
          <legend>{ui.tr("language")}</legend>
          {(["de", "en"] as const).map((lang) => (
            <button
              type="button"
              lang={lang}
              aria-pressed={ui.lang === lang}
              onClick={() => chooseLang(lang, ui.settings.name)}
            >
              {lang === "de" ? "Deutsch" : "English"}
            </button>
          ))}
        </fieldset>
        <fieldset class="toggle">
          <legend>{ui.tr("faces")}</legend>
          {(["french", "german"] as const).map((faces) => (
            <button type="button" aria-pressed={ui.faces === faces} onClick={() => changeSettings({ faces })}>
              {ui.tr(faces === "french" ? "facesFrench" : "facesGerman")}
            </button>
          ))}
        </fieldset>
        <SoundToggle />
      </div>
    </section>
  );
}

/** A choice of bot level, each with its rating. */
function LevelField(props: { label: string; name: string; value: string; onChange: (level: string) => void }) {
  const ui = useUi();
  return (
    <label class="field field--small field--level">
      <span>{props.label}</span>
      <select name={props.name} value={props.value} onChange={(e) => props.onChange(e.currentTarget.value)}>
        {OFFERED_LEVELS.map((l) => (
          <option value={l}>
            {ui.tr(`level_${l}`)}
            {botRatingSuffix(l)}
          </option>
        ))}
      </select>
    </label>
  );
}

function PlayComputer() {
  const ui = useUi();
  const rules = fullRules(ui.settings.rules);
  const most = mostSeats(rules);
  const seats = Math.min(ui.settings.seats, most);
  const levels = levelsFor(ui.settings.levels, seats);
  const setLevel = (index: number, level: string) =>
    changeSettings({ levels: levels.map((l, i) => (i === index ? level : l)) });
  return (
    <section class="panel panel--play" aria-labelledby="play-title">
      <h2 id="play-title">{ui.tr("playComputer")}</h2>
      <form
        class="form"
        onSubmit={(event) => (
          event.preventDefault(),
          changeSettings({ seats, levels }),
          clearSavedMatch(),
          go("#/play")
        )}
      >
        <label class="field">
          <span>{ui.tr("seats")}</span>
          <select name="seats" value={seats} onChange={(e) => changeSettings({ seats: Number(e.currentTarget.value) })}>
            {Array.from({ length: most - 1 }, (_, i) => i + 2).map((n) => (
              <option value={n}>{n}</option>
            ))}
          </select>
        </label>
        <div class="levels">
          {/* A big round: one choice for every computer player, not nineteen. */}
          {levels.length > 8 ? (
            <LevelField
              label={ui.tr("computersAll", { n: levels.length })}
              name="level-all"
              value={levels[0] ?? "greedy"}
              onChange={(value) => changeSettings({ levels: levels.map(() => value) })}
            />
          ) : (
            levels.map((level, index) => (
              <LevelField
                label={ui.tr("computer", { n: index + 1 })}
                name={`level-${index + 1}`}
                value={level}
                onChange={(value) => setLevel(index, value)}
              />
            ))
          )}
        </div>
        <label class="field">
          <span>{ui.tr("speed")}</span>
          <select
            name="speed"
            value={ui.settings.speed}
            onChange={(e) => changeSettings({ speed: e.currentTarget.value as Speed })}
          >
            <option value="relaxed">{ui.tr("speedRelaxed")}</option>
            <option value="quick">{ui.tr("speedQuick")}</option>
            <option value="instant">{ui.tr("speedInstant")}</option>
          </select>
        </label>
        <MoveMarkToggle ui={ui} />
        <button type="submit" class="btn btn--primary btn--big" data-action="start-local">
          {ui.tr("startGame")}
        </button>
        <p class="note">{ui.tr("offlineReady")}</p>
      </form>
    </section>
  );
}

/** `nameField`: the name can be changed here (unless the page asks for it above, on the first visit). */
function PlayOnline({ nameField }: { nameField: boolean }) {
  const ui = useUi();
  const [chosen, setSeats] = useState(4);
  const [level, setLevel] = useState("expert");
  const most = mostSeats(fullRules(ui.settings.rules));
  const seats = Math.min(chosen, most);
  return (
    <section class="panel panel--online" aria-labelledby="online-title">
      <h2 id="online-title">{ui.tr("online")}</h2>
      {nameField ? <NameForm submit={ui.tr("nameSave")} /> : null}
      <StartLinks />
      <form class="form form--inline" onSubmit={(e) => (e.preventDefault(), go(`#/new?seats=${seats}&bot=${level}`))}>
        <label class="field field--small field--seats">
          <span>{ui.tr("onlineSeats")}</span>
          <select name="online-seats" value={seats} onChange={(e) => setSeats(Number(e.currentTarget.value))}>
            {Array.from({ length: most - 1 }, (_, i) => i + 2).map((n) => (
              <option value={n}>{n}</option>
            ))}
          </select>
        </label>
        <LevelField label={ui.tr("onlineBots")} name="online-bot" value={level} onChange={setLevel} />
        <button type="submit" class="btn btn--primary" data-action="create-table">
          {ui.tr("createTable")}
        </button>
      </form>
      <CodeForm />
      <AccountLink />
    </section>
  );
}

/** The first screen: play now against the computer, or online; language, faces and house rules. */
export function StartScreen() {
  const ui = useUi();
  // On the first visit the name is asked for at the top; the question stays (with "saved") until the next visit.
  const [askName] = useState(() => !hasChosenName());
  // Signed in with a passkey on the welcome card: the name field shows the account's name.
  const [account, setAccount] = useState<string | null>(null);
  const refused = useStore(nameRefusal);
  return (
    <main id="main" class="page start" tabIndex={-1}>
      <header class="hero">
        <div class="hero__langs" role="group" aria-label={ui.tr("language")}>
          {(["de", "en"] as const).map((lang) => (
            <button
              type="button"
              lang={lang}
              aria-pressed={ui.lang === lang}
              onClick={() => chooseLang(lang, ui.settings.name)}
            >
              {lang.toUpperCase()}
              <span class="sr-only"> {lang === "de" ? "Deutsch" : "English"}</span>
            </button>
          ))}
        </div>
        <h1 class="hero__title">
          <svg class="hero__pip" viewBox="0 0 100 100" aria-hidden="true">
            <use href="#pip-f-h" />
          </svg>
          {ui.tr("title")}
        </h1>
        <p class="hero__tag">{ui.tr("tagline")}</p>
        <a class="btn hero__learn" href="#/learn" data-action="learn" data-learned={hasLearned() ? "" : undefined}>
          {ui.tr("learnToPlay")}
          {hasLearned() ? (
            <span class="hero__done">
              {" "}
              ✓<span class="sr-only"> ({ui.tr("learnDone")})</span>
            </span>
          ) : null}
        </a>
        <div class="hero__fan" aria-hidden="true">
          {(["Ah", "Kh", "Qh"] as const).map((card) => (
            <span class="card card--fan">
              <CardFace card={card} faces={ui.faces} lang={ui.lang} />
            </span>
          ))}
        </div>
      </header>
      {askName ? (
        <section class="panel panel--welcome" aria-labelledby="welcome-title">
          <h2 id="welcome-title">{ui.tr("nameAsk")}</h2>
          <p class="note">{ui.tr("nameWhy")}</p>
          <NameForm key={account ?? ""} submit={ui.tr("nameSave")} />
          {/* A returning account holder (a new device, cleared site data); the form offers it itself for its name. */}
          {refused?.code === "NAME_TAKEN" ? null : (
            <PasskeySignIn
              lead={playerTexts(ui.lang)("haveAccount")}
              onSignedIn={(player) => setAccount(player.name)}
            />
          )}
        </section>
      ) : null}
      <div class="start__grid">
        <ResumeMatch />
        <BackToTable />
        <PlayComputer />
        <PlayOnline nameField={!askName} />
        <div class="start__col">
          <section class="panel panel--rules" aria-labelledby="house-title">
            <h2 id="house-title">{ui.tr("houseRules")}</h2>
            <RulesSummary rules={ui.settings.rules} />
            <StakeSummary ui={ui} />
            <button type="button" class="btn" data-action="edit-rules" onClick={() => go("#/house-rules")}>
              {ui.tr("editRules")}
            </button>
          </section>
          <Settings />
        </div>
      </div>
      <nav class="start__links">
        <a href="#/rules">{ui.tr("howToPlay")}</a>
        <a href="#/replay">{ui.tr("replay")}</a>
      </nav>
    </main>
  );
}

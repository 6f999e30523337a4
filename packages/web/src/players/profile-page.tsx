import "../styles/pages.css";
import "./players.css";
import { useEffect, useState } from "preact/hooks";
import type { RuleKey } from "@schwimmen/rules";
import { RULE_TEXTS, ruleValueName } from "../rule-texts.js";
import type { Lang } from "../settings.js";
import { useUi } from "../ui.js";
import { type ApiResult, type Profile, fetchProfile } from "./api.js";
import { playerTexts, problemText } from "./texts.js";

/** A house rule as the server counts it ("lives=5") in the reader's words ("Leben: 5"); unknown keys as they are. */
export function ruleInWords(rule: string, lang: Lang): string {
  const at = rule.indexOf("=");
  const key = rule.slice(0, at);
  if (at < 0 || !Object.hasOwn(RULE_TEXTS, key)) return rule;
  const text = rule.slice(at + 1);
  let value: unknown = text;
  try {
    value = JSON.parse(text);
  } catch {
    // a word like "hidden": the value itself
  }
  return `${RULE_TEXTS[key as RuleKey].label[lang]}: ${ruleValueName(key as RuleKey, value, lang)}`;
}

/** Points of the rating history, whatever the ratings module names its fields (a number per point, in order). */
export function ratingPoints(history: unknown): number[] {
  const list = Array.isArray(history)
    ? history
    : Array.isArray((history as { points?: unknown } | null)?.points)
      ? (history as { points: unknown[] }).points
      : [];
  const keys = ["ordinal", "rating", "ratingAfter", "rating_after", "value"];
  return list.flatMap((point: unknown) => {
    if (typeof point === "number") return [point];
    if (typeof point !== "object" || point === null) return [];
    const found = keys.map((k) => (point as Record<string, unknown>)[k]).find((v) => typeof v === "number");
    return typeof found === "number" && Number.isFinite(found) ? [found] : [];
  });
}

const WIDTH = 320;
const HEIGHT = 120;
const PAD = 8;

/** A small line chart of the rating, oldest on the left. */
export function RatingChart({ points, label }: { points: readonly number[]; label: string }) {
  if (points.length === 0) return null;
  const low = Math.min(...points);
  const high = Math.max(...points);
  const span = high - low || 1;
  const x = (i: number) =>
    PAD + (points.length === 1 ? (WIDTH - 2 * PAD) / 2 : (i * (WIDTH - 2 * PAD)) / (points.length - 1));
  const y = (v: number) => HEIGHT - PAD - ((v - low) / span) * (HEIGHT - 2 * PAD);
  const line = points.map((v, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  const last = points[points.length - 1]!;
  return (
    <svg
      class="rating-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={label}
      data-points={points.length}
    >
      <title>{label}</title>
      <path d={line} fill="none" stroke="currentColor" stroke-width="2" />
      <circle cx={x(points.length - 1)} cy={y(last)} r="3.5" fill="currentColor" />
      <text x={PAD} y={12} font-size="11">
        {Math.round(high)}
      </text>
      <text x={PAD} y={HEIGHT - 2} font-size="11">
        {Math.round(low)}
      </text>
    </svg>
  );
}

/** A player's profile: rating and its history, statistics, past matches (each opens in the replay viewer). */
export function ProfilePage({ id, onMenu }: { id: string; onMenu: () => void }) {
  const ui = useUi();
  const t = playerTexts(ui.lang);
  const [loaded, setLoaded] = useState<ApiResult<Profile> | null>(null);
  useEffect(() => {
    setLoaded(null);
    void fetchProfile(id).then(setLoaded);
  }, [id]);

  const back = (
    <button type="button" class="btn btn--ghost" onClick={onMenu}>
      ← {ui.tr("menu")}
    </button>
  );
  if (loaded === null) {
    return (
      <main id="main" class="page profile" tabIndex={-1} data-profile="loading">
        {back}
        <p>{t("loading")}</p>
      </main>
    );
  }
  if (!loaded.ok) {
    return (
      <main id="main" class="page profile" tabIndex={-1} data-profile="missing">
        {back}
        <p role="alert">
          {loaded.error.code === "NOT_FOUND" ? t("notFound") : problemText(ui.lang, loaded.error.code)}
        </p>
      </main>
    );
  }
  const { player, stats, matches, rating } = loaded.value;
  const points = ratingPoints(rating?.history);
  const now = typeof rating?.current?.rating === "number" ? rating.current.rating : points[points.length - 1];
  const provisional = rating?.current?.provisional === true;
  const date = new Intl.DateTimeFormat(ui.lang, { dateStyle: "medium" });
  const rows: [string, string | number][] = [
    [t("played"), stats.played],
    [t("won"), stats.won],
    [t("averagePlace"), stats.averagePlace ?? "–"],
    [t("livesLost"), stats.livesLostPerMatch ?? "–"],
    [t("knocks"), stats.knocks],
    [t("knocksLost"), stats.knocksLost],
    [t("thirtyOnes"), stats.thirtyOnes],
    [t("fires"), stats.fires],
    [
      t("favouriteRules"),
      stats.favouriteRules.map((r) => `${ruleInWords(r.rule, ui.lang)} (${r.matches})`).join(", ") || t("none"),
    ],
  ];
  return (
    <main id="main" class="page profile" tabIndex={-1} data-profile={player.id}>
      {back}
      <h1 class="profile__name">{player.deleted ? t("deletedPlayer") : player.name}</h1>
      {player.deleted ? null : <p class="profile__kind">{player.kind === "account" ? t("accountKind") : t("guest")}</p>}
      <section class="panel" aria-labelledby="rating-title">
        <h2 id="rating-title">{t("rating")}</h2>
        {now !== undefined ? (
          <p class="profile__rating" data-rating={Math.round(now)} data-provisional={provisional ? "" : undefined}>
            {Math.round(now)}
            {provisional ? <span class="profile__provisional"> ({t("provisional")})</span> : null}
          </p>
        ) : null}
        {points.length > 0 ? (
          <RatingChart points={points} label={t("ratingChart")} />
        ) : (
          <p class="note">{t("noRating")}</p>
        )}
      </section>
      <section class="panel" aria-labelledby="stats-title">
        <h2 id="stats-title">{t("stats")}</h2>
        <dl class="profile__stats" data-stats>
          {rows.map(([term, value]) => (
            <div>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section class="panel" aria-labelledby="matches-title">
        <h2 id="matches-title">{t("pastMatches")}</h2>
        {matches.length === 0 ? (
          <p class="note">{t("noMatches")}</p>
        ) : (
          <ul class="profile__matches">
            {matches.map((m) => (
              <li data-match={`${m.code}/${m.match}`}>
                {t("matchLine", {
                  date: date.format(m.finishedAt),
                  place: m.place ?? "–",
                  seats: m.seats,
                  opponents: m.opponents.join(", "),
                })}
                {m.won ? ` · ${t("matchWon")}` : ""}{" "}
                <a href={`#/replay?code=${encodeURIComponent(m.code)}&match=${m.match}`} data-action="open-replay">
                  {t("watchReplay")}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

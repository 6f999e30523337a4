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

/**
 * The rating line to draw: the history's points, after the rating before its first match when the profile's rated
 * matches tell it (the line then starts where the player started, e.g. at 1500).
 */
export function ratingSeries(history: unknown, matches: unknown): number[] {
  const points = ratingPoints(history);
  const first = Array.isArray(history) ? (history[0] as { code?: unknown; match?: unknown } | undefined) : undefined;
  const rows = Array.isArray(matches) ? (matches as { code?: unknown; match?: unknown; ratingBefore?: unknown }[]) : [];
  const before = first ? rows.find((r) => r.code === first.code && r.match === first.match)?.ratingBefore : undefined;
  return typeof before === "number" && Number.isFinite(before) && points.length > 0 ? [before, ...points] : points;
}

/** The least span of the chart's axis in rating points, so that a flat line or a single point sits in the middle. */
const LEAST_SPAN = 20;

/** The chart's axis: the series' lowest and highest value, widened evenly to at least LEAST_SPAN. */
export function chartRange(points: readonly number[]): { low: number; high: number } {
  const low = Math.min(...points);
  const high = Math.max(...points);
  const widen = Math.max(0, LEAST_SPAN - (high - low)) / 2;
  return { low: Math.floor(low - widen), high: Math.ceil(high + widen) };
}

const WIDTH = 320;
const HEIGHT = 120;
const PAD = 8;
/** Room on the left for the axis' labels, so that the line never runs under them. */
const GUTTER = 40;

/** A small line chart of the rating, oldest on the left. */
export function RatingChart({ points, label }: { points: readonly number[]; label: string }) {
  if (points.length === 0) return null;
  const { low, high } = chartRange(points);
  const span = high - low;
  const x = (i: number) =>
    GUTTER + (points.length === 1 ? (WIDTH - GUTTER - PAD) / 2 : (i * (WIDTH - GUTTER - PAD)) / (points.length - 1));
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
      data-axis={`${low}-${high}`}
    >
      <title>{label}</title>
      <path d={line} fill="none" stroke="currentColor" stroke-width="2" />
      {points.length <= 30
        ? points.slice(0, -1).map((v, i) => <circle cx={x(i)} cy={y(v)} r="2.5" fill="currentColor" />)
        : null}
      <circle cx={x(points.length - 1)} cy={y(last)} r="3.5" fill="currentColor" />
      <line x1={GUTTER - 4} x2={GUTTER - 4} y1={PAD} y2={HEIGHT - PAD} stroke="currentColor" stroke-opacity="0.3" />
      <text x={GUTTER - 8} y={PAD + 4} font-size="11" text-anchor="end">
        {high}
      </text>
      <text x={GUTTER - 8} y={HEIGHT - PAD + 4} font-size="11" text-anchor="end">
        {low}
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
  const points = ratingSeries(rating?.history, rating?.matches);
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
              <li
                data-match={m.code === null ? undefined : `${m.code}/${m.match}`}
                data-private={m.private ? "" : undefined}
              >
                {t("matchLine", {
                  date: date.format(m.finishedAt),
                  place: m.place ?? "–",
                  seats: m.seats,
                  opponents: m.opponents.join(", "),
                })}
                {m.won ? ` · ${t("matchWon")}` : ""}{" "}
                {/* A private table's code is shown only to those who sat in the match: for others, no replay. */}
                {m.code === null ? (
                  <span class="profile__private">{t("privateMatch")}</span>
                ) : (
                  <a href={`#/replay?code=${encodeURIComponent(m.code)}&match=${m.match}`} data-action="open-replay">
                    {t("watchReplay")}
                  </a>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

/**
 * The result's words for people who were away when an online match ended (docs/protocol.md, "Who left"): the
 * computer finished the match for them, so the ratings (and their profile) count them last, whatever the computer
 * made of their seat, even a win. The standings show what happened at the table; these words say how it is rated.
 */
import type { Standing } from "../game/standings.js";
import { textsTranslator } from "../i18n/index.js";
import type { Lang } from "../settings.js";

const en = {
  awayMark: "played by the computer",
  awaySelf: "The computer finished the match for you: for the rating you count as last.",
  awayOther: "For the rating {names} counts as last: the computer finished the match.",
  awayOthers: "For the rating {names} count as last: the computer finished the match for them.",
  awaySelfWinner: "The computer won the match for you",
  awayWinner: "{name} wins, played by the computer",
  and: "and",
};

type AwayTextKey = keyof typeof en;

const de: Readonly<Record<AwayTextKey, string>> = {
  awayMark: "vom Computer gespielt",
  awaySelf: "Der Computer hat für dich zu Ende gespielt: Für die Wertung zählst du als Letzte(r).",
  awayOther: "Für die Wertung zählt {names} als Letzte(r): Der Computer hat zu Ende gespielt.",
  awayOthers: "Für die Wertung zählen {names} als Letzte: Der Computer hat für sie zu Ende gespielt.",
  awaySelfWinner: "Der Computer gewinnt die Partie für dich",
  awayWinner: "{name} gewinnt, vom Computer gespielt",
  and: "und",
};

export const awayText = textsTranslator({ de, en });

export interface AwayWords {
  /** The match's title when the winning seat was played by the computer at the end; null: the usual title. */
  readonly title: string | null;
  /** Lines under the standings (for the away person themselves, and when the rating's order differs). */
  readonly notes: readonly string[];
}

/**
 * True when the standings shown put one of `seats` (default: every away seat) level with or above a seat that stayed
 * to the end: the rating puts every away seat behind those.
 */
export function ratingOrderDiffers(
  standings: readonly Standing[],
  away: readonly number[],
  seats: readonly number[] = away,
): boolean {
  const place = new Map(standings.map((s) => [s.seat, s.place]));
  const stayed = standings.filter((s) => !away.includes(s.seat));
  return seats.some((seat) => {
    const mine = place.get(seat);
    return mine !== undefined && stayed.some((s) => mine <= s.place);
  });
}

const listed = (names: readonly string[], lang: Lang): string =>
  names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} ${awayText(lang)("and")} ${names.at(-1)}`;

/**
 * What the result says of the seats in `away` (people away at the match's end). `standings`: the order shown, null
 * while it is loading; `me`: this page's seat (null for a spectator); `winner`: the winning seat (null for a draw).
 */
export function awayWords(args: {
  readonly away: readonly number[];
  readonly standings: readonly Standing[] | null;
  readonly me: number | null;
  readonly winner: number | null;
  readonly names: readonly string[];
  readonly lang: Lang;
}): AwayWords {
  const { away, standings, me, winner, names, lang } = args;
  const t = awayText(lang);
  const nameOf = (seat: number) => names[seat] ?? `#${seat + 1}`;
  const title =
    winner === null || !away.includes(winner)
      ? null
      : winner === me
        ? t("awaySelfWinner")
        : t("awayWinner", { name: nameOf(winner) });
  const notes: string[] = [];
  if (me !== null && away.includes(me)) notes.push(t("awaySelf"));
  const others = away.filter((seat) => seat !== me);
  if (others.length > 0 && standings !== null && ratingOrderDiffers(standings, away, others)) {
    notes.push(t(others.length === 1 ? "awayOther" : "awayOthers", { names: listed(others.map(nameOf), lang) }));
  }
  return { title, notes };
}

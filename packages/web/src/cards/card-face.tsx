import { type Card, type Rank, rankOf, suitOf } from "@schwimmen/rules";
import type { Faces, Lang } from "../settings.js";
import { rankIndex, suitColour } from "./names.js";

/** Pip centres of the number cards in a 200 x 300 card; pips in the lower half are drawn upside down. */
const L = 62;
const C = 100;
const R = 138;
const PIPS: Readonly<Record<string, readonly (readonly [number, number])[]>> = {
  "2": [
    [C, 70],
    [C, 230],
  ],
  "3": [
    [C, 70],
    [C, 150],
    [C, 230],
  ],
  "4": [
    [L, 70],
    [R, 70],
    [L, 230],
    [R, 230],
  ],
  "5": [
    [L, 70],
    [R, 70],
    [C, 150],
    [L, 230],
    [R, 230],
  ],
  "6": [
    [L, 70],
    [R, 70],
    [L, 150],
    [R, 150],
    [L, 230],
    [R, 230],
  ],
  "7": [
    [L, 70],
    [R, 70],
    [C, 110],
    [L, 150],
    [R, 150],
    [L, 230],
    [R, 230],
  ],
  "8": [
    [L, 70],
    [R, 70],
    [C, 110],
    [L, 150],
    [R, 150],
    [C, 190],
    [L, 230],
    [R, 230],
  ],
  "9": [
    [L, 70],
    [R, 70],
    [L, 123],
    [R, 123],
    [C, 150],
    [L, 177],
    [R, 177],
    [L, 230],
    [R, 230],
  ],
  T: [
    [L, 70],
    [R, 70],
    [C, 97],
    [L, 123],
    [R, 123],
    [L, 177],
    [R, 177],
    [C, 203],
    [L, 230],
    [R, 230],
  ],
};

function Pip({ id, x, y, size, flip }: { id: string; x: number; y: number; size: number; flip?: boolean }) {
  const half = size / 2;
  return (
    <use
      href={`#${id}`}
      x={x - half}
      y={y - half}
      width={size}
      height={size}
      transform={flip ? `rotate(180 ${x} ${y})` : undefined}
    />
  );
}

/** A crown for kings and Ober, a cap for jacks and Unter, a tiara for queens: simple marks, not portraits. */
function FaceMark({ rank, colour }: { rank: Rank; colour: string }) {
  if (rank === "K")
    return (
      <path d="M70 122L78 92 92 112 100 86 108 112 122 92 130 122Z" fill="#e8b322" stroke={colour} stroke-width="3" />
    );
  if (rank === "Q")
    return (
      <g fill="#e8b322" stroke={colour} stroke-width="3">
        <path d="M74 122C74 104 126 104 126 122Z" />
        <circle cx="100" cy="96" r="7" />
      </g>
    );
  return <path d="M72 122C74 100 126 100 128 122ZM98 100L112 84" fill="#e8b322" stroke={colour} stroke-width="3" />;
}

function Centre({ card, faces, lang }: { card: Card; faces: Faces; lang: Lang }) {
  const rank = rankOf(card);
  const suit = suitOf(card);
  const id = `pip-${faces === "german" ? "g" : "f"}-${suit}`;
  const colour = suitColour(suit, faces);
  const pips = PIPS[rank];
  if (pips)
    return (
      <g>
        {pips.map(([x, y]) => (
          <Pip id={id} x={x} y={y} size={44} flip={y > 150} />
        ))}
      </g>
    );
  if (rank === "A")
    return (
      <g>
        <rect
          x="40"
          y="60"
          width="120"
          height="180"
          rx="10"
          fill="none"
          stroke={colour}
          stroke-opacity="0.25"
          stroke-width="3"
        />
        <Pip id={id} x={100} y={150} size={112} />
      </g>
    );
  // German faces: the Ober carries its suit high, the Unter low, as the real cards do.
  const pipHigh = faces === "german" && rank === "Q";
  return (
    <g>
      <rect
        x="38"
        y="50"
        width="124"
        height="200"
        rx="10"
        fill={colour}
        fill-opacity="0.08"
        stroke={colour}
        stroke-width="3"
      />
      {pipHigh ? <Pip id={id} x={100} y={100} size={48} /> : <FaceMark rank={rank} colour={colour} />}
      <use href={`#big-${rankIndex(rank, lang, faces)}`} x={50} y={120} width={100} height={80} fill={colour} />
      {pipHigh ? null : <Pip id={id} x={100} y={216} size={44} />}
    </g>
  );
}

function Corner({ card, faces, lang }: { card: Card; faces: Faces; lang: Lang }) {
  const suit = suitOf(card);
  const label = rankIndex(rankOf(card), lang, faces);
  return (
    <g>
      <use href={`#idx-${label}`} x={0} y={4} width={48} height={48} fill={suitColour(suit, faces)} />
      <Pip id={`pip-${faces === "german" ? "g" : "f"}-${suit}`} x={24} y={66} size={28} />
    </g>
  );
}

/** The picture of one card, face up, or its back when `card` is null. Decorative: the button around it carries the name. */
export function CardFace({ card, faces, lang }: { card: Card | null; faces: Faces; lang: Lang }) {
  if (card === null)
    return (
      <svg class="card-svg" viewBox="0 0 200 300" aria-hidden="true" focusable="false">
        <rect x="2" y="2" width="196" height="296" rx="16" fill="#fdfdfb" stroke="#9aa" stroke-width="2" />
        <rect x="12" y="12" width="176" height="276" rx="10" fill="url(#card-back-pattern)" />
      </svg>
    );
  return (
    <svg class="card-svg" viewBox="0 0 200 300" aria-hidden="true" focusable="false">
      <rect x="2" y="2" width="196" height="296" rx="16" fill="#fdfdfb" stroke="#9aa" stroke-width="2" />
      <Corner card={card} faces={faces} lang={lang} />
      <g transform="rotate(180 100 150)">
        <Corner card={card} faces={faces} lang={lang} />
      </g>
      <Centre card={card} faces={faces} lang={lang} />
    </svg>
  );
}

/**
 * The project's own card artwork: suit symbols drawn as SVG paths, defined once per page and reused by every card.
 * French faces: Kreuz, Pik, Herz, Karo. German faces: Eichel (acorn), Grün (leaf), Herz (heart), Schellen (bell).
 * Every symbol sits in a 100 x 100 box.
 */
const HEART =
  "M50 90C22 68 6 50 8 32 10 16 24 8 36 10 44 11 48 17 50 24 52 17 56 11 64 10 76 8 90 16 92 32 94 50 78 68 50 90Z";

/** Corner indices and the big letters of picture cards, as symbols: the cards then hold no text of their own, so a
 * card button's name is only the spoken card name. The text takes its colour (fill) from the <use> that shows it. */
const INDEX_LABELS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "B", "D", "U", "O"];
const BIG_LETTERS = ["J", "Q", "K", "B", "D", "U", "O"];

export function CardSprite() {
  return (
    <svg width="0" height="0" style="position:absolute" aria-hidden="true" focusable="false">
      <defs>
        <symbol id="pip-f-h" viewBox="0 0 100 100">
          <path d={HEART} fill="#c8102e" />
        </symbol>
        <symbol id="pip-f-d" viewBox="0 0 100 100">
          <path d="M50 4C60 22 72 38 88 50 72 62 60 78 50 96 40 78 28 62 12 50 28 38 40 22 50 4Z" fill="#c8102e" />
        </symbol>
        <symbol id="pip-f-s" viewBox="0 0 100 100">
          <path
            d="M50 6C62 26 92 40 90 62 89 76 74 82 60 74 57 72 55 70 54 68 55 78 60 88 68 94H32C40 88 45 78 46 68 45 70 43 72 40 74 26 82 11 76 10 62 8 40 38 26 50 6Z"
            fill="#1a1a1a"
          />
        </symbol>
        <symbol id="pip-f-c" viewBox="0 0 100 100">
          <g fill="#1a1a1a">
            <circle cx="50" cy="27" r="18" />
            <circle cx="27" cy="57" r="18" />
            <circle cx="73" cy="57" r="18" />
            <path d="M42 40H58L56 60H44Z" />
            <path d="M46 56C46 75 40 87 31 94H69C60 87 54 75 54 56Z" />
          </g>
        </symbol>
        <symbol id="pip-g-h" viewBox="0 0 100 100">
          <path d={HEART} fill="#c8102e" stroke="#7a0a1c" stroke-width="3" />
          <path d="M24 26C30 20 38 22 40 28" fill="none" stroke="#f7a1ad" stroke-width="5" stroke-linecap="round" />
        </symbol>
        <symbol id="pip-g-c" viewBox="0 0 100 100">
          <path d="M48 24C48 15 45 10 40 6L45 4C51 9 54 15 54 24Z" fill="#4a2a12" />
          <path d="M29 46C29 70 39 89 50 95 61 89 71 70 71 46Z" fill="#d9a441" stroke="#7a5520" stroke-width="3" />
          <path d="M40 58C40 70 44 80 48 86" fill="none" stroke="#f3d48c" stroke-width="4" stroke-linecap="round" />
          <path d="M22 49C20 31 35 22 50 22 65 22 80 31 78 49Z" fill="#6b3f1d" stroke="#4a2a12" stroke-width="3" />
          <path
            d="M30 30L66 48M42 25L76 42M26 40L50 49M56 25L34 48M70 30L48 48M76 40L64 48"
            stroke="#9c6a3c"
            stroke-width="2.5"
          />
        </symbol>
        <symbol id="pip-g-s" viewBox="0 0 100 100">
          <path
            d="M50 4C78 22 92 52 70 78 62 86 56 88 53 90V97H47V90C44 88 38 86 30 78 8 52 22 22 50 4Z"
            fill="#2e7d32"
            stroke="#1b4d1f"
            stroke-width="3"
          />
          <path
            d="M50 12V88M50 36L32 26M50 36L68 26M50 54L28 44M50 54L72 44M50 71L34 63M50 71L66 63"
            stroke="#a5d6a7"
            stroke-width="3"
            stroke-linecap="round"
          />
        </symbol>
        <symbol id="pip-g-d" viewBox="0 0 100 100">
          <circle cx="50" cy="15" r="7" fill="none" stroke="#8a5a00" stroke-width="4" />
          <circle cx="50" cy="56" r="36" fill="#e8b322" stroke="#8a5a00" stroke-width="3" />
          <path d="M15 48Q50 62 85 48V58Q50 72 15 58Z" fill="#c8102e" />
          <circle cx="50" cy="78" r="6" fill="#5c3b00" />
          <path d="M50 84V92" stroke="#5c3b00" stroke-width="4" />
          <path d="M30 34C34 28 40 26 46 26" fill="none" stroke="#fff3c4" stroke-width="5" stroke-linecap="round" />
        </symbol>
        {INDEX_LABELS.map((label) => (
          <symbol id={`idx-${label}`} viewBox="0 0 48 48">
            <text
              x="24"
              y="40"
              text-anchor="middle"
              font-size={label.length > 1 ? 30 : 38}
              font-weight="700"
              font-family="system-ui, sans-serif"
            >
              {label}
            </text>
          </symbol>
        ))}
        {BIG_LETTERS.map((letter) => (
          <symbol id={`big-${letter}`} viewBox="0 0 100 80">
            <text x="50" y="68" text-anchor="middle" font-size="68" font-weight="700" font-family="Georgia, serif">
              {letter}
            </text>
          </symbol>
        ))}
        <pattern
          id="card-back-pattern"
          width="20"
          height="20"
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(45)"
        >
          <rect width="20" height="20" fill="#1f4e8c" />
          <rect width="10" height="10" fill="#2a62a8" />
          <rect x="10" y="10" width="10" height="10" fill="#2a62a8" />
        </pattern>
      </defs>
    </svg>
  );
}

import "./stakes.css";
import { highestOf } from "@schwimmen/rules";
import { useEffect, useState } from "preact/hooks";
import type { GameController } from "../game/model.js";
import { useStore } from "../store.js";
import { CardShown } from "../table/card-button.js";
import type { Ui } from "../ui.js";
import { stakeText } from "./texts.js";

/** How long the draw stays on the table (each pass gets its share). */
export const LOT_SHOW_MS = 1500;

const reducedMotion = (): boolean =>
  typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * The first dealer's lot as a short show over the table: each seat's card turns up, the highest is marked; ties
 * draw again. Once per lot; left out with reduced motion (the dealer line below says it all the same).
 */
export function LotShow({ game, ui }: { game: GameController; ui: Ui }) {
  const { lot, players } = useStore(game.store);
  const [shown, setShown] = useState<number | null>(null);
  const [pass, setPass] = useState(0);
  useEffect(() => {
    if (!lot || reducedMotion()) return;
    setShown(lot.key);
    setPass(0);
    const step = LOT_SHOW_MS / lot.draws.length;
    const timers = lot.draws.map((_, i) => setTimeout(() => setPass(i), i * step));
    timers.push(setTimeout(() => setShown(null), LOT_SHOW_MS));
    return () => timers.forEach(clearTimeout);
  }, [lot?.key]);
  if (!lot) return null;
  const dealerName = players[lot.dealer]?.name ?? `#${lot.dealer + 1}`;
  const line = stakeText(ui.lang, "lotDealer", { name: dealerName });
  if (shown !== lot.key) {
    return (
      <p class="sr-only" role="status">
        {line}
      </p>
    );
  }
  const draw = lot.draws[Math.min(pass, lot.draws.length - 1)]!;
  const best = new Set(highestOf(draw));
  const last = pass >= lot.draws.length - 1;
  return (
    <div class="lot" data-lot={lot.key} data-dealer={lot.dealer}>
      <p class="lot__title">{stakeText(ui.lang, pass > 0 ? "lotAgain" : "lotTitle")}</p>
      <ul class="lot__cards">
        {draw.seats.map((seat, i) => (
          <li class={best.has(seat) ? "lot__seat lot__seat--best" : "lot__seat"} key={`${pass}-${seat}`}>
            <CardShown card={draw.cards[i]!} faces={ui.faces} lang={ui.lang} small={draw.seats.length > 6} />
            <span class="lot__name">{players[seat]?.name ?? `#${seat + 1}`}</span>
          </li>
        ))}
      </ul>
      <p class="lot__dealer" role="status">
        {last ? line : ""}
      </p>
    </div>
  );
}
